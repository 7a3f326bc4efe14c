/**
 * Changing logged time through the MCP SDK's client, against the emulator: an entry moved (its
 * length kept), shortened, re-described and put on a task by its custom id, start and end always
 * sent together as the API requires; its history; the workspace's labels listed, added (a known one
 * in the workspace's spelling) and removed; what cannot be sent refused before anything is; a
 * Workspace whose plan lacks labels answered as such, and the same calls working on Business.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import type { TimeEntryView } from '../../api/dto/time-entry-view.ts';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import { timeEntryWriteTools } from './index.ts';

describeAreaDefinitions('time_entry_writes', timeEntryWriteTools);

/** Alice's, on DEV-1: 2026-01-03 09:00–11:00 UTC. */
const ENTRY = '4015000000000000001';
const OTHER = '4015000000000000002';
let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({ args: ['--toolsets', 'time,time_entry_writes'] });
});
beforeEach(() => clickup.emulator.reset());
afterAll(() => clickup.close());

const entry = (id: string) => clickup.emulator.state.timeEntries.find((e) => e.id === id)!;
const writesSince = (mark: number) => clickup.emulator.writes(mark);

describe('clickup_update_time_entry', () => {
  it('moves an entry keeping its length, then shortens it; start and end go together', async () => {
    const mark = clickup.emulator.requests.length;
    const moved = await clickup.call('clickup_update_time_entry', {
      entry_id: ENTRY,
      start: '2026-01-02T14:00:00Z',
    });
    expect(moved.isError).toBe(false);
    expect(moved.json).toMatchObject({
      id: ENTRY,
      start: '2026-01-02T14:00:00.000Z',
      end: '2026-01-02T16:00:00.000Z',
      minutes: 120,
    });
    expect(writesSince(mark)[0]!.body).toEqual({
      start: Date.parse('2026-01-02T14:00:00Z'),
      end: Date.parse('2026-01-02T16:00:00Z'),
      tid: entry(ENTRY).taskId,
    });
    const shorter = await clickup.call('clickup_update_time_entry', { entry_id: ENTRY, duration: '45m' });
    expect(shorter.json).toMatchObject({ start: '2026-01-02T14:00:00.000Z', minutes: 45 });
  });

  it('re-describes it, makes it not billable and puts it on a task named by its custom id', async () => {
    const dev2 = clickup.emulator.state.tasks.find((t) => t.customId === 'DEV-2')!;
    const changed = await clickup.call('clickup_update_time_entry', {
      entry_id: ENTRY,
      description: 'Pairing',
      billable: false,
      task_id: 'DEV-2',
    });
    expect(changed.isError).toBe(false);
    expect(changed.json).toMatchObject({ description: 'Pairing', task: { id: dev2.id, customId: 'DEV-2' } });
    expect(entry(ENTRY)).toMatchObject({
      taskId: dev2.id,
      billable: false,
      start: Date.parse('2026-01-03T09:00:00Z'),
    });
    const history = await clickup.call('clickup_get_time_entry_history', { entry_id: ENTRY });
    const fields = (history.json as { items: { field: string; before: unknown; after: unknown }[] }).items;
    expect(fields.map((f) => f.field).sort()).toEqual(['billable', 'description', 'tid']);
    expect(fields).toContainEqual(
      expect.objectContaining({ field: 'description', before: '', after: 'Pairing' }),
    );
  });

  it('refuses nothing to change, a running timer’s times and a malformed id, sending nothing', async () => {
    const mark = clickup.emulator.requests.length;
    const nothing = await clickup.call('clickup_update_time_entry', { entry_id: ENTRY });
    expect(nothing.text).toContain(
      'nothing to change: give start, duration, description, billable, task_id.',
    );
    const malformed = await clickup.call('clickup_update_time_entry', { entry_id: 'abc', billable: true });
    expect(malformed.text).toContain('time entry ids are numbers');
    expect(writesSince(mark)).toEqual([]);
    const timer = await clickup.call('clickup_start_timer', { task_id: 'DEV-2' });
    const running = (timer.json as TimeEntryView).id;
    const after = clickup.emulator.requests.length;
    const refused = await clickup.call('clickup_update_time_entry', { entry_id: running, duration: '1h' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('the timer of this entry is running: stop it with clickup_stop_timer');
    expect(writesSince(after)).toEqual([]);
  });

  it('answers an entry that does not exist with where the ids are', async () => {
    const missing = await clickup.call('clickup_update_time_entry', {
      entry_id: '4015000000000000777',
      billable: true,
    });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('Find the entry id with clickup_get_time_entries.');
  });
});

describe('time-entry labels', () => {
  it('lists the labels, adds one (a known one as the workspace spells it) and removes one', async () => {
    expect((await clickup.call('clickup_get_time_entry_tags')).json).toEqual({
      items: [{ name: 'billing', fg: '#ffffff', bg: '#7b68ee' }],
    });
    const added = await clickup.call('clickup_tag_time_entries', {
      entry_ids: [ENTRY, OTHER],
      add: ['Billing', 'overtime'],
    });
    expect(added.isError).toBe(false);
    expect(added.json).toEqual({ entries: [ENTRY, OTHER], added: ['billing', 'overtime'] });
    expect(entry(OTHER).tags.map((t) => t.name)).toEqual(['billing', 'overtime']);
    const removed = await clickup.call('clickup_tag_time_entries', {
      entry_ids: [ENTRY],
      remove: ['billing'],
    });
    expect(removed.json).toEqual({ entries: [ENTRY], removed: ['billing'] });
    expect(entry(ENTRY).tags.map((t) => t.name)).toEqual(['overtime']);
    // Removed from the entry, kept in the workspace.
    const labels = (await clickup.call('clickup_get_time_entry_tags')).json as { items: { name: string }[] };
    expect(labels.items.map((l) => l.name)).toEqual(['billing', 'overtime']);
    const history = await clickup.call('clickup_get_time_entry_history', { entry_id: ENTRY });
    expect((history.json as { items: unknown[] }).items[0]).toMatchObject({
      field: 'tags',
      before: ['billing', 'overtime'],
      after: ['overtime'],
    });
  });

  it('refuses a label the workspace lacks, one both added and removed, and nothing, sending nothing', async () => {
    const mark = clickup.emulator.requests.length;
    const unknown = await clickup.call('clickup_tag_time_entries', {
      entry_ids: [ENTRY],
      remove: ['urgent'],
    });
    expect(unknown.text).toContain('the workspace has no label "urgent". Its labels: billing.');
    const both = await clickup.call('clickup_tag_time_entries', {
      entry_ids: [ENTRY],
      add: ['billing'],
      remove: ['Billing'],
    });
    expect(both.text).toContain('"billing" is both added and removed');
    const nothing = await clickup.call('clickup_tag_time_entries', { entry_ids: [ENTRY] });
    expect(nothing.text).toContain('nothing to change: give add or remove');
    expect(writesSince(mark)).toEqual([]);
  });

  it('says the plan lacks labels on a workspace below Business, and works once it is on Business', async () => {
    clickup.emulator.state.plan = 'unlimited';
    const mark = clickup.emulator.requests.length;
    const tagged = await clickup.call('clickup_tag_time_entries', { entry_ids: [ENTRY], add: ['overtime'] });
    expect(tagged.isError).toBe(true);
    expect(tagged.text).toContain(
      "Time-tracking labels needs ClickUp's Business plan or above, and workspace 9015123456 is on the Unlimited plan: ClickUp refused, nothing was changed.",
    );
    expect(tagged.text).toContain('a workspace owner can upgrade the plan');
    expect(writesSince(mark).map((w) => w.status)).toEqual([403]);
    expect(entry(ENTRY).tags).toEqual([]);
    clickup.emulator.state.plan = 'business';
    const ok = await clickup.call('clickup_tag_time_entries', { entry_ids: [ENTRY], add: ['overtime'] });
    expect(ok.json).toEqual({ entries: [ENTRY], added: ['overtime'] });
  });
});
