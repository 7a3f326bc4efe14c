import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startInProcess, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;
/** A server limited to DEMO and OPS, with OPS read-only. */
let limited: TrackerHarness;

beforeAll(async () => {
  [t, limited] = await Promise.all([
    startInProcess(),
    startInProcess({ env: { YANDEX_TRACKER_QUEUES: 'DEMO,OPS', YANDEX_TRACKER_READ_ONLY_QUEUES: 'OPS' } }),
  ]);
}, 30_000);
afterAll(async () => {
  await Promise.all([t.close(), limited.close()]);
});

/** A call refused with nothing written (reference data may be read to check its values). */
async function refusedUnwritten(h: TrackerHarness, name: string, args: Record<string, unknown>) {
  const before = h.emulator.requests.length;
  const result = await h.call(name, args);
  expect(result.isError).toBe(true);
  expect(h.emulator.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
  return result.text;
}

const stored = (id: number) => t.emulator.state.versions.find((v) => v.id === id);

describe('tracker_get_queue_versions', () => {
  it("lists a queue's versions compactly, the queue by name converted", async () => {
    const result = await t.call('tracker_get_queue_versions', { queueId: 'demo' });
    expect(result.notes).toBe('converted: queueId "demo" → DEMO (Demo)');
    expect(result.json).toEqual({
      items: [
        {
          versionId: 1,
          version: 1,
          queue: 'DEMO',
          name: '1.0',
          description: 'First public release',
          startDate: '2026-09-01',
          dueDate: '2026-10-31',
          released: true,
          archived: false,
        },
        {
          versionId: 2,
          version: 1,
          queue: 'DEMO',
          name: '1.1',
          dueDate: '2026-12-15',
          released: false,
          archived: false,
        },
      ],
      total: 2,
    });
  });

  it('refuses a queue that does not exist, naming the valid ones', async () => {
    const result = await t.call('tracker_get_queue_versions', { queueId: 'NOPE' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('"NOPE" is not a queue');
  });
});

describe('tracker_create_version', () => {
  it('creates a version with its dates', async () => {
    const result = await t.call('tracker_create_version', {
      queueId: 'DEMO',
      name: '1.2',
      startDate: '2026-12-16',
      dueDate: '2027-02-28',
    });
    expect(result.json).toEqual({
      versionId: 4,
      version: 1,
      queue: 'DEMO',
      name: '1.2',
      startDate: '2026-12-16',
      dueDate: '2027-02-28',
      released: false,
      archived: false,
    });
  });

  it('refuses a name the queue has and dates out of order, nothing written', async () => {
    expect(await refusedUnwritten(t, 'tracker_create_version', { queueId: 'DEMO', name: '1.1' })).toContain(
      'Queue DEMO already has the version 2 (1.1): use its id, or pick another name. Nothing was sent.',
    );
    expect(
      await refusedUnwritten(t, 'tracker_create_version', {
        queueId: 'DEMO',
        name: '2.0',
        startDate: '2027-03-01',
        dueDate: '2027-01-01',
      }),
    ).toContain('dueDate: (2027-01-01) is before startDate (2027-03-01). Swap them or fix one.');
  });

  it('keeps the queue policy: a read-only queue is refused', async () => {
    const text = await refusedUnwritten(limited, 'tracker_create_version', {
      queueId: 'OPS',
      name: '2027.1',
    });
    expect(text).toContain('Queue OPS is read-only on this server');
  });
});

describe('tracker_update_version', () => {
  it('releases a version on its current version; a stale one is a conflict, not a retry', async () => {
    const result = await t.call('tracker_update_version', {
      versionId: 2,
      version: 1,
      released: true,
      description: 'Onboarding',
    });
    expect(result.json).toMatchObject({
      versionId: 2,
      version: 2,
      released: true,
      description: 'Onboarding',
    });
    const stale = await t.call('tracker_update_version', { versionId: 2, version: 1, archived: true });
    expect(stale.isError).toBe(true);
    expect(stale.text).toContain('HTTP 409');
    expect(stale.text).toContain('A blind retry will not help');
    expect(stored(2)!.archived).toBe(false);
  });

  it('clears the description with "", and refuses a call that changes nothing', async () => {
    const result = await t.call('tracker_update_version', { versionId: 2, description: '' });
    expect(result.isError).toBe(false);
    expect(stored(2)!.description).toBeUndefined();
    expect(await refusedUnwritten(t, 'tracker_update_version', { versionId: 2 })).toContain(
      'says nothing to change.',
    );
  });

  it('names the list tool when the version does not exist', async () => {
    const result = await t.call('tracker_update_version', { versionId: 99, name: 'x' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Версия 99 не найдена.');
    expect(result.text).toContain('tracker_get_queue_versions lists the versions of a queue');
  });

  it('keeps the queue policy for a version named by id: its queue is read, a read-only one refused', async () => {
    const text = await refusedUnwritten(limited, 'tracker_update_version', { versionId: 3, name: '2026.Q4' });
    expect(text).toContain('Queue OPS is read-only on this server');
  });
});
