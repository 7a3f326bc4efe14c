import { ping } from './ping.mjs';

export function pong(n) {
  return n <= 0 ? 'pong' : ping(n - 1);
}
