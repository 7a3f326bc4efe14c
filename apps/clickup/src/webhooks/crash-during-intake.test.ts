/**
 * A crash between receipt and answer loses nothing that was acknowledged (issue 13 §3).
 *
 * An intake server (a process of its own, __fixtures__/intake-server.ts, embedded PGlite store) gets
 * a burst of signed deliveries, one of which stalls after its append. The moment that append is
 * done the process is SIGKILLed, with deliveries of the burst still in flight. After a restart on the
 * same directory, every delivery that was not acknowledged is sent again, as ClickUp retries. Then:
 * every acknowledged delivery is stored, and every delivery is stored exactly once — the stalled one
 * (stored, never answered) is answered as a replay.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { standardBody } from './__fixtures__/deliveries.ts';
import { createWebhookEventStore } from './open-webhook-store.ts';
import { WEBHOOK_PATH } from './webhook-route.ts';
import { signWebhookBody } from './webhook-signature.ts';

const SECRET = 'crash-test-secret';
const SERVER = path.join(import.meta.dirname, '__fixtures__', 'intake-server.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'clickup-crash-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the intake server; resolves with its port and a wait for a line it prints. */
async function startServer(env: Record<string, string> = {}) {
  const { NODE_OPTIONS: _omit, ...parentEnv } = process.env;
  const child = spawn(process.execPath, ['--conditions=@toolsmith/source', SERVER, dir], {
    env: { ...parentEnv, ...env, CLICKUP_WEBHOOK_SECRET: SECRET },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const waiting = new Map<string, (line: string) => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    for (const [prefix, resolve] of waiting) if (line.startsWith(prefix)) resolve(line);
  });
  const lineStarting = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      waiting.set(prefix, resolve);
      child.once('exit', (code) => reject(new Error(`intake server exited (${code}) before "${prefix}"`)));
    });
  const port = Number((await lineStarting('listening ')).split(' ')[1]);
  return { child, port, lineStarting };
}

const deliver = (port: number, body: string) =>
  fetch(`http://127.0.0.1:${port}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signWebhookBody(SECRET, body) },
    body,
  });

describe('crash during intake (SIGKILL between receipt and answer)', () => {
  it('keeps every acknowledged event, and stores each unacknowledged one at most once, once after the retry', async () => {
    const first = await startServer({ STALL_TASK: 'stalled' });
    // A few acknowledged before the burst.
    const bodies = Array.from({ length: 5 }, (_, i) => standardBody(`1${i}`, { taskId: `before${i}` }));
    for (const body of bodies) expect((await deliver(first.port, body)).status).toBe(200);
    const acknowledged = new Set(bodies);

    const burst = Array.from({ length: 30 }, (_, i) => standardBody(`2${i}`, { taskId: `burst${i}` }));
    const stalled = standardBody('3000', { taskId: 'stalled' });
    const appended = first.lineStarting('appended ');
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    const inFlight = [...burst.slice(0, 15), stalled, ...burst.slice(15)].map((body) =>
      deliver(first.port, body).then(
        (response) => {
          if (response.status === 200) acknowledged.add(body);
        },
        () => undefined, // the connection died with the process: not acknowledged
      ),
    );
    await appended;
    first.child.kill('SIGKILL');
    await exited;
    await Promise.all(inFlight);
    expect(acknowledged.has(stalled)).toBe(false);

    // Restart on the same directory; ClickUp retries what it did not see acknowledged.
    const second = await startServer();
    const all = [...bodies, ...burst, stalled];
    const retried = all.filter((body) => !acknowledged.has(body));
    expect(retried.length).toBeGreaterThan(0);
    const answers: Record<string, unknown>[] = [];
    for (const body of retried) {
      const response = await deliver(second.port, body);
      expect(response.status).toBe(200);
      answers.push((await response.json()) as Record<string, unknown>);
    }
    // The stalled delivery was appended before the crash: its retry is a replay.
    expect(answers[retried.indexOf(stalled)]).toMatchObject({ duplicate: true });
    const exitedAgain = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    await exitedAgain;

    const store = createWebhookEventStore({ directory: dir, normaliser: false });
    try {
      const { items, hasMore } = await store.list({}, { limit: 100, order: 'oldest' });
      expect(hasMore).toBe(false);
      const tasks = items.map((e) => e.taskId).sort();
      const expected = all.map((body) => (JSON.parse(body) as { task_id: string }).task_id).sort();
      expect(tasks).toEqual(expected); // each delivery exactly once, the acknowledged ones included
    } finally {
      await store.close();
    }
  }, 120_000);
});
