/**
 * A webhook event store that cannot be used is answered through the tool as what it is — the
 * PostgreSQL at <host> or the directory another server holds, and what to do — never as "a bug in
 * the server" (JSON-RPC -32603). Issue 22.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { silentLogger } from '@toolsmith/core';
import { connectInMemory, freePort, resultText } from '@toolsmith/testing';
import { emulatedClickUp, type EmulatedClickUp } from '../__fixtures__/emulated-clickup.ts';
import { createServer } from '../server.ts';
import { standardBody } from './__fixtures__/deliveries.ts';
import { createWebhookEventStore } from './open-webhook-store.ts';
import type { WebhookEventStore } from './webhook-event-store.ts';
import { WEBHOOK_EVENTS_URI } from './webhook-events.resource.ts';
import { WEBHOOK_PATH } from './webhook-route.ts';
import { signWebhookBody } from './webhook-signature.ts';

// Loaded like the store loads @toolsmith/sql: on demand.
const { POSTGRES_MISSING, postgresForTests, startPostgres } = await import('@toolsmith/sql/testing');

const INTAKE = path.join(import.meta.dirname, '__fixtures__', 'intake-server.ts');
const SECRET = 'unavailable-test-secret';
const root = mkdtempSync(path.join(tmpdir(), 'clickup-unavailable-'));
const children: ChildProcess[] = [];
let clickup: EmulatedClickUp;

beforeAll(async () => {
  clickup = await emulatedClickUp({ CLICKUP_WEBHOOK_STORE: path.join(root, 'unused') });
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await clickup?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Calls clickup_list_webhook_events on a server whose store is `store`, over MCP. */
async function listEvents(store: WebhookEventStore) {
  const mcp = await connectInMemory(
    createServer(
      { ...clickup.deps, webhookEvents: store },
      { logger: silentLogger, selection: { toolsets: ['webhooks'] } },
    ),
  );
  try {
    // a store failure answered as -32603 would reject here
    const result = await mcp.client.callTool({ name: 'clickup_list_webhook_events', arguments: {} });
    return { isError: result.isError === true, text: resultText(result) };
  } finally {
    await mcp.close();
  }
}

/** Reads clickup://webhook-events on a server whose store is `store`. */
async function readEventsResource(store: WebhookEventStore) {
  const mcp = await connectInMemory(
    createServer(
      { ...clickup.deps, webhookEvents: store },
      { logger: silentLogger, selection: { toolsets: ['webhooks'] } },
    ),
  );
  try {
    const { contents } = await mcp.client.readResource({ uri: WEBHOOK_EVENTS_URI });
    return JSON.parse((contents[0] as { text: string }).text) as { items: unknown[]; note?: string };
  } finally {
    await mcp.close();
  }
}

describe('clickup_list_webhook_events when the store cannot be used', () => {
  it('names the PostgreSQL it cannot reach (without the password) and what to do', async () => {
    const port = await freePort();
    const store = createWebhookEventStore({
      databaseUrl: `postgres://events:s3cret-pass@127.0.0.1:${port}/events`,
      normaliser: false,
    });
    const answer = await listEvents(store);
    expect(answer.isError).toBe(true);
    expect(answer.text).toBe(
      `The webhook event store is unavailable: the PostgreSQL at 127.0.0.1:${port}/events (DATABASE_URL) could not be used (connect ECONNREFUSED 127.0.0.1:${port}). Ask whoever runs this server to check that PostgreSQL is running and reachable from it and that DATABASE_URL (postgres://user:password@host:5432/database) is right, then call again.`,
    );
    expect(answer.text).not.toContain('s3cret');
    // the resource says the same, with no events
    expect(await readEventsResource(store)).toEqual({ items: [], note: answer.text });
    await store.close();
    expect(await listEvents(store)).toEqual({
      isError: true,
      text: 'The webhook event store is closed: this server is shutting down. Call again once it has restarted.',
    });
  });

  it('names the directory another server holds and DATABASE_URL; answers once that server is gone', async () => {
    const directory = path.join(root, 'shared');
    // another server, a process of its own, with the store in `directory` and one event in it
    const { NODE_OPTIONS: _omit, ...env } = process.env;
    const other = spawn(process.execPath, ['--conditions=@toolsmith/source', INTAKE, directory], {
      env: { ...env, CLICKUP_WEBHOOK_SECRET: SECRET },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(other);
    const exited = new Promise((resolve) => other.once('exit', resolve));
    const port = await new Promise<number>((resolve, reject) => {
      createInterface({ input: other.stdout! }).on('line', (line) => {
        if (line.startsWith('listening ')) resolve(Number(line.split(' ')[1]));
      });
      void exited.then(() => reject(new Error('the intake server exited before listening')));
    });
    const body = standardBody('900', { taskId: 'kept-task' });
    const delivered = await fetch(`http://127.0.0.1:${port}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': signWebhookBody(SECRET, body) },
      body,
    });
    expect(delivered.status).toBe(200);

    const store = createWebhookEventStore({ directory, normaliser: false });
    try {
      const refused = await listEvents(store);
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(
        new RegExp(
          `^The webhook event store at ${directory} is unavailable: The PGlite directory ${directory} is in use by process ${other.pid} \\(since [^;]+; lock file ${directory}/toolsmith\\.lock\\)\\. Each server needs its own CLICKUP_WEBHOOK_STORE directory; for several servers on one store, set DATABASE_URL to a PostgreSQL database\\. Ask whoever runs this server to stop the other process or change one of them, then call again\\.$`,
        ),
      );

      other.kill('SIGKILL');
      await exited;
      // the next call opens it (the dead server's lock is stale) and finds its event
      const answer = await listEvents(store);
      expect(answer.isError).toBe(false);
      expect(answer.text).toContain('"taskId":"kept-task"');
    } finally {
      await store.close();
    }
  }, 60_000);

  if (postgresForTests()) {
    it('says the PostgreSQL stopped answering when it goes away after the store opened', async () => {
      const cluster = await startPostgres();
      let stopped = false;
      const store = createWebhookEventStore({
        databaseUrl: await cluster.createDatabase(),
        normaliser: false,
      });
      try {
        expect((await listEvents(store)).isError).toBe(false);
        cluster.stop();
        stopped = true;
        const answer = await listEvents(store);
        expect(answer.isError).toBe(true);
        expect(answer.text).toMatch(
          /^The webhook event store is unavailable: the PostgreSQL at 127\.0\.0\.1:\d+\/\w+ \(DATABASE_URL\) stopped answering \(.+\)\. Ask whoever runs this server to check that PostgreSQL is running/,
        );
      } finally {
        await store.close();
        if (!stopped) cluster.stop();
      }
    }, 60_000);
  } else {
    it.skip(`PostgreSQL going away: ${POSTGRES_MISSING}`, () => undefined);
  }
});
