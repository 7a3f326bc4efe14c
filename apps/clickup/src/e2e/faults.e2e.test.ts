/**
 * The server's tools through a real MCP client while the emulator misbehaves: rate limits, 5xx,
 * timeouts, a create whose answer is lost after the task was made (and one that never reached the
 * API), a bad token and ClickUp's `{err, ECODE}` errors. Every answer is checked for what the
 * agent reads, and the emulator for what it received and holds.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ClickUpEmulator } from '@toolsmith/clickup-emulator';
import { startInProcess, type ClickUpHarness } from './__fixtures__/clickup-harness.ts';

const SPRINT = '901510000001';
const TASK_PATH = '/api/v2/task/:task_id';
const CREATE_PATH = `/list/${SPRINT}/task`;

/** A client timeout of 1 s (the least CLICKUP_TIMEOUT_MS takes), one retry, waits up to 3 s. */
const ENV = { CLICKUP_TIMEOUT_MS: '1000', CLICKUP_RETRIES: '1', CLICKUP_MAX_WAIT_MS: '3000' };

let h: ClickUpHarness;
let api: ClickUpEmulator;
beforeAll(async () => {
  h = await startInProcess({ env: ENV });
  api = h.emulator;
  // The first guarded write starts the knowledge sandbox: start it here, not in a timed test.
  const warm = await h.call('clickup_create_task', { list_id: SPRINT, name: 'Warm-up' });
  expect(warm.isError).toBe(false);
}, 60_000);
afterAll(() => h?.close());

/** Requests of `method` on paths matching `path` since `from`. */
const sent = (from: number, method: string, path: RegExp) =>
  api.requests.slice(from).filter((r) => r.method === method && path.test(r.path)).length;
const tasksNamed = (name: string) => api.state.tasks.filter((t) => t.name === name);

describe('rate limits', () => {
  it('waits for X-RateLimit-Reset within CLICKUP_MAX_WAIT_MS, then answers', async () => {
    const from = api.requests.length;
    api.faults.add({ kind: 'rateLimit', reset: { seconds: 1 }, path: TASK_PATH });
    const started = performance.now();
    const task = await h.call('clickup_get_task', { task_id: 'DEV-1' });
    expect(task.isError).toBe(false);
    expect(task.json).toMatchObject({ customId: 'DEV-1' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(500);
    expect(sent(from, 'GET', /^\/api\/v2\/task\//)).toBe(2);
  });

  it('answers isError at once, saying when to call again, when the reset is further than the bound', async () => {
    const from = api.requests.length;
    api.faults.add({
      kind: 'rateLimit',
      reset: { seconds: 120 },
      path: TASK_PATH,
      json: { err: 'Rate limit reached', ECODE: 'APP_002' },
    });
    const started = performance.now();
    const task = await h.call('clickup_get_task', { task_id: 'DEV-1' });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(task.isError).toBe(true);
    expect(task.text).toMatch(/HTTP 429/);
    expect(task.text).toMatch(
      /asks to wait 1[12]\d s, longer than this client waits \(3 s\); call again after that/,
    );
    expect(sent(from, 'GET', /^\/api\/v2\/task\//)).toBe(1);
  });
});

describe('5xx', () => {
  it('retries a read after a 503, then answers', async () => {
    const from = api.requests.length;
    api.faults.add({ kind: 'status', status: 503, path: TASK_PATH });
    const task = await h.call('clickup_get_task', { task_id: 'DEV-1' });
    expect(task.isError).toBe(false);
    expect(sent(from, 'GET', /^\/api\/v2\/task\//)).toBe(2);
  });

  it('answers a persistent 5xx with isError naming the status and what to do', async () => {
    const from = api.requests.length;
    api.faults.add({ kind: 'status', status: 503, path: TASK_PATH, times: Infinity });
    try {
      const task = await h.call('clickup_get_task', { task_id: 'DEV-1' });
      expect(task.isError).toBe(true);
      expect(task.text).toMatch(/failed with HTTP 503/);
      expect(task.text).toMatch(/try again later/);
      expect(sent(from, 'GET', /^\/api\/v2\/task\//)).toBe(2); // one retry (CLICKUP_RETRIES=1)
    } finally {
      api.faults.clear();
    }
  });
});

describe('timeouts', () => {
  it('retries a read that outlasts CLICKUP_TIMEOUT_MS, then says it timed out on each attempt', async () => {
    const from = api.requests.length;
    api.faults.add({ kind: 'hang', path: TASK_PATH });
    expect((await h.call('clickup_get_task', { task_id: 'DEV-1' })).isError).toBe(false);
    expect(sent(from, 'GET', /^\/api\/v2\/task\//)).toBe(2);

    api.faults.add({ kind: 'hang', path: TASK_PATH, times: 2 });
    const task = await h.call('clickup_get_task', { task_id: 'DEV-1' });
    expect(task.isError).toBe(true);
    expect(task.text).toMatch(/timed out after 1000 ms on each of 2 attempts\. Try again later/);
    expect(sent(from, 'GET', /^\/api\/v2\/task\//)).toBe(2 + 2);
  });
});

describe('a create whose answer is lost', () => {
  it.each([
    ['the answer never comes (timeout)', { timeout: true }],
    ['the answer is a 502', { status: 502 }],
    ['the answer is a 500', { status: 500 }],
    ['the answer is a 503', { status: 503 }],
  ])(
    'finds the task it made when %s, and does not make a second',
    async (_, fault) => {
      const name = `Lost answer ${JSON.stringify(fault)}`;
      const from = api.requests.length;
      api.failAfterHandling({ method: 'POST', path: CREATE_PATH, ...fault });
      const created = await h.call('clickup_create_task', { list_id: SPRINT, name });
      expect(created.isError).toBe(false);
      expect(created.json).toMatchObject({
        id: tasksNamed(name)[0]?.id,
        name,
        note: expect.stringMatching(/was created: this is it\. Do not create it again/),
      });
      expect(tasksNamed(name)).toHaveLength(1);
      expect(sent(from, 'POST', /\/task$/)).toBe(1);
    },
    30_000,
  );

  it.each([
    ['timed out', { kind: 'hang' as const }],
    ['got a 502', { kind: 'status' as const, status: 502 }],
  ])(
    'says the outcome is unknown and how to check when it %s and no such task turns up',
    async (_, fault) => {
      const name = `Never arrived ${fault.kind}`;
      const from = api.requests.length;
      api.faults.add({ ...fault, method: 'POST', path: `/api/v2${CREATE_PATH}` });
      const created = await h.call('clickup_create_task', { list_id: SPRINT, name });
      expect(created.isError).toBe(true);
      expect(created.text).toMatch(/not known whether the task was created/i);
      expect(created.text).toContain(`"${name}"`);
      expect(created.text).toMatch(/clickup_get_list_tasks/);
      expect(created.text).toContain(SPRINT);
      expect(tasksNamed(name)).toHaveLength(0);
      expect(sent(from, 'POST', /\/task$/)).toBe(1);
      expect(sent(from, 'GET', new RegExp(`/list/${SPRINT}/task$`))).toBe(1); // the look-up
    },
    30_000,
  );
});

describe('errors in words', () => {
  it("explains ClickUp's {err, ECODE} with what to do", async () => {
    const doomed = api.state.tasks.find((t) => t.listId === SPRINT && t.name !== 'Warm-up')!.id;
    expect((await h.call('clickup_delete_task', { task_id: doomed })).isError).toBe(false);
    const deleted = await h.call('clickup_get_task', { task_id: doomed });
    expect(deleted.isError).toBe(true);
    expect(deleted.text).toMatch(/Task not found, deleted \(ITEM_013\)/);
    expect(deleted.text).toMatch(/does not exist or is not visible/);

    const outside = await h.call('clickup_get_task', { task_id: 'DEV-99999' });
    expect(outside.isError).toBe(true);
    expect(outside.text).toMatch(/\(OAUTH_0\d\d\)/);
    expect(outside.text).toMatch(/Check the id/);
  });

  it('explains a rejected token without echoing it', async () => {
    const token = 'pk_12345_NOT0A0VALID0TOKEN0AT0ALL';
    const bad = await startInProcess({ env: { ...ENV, CLICKUP_API_TOKEN: token } });
    try {
      const task = await bad.call('clickup_get_list', { list_id: SPRINT });
      expect(task.isError).toBe(true);
      expect(task.text).toMatch(/HTTP 401/);
      expect(task.text).toMatch(
        /Token invalid \(OAUTH_025\)\. The token is not valid .* set CLICKUP_API_TOKEN/,
      );
      expect(task.text).not.toContain(token);
      expect(task.text).not.toContain('NOT0A0VALID');
      // A 401 is not retried: each request went once — here the first, GET /team (which workspace
      // the call works in), and nothing after it.
      const sent = bad.emulator.requests.map((r) => `${r.method} ${r.path}`);
      expect(new Set(sent).size).toBe(sent.length);
      expect(sent).toEqual(['GET /api/v2/team']);
    } finally {
      await bad.close();
    }
  });
});
