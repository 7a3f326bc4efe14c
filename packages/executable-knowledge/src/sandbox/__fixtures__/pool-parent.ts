/**
 * A process that owns a sandbox pool, for the orphan tests: prints its hosts' pids, then either
 * returns (`exit`: idle hosts must not keep it alive) or waits to be killed (`hang`). Its hosts may
 * take long to start on a loaded CI machine: the test, not the pool, bounds the wait.
 */
import { createSandboxPool } from '../sandbox-pool.ts';

const pool = createSandboxPool({ size: 2, startTimeoutMs: 30_000 });
await pool.start();
process.stdout.write(`${JSON.stringify(pool.stats().pids)}\n`);
if (process.argv[2] === 'hang') setInterval(() => undefined, 1000);
