/**
 * The guarded path, class by class, through a real MCP client against the emulator: what an agent
 * gets wrong on any parameter of any tool — an unknown key at some depth, another name for a field,
 * a name or an e-mail where an id goes, a near miss, a value that does not exist, an impossible date,
 * a time without a zone, a duration in words, a flat list where ClickUp wants {add, rem}, a
 * relationship ClickUp would refuse or misapply, a read's silent default, an unknown event name.
 * Each is refused before anything is written (naming the fix), or converted and announced.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startInProcess, type ClickUpHarness } from './__fixtures__/clickup-harness.ts';

const SPRINT = '901510000001';
const BUGS = '901510000002';

let h: ClickUpHarness;
let mark = 0;
// The webhooks made here keep their secrets in a throwaway store.
const store = mkdtempSync(join(tmpdir(), 'clickup-guarded-'));

beforeAll(async () => {
  h = await startInProcess({ env: { CLICKUP_WEBHOOK_STORE: store } });
});
afterAll(async () => {
  await h.close();
  rmSync(store, { recursive: true, force: true });
});
beforeEach(() => {
  h.emulator.reset();
  mark = h.emulator.requests.length;
});

/** What the call wrote (anything but GET), since the test began. */
const written = () => h.emulator.writes(mark);
const task = (customId: string) => h.emulator.state.tasks.find((t) => t.customId === customId)!;
/** The answer's first block: `converted: …` / `assumed: …`. */
const first = (text: string) => text.split('\n')[0]!;

async function refused(name: string, args: Record<string, unknown>) {
  mark = h.emulator.requests.length;
  const result = await h.call(name, args);
  expect(result.isError).toBe(true);
  expect(written()).toEqual([]);
  return result.text;
}

async function accepted(name: string, args: Record<string, unknown>) {
  const result = await h.call(name, args);
  if (result.isError) throw new Error(`refused: ${result.text}`);
  return result;
}

describe('unknown keys, at every depth', () => {
  it('refuses an unknown key inside a change, naming the valid ones and the one meant; nothing is sent', async () => {
    const text = await refused('clickup_update_task', {
      task_id: 'DEV-1',
      assignees: { add: [81000003], delete: [81000002] },
    });
    expect(text).toContain(
      '- assignees.delete: Unknown field. Did you mean "rem"? Valid fields of assignees: add, rem.',
    );
  });

  it('refuses an unknown key in an array item', async () => {
    const text = await refused('clickup_create_task', {
      list_id: SPRINT,
      name: 'x',
      custom_fields: [{ id: 'Story Points', valeu: 3 }],
    });
    expect(text).toContain('- custom_fields.0.valeu: Unknown field. Did you mean "value"?');
  });

  it('names the field meant by another name (aliases) and the tool that takes a parameter', async () => {
    const text = await refused('clickup_create_task', {
      list_id: SPRINT,
      title: 'x',
      desc: 'y',
      due: '2026-03-10',
    });
    expect(text).toContain('- title: Unknown field. Did you mean "name"?');
    expect(text).toContain('- desc: Unknown field. Did you mean "markdown_content"?');
    expect(text).toContain('- due: Unknown field. Did you mean "due_date"?');
    const elsewhere = await refused('clickup_get_task', { task_id: 'DEV-1', due_after: '2026-01-01' });
    expect(elsewhere).toContain('"due_after" is a parameter of clickup_search_tasks: use that tool for it.');
  });

  it('refuses an empty string, saying how to leave the field out', async () => {
    const text = await refused('clickup_update_task', { task_id: 'DEV-1', name: '' });
    expect(text).toContain('- name: An empty string is not a value here. Leave the field out');
  });
});

describe('entities: exact ids pass, other forms are converted and announced', () => {
  it('converts an e-mail, a display name, "me", a status in any case and a priority name', async () => {
    const result = await accepted('clickup_update_task', {
      task_id: 'DEV-2',
      status: 'IN REVIEW',
      priority: 'High',
      assignees: { add: ['bob@example.com', 'dave okafor'], rem: ['Carol Diaz'] },
      watchers: { add: ['me'] },
    });
    expect(first(result.text)).toBe(
      'converted: status "IN REVIEW" → in review; priority "High" → 2 (high); ' +
        'assignees.add.0 "bob@example.com" → 81000002 (Bob Chen); assignees.add.1 "dave okafor" → 81000004 (Dave Okafor); ' +
        'assignees.rem.0 "Carol Diaz" → 81000003 (Carol Diaz); watchers.add.0 "me" → 81000001 (Alice Martin)',
    );
    expect(written()).toHaveLength(1);
    expect(written()[0]!.body).toMatchObject({
      status: 'in review',
      priority: 2,
      assignees: { add: [81000002, 81000004], rem: [81000003] },
      watchers: { add: [81000001] },
    });
    expect(task('DEV-2')).toMatchObject({
      status: 'in review',
      priority: 2,
      assignees: [81000002, 81000004],
    });
  });

  it('takes a list by its name, and a task by URL or with the CU- prefix (announced)', async () => {
    const created = await accepted('clickup_create_task', { list_id: 'bugs', name: 'Named list' });
    expect(first(created.text)).toBe(`converted: list_id "bugs" → ${BUGS} (Bugs)`);
    expect(written()[0]!.path).toBe(`/api/v2/list/${BUGS}/task`);
    const id = task('DEV-1').id;
    const byUrl = await accepted('clickup_set_custom_field_value', {
      task_id: `https://app.clickup.com/t/${id}`,
      field_id: 'Story Points',
      value: 8,
    });
    expect(first(byUrl.text)).toMatch(
      new RegExp(
        `^converted: task_id "https://app.clickup.com/t/${id}" → ${id} \\(the id in the task URL\\); field_id "Story Points" → `,
      ),
    );
    // The pack used to refuse the CU- prefix (a valid reference): it sees the bare id now.
    const cu = await accepted('clickup_set_custom_field_value', {
      task_id: `CU-${id}`,
      field_id: 'Notes',
      value: 'x',
    });
    expect(first(cu.text)).toContain(`task_id "CU-${id}" → ${id} (the "CU-" prefix removed)`);
  });

  it('refuses a near miss with a did-you-mean, and an unknown value with the valid ones', async () => {
    const near = await refused('clickup_update_task', { task_id: 'DEV-2', status: 'in reveiw' });
    expect(near).toContain(
      '- status: "in reveiw" is not a status of list "Sprint 1" (the list of task DEV-2). Did you mean in review?',
    );
    expect(near).toContain('Valid statuses: to do, in progress, in review, done, closed. Nothing was sent.');
    const person = await refused('clickup_create_task', {
      list_id: SPRINT,
      name: 'x',
      assignees: ['Bob Chn'],
    });
    expect(person).toMatch(
      /- assignees\.0: "Bob Chn" is not a workspace member\. Did you mean 81000002 \(Bob Chen\)/,
    );
    const unknown = await refused('clickup_search_tasks', { tags: ['no-such-tag'] });
    expect(unknown).toContain(
      '"no-such-tag" is not a tag of any space of the workspace. Valid tags: bug, feature, tech-debt, campaign.',
    );
    const priority = await refused('clickup_create_task', { list_id: SPRINT, name: 'x', priority: 7 });
    expect(priority).toContain('Valid priorities: 1 (urgent), 2 (high), 3 (normal), 4 (low).');
  });

  it('refuses an id of another kind, saying what it is', async () => {
    await accepted('clickup_get_folder', { folder_id: '90152000001' }); // folders are known now
    const text = await refused('clickup_get_list', { list_id: '90152000001' });
    expect(text).toContain(
      '"90152000001" is not a list. It is a folder (90152000001 (Sprint work)), not a list.',
    );
  });
});

describe('dates and durations', () => {
  it('refuses impossible calendar dates with the reason; nothing is sent', async () => {
    for (const [value, reason] of [
      ['2026-02-30', 'February 2026 has 28 days'],
      ['2026-13-01T10:00:00+03:00', 'there is no month 13'],
      ['2026-04-31', 'April 2026 has 30 days'],
      ['2026-03-10T24:30', 'hours go from 00 to 23'],
    ]) {
      const text = await refused('clickup_update_task', { task_id: 'DEV-1', due_date: value });
      expect(text).toContain(reason);
    }
  });

  it('reads a time without an offset in your ClickUp time zone, says so, and sets the has-time flag', async () => {
    const result = await accepted('clickup_update_task', { task_id: 'DEV-1', due_date: '2026-03-10T09:00' });
    // America/New_York is UTC−4 from 8 March 2026.
    expect(first(result.text)).toBe(
      'converted: due_date "2026-03-10T09:00" → 2026-03-10T09:00:00.000-04:00 (read in America/New_York, your ClickUp profile)',
    );
    expect(written()[0]!.body).toMatchObject({
      due_date: Date.parse('2026-03-10T13:00:00Z'),
      due_date_time: true,
    });
    expect(task('DEV-1')).toMatchObject({ dueDate: Date.parse('2026-03-10T13:00:00Z'), dueDateTime: true });
  });

  it('keeps a time with an offset as that instant, with the has-time flag (it was stored as a date only)', async () => {
    const result = await accepted('clickup_create_task', {
      list_id: SPRINT,
      name: 'Timed',
      due_date: '2026-03-10T09:00:00+03:00',
      start_date: '2026-03-09',
    });
    expect(result.text).not.toMatch(/^converted/);
    const made = h.emulator.state.tasks.find((t) => t.name === 'Timed')!;
    expect(made).toMatchObject({ dueDate: Date.parse('2026-03-10T06:00:00Z'), dueDateTime: true });
    // A date alone is stored as ClickUp stores one: 04:00 in the user's zone, flag off.
    expect(made).toMatchObject({ startDate: Date.parse('2026-03-09T08:00:00Z'), startDateTime: false });
  });

  it('reads words in your time zone and announces them; refuses what it cannot read', async () => {
    const words = await accepted('clickup_update_task', { task_id: 'DEV-1', start_date: 'tomorrow 9am' });
    expect(first(words.text)).toMatch(
      /^converted: start_date "tomorrow 9am" → \d{4}-\d\d-\d\dT09:00:00\.000-0[45]:00 \(read in America\/New_York, your ClickUp profile\)$/,
    );
    const text = await refused('clickup_create_goal', { name: 'x', due_date: 'when pigs fly' });
    expect(text).toContain(
      '"when pigs fly" is not a date or time this server can read. Use an ISO 8601 date',
    );
  });

  it('takes durations in words and says what it stored', async () => {
    const result = await accepted('clickup_update_task', { task_id: 'DEV-2', time_estimate: '1h 30m' });
    expect(first(result.text)).toBe('converted: time_estimate "1h 30m" → PT1H30M (1h 30m)');
    expect(task('DEV-2').timeEstimate).toBe(90 * 60_000);
    const entry = await accepted('clickup_create_time_entry', {
      task_id: 'DEV-2',
      start: '2026-01-05T10:00:00Z',
      duration: '45 minutes',
    });
    expect(first(entry.text)).toBe('converted: duration "45 minutes" → PT45M (45m)');
    expect(written().at(-1)!.body).toMatchObject({ duration: 45 * 60_000 });
    const tooShort = await refused('clickup_update_task', { task_id: 'DEV-2', time_estimate: 90 });
    expect(tooShort).toContain('is too short: give at least 1m');
  });
});

describe('ranges', () => {
  it('takes a date alone as the end of a range to mean the end of that day, and says so', async () => {
    const result = await accepted('clickup_get_time_entries', { start: '2026-01-04', end: '2026-01-04' });
    expect(first(result.text)).toBe(
      'converted: end "2026-01-04" → 2026-01-05 00:00 (America/New_York) (the end of 2026-01-04)',
    );
    expect(h.emulator.requests.at(-1)!.query).toMatchObject({
      start_date: String(Date.parse('2026-01-04T05:00:00Z')),
      end_date: String(Date.parse('2026-01-05T05:00:00Z')),
    });
    expect(JSON.parse(result.text.split('\n').at(-1)!)).toMatchObject({ total: 1 });
  });
});

describe('{add, rem} changes', () => {
  it('refuses a flat list with the exact form to send (ClickUp would ignore it with 200)', async () => {
    const text = await refused('clickup_update_task', { task_id: 'DEV-2', assignees: [81000002] });
    expect(text).toContain(
      '- assignees: This field takes a change, not a list: send {"add": [81000002]} to add these, {"rem": [81000002]} to remove them (operations: add, rem).',
    );
  });
});

describe('relationships, read before the write', () => {
  it('refuses a parent in another list, naming the list it must be in', async () => {
    const text = await refused('clickup_create_task', { list_id: SPRINT, name: 'Sub', parent: 'DEV-8' });
    expect(text).toContain(
      '- parent: task DEV-8 ("Crash on empty search") is in list "Bugs" (901510000002), but a subtask must be in its parent\'s list, list "Sprint 1" (901510000001).',
    );
    const moved = await refused('clickup_update_task', { task_id: 'DEV-2', parent: 'DEV-11' });
    expect(moved).toContain('task DEV-11 ("Public API") is in list "Roadmap"');
    // The same list: accepted, the custom id made the id ClickUp takes there.
    const ok = await accepted('clickup_create_task', { list_id: SPRINT, name: 'Sub', parent: 'DEV-1' });
    expect(first(ok.text)).toBe(`converted: parent "DEV-1" → ${task('DEV-1').id} (its task id)`);
  });

  it("refuses a tag the task's space lacks, listing its tags", async () => {
    const text = await refused('clickup_add_tag_to_task', { task_id: 'DEV-2', tag: 'campaign' });
    expect(text).toContain(
      '- tag: "campaign" is not a tag of space "Development" (of task DEV-2). Valid tags: bug, feature, tech-debt. Nothing was sent.',
    );
    const create = await refused('clickup_create_task', {
      list_id: SPRINT,
      name: 'x',
      tags: ['Bug', 'campaign'],
    });
    expect(create).toContain('- tags.1: "campaign" is not a tag of space "Development"');
  });

  it("refuses a field that is not on the task's list", async () => {
    const text = await refused('clickup_set_custom_field_value', {
      task_id: 'DEV-1',
      field_id: 'Budget',
      value: 5,
    });
    expect(text).toContain(
      '- field_id: "Budget" is not a custom field of list "Sprint 1" (the list of task DEV-1).',
    );
  });

  it('refuses a second webhook for the same endpoint, naming the one to change', async () => {
    await accepted('clickup_create_webhook', {
      endpoint: 'https://hooks.example.com/a',
      events: ['taskCreated'],
    });
    const existing = h.emulator.state.webhooks[0]!.id;
    mark = h.emulator.requests.length;
    const text = await refused('clickup_create_webhook', {
      endpoint: 'https://hooks.example.com/a/',
      events: ['*'],
    });
    expect(text).toContain(
      `- endpoint: webhook ${existing} already posts to https://hooks.example.com/a (events: taskCreated); a second one would deliver every event twice. Change that one with clickup_update_webhook (webhook_id "${existing}")`,
    );
  });
});

describe('reads say what they assumed, and refuse a filter that cannot match', () => {
  it('says which defaults a read applied and how to widen them', async () => {
    const entries = await accepted('clickup_get_time_entries', {});
    expect(first(entries.text)).toBe(
      "assumed: the last 30 days, ClickUp's default (give start to look further back); your own entries (give assignee for other people's)",
    );
    const search = await accepted('clickup_search_tasks', { statuses: ['in progress'] });
    expect(first(search.text)).toBe(
      'assumed: open tasks only (include_closed: true for closed ones too); top-level tasks only (subtasks: true for subtasks too)',
    );
    const widened = await accepted('clickup_search_tasks', {
      statuses: ['in progress'],
      include_closed: true,
      subtasks: true,
    });
    expect(widened.text).not.toContain('assumed:');
  });

  it('refuses an unknown event name, never an empty list', async () => {
    const text = await refused('clickup_list_webhook_events', { event: 'taskCreatd' });
    expect(text).toContain('- event: "taskCreatd" is not a webhook event. Did you mean taskCreated?');
    expect(text).not.toContain('* (every event)'); // "*" is for subscribing, not a filter
    const subscribe = await refused('clickup_create_webhook', {
      endpoint: 'https://hooks.example.com/b',
      events: ['taskFinished'],
    });
    expect(subscribe).toContain('"taskFinished" is not a webhook event.');
    expect(subscribe).toContain('Valid webhook events: * (every event), taskCreated,');
    const cased = await h.call('clickup_list_webhook_events', { event: 'TASKCREATED' });
    // A server without a webhook store says so; the name was converted first.
    expect(first(cased.text)).toBe('converted: event "TASKCREATED" → taskCreated');
  });
});

describe('what the API would have refused late is refused early', () => {
  it('a date custom field by ISO date: stored as ClickUp stores a date (announced)', async () => {
    const result = await accepted('clickup_set_custom_field_value', {
      task_id: 'DEV-1',
      field_id: 'Deadline',
      value: '2026-02-01',
    });
    expect(first(result.text)).toBe(
      `converted: field_id "Deadline" → c1c0a000-0000-4000-8000-000100000003 (Deadline); value "2026-02-01" → ${Date.parse('2026-02-01T09:00:00Z')} (2026-02-01, a date without a time)`,
    );
    expect(written().at(-1)!.body).toEqual({
      value: Date.parse('2026-02-01T09:00:00Z'),
      value_options: { time: false },
    });
  });

  it('a time entry ending before it starts', async () => {
    const text = await refused('clickup_create_time_entry', {
      start: '2026-01-05T10:00:00Z',
      end: '2026-01-05T09:00:00Z',
    });
    expect(text).toContain(
      '- end: (2026-01-05T09:00:00.000Z) is not after start (2026-01-05T10:00:00.000Z).',
    );
  });
});
