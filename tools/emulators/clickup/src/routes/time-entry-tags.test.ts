/**
 * Time-entry labels, updates and history on the emulator as the API answers them: labels listed
 * (added ones and those on entries), added to and removed from entries (kept in the Workspace),
 * renamed; an update that takes start only with end and `tags` with `tag_action`; the history of
 * each change; the plan: labels refused below Business, `GET /team/{id}/plan` naming it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller } from '../__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';

let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
  call = apiCaller(clickup);
});
beforeEach(() => clickup.reset());
afterAll(() => clickup.close());

const TEAM = '9015123456';
const ENTRY = '4015000000000000001';
const tags = () => call<{ data: { name: string }[] }>('GET', `/team/${TEAM}/time_entries/tags`);
const names = (id: string) => clickup.state.timeEntries.find((e) => e.id === id)!.tags.map((t) => t.name);
type History = { data: { field: string; before: unknown; after: unknown; user: { id: number } }[] };

describe('time-entry labels', () => {
  it('adds labels to entries, removes them (the Workspace keeps them) and renames one everywhere', async () => {
    expect((await tags()).json.data.map((t) => t.name)).toEqual(['billing']);
    const body = {
      time_entry_ids: [ENTRY],
      tags: [{ name: 'overtime', tag_fg: '#000000', tag_bg: '#ffcc00' }],
    };
    expect((await call('POST', `/team/${TEAM}/time_entries/tags`, body)).status).toBe(200);
    expect(names(ENTRY)).toEqual(['overtime']);
    await call('DELETE', `/team/${TEAM}/time_entries/tags`, {
      time_entry_ids: [ENTRY],
      tags: [{ name: 'overtime' }],
    });
    expect(names(ENTRY)).toEqual([]);
    expect((await tags()).json.data.map((t) => t.name)).toEqual(['billing', 'overtime']);
    await call('POST', `/team/${TEAM}/time_entries/tags`, body);
    const renamed = await call('PUT', `/team/${TEAM}/time_entries/tags`, {
      name: 'overtime',
      new_name: 'late',
      tag_bg: '#000000',
      tag_fg: '#ffffff',
    });
    expect(renamed.status).toBe(200);
    expect(names(ENTRY)).toEqual(['late']);
    expect((await tags()).json.data.map((t) => t.name)).toEqual(['billing', 'late']);
  });

  it('answers 400 for a body without entries or tags and 404 for an entry that does not exist', async () => {
    const noIds = await call('POST', `/team/${TEAM}/time_entries/tags`, { tags: [{ name: 'x' }] });
    expect(noIds.status).toBe(400);
    const noTags = await call('POST', `/team/${TEAM}/time_entries/tags`, { time_entry_ids: [ENTRY] });
    expect(noTags.status).toBe(400);
    const missing = await call('POST', `/team/${TEAM}/time_entries/tags`, {
      time_entry_ids: [ENTRY, '1'],
      tags: [{ name: 'x' }],
    });
    expect(missing.status).toBe(404);
    expect(names(ENTRY)).toEqual([]);
  });

  it('refuses labels below the Business plan; GET …/plan names the plan; reset() restores it', async () => {
    expect((await call('GET', `/team/${TEAM}/plan`)).json).toEqual({ plan_name: 'Enterprise', plan_id: 4 });
    clickup.state.plan = 'free';
    expect((await call('GET', `/team/${TEAM}/plan`)).json).toEqual({ plan_name: 'Free Forever', plan_id: 1 });
    const refused = await call('POST', `/team/${TEAM}/time_entries/tags`, {
      time_entry_ids: [ENTRY],
      tags: [{ name: 'x' }],
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      err: 'Time tracking labels requires the Business Plan or above; this Workspace is on the Free Forever Plan',
      ECODE: 'PLAN_001',
    });
    clickup.reset();
    expect((await call('GET', `/team/${TEAM}/plan`)).json).toMatchObject({ plan_name: 'Enterprise' });
  });
});

describe('time-entry updates and history', () => {
  it('takes start only with end, records each changed field, newest first', async () => {
    const path = `/team/${TEAM}/time_entries/${ENTRY}`;
    const alone = await call('PUT', path, { start: 1 });
    expect(alone.status).toBe(400);
    expect(alone.json).toMatchObject({ err: 'When providing start, you must also provide end' });
    await call('PUT', path, { description: 'Pairing', billable: true });
    await call('PUT', path, { tags: [{ name: 'billing' }], tag_action: 'add' });
    const history = await call<History>('GET', `${path}/history`);
    expect(history.json.data.map((h) => h.field)).toEqual(['tags', 'description']);
    expect(history.json.data[1]).toMatchObject({
      before: '',
      after: 'Pairing',
      user: { id: clickup.state.me },
    });
    await call('PUT', path, { tags: [{ name: 'billing' }], tag_action: 'remove' });
    expect(names(ENTRY)).toEqual([]);
    expect((await call('PUT', path, { tags: [], tag_action: 'swap' })).status).toBe(400);
    expect((await call('GET', `/team/${TEAM}/time_entries/1/history`)).status).toBe(404);
  });
});
