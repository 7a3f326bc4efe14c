/**
 * A queue's macros, triggers and auto-actions: read whole or one (404 for another queue's), created
 * by a queue administrator only (403 otherwise), with the 422s naming the field and `reset()`
 * restoring the seed.
 */
import { describe, expect, it } from '@jest/globals';
import { useTrackerEmulator } from '../__fixtures__/emulator-harness.ts';

const harness = useTrackerEmulator();
const { call } = harness;

describe('automation reads', () => {
  it("lists a queue's triggers and reads one; another queue's is a 404", async () => {
    const list = await call('GET', '/v3/queues/DEMO/triggers');
    expect((list.json as unknown as Array<{ name: string }>).map((t) => t.name)).toEqual([
      'Reopen on comment',
      'Tag regressions',
    ]);
    const one = await call('GET', '/v3/queues/DEMO/triggers/1');
    expect(one.json).toMatchObject({
      id: 1,
      queue: { key: 'DEMO' },
      actions: [{ type: 'Transition', id: 1, status: { key: 'open' } }],
    });
    expect((await call('GET', '/v3/queues/DEMO/triggers/3')).status).toBe(404);
    expect((await call('GET', '/v3/queues/NOPE/macros')).status).toBe(404);
    const macro = await call('GET', '/v3/queues/DEMO/macros/1');
    expect(macro.json['fieldChanges']).toEqual([
      { field: expect.objectContaining({ id: 'tags' }), update: { add: ['needinfo'] } },
    ]);
  });
});

describe('automation writes', () => {
  it('creates a macro (201), a trigger and an auto-action (200) in a queue alice administers', async () => {
    const macro = await call('POST', '/v3/queues/DEMO/macros', {
      name: 'Close as duplicate',
      issueUpdate: { resolution: 'duplicate' },
    });
    expect([macro.status, macro.json['id']]).toEqual([201, 2]);
    const trigger = await call('POST', '/v3/queues/DEMO/triggers', {
      name: 'Start on comment',
      actions: [{ type: 'Transition', status: { key: 'inProgress' } }],
      conditions: [{ type: 'CommentStringMatchCondition', word: 'start' }],
    });
    expect([trigger.status, trigger.json['id'], trigger.json['active']]).toEqual([200, 4, true]);
    const auto = await call('POST', '/v3/queues/DEMO/autoactions', {
      name: 'Close resolved',
      query: 'Status: resolved',
      actions: [{ type: 'Transition', status: 'closed' }],
    });
    expect([auto.status, auto.json['intervalMillis']]).toEqual([200, 3_600_000]);
  });

  it('refuses a queue alice does not administer (403) and bad bodies (422 naming the field)', async () => {
    const foreign = await call('POST', '/v3/queues/OPS/triggers', {
      name: 'X',
      actions: [{ type: 'Transition', status: 'open' }],
    });
    expect(foreign.status).toBe(403);
    const noActions = await call('POST', '/v3/queues/DEMO/triggers', { name: 'X' });
    expect([noActions.status, noActions.json['errors']]).toEqual([422, { actions: 'Обязательное поле' }]);
    const badType = await call('POST', '/v3/queues/DEMO/autoactions', {
      name: 'X',
      query: 'Status: open',
      actions: [{ type: 'Move', queue: 'OPS' }],
    });
    expect(badType.json['errors']).toEqual({ 'actions.0.type': 'Неизвестный тип действия' });
    const badStatus = await call('POST', '/v3/queues/DEMO/triggers', {
      name: 'X',
      actions: [{ type: 'Transition', status: 'done' }],
    });
    expect(badStatus.json['errors']).toEqual({ 'actions.0.status': 'Статус не найден' });
    const badField = await call('POST', '/v3/queues/DEMO/macros', { name: 'X', issueUpdate: { budget: 1 } });
    expect(badField.json['errors']).toEqual({ 'issueUpdate.budget': 'Неизвестное поле' });
    const noSelector = await call('POST', '/v3/queues/DEMO/autoactions', {
      name: 'X',
      actions: [{ type: 'Transition', status: 'open' }],
    });
    expect(noSelector.status).toBe(422);
    expect(harness.tracker.state.automation.triggers).toHaveLength(3);
  });

  it('reset() restores the seed', async () => {
    await call('POST', '/v3/queues/DEMO/macros', { name: 'Extra' });
    harness.tracker.reset();
    expect(harness.tracker.state.automation.macros.map((m) => m.name)).toEqual(['Need info']);
  });
});
