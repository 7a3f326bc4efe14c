/**
 * POST /webhooks/clickup over a real listener (core's serveHttp on 127.0.0.1) with the embedded
 * store: signatures, the three formats, replays, and the answers ClickUp acts on.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { silentLogger, ToolRegistry } from '@toolsmith/core';
import { serveHttp, type RunningHttpServer } from '@toolsmith/core/mcp';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE, fixtureBody, standardBody } from './__fixtures__/deliveries.ts';
import { createWebhookEventStore, type LazyWebhookEventStore } from './open-webhook-store.ts';
import { createWebhookRoute, WEBHOOK_PATH } from './webhook-route.ts';
import { signWebhookBody } from './webhook-signature.ts';

const SECRET = 'O2XKJ5N6ZQ4Y3X1A8B7C6D5E4F3G2H1I';
const OTHER_SECRET = 'second-webhook-secret';

let dir: string;
let store: LazyWebhookEventStore;
let server: RunningHttpServer;
let unconfigured: RunningHttpServer;
const stored: string[] = [];

const serve = (secrets: string[]) =>
  serveHttp({
    name: 'webhook-route-test',
    version: '0.0.0',
    registry: new ToolRegistry<unknown>(),
    deps: {},
    logger: silentLogger,
    host: '127.0.0.1',
    port: 0,
    routes: [createWebhookRoute({ store, secrets, onStored: (r) => stored.push(r.id) })],
  });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'clickup-route-'));
  store = createWebhookEventStore({ directory: dir });
  server = await serve([SECRET, OTHER_SECRET]);
  unconfigured = await serve([]);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await unconfigured?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function post(
  body: string,
  options: { signature?: string | null; secret?: string; query?: string; to?: RunningHttpServer } = {},
) {
  const origin = new URL((options.to ?? server).url).origin;
  const signature =
    options.signature === null
      ? undefined
      : (options.signature ?? signWebhookBody(options.secret ?? SECRET, body));
  const response = await fetch(`${origin}${WEBHOOK_PATH}${options.query ?? ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-signature': signature } : {}) },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('POST /webhooks/clickup', () => {
  it('accepts a signed standard delivery, stores it, and answers 200 once stored', async () => {
    const answer = await post(fixtureBody(FIXTURE.statusUpdated));
    expect(answer).toEqual({ status: 200, body: { ok: true, id: expect.any(String), duplicate: false } });
    expect(stored).toContain(answer.body.id);
    const { items } = await store.list({ taskId: '1vj38vv' }, { limit: 5 });
    expect(items[0]).toMatchObject({ id: answer.body.id, format: 'standard', event: 'taskStatusUpdated' });
  }, 60_000);

  it('accepts the signature of any configured secret (one per webhook)', async () => {
    expect((await post(standardBody('9001'), { secret: OTHER_SECRET })).status).toBe(200);
  });

  it('answers a replay 200 and stores nothing new', async () => {
    const body = standardBody('9002');
    const first = await post(body);
    const replay = await post(body);
    expect(replay).toEqual({ status: 200, body: { ok: true, id: first.body.id, duplicate: true } });
    expect(stored.filter((id) => id === first.body.id)).toHaveLength(1);
  });

  it('refuses a bad signature with 401 and says what to check', async () => {
    const body = standardBody('9003');
    const wrongSecret = await post(body, { secret: 'not-the-secret' });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toMatch(/CLICKUP_WEBHOOK_SECRET/);
    const tampered = await post(body.replace('in progress', 'complete'), {
      signature: signWebhookBody(SECRET, body),
    });
    expect(tampered.status).toBe(401);
    expect((await post(body, { signature: 'zz' })).status).toBe(401);
    expect((await store.list({}, { limit: 100 })).items.some((e) => e.dedupeKeys[0]?.endsWith(':9003'))).toBe(
      false,
    );
  });

  it('refuses an unsigned delivery with 401 naming the signature and the automation token', async () => {
    const answer = await post(standardBody('9004'), { signature: null });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatch(/X-Signature/);
    expect(answer.body.error).toMatch(/\?token=/);
    expect((await post(standardBody('9004'), { signature: null, query: '?token=wrong' })).status).toBe(401);
  });

  it('accepts both automation formats, unsigned, with the token in the URL', async () => {
    for (const name of [FIXTURE.automation, FIXTURE.legacy]) {
      const answer = await post(fixtureBody(name), { signature: null, query: `?token=${SECRET}` });
      expect(answer).toMatchObject({ status: 200, body: { ok: true, duplicate: false } });
    }
    const { items } = await store.list({}, { limit: 2 });
    expect(items.map((e) => e.format).sort()).toEqual(['automation', 'automation_legacy']);
    // ClickUp retries an automation call with the same body: stored once.
    const again = await post(fixtureBody(FIXTURE.automation), { signature: null, query: `?token=${SECRET}` });
    expect(again.body.duplicate).toBe(true);
  }, 60_000);

  it('refuses a body that is not JSON with 400', async () => {
    const answer = await post('not json');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/not JSON/);
  });

  it('refuses every delivery with 503 and how to configure when no secret is set', async () => {
    const answer = await post(standardBody('9005'), { to: unconfigured });
    expect(answer.status).toBe(503);
    expect(answer.body.error).toMatch(/set CLICKUP_WEBHOOK_SECRET/);
  });

  it('checks a delivery with the secret kept for its webhook_id, with or without CLICKUP_WEBHOOK_SECRET', async () => {
    const KEPT = 'KEPT0FOR0ONE0WEBHOOK';
    const one = '0b8f3c2e-1111-4a5b-9c1d-000000000001';
    const other = '0b8f3c2e-2222-4a5b-9c1d-000000000002';
    await store.keepSecret(one, KEPT);
    const bodyOf = (webhookId: string, historyId: string) =>
      standardBody(historyId).replace(/"webhook_id":"[^"]+"/, `"webhook_id":"${webhookId}"`);
    const forOne = bodyOf(one, '9101');
    expect((await post(forOne, { secret: KEPT })).status).toBe(200);
    expect((await post(bodyOf(one, '9102'), { secret: KEPT, to: unconfigured })).status).toBe(200);
    // The configured secrets still work for it.
    expect((await post(bodyOf(one, '9103'), { secret: SECRET })).status).toBe(200);
    // One webhook's kept secret does not admit a delivery naming another.
    const forOther = bodyOf(other, '9104');
    const borrowed = await post(forOther, { secret: KEPT });
    expect(borrowed.status).toBe(401);
    expect(borrowed.body.error).not.toContain(KEPT);
    expect((await post(forOther, { secret: KEPT, to: unconfigured })).status).toBe(503);
    expect((await post(forOne, { secret: 'wrong', to: unconfigured })).status).toBe(401);
  });

  it('answers well within ClickUp’s 7 s', async () => {
    const started = performance.now();
    for (let i = 0; i < 20; i += 1) expect((await post(standardBody(`91${i}`))).status).toBe(200);
    expect((performance.now() - started) / 20).toBeLessThan(1000);
  }, 60_000);
});
