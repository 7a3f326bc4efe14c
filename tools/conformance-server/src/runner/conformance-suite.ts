/** Runs the official conformance CLI (`@modelcontextprotocol/conformance`) as a tracked child process. */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { spawnTracked } from './child-processes.ts';

export const workspaceRoot = path.resolve(import.meta.dirname, '../../../..');
const suiteBin = path.join(workspaceRoot, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

/**
 * `conformance <args>`; resolves with its exit code. Its output goes to the terminal, or with
 * `logFile` to that file only (the caller prints a summary instead).
 */
export async function runSuite(args: readonly string[], logFile?: string): Promise<number> {
  const run = spawnTracked(process.execPath, [suiteBin, ...args], {
    cwd: workspaceRoot,
    stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  let written: Promise<void> = Promise.resolve();
  if (logFile) {
    const log = createWriteStream(logFile);
    run.child.stdout?.pipe(log, { end: false });
    run.child.stderr?.pipe(log, { end: false });
    written = run.exited.then(() => {
      log.end();
      return finished(log);
    });
  }
  const { code, signal } = await run.exited;
  await written;
  return code ?? (signal ? 1 : 0);
}
