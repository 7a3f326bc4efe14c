/**
 * End to end, on both stores: a webhook created with clickup_create_webhook has its secret kept
 * (never shown), so the server — with no CLICKUP_WEBHOOK_SECRET at all — accepts the emulator's
 * signed deliveries for it and serves them with clickup_list_webhook_events; a wrong signature is
 * refused; clickup_delete_webhook forgets the secret. No answer and no log line holds the secret.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type LogFields, type Logger } from '@toolsmith/core';
import { serveHttp, type RunningHttpServer } from '@toolsmith/core/mcp';
import { connectInMemory, resultText, type McpTestConnection } from '@toolsmith/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { emulatedClickUp, type EmulatedClickUp } from '../__fixtures__/emulated-clickup.ts';
import { createRegistry, createServer, serverOptions } from '../server.ts';
import type { PostgresCluster } from '@toolsmith/sql/testing';
import { webhookHttpRoutes } from './webhook-http-routes.ts';
import { WEBHOOK_PATH } from './webhook-route.ts';
import { signWebhookBody } from './webhook-signature.ts';

// Loaded like the store loads @toolsmith/sql: on demand (the lint rule keeps one way of loading it).
const { POSTGRES_MISSING, postgresForTests, startPostgres } = await import('@toolsmith/sql/testing');

const TIMEOUT = 60_000;

function capturingLogger() {
  const lines: string[] = [];
  const log = (level: string) => (message: string, fields?: LogFields) =>
    lines.push(JSON.stringify({ level, message, fields }));
  const logger: Logger = {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: () => logger,
  };
  return { logger, lines };
}

interface StoreSetup {
  env(): Promise<Record<string, string>>;
  cleanup(): void;
}

const pglite = (): StoreSetup => {
  const dir = mkdtempSync(path.join(tmpdir(), 'clickup-kept-secret-'));
  return {
    env: async () => ({ CLICKUP_WEBHOOK_STORE: dir }),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
};

let cluster: PostgresCluster | undefined;
const postgres = (): StoreSetup => ({
  env: async () => {
    cluster ??= await startPostgres();
    return { DATABASE_URL: await cluster.createDatabase() };
  },
  cleanup: () => undefined,
});
afterAll(() => cluster?.stop());

const stores: [string, () => StoreSetup][] = [['PGlite (embedded)', pglite]];
if (postgresForTests()) stores.push(['PostgreSQL (DATABASE_URL)', postgres]);
else it.skip(`PostgreSQL: ${POSTGRES_MISSING}`, () => undefined);

describe.each(stores)('kept webhook secrets: %s', (_name, makeSetup) => {
  const setup = makeSetup();
  const { logger, lines } = capturingLogger();
  let clickup: EmulatedClickUp;
  let server: RunningHttpServer;
  let mcp: McpTestConnection;
  let endpoint: string;
  let webhookId: string;
  let secret: string;
  let task: string;

  beforeAll(async () => {
    clickup = await emulatedClickUp(await setup.env());
    task = clickup.emulator.state.tasks[0]!.id;
    const registry = createRegistry();
    server = await serveHttp({
      ...serverOptions(),
      registry,
      deps: clickup.deps,
      logger,
      host: '127.0.0.1',
      port: 0,
      // As cli.ts wires it, and with no CLICKUP_WEBHOOK_SECRET.
      routes: webhookHttpRoutes({ deps: clickup.deps, logger, secret: undefined, registry }),
    });
    endpoint = `${new URL(server.url).origin}${WEBHOOK_PATH}`;
    mcp = await connectInMemory(
      createServer(clickup.deps, { logger, selection: { toolsets: ['webhooks'] } }),
    );
  }, TIMEOUT);

  afterAll(async () => {
    await mcp?.close();
    await server?.close();
    await clickup?.deps.webhookEvents?.close();
    await clickup?.close();
    setup.cleanup();
  });

  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await mcp.client.callTool({ name, arguments: args });
    return { isError: result.isError === true, text: resultText(result) };
  };
  const post = async (body: string, signature: string) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': signature },
      body,
    });
    return { status: response.status, body: (await response.json()) as { error?: string } };
  };
  const standard = (historyId: string) =>
    JSON.stringify({
      event: 'taskUpdated',
      history_items: [{ id: historyId, field: 'name', before: 'a', after: 'b' }],
      task_id: task,
      webhook_id: webhookId,
    });

  it(
    'creates the webhook through the tool: the secret is kept, and not in the answer',
    async () => {
      const created = await call('clickup_create_webhook', { endpoint, events: ['*'] });
      expect(created.isError).toBe(false);
      const answer = JSON.parse(created.text) as Record<string, unknown>;
      webhookId = answer.id as string;
      secret = clickup.emulator.state.webhooks.find((w) => w.id === webhookId)!.secret;
      expect(answer).toMatchObject({ secretKept: true, note: expect.stringMatching(/kept the secret/) });
      expect(created.text).not.toContain(secret);
      expect(await clickup.deps.webhookEvents!.secretOf(webhookId)).toBe(secret);
    },
    TIMEOUT,
  );

  it(
    "accepts the emulator's signed deliveries and serves them with clickup_list_webhook_events",
    async () => {
      const sent = await clickup.emulator.webhooks.send('standard', { webhookId, taskId: task });
      expect(sent.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(sent.status).toBe(200);
      const events = await call('clickup_list_webhook_events', { task_id: task });
      expect(events.isError).toBe(false);
      const { items } = JSON.parse(events.text) as { items: Record<string, unknown>[] };
      expect(items).toEqual([
        expect.objectContaining({ format: 'standard', event: 'taskUpdated', taskId: task }),
      ]);
    },
    TIMEOUT,
  );

  it('refuses a delivery for the webhook signed with another secret with 401', async () => {
    const body = standard('880001');
    const wrong = await post(body, signWebhookBody('NOT0THE0SECRET', body));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatch(new RegExp(`the secret this server kept for webhook ${webhookId}`));
    expect(wrong.body.error).not.toContain(secret);
    expect((await post(body, signWebhookBody(secret, body))).status).toBe(200);
  });

  it(
    'forgets the secret when the webhook is deleted through the server: its deliveries are refused',
    async () => {
      const deleted = await call('clickup_delete_webhook', { webhook_id: webhookId });
      expect(deleted.isError).toBe(false);
      expect(deleted.text).toMatch(/forgotten/);
      expect(await clickup.deps.webhookEvents!.secretOf(webhookId)).toBeUndefined();
      const body = standard('880002');
      const late = await post(body, signWebhookBody(secret, body));
      expect(late.status).toBe(503); // nothing to check it with: not 401, which would suspend a webhook
      expect(late.body.error).toMatch(/kept none for webhook/);
    },
    TIMEOUT,
  );

  it('never wrote the secret to a log line', () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(secret);
  });
});
