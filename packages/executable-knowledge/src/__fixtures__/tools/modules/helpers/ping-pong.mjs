// Imports a cycle (ping.mjs ↔ pong.mjs): ES modules link it, each file loaded once.
export { ping as pingPong } from '../shared/ping.mjs';
