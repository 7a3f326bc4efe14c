/**
 * A second process on a PGlite directory (`node pglite-child.ts <mode> <dir>`), for the lock tests.
 * Prints one JSON line on stdout:
 * - `open`: tries to open the directory; `{ "refused": true, "name", "message", "pid", "ms" }` with
 *   the milliseconds from the call to the refusal, or `{ "opened": true, "rows" }` (then closes);
 * - `hold`: opens it, adds 50 rows to `held`, prints `{ "ready": true }` and stays until killed;
 * - `exit`: opens it, adds 50 rows to `held`, prints `{ "exiting": true }` and exits without closing.
 */
import { openPgliteDriver } from '../pglite-driver.ts';
import { pgliteTemplate } from '../pglite-template.ts';
import type { SqlDriver } from '../sql-driver.ts';

const [mode, directory] = process.argv.slice(2) as [string, string];
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

const loadDataDir = await pgliteTemplate();
const started = performance.now();
let db: SqlDriver;
try {
  db = await openPgliteDriver(directory, { loadDataDir });
} catch (error) {
  say({
    refused: true,
    name: (error as Error).name,
    message: (error as Error).message,
    pid: process.pid,
    ms: performance.now() - started,
  });
  process.exit(0);
}
if (mode === 'open') {
  const [row] = await db.query<{ n: number }>(
    "SELECT CASE WHEN to_regclass('held') IS NULL THEN -1 ELSE (SELECT count(*)::int FROM held) END AS n",
  );
  say({ opened: true, rows: row!.n });
  await db.close();
} else {
  await db.query('CREATE TABLE IF NOT EXISTS held (n integer)');
  await db.query('INSERT INTO held SELECT generate_series(1, 50)');
  if (mode === 'exit') {
    say({ exiting: true });
    process.exit(0);
  }
  say({ ready: true });
  setInterval(() => undefined, 60_000);
}
