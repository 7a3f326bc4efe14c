import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  refusedUnsent,
  startInProcess,
  type TrackerHarness,
} from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;
/** A server limited to DEMO and WEB, with DEMO read-only. */
let limited: TrackerHarness;

beforeAll(async () => {
  [t, limited] = await Promise.all([
    startInProcess(),
    startInProcess({ env: { YANDEX_TRACKER_QUEUES: 'DEMO,WEB', YANDEX_TRACKER_READ_ONLY_QUEUES: 'DEMO' } }),
  ]);
}, 30_000);
afterAll(async () => {
  await Promise.all([t.close(), limited.close()]);
});

const lastRequest = (h: TrackerHarness) => h.emulator.requests.at(-1)!;

/** Refused with nothing written (the queues may be read to check the key). */
async function refusedUnwritten(h: TrackerHarness, name: string, args: Record<string, unknown>) {
  const before = h.emulator.requests.length;
  const result = await h.call(name, args);
  expect(result.isError).toBe(true);
  expect(h.emulator.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
  return result.text;
}

describe('tracker_get_automations', () => {
  it("lists a queue's triggers compactly and reads one in full", async () => {
    const list = await t.call('tracker_get_automations', { queueId: 'DEMO', kind: 'triggers' });
    expect(list.json).toEqual({
      items: [
        { automationId: 1, name: 'Reopen on comment', active: true },
        { automationId: 2, name: 'Tag regressions', active: false },
      ],
      total: 2,
    });
    const one = await t.call('tracker_get_automations', {
      queueId: 'DEMO',
      kind: 'triggers',
      automationId: 1,
    });
    expect(one.json).toEqual({
      automationId: 1,
      queue: 'DEMO',
      name: 'Reopen on comment',
      version: 1,
      active: true,
      conditions: [{ type: 'CommentStringMatchCondition', word: 'reopen' }],
      actions: [{ type: 'Transition', status: 'open' }],
    });
    const macro = await t.call('tracker_get_automations', {
      queueId: 'demo',
      kind: 'macros',
      automationId: 1,
    });
    expect(macro.notes).toBe('converted: queueId "demo" → DEMO (Demo)');
    expect(macro.json).toMatchObject({ changes: [{ field: 'tags', update: { add: ['needinfo'] } }] });
  });

  it("names the list tool for another queue's id, and refuses a queue outside the allow-list", async () => {
    const missing = await t.call('tracker_get_automations', {
      queueId: 'DEMO',
      kind: 'triggers',
      automationId: 3,
    });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('Триггер 3 не найден.');
    expect(missing.text).not.toContain('Valid queues');
    expect(missing.text).toContain(
      "tracker_get_automations lists the queue's macros, triggers and auto-actions",
    );
    expect(
      await refusedUnwritten(limited, 'tracker_get_automations', { queueId: 'OPS', kind: 'macros' }),
    ).toContain('Queue OPS is not available on this server (allowed queues: DEMO, WEB).');
  });
});

describe('automation writes', () => {
  it('creates a trigger whose Transition status is converted from its display name', async () => {
    const result = await t.call('tracker_create_trigger', {
      queueId: 'DEMO',
      name: 'Start on comment',
      actions: [{ type: 'Transition', status: 'In progress' }],
      conditions: [{ type: 'CommentStringMatchCondition', word: 'start' }],
    });
    expect(result.isError).toBe(false);
    expect(result.notes).toContain('actions.0.status "In progress" → inProgress');
    expect(result.json).toMatchObject({
      automationId: 4,
      name: 'Start on comment',
      active: true,
      actions: [{ type: 'Transition', status: 'inProgress' }],
    });
    expect(lastRequest(t).body).toEqual({
      name: 'Start on comment',
      actions: [{ type: 'Transition', status: { key: 'inProgress' } }],
      conditions: [{ type: 'CommentStringMatchCondition', word: 'start' }],
    });
  });

  it('refuses before sending an unknown action type or status, a condition without type, a status in a macro', async () => {
    expect(
      await refusedUnsent(t, 'tracker_create_autoaction', {
        queueId: 'DEMO',
        name: 'X',
        query: 'Status: open',
        actions: [{ type: 'Move', queue: 'OPS' }],
      }),
    ).toContain('- actions.0.type: "Move" is not an action type here. Valid types: Transition, Update,');
    expect(
      await refusedUnsent(t, 'tracker_create_trigger', {
        queueId: 'DEMO',
        name: 'X',
        actions: [{ type: 'Transition', status: 'shipped' }],
      }),
    ).toContain('"shipped" is not a status. Valid statuses: open, inProgress,');
    expect(
      await refusedUnsent(t, 'tracker_create_trigger', {
        queueId: 'DEMO',
        name: 'X',
        actions: [{ type: 'Transition', status: 'open' }],
        conditions: [{ word: 'x' }],
      }),
    ).toContain('Each condition needs a `type`');
    expect(
      await refusedUnsent(t, 'tracker_create_macro', {
        queueId: 'DEMO',
        name: 'X',
        issueUpdate: { status: 'open' },
      }),
    ).toContain('A status cannot be set by a macro');
  });

  it('creates a macro and an auto-action running every 2 hours', async () => {
    const macro = await t.call('tracker_create_macro', {
      queueId: 'DEMO',
      name: 'Close as duplicate',
      body: 'Duplicate, closing.',
      issueUpdate: { resolution: 'duplicate', tags: { add: ['dup'] } },
    });
    expect(macro.json).toMatchObject({
      automationId: 2,
      changes: [
        { field: 'resolution', value: 'duplicate' },
        { field: 'tags', update: { add: ['dup'] } },
      ],
    });
    const auto = await t.call('tracker_create_autoaction', {
      queueId: 'DEMO',
      name: 'Close resolved',
      query: 'Status: resolved',
      actions: [{ type: 'Transition', status: 'closed' }],
      every: '2h',
    });
    expect(auto.isError).toBe(false);
    expect(auto.json).toMatchObject({
      automationId: 2,
      query: 'Status: resolved',
      intervalMillis: 7_200_000,
    });
  });

  it("passes on the API's 403 for a queue the user does not administer, saying who may", async () => {
    const result = await t.call('tracker_create_trigger', {
      queueId: 'OPS',
      name: 'X',
      actions: [{ type: 'Transition', status: 'open' }],
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Недостаточно прав для настройки очереди OPS.');
    expect(result.text).toContain("takes the queue's administrator");
  });

  it('keeps the queue policy: a read-only or disallowed queue is refused before anything is sent', async () => {
    expect(
      await refusedUnwritten(limited, 'tracker_create_macro', { queueId: 'DEMO', name: 'X', body: 'y' }),
    ).toContain('Queue DEMO is read-only on this server (YANDEX_TRACKER_READ_ONLY_QUEUES)');
    expect(
      await refusedUnwritten(limited, 'tracker_create_autoaction', {
        queueId: 'OPS',
        name: 'X',
        query: 'Status: open',
        actions: [{ type: 'Transition', status: 'closed' }],
      }),
    ).toContain('Queue OPS is not available on this server');
  });
});
