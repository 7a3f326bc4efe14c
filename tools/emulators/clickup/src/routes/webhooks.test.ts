import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { apiCaller, type Caller, type TaskJson } from '../__fixtures__/call-api.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../__fixtures__/webhook-receiver.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';

let clickup: ClickUpEmulator;
let call: Caller;
let receiver: WebhookReceiver;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
  call = apiCaller(clickup);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await clickup.close();
  await receiver.close();
});
afterEach(async () => {
  await clickup.webhooks.settled();
  clickup.state.webhooks = [];
  receiver.received.length = 0;
  receiver.status = 200;
});

const SPRINT = '901510000001';
const BUGS = '901510000002';

interface WebhookJson {
  id: string;
  webhook: { id: string; secret: string; events: string[]; health: { status: string; fail_count: number } };
}
const hook = (body: Record<string, unknown>) =>
  call<WebhookJson>('POST', `/team/${clickup.teamId}/webhook`, body);
const fixture = (name: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../../apps/clickup/knowledge/__fixtures__/${name}`, import.meta.url),
      'utf8',
    ),
  ) as Record<string, unknown>;
const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

describe('webhook registration', () => {
  it('creates (secret returned), lists, refuses a duplicate with OAUTH_171, updates the full body, deletes', async () => {
    const created = await hook({
      endpoint: `${receiver.url}/hook`,
      events: ['taskCreated'],
      list_id: SPRINT,
    });
    expect(created.status).toBe(200);
    expect(created.json.webhook).toMatchObject({
      id: created.json.id,
      events: ['taskCreated'],
      list_id: Number(SPRINT),
      health: { status: 'active', fail_count: 0 },
      secret: expect.stringMatching(/^[0-9A-F]{64}$/),
    });
    const listed = await call<{ webhooks: unknown[] }>('GET', `/team/${clickup.teamId}/webhook`);
    expect(listed.json.webhooks).toHaveLength(1);
    expect(await hook({ endpoint: `${receiver.url}/hook`, events: ['*'], list_id: SPRINT })).toMatchObject({
      status: 400,
      json: { ECODE: 'OAUTH_171' },
    });
    expect((await hook({ endpoint: `${receiver.url}/x`, events: ['taskExploded'] })).status).toBe(400);
    const id = created.json.id;
    expect((await call('PUT', `/webhook/${id}`, { status: 'active' })).status).toBe(400);
    const updated = await call<WebhookJson>('PUT', `/webhook/${id}`, {
      endpoint: `${receiver.url}/hook2`,
      events: ['*'],
      status: 'active',
    });
    expect(updated.json.webhook.events).toEqual(['*']);
    expect((await call('DELETE', `/webhook/${id}`)).status).toBe(200);
    expect(
      (await call<{ webhooks: unknown[] }>('GET', `/team/${clickup.teamId}/webhook`)).json.webhooks,
    ).toEqual([]);
  });
});

describe('webhook deliveries', () => {
  it('POSTs task events signed with X-Signature = hex HMAC-SHA256 of the raw body', async () => {
    const { json } = await hook({ endpoint: `${receiver.url}/all`, events: ['*'] });
    const secret = json.webhook.secret;
    const task = await call<TaskJson>('POST', `/list/${SPRINT}/task`, { name: 'Hooked' });
    await clickup.webhooks.settled();
    expect(receiver.received.map((r) => r.json['event'])).toEqual(['taskCreated', 'taskStatusUpdated']);
    for (const delivery of receiver.received) {
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['x-signature']).toBe(sign(secret, delivery.body));
      expect(delivery.body).toBe(JSON.stringify(delivery.json));
    }
    const created = receiver.received[0]!.json;
    expect(created).toMatchObject({ task_id: task.json.id, webhook_id: json.id });
    expect(Object.keys(created)).toEqual(['event', 'history_items', 'task_id', 'webhook_id']);
    const items = created['history_items'] as Array<Record<string, unknown>>;
    expect(items.map((i) => i['field'])).toEqual(['status', 'task_creation']);
    expect(items[0]).toMatchObject({
      type: 1,
      date: expect.stringMatching(/^\d{13}$/),
      parent_id: SPRINT,
      user: { id: 81000001 },
      after: { status: 'to do', type: 'open' },
    });

    receiver.received.length = 0;
    await call('PUT', `/task/${task.json.id}`, { status: 'in progress', assignees: { add: [81000002] } });
    await call('DELETE', `/task/${task.json.id}`);
    await clickup.webhooks.settled();
    const events = receiver.received.map((r) => r.json['event']);
    expect(events).toEqual([
      'taskStatusUpdated',
      'taskUpdated',
      'taskAssigneeUpdated',
      'taskUpdated',
      'taskDeleted',
    ]);
    // The specific event and its taskUpdated carry the same history item.
    const [statusEvent, statusUpdated] = receiver.received.map(
      (r) => (r.json['history_items'] as Array<{ id: string }> | undefined)?.[0]?.id,
    );
    expect(statusEvent).toBe(statusUpdated);
    expect(receiver.received.at(-1)!.json).toEqual({
      event: 'taskDeleted',
      task_id: task.json.id,
      webhook_id: json.id,
    });
  });

  it('delivers only the subscribed events of the webhook location', async () => {
    await hook({ endpoint: `${receiver.url}/bugs`, events: ['taskCreated'], list_id: BUGS });
    await call('POST', `/list/${SPRINT}/task`, { name: 'Elsewhere' });
    await call('POST', `/list/${BUGS}/task`, { name: 'Here' });
    await clickup.webhooks.settled();
    expect(receiver.received.map((r) => [r.path, r.json['event']])).toEqual([['/bugs', 'taskCreated']]);
  });

  it('suspends a webhook whose endpoint answers 410', async () => {
    const { json } = await hook({ endpoint: `${receiver.url}/gone`, events: ['taskCreated'] });
    receiver.status = 410;
    await call('POST', `/list/${SPRINT}/task`, { name: 'One' });
    await clickup.webhooks.settled();
    await call('POST', `/list/${SPRINT}/task`, { name: 'Two' });
    await clickup.webhooks.settled();
    expect(receiver.received).toHaveLength(1);
    const listed = await call<{ webhooks: Array<WebhookJson['webhook']> }>(
      'GET',
      `/team/${clickup.teamId}/webhook`,
    );
    expect(listed.json.webhooks[0]!.health).toEqual({ status: 'suspended', fail_count: 1 });
    expect(listed.json.webhooks[0]!.id).toBe(json.id);
  });
});

describe('the three payload formats (test hook)', () => {
  const taskId = () => clickup.state.tasks.find((t) => t.customId === 'DEV-1')!.id;

  it('standard: the shape of the §4.2 fixture, signed', async () => {
    const { json } = await hook({ endpoint: `${receiver.url}/std`, events: ['taskStatusUpdated'] });
    const delivery = await clickup.webhooks.send('standard', {
      webhookId: json.id,
      taskId: taskId(),
      event: 'taskStatusUpdated',
    });
    expect(delivery.status).toBe(200);
    const got = receiver.received[0]!;
    expect(got.headers['x-signature']).toBe(sign(json.webhook.secret, got.body));
    const expected = fixture('section-4-2-standard-task-status-updated.json');
    expect(Object.keys(got.json)).toEqual(Object.keys(expected));
    const item = (got.json['history_items'] as Array<Record<string, unknown>>)[0]!;
    const expectedItem = (expected['history_items'] as Array<Record<string, unknown>>)[0]!;
    expect(Object.keys(item).sort()).toEqual(Object.keys(expectedItem).sort());
  });

  it('automation "Call webhook": the internal task model of the §4.3 fixture, unsigned', async () => {
    const delivery = await clickup.webhooks.send('automation', {
      url: `${receiver.url}/auto`,
      taskId: taskId(),
    });
    expect(delivery.signature).toBeNull();
    const got = receiver.received[0]!;
    expect(got.headers['x-signature']).toBeUndefined();
    const expected = fixture('section-4-3-automation-call-webhook.json');
    expect(Object.keys(got.json)).toEqual(Object.keys(expected));
    const payload = got.json['payload'] as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(Object.keys(expected['payload'] as object).sort());
    expect(payload).toMatchObject({
      id: taskId(),
      custom_id: 'DEV-1',
      subcategory: '901510000001',
      workspace_id: clickup.teamId,
      status_id: expect.stringMatching(/^p/),
    });
    expect(got.json['auto_id']).toMatch(/:main$/);
  });

  it('automation legacy: `id` ending in :main and the v2 task object of the §4.4 fixture', async () => {
    await clickup.webhooks.send('automation-legacy', { url: `${receiver.url}/legacy`, taskId: taskId() });
    const got = receiver.received[0]!;
    const expected = fixture('section-4-4-automation-legacy.json');
    expect(Object.keys(got.json)).toEqual(Object.keys(expected));
    expect(got.json['id']).toMatch(/:main$/);
    const payload = got.json['payload'] as Record<string, unknown>;
    for (const key of Object.keys(expected['payload'] as object)) expect(payload).toHaveProperty(key);
    expect(payload['status']).toMatchObject({ status: 'in progress', type: 'custom' });
  });
});
