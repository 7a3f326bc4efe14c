/** Polls a server's health URL until it answers 2xx, failing early when the server process exits. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { TrackedChild } from './child-processes.ts';

export async function waitForHealth(
  url: string,
  server: TrackedChild,
  name: string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.alive)
      throw new Error(`${name} exited (code ${server.child.exitCode}) before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs} ms`);
}
