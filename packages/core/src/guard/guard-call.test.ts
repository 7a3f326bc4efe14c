import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { silentLogger } from '../logging/logger.ts';
import { ToolRegistry } from '../registry/tool-registry.ts';
import { noProgress, type ToolContext } from '../tool/tool-context.ts';
import type { ToolCallResult } from '../tool/tool-result.ts';
import {
  createGuardDeps,
  createWorld,
  FindTasksTool,
  UpdateTaskTool,
  type GuardDeps,
} from './__fixtures__/guarded-tools.ts';

function ctx(deps: GuardDeps): ToolContext<GuardDeps> {
  return {
    deps,
    signal: new AbortController().signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: 't',
  };
}

const text = (result: ToolCallResult) => result.content.map((c) => ('text' in c ? c.text : '')).join('\n');

async function call(
  tool: UpdateTaskTool | FindTasksTool,
  args: Record<string, unknown>,
  deps = createGuardDeps(),
) {
  const result = await tool.run(args, ctx(deps));
  return { result, text: text(result), deps, sent: deps.world.sent as Record<string, unknown>[] };
}

const update = new UpdateTaskTool();
const find = new FindTasksTool();
new ToolRegistry<GuardDeps>().register(update, find);

describe('strict at every depth', () => {
  it('refuses an unknown key in a nested change, naming the valid keys and the one meant; nothing is sent', async () => {
    const { result, text, sent } = await call(update, {
      task_id: 't1',
      list_id: '901',
      assignees: { delete: [102] },
    });
    expect(result.isError).toBe(true);
    expect(text).toContain(
      '- assignees.delete: Unknown field. Did you mean "rem"? Valid fields of assignees: add, rem.',
    );
    expect(sent).toEqual([]);
  });

  it('refuses unknown keys in array items', async () => {
    const { text } = await call(update, {
      task_id: 't1',
      list_id: '901',
      checklist: [{ name: 'a' }, { name: 'b', checked: true }],
    });
    expect(text).toContain('- checklist.1.checked: Unknown field.');
    expect(text).toContain('Valid fields of checklist.1: name, done.');
  });

  it('names declared aliases and common ones at the top level', async () => {
    const { text } = await call(update, {
      task_id: 't1',
      list_id: '901',
      title: 'x',
      desc: 'y',
      dueDate: '2026-12-01',
    });
    expect(text).toContain('- title: Unknown field. Did you mean "name"?');
    expect(text).toContain('- desc: Unknown field. Did you mean "description"?');
    expect(text).toContain('- dueDate: Unknown field. Did you mean "due_date"?');
  });

  it('names the tool that takes a parameter this one does not', async () => {
    const { text } = await call(update, { task_id: 't1', list_id: '901', since: '2026-01-01' });
    expect(text).toContain('"since" is a parameter of find_tasks: use that tool for it.');
  });

  it('refuses empty and blank strings on servers that refuse them, saying how to leave the field', async () => {
    const { text } = await call(update, { task_id: 't1', list_id: '901', description: '', name: '   ' });
    expect(text).toContain(
      '- description: An empty string is not a value here. Leave the field out if you do not mean to set or change it.',
    );
    expect(text).toContain('- name: A blank string is not a value here.');
  });

  it('says how to unset a field when null is refused, and takes null where it is declared', async () => {
    const refused = await call(update, { task_id: 't1', list_id: '901', start_date: null });
    expect(refused.text).toContain('- start_date: null is not a value here');
    const ok = await call(update, { task_id: 't1', list_id: '901', due_date: null });
    expect(ok.result.isError).toBeUndefined();
    expect(ok.sent[0]!['due_date']).toBeNull();
  });
});

describe('references', () => {
  it('passes exact ids unchanged and says nothing', async () => {
    const { result, sent } = await call(update, {
      task_id: 't1',
      list_id: '901',
      assignees: { add: [102] },
      status: 'done',
    });
    expect(result.content).toHaveLength(1);
    expect(sent[0]).toMatchObject({ assignees: { add: [102] }, status: 'done' });
  });

  it('converts case, names, e-mails, logins and "me", and announces each in one first line', async () => {
    const { result, sent } = await call(update, {
      task_id: 't1',
      list_id: 'backlog',
      status: 'In Progress',
      priority: 'Срочный',
      assignees: { add: ['Bob Petrov', 'alice@example.com', 'ALEX'], rem: ['me'] },
    });
    expect(result.isError).toBeUndefined();
    expect(sent[0]).toMatchObject({
      list_id: '901',
      status: 'in progress',
      priority: 'urgent',
      assignees: { add: [101, 102, 103], rem: [101] },
    });
    const first = (result.content[0] as { text: string }).text;
    expect(first.split('\n')).toHaveLength(1);
    expect(first).toBe(
      'converted: list_id "backlog" → 901 (Backlog); status "In Progress" → in progress; priority "Срочный" → urgent (Urgent); ' +
        'assignees.add.0 "Bob Petrov" → 101 (Bob Petrov); assignees.add.1 "alice@example.com" → 102 (Alice Smith); ' +
        'assignees.add.2 "ALEX" → 103 (Alex Smith); assignees.rem.0 "me" → 101 (Bob Petrov)',
    );
  });

  it("matches a person's name in either order", async () => {
    const { sent } = await call(update, {
      task_id: 't1',
      list_id: '901',
      assignees: { add: ['Petrov Bob'] },
    });
    expect(sent[0]).toMatchObject({ assignees: { add: [101] } });
  });

  it('refuses a near miss with a did-you-mean and the valid values, before anything is sent', async () => {
    const { result, text, sent } = await call(update, {
      task_id: 't1',
      list_id: '901',
      status: 'in progres',
    });
    expect(result.isError).toBe(true);
    expect(text).toContain(
      '- status: "in progres" is not a status of list "Backlog". Did you mean in progress? Valid statuses: to do, in progress, done. Nothing was sent.',
    );
    expect(sent).toEqual([]);
  });

  it('checks a scoped value against its own scope', async () => {
    const { text } = await call(update, { task_id: 't1', list_id: '902', status: 'done' });
    expect(text).toContain('"done" is not a status of list "Sprint". Valid statuses: open, review, closed.');
  });

  it('refuses a name several values share, listing them', async () => {
    const { text } = await call(update, { task_id: 't1', list_id: '901', assignees: { add: ['Smith'] } });
    expect(text).toContain('is not a member');
    const ambiguous = createWorld();
    ambiguous.members.push({ id: 105, username: 'bob2', email: 'b2@example.com', name: 'Bob Petrov' });
    const second = await call(
      update,
      { task_id: 't1', list_id: '901', assignees: { add: ['bob petrov'] } },
      createGuardDeps(ambiguous),
    );
    expect(second.text).toContain(
      '"bob petrov" names several members: 101 (Bob Petrov), 105 (Bob Petrov). Pass the id of the one you mean.',
    );
  });

  it('says when a value is an id of another kind', async () => {
    const deps = createGuardDeps();
    await call(update, { task_id: 't1', list_id: '901' }, deps); // lists are now cached
    const { text } = await call(update, { task_id: 't1', list_id: '901', assignees: { add: ['902'] } }, deps);
    expect(text).toContain('"902" is not a member. It is a list (902 (Sprint)), not a member.');
  });

  it('reads each kind once per TTL under concurrency and again after it', async () => {
    let now = 0;
    const deps = createGuardDeps(createWorld(), () => now);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        call(update, { task_id: 't1', list_id: '901', assignees: { add: ['bob'] } }, deps),
      ),
    );
    expect(deps.world.reads['member']).toBe(1);
    expect(deps.world.reads['list']).toBe(1);
    now = 11 * 60_000;
    await call(update, { task_id: 't1', list_id: '901', assignees: { add: ['bob'] } }, deps);
    expect(deps.world.reads['member']).toBe(2);
  });

  it('looks once more before refusing a value missing from values read more than 5 s ago', async () => {
    let now = 0;
    const world = createWorld();
    const deps = createGuardDeps(world, () => now);
    await call(update, { task_id: 't1', list_id: '901', assignees: { add: ['bob'] } }, deps);
    world.members.push({ id: 110, username: 'zoe', email: 'zoe@example.com', name: 'Zoe New' });
    now = 2_000; // read 2 s ago: the miss is believed
    const refused = await call(update, { task_id: 't1', list_id: '901', assignees: { add: ['zoe'] } }, deps);
    expect(refused.result.isError).toBe(true);
    now = 6_000; // 6 s: read again, found
    const found = await call(update, { task_id: 't1', list_id: '901', assignees: { add: ['zoe'] } }, deps);
    expect(found.text).not.toContain('Invalid');
    expect(found.sent.at(-1)).toMatchObject({ assignees: { add: [110] } });
    expect(deps.world.reads['member']).toBe(2);
  });

  it('offers a value with two letters swapped, and not a short word two edits away', async () => {
    const swapped = await call(update, { task_id: 't1', list_id: '901', status: 'odne' });
    expect(swapped.text).toContain('Did you mean done?');
    const far = await call(update, { task_id: 't1', list_id: '901', assignees: { add: ['zoe'] } });
    expect(far.text).not.toContain('Did you mean');
  });

  it('offers no near number for an id (a near id is another thing)', async () => {
    const { text } = await call(update, { task_id: 't1', list_id: '903' });
    expect(text).toContain('"903" is not a list. Valid lists:');
    expect(text).not.toContain('Did you mean');
  });

  it('reads a kind again when the API says its cached values were stale', async () => {
    const deps = createGuardDeps();
    await call(update, { task_id: 't1', list_id: '901', status: 'done' }, deps);
    const failed = await call(update, { task_id: 'gone', list_id: '901', status: 'done' }, deps);
    expect(failed.result.isError).toBe(true);
    await call(update, { task_id: 't1', list_id: '901', status: 'done' }, deps);
    expect(deps.world.reads['status:901']).toBe(2);
    expect(deps.world.reads['member'] ?? 0).toBe(0);
  });

  it('resolves values inside a custom filter through the same kinds', async () => {
    const { result, text } = await call(find, { list_id: '901', filter: { assignee: 'alice', tag: 'x' } });
    expect(result.isError).toBeUndefined();
    expect(text).toContain('converted: filter.assignee "alice" → 102 (Alice Smith)');
    expect(text).toContain('"assignee":"102"');
  });

  it('property: any case or spacing variant of a known value converts to it; any other string is refused', async () => {
    const statuses = ['to do', 'in progress', 'done'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...statuses),
        fc.array(fc.boolean(), { minLength: 11, maxLength: 11 }),
        async (status, upper) => {
          const variant = ` ${[...status].map((ch, i) => (upper[i % 11] ? ch.toUpperCase() : ch)).join('')} `;
          const { sent } = await call(update, { task_id: 't1', list_id: '901', status: variant });
          expect(sent[0]!['status']).toBe(status);
        },
      ),
      { numRuns: 60, seed: 21 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 20 }), async (value) => {
        fc.pre(value.trim() !== '' && !statuses.includes(value.trim().toLowerCase()));
        const { result, sent, text } = await call(update, { task_id: 't1', list_id: '901', status: value });
        expect(result.isError).toBe(true);
        expect(sent).toEqual([]);
        expect(text).toContain('Valid statuses: to do, in progress, done.');
      }),
      { numRuns: 100, seed: 22 },
    );
  });
});

describe('times and durations', () => {
  it('refuses impossible calendar dates and times with the reason', async () => {
    for (const [value, reason] of [
      ['2026-11-31', 'November 2026 has 30 days'],
      ['2026-13-01', 'there is no month 13'],
      ['2027-02-29', 'February 2027 has 28 days'],
      ['2026-11-30T25:00', 'hours go from 00 to 23'],
      ['2026-11-30T10:61:00Z', 'minutes go from 00 to 59'],
    ]) {
      const { result, text, sent } = await call(update, { task_id: 't1', list_id: '901', due_date: value });
      expect(result.isError).toBe(true);
      expect(text).toContain(reason);
      expect(sent).toEqual([]);
    }
  });

  it('refuses a numeric date whose day and month could be swapped, and reads one that cannot', async () => {
    const { text } = await call(update, { task_id: 't1', list_id: '901', due_date: '01.06.2027' });
    expect(text).toContain(
      '"01.06.2027" could be day/month or month/day. Write it as ISO 8601, e.g. "2027-06-01" for 1 June.',
    );
    const clear = await call(update, { task_id: 't1', list_id: '901', due_date: '25.06.2027' });
    expect(clear.result.isError).toBeUndefined();
    expect((clear.sent[0]!['due_date'] as { date: string }).date).toBe('2027-06-25');
  });

  it('reads a time without an offset in the user zone and says so', async () => {
    const { result, sent } = await call(update, {
      task_id: 't1',
      list_id: '901',
      due_date: '2026-07-01T09:00',
    });
    expect(sent[0]!['due_date']).toEqual({
      epochMs: Date.parse('2026-07-01T08:00:00Z'),
      hasTime: true,
      zone: 'Europe/Lisbon',
      date: '2026-07-01',
      iso: '2026-07-01T09:00:00.000+01:00',
    });
    expect(text(result)).toContain(
      'converted: due_date "2026-07-01T09:00" → 2026-07-01T09:00:00.000+01:00 (read in Europe/Lisbon, your profile)',
    );
  });

  it('keeps an explicit offset and says nothing; a date alone has no time', async () => {
    const zoned = await call(update, {
      task_id: 't1',
      list_id: '901',
      due_date: '2026-07-01T09:00:00+03:00',
      start_date: '2026-06-30',
    });
    expect(zoned.result.content).toHaveLength(1);
    expect(zoned.sent[0]!['due_date']).toMatchObject({
      epochMs: Date.parse('2026-07-01T06:00:00Z'),
      hasTime: true,
      zone: '+03:00',
    });
    expect(zoned.sent[0]!['start_date']).toMatchObject({
      hasTime: false,
      date: '2026-06-30',
      iso: '2026-06-30',
    });
  });

  it('drops the time of a date field and says so', async () => {
    // The date where the caller said the time was (UTC here), not where the user is.
    const { sent, text } = await call(update, {
      task_id: 't1',
      list_id: '901',
      start_date: '2026-06-30T23:30:00Z',
    });
    expect(sent[0]!['start_date']).toMatchObject({ date: '2026-06-30', hasTime: false });
    expect(text).toContain('a date field: the time of day is dropped');
  });

  it('reads words in the user zone, announced; refuses what it cannot read', async () => {
    const { sent, text } = await call(update, { task_id: 't1', list_id: '901', due_date: 'tomorrow 9am' });
    const due = sent[0]!['due_date'] as { hasTime: boolean; iso: string };
    expect(due.hasTime).toBe(true);
    expect(due.iso).toMatch(/T09:00:00\.000[+-]\d\d:\d\d$/);
    expect(text).toContain('converted: due_date "tomorrow 9am" →');
    const last = await call(update, { task_id: 't1', list_id: '901', due_date: 'last tuesday' });
    const lastDate = (last.sent.at(-1)!['due_date'] as { epochMs: number }).epochMs;
    expect(lastDate).toBeLessThan(Date.now());
    expect(lastDate).toBeGreaterThan(Date.now() - 8 * 86_400_000);
    const period = await call(update, { task_id: 't1', list_id: '901', due_date: 'next quarter' });
    expect(period.text).toContain('"next quarter" names a period, not a day');
    const refused = await call(update, { task_id: 't1', list_id: '901', due_date: 'when pigs fly' });
    expect(refused.result.isError).toBe(true);
    expect(refused.text).toContain('"when pigs fly" is not a date or time this server can read.');
  });

  it('uses UTC and says so when the user has no zone', async () => {
    const world = createWorld();
    world.zone = undefined;
    const { text } = await call(
      update,
      { task_id: 't1', list_id: '901', due_date: '2026-07-01T09:00' },
      createGuardDeps(world),
    );
    expect(text).toContain('(read in UTC, no time zone is known for you: give an offset to use another)');
  });

  it('accepts durations in every form and announces what is stored', async () => {
    for (const [given, ms] of [
      ['1h 30m', 5_400_000],
      ['90m', 5_400_000],
      ['1.5h', 5_400_000],
      ['PT1H30M', 5_400_000],
      ['1:30', 5_400_000],
      ['1 hour 30 minutes', 5_400_000],
      [5_400_000, 5_400_000],
    ] as const) {
      const { sent, text } = await call(update, { task_id: 't1', list_id: '901', estimate: given });
      expect((sent[0]!['estimate'] as { ms: number }).ms).toBe(ms);
      if (given === 'PT1H30M' || typeof given === 'number') expect(text).not.toContain('converted');
      else expect(text).toContain(`converted: estimate ${JSON.stringify(given)} → PT1H30M (1h 30m)`);
    }
    const huge = await call(update, { task_id: 't1', list_id: '901', estimate: 1e308 });
    expect(huge.text).toContain('is longer than');
    const refused = await call(update, { task_id: 't1', list_id: '901', estimate: '3 fortnights' });
    expect(refused.text).toContain('has the unknown unit "fortnights"');
  });
});

describe('reads say what they assumed', () => {
  it('says which default it applied when the caller left it out', async () => {
    const { text } = await call(find, { list_id: '901' });
    expect(text).toContain('assumed: the last 30 days (pass `since` to widen)');
    const given = await call(find, { list_id: '901', since: '2026-01-01' });
    expect(given.text).not.toContain('assumed');
  });
});

describe('the hooks of the guarded path', () => {
  it('runs the tool checks after resolving and translates API errors', async () => {
    const checked = await call(update, { task_id: 't1', list_id: '901', name: 'forbidden' });
    expect(checked.text).toContain('- name: is forbidden.');
    const translated = await call(update, { task_id: 'custom-missing', list_id: '901' });
    expect(translated.result.isError).toBe(true);
    expect(translated.text).toContain('- task_id: No such task.');
  });
});
