/**
 * End to end: the ClickUp emulator delivers signed webhooks (a real API change, and each payload
 * format) to the server's route on a real listener; an MCP client reads them with
 * clickup_list_webhook_events and the clickup://webhook-events resource.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { silentLogger } from '@toolsmith/core';
import { serveHttp, type RunningHttpServer } from '@toolsmith/core/mcp';
import { connectInMemory, resultText, type McpTestConnection } from '@toolsmith/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { emulatedClickUp, type EmulatedClickUp } from '../__fixtures__/emulated-clickup.ts';
import { createRegistry, createServer, serverOptions } from '../server.ts';
import { webhookHttpRoutes } from './webhook-http-routes.ts';
import { WEBHOOK_EVENTS_URI } from './webhook-events.resource.ts';
import { createWebhookRoute, WEBHOOK_PATH } from './webhook-route.ts';
import { signWebhookBody } from './webhook-signature.ts';
import { standardBody } from './__fixtures__/deliveries.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'clickup-e2e-'));
let clickup: EmulatedClickUp;
let server: RunningHttpServer;
let mcp: McpTestConnection;
let endpoint: string;
const secrets: string[] = [];
const updated: string[] = [];
let webhookId: string;
let TASK: string;

beforeAll(async () => {
  clickup = await emulatedClickUp({ CLICKUP_WEBHOOK_STORE: dir });
  const store = clickup.deps.webhookEvents!;
  TASK = clickup.emulator.state.tasks[0]!.id;
  // As the server does in the background after start (webhook-http-routes.ts): a fresh PGlite
  // directory can take longer than ClickUp's 7 s on a busy machine.
  await store.open!();
  server = await serveHttp({
    ...serverOptions(),
    registry: createRegistry(),
    deps: clickup.deps,
    logger: silentLogger,
    host: '127.0.0.1',
    port: 0,
    // `secrets` is filled below, once the webhook (and its secret) exists.
    routes: [createWebhookRoute({ store, secrets, onStored: () => updated.push(WEBHOOK_EVENTS_URI) })],
  });
  endpoint = `${new URL(server.url).origin}${WEBHOOK_PATH}`;
  const created = await clickup.deps.client.post<{ id: string; webhook: { secret: string } }>(
    `/team/${clickup.emulator.teamId}/webhook`,
    { json: { endpoint, events: ['*'] } },
  );
  webhookId = created.id;
  secrets.push(created.webhook.secret);
  mcp = await connectInMemory(
    createServer(clickup.deps, { logger: silentLogger, selection: { toolsets: ['webhooks'] } }),
  );
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  await server?.close();
  await clickup?.deps.webhookEvents?.close();
  await clickup?.close();
  rmSync(dir, { recursive: true, force: true });
});

const listEvents = async (args: Record<string, unknown> = {}) => {
  const result = await mcp.client.callTool({ name: 'clickup_list_webhook_events', arguments: args });
  expect(result.isError).toBeFalsy();
  // The data is the answer's last line (an `assumed: the first page only …` line may come first).
  return JSON.parse(resultText(result).split('\n').at(-1)!) as {
    items: Record<string, unknown>[];
    nextCursor?: string;
  };
};

describe('webhooks from the emulator to the server', () => {
  it('stores a real change once, though ClickUp delivers it as taskStatusUpdated and taskUpdated', async () => {
    const { deliveries } = clickup.emulator.webhooks;
    const before = deliveries.length;
    const task = clickup.emulator.state.tasks.find((t) => t.id === TASK)!;
    const list = clickup.emulator.state.lists.find((l) => l.id === task.listId)!;
    const status = list.statuses.find((st) => st.status !== task.status)!.status;
    await clickup.deps.client.put(`/task/${TASK}`, { json: { status } });
    await clickup.emulator.webhooks.settled();
    const sent = deliveries.slice(before);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.every((d) => d.status === 200 && d.signature !== null)).toBe(true);
    const { items } = await listEvents({ task_id: TASK, include: ['changes'] });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ format: 'standard', taskId: TASK, summary: expect.any(String) });
    expect(updated).toEqual([WEBHOOK_EVENTS_URI]);
  }, 60_000);

  it('accepts each format the emulator sends, and pages them for the client', async () => {
    const standard = await clickup.emulator.webhooks.send('standard', { webhookId, taskId: TASK });
    const token = `${endpoint}?token=${secrets[0]}`;
    const automation = await clickup.emulator.webhooks.send('automation', { url: token, taskId: TASK });
    const legacy = await clickup.emulator.webhooks.send('automation-legacy', { url: token, taskId: TASK });
    expect([standard.status, automation.status, legacy.status]).toEqual([200, 200, 200]);
    const unsigned = await clickup.emulator.webhooks.send('automation', { url: endpoint, taskId: TASK });
    expect(unsigned.status).toBe(401);

    const first = await listEvents({ perPage: 2 });
    expect(first.items.map((e) => e.format)).toEqual(['automation_legacy', 'automation']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listEvents({ perPage: 2, cursor: first.nextCursor });
    expect(second.items.map((e) => e.format)).toEqual(['standard', 'standard']);
    expect(second.nextCursor).toBeUndefined();
    expect((await listEvents({ format: 'automation' })).items).toHaveLength(1);
    const refused = await mcp.client.callTool({
      name: 'clickup_list_webhook_events',
      arguments: { perPage: 2, format: 'standard', cursor: first.nextCursor },
    });
    expect(refused.isError).toBe(true);
  }, 60_000);

  it('serves the latest events as the subscribable clickup://webhook-events resource', async () => {
    const { resources } = await mcp.client.listResources();
    expect(resources.map((r) => r.uri)).toContain(WEBHOOK_EVENTS_URI);
    const read = await mcp.client.readResource({ uri: WEBHOOK_EVENTS_URI });
    const body = JSON.parse((read.contents[0] as { text: string }).text) as { items: unknown[] };
    expect(body.items).toHaveLength(4);
  });

  it('wires the route for runServeCli, announcing each new event as a resource update', async () => {
    const announced: string[] = [];
    const [route] = webhookHttpRoutes({
      deps: { ...clickup.deps, webhookEvents: { ...clickup.deps.webhookEvents!, open: undefined } },
      logger: silentLogger,
      secret: 'a, b',
      registry: { resourceUpdated: (uri) => announced.push(uri) },
    });
    expect(`${route!.method} ${route!.path}`).toBe(`POST ${WEBHOOK_PATH}`);
    const body = Buffer.from(standardBody('77001'));
    const request = {
      method: 'POST' as const,
      url: new URL(`http://127.0.0.1${WEBHOOK_PATH}`),
      headers: { 'x-signature': signWebhookBody('b', body) },
      body,
      json: () => JSON.parse(body.toString()) as unknown,
      signal: new AbortController().signal,
    };
    expect(await route!.handle(request)).toMatchObject({ status: 200 });
    expect(await route!.handle(request)).toMatchObject({ status: 200, body: { duplicate: true } });
    expect(announced).toEqual([WEBHOOK_EVENTS_URI]);
  });
});
