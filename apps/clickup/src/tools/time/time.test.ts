import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyTool } from '@toolsmith/core';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import type { TimeEntryView } from '../../api/dto/time-entry-view.ts';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateTimeEntryTool } from './create-time-entry.tool.ts';
import { DeleteTimeEntryTool } from './delete-time-entry.tool.ts';
import { GetRunningTimerTool } from './get-running-timer.tool.ts';
import { GetTimeEntriesTool } from './get-time-entries.tool.ts';
import { timeTools } from './index.ts';
import { StartTimerTool } from './start-timer.tool.ts';
import { StopTimerTool } from './stop-timer.tool.ts';

describeAreaDefinitions('time', timeTools);

let clickup: EmulatedClickUp;
beforeAll(async () => {
  clickup = await emulatedClickUp();
});
afterAll(() => clickup.close());

type Result = { isError?: boolean; content: { type: string; text?: string }[] };
const run = (tool: AnyTool<ClickUpDeps>, args: Record<string, unknown>) =>
  tool.run(args, clickup.ctx()) as Promise<Result>;
/** Every block of the answer (the `converted:` / `assumed:` line first, when there is one). */
const text = (result: Result) => result.content.map((c) => c.text ?? '').join('\n');
/** The data: the answer's last block. */
const last = (result: Result) => result.content.at(-1)?.text ?? '';
const json = <T = Record<string, unknown>>(result: Result) => JSON.parse(last(result)) as T;
type Page = { items: TimeEntryView[]; total: number; nextCursor?: string };
// The seed's entries lie in the ten days before 2026-01-05T09:00Z.
const RANGE = { start: '2025-12-26', end: '2026-01-05T09:00:00Z' };

describe('clickup_get_time_entries', () => {
  it('lists your entries in an ISO range, newest first, in minutes', async () => {
    const page = json<Page>(await run(new GetTimeEntriesTool(), RANGE));
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      task: { customId: 'DEV-1', name: 'Set up CI pipeline' },
      user: 'Alice Martin',
      start: '2026-01-04T09:00:00.000Z',
      end: '2026-01-04T10:30:00.000Z',
      minutes: 90,
    });
    expect(clickup.emulator.requests.at(-1)!.query).toMatchObject({
      // A date alone starts at midnight in the user's zone (America/New_York, UTC−5 in winter).
      start_date: String(Date.parse('2025-12-26T05:00:00Z')),
      end_date: String(Date.parse('2026-01-05T09:00:00Z')),
    });
  });

  it("filters by assignees and by a task's custom id, and pages locally", async () => {
    const everyone = { ...RANGE, assignee: [81000001, 81000002, 81000004], limit: 3 };
    const first = json<Page>(await run(new GetTimeEntriesTool(), everyone));
    expect(first).toMatchObject({ total: 4, nextCursor: expect.any(String) });
    const second = json<Page>(await run(new GetTimeEntriesTool(), { ...everyone, cursor: first.nextCursor }));
    expect(second.items).toHaveLength(1);
    const onTask = json<Page>(
      await run(new GetTimeEntriesTool(), { ...RANGE, assignee: [81000004], task_id: 'DEV-3' }),
    );
    expect(onTask.items.map((e) => e.minutes)).toEqual([60]);
    expect(clickup.emulator.requests.at(-1)!.query).toMatchObject({
      custom_task_ids: 'true',
      task_id: 'DEV-3',
    });
  });

  it('refuses a range that ends before it starts, and two places at once', async () => {
    const reversed = await run(new GetTimeEntriesTool(), { start: RANGE.end, end: RANGE.start });
    expect(reversed.isError).toBe(true);
    expect(text(reversed)).toContain('end: is not after start');
    const places = await run(new GetTimeEntriesTool(), { task_id: 'DEV-1', list_id: '901510000001' });
    expect(text(places)).toContain('give at most one of them');
    const bad = await run(new GetTimeEntriesTool(), { start: 'when pigs fly' });
    expect(text(bad)).toContain('"when pigs fly" is not a date or time this server can read');
  });
});

describe('clickup_create_time_entry and clickup_delete_time_entry', () => {
  it('logs start+end and start+duration on a task, then deletes an entry', async () => {
    const byEnd = json<TimeEntryView>(
      await run(new CreateTimeEntryTool(), {
        task_id: 'DEV-2',
        start: '2026-01-02T10:00:00Z',
        end: '2026-01-02T11:15:00Z',
        description: 'Outline',
        billable: true,
      }),
    );
    expect(byEnd).toMatchObject({
      task: { customId: 'DEV-2' },
      minutes: 75,
      billable: true,
      description: 'Outline',
    });
    expect(clickup.emulator.requests.at(-1)!.body).toMatchObject({
      start: Date.parse('2026-01-02T10:00:00Z'),
      stop: Date.parse('2026-01-02T11:15:00Z'),
      duration: 75 * 60_000,
    });
    const byDuration = json<TimeEntryView>(
      await run(new CreateTimeEntryTool(), {
        start: Date.parse('2026-01-03T08:00:00Z'),
        duration: '30m',
      }),
    );
    expect(byDuration).toMatchObject({ end: '2026-01-03T08:30:00.000Z', minutes: 30 });
    expect(byDuration).not.toHaveProperty('task');
    expect(json(await run(new DeleteTimeEntryTool(), { entry_id: byDuration.id }))).toEqual({
      deleted: byDuration.id,
    });
    const again = await run(new DeleteTimeEntryTool(), { entry_id: byDuration.id });
    expect(again.isError).toBe(true);
    expect(text(again)).toContain('Find the entry id with clickup_get_time_entries');
  });

  it('refuses an end before the start, and both or neither of end and duration, sending nothing', async () => {
    const before = clickup.emulator.requests.length;
    const backwards = await run(new CreateTimeEntryTool(), {
      start: '2026-01-02T11:00:00Z',
      end: '2026-01-02T10:00:00Z',
    });
    expect(backwards.isError).toBe(true);
    expect(text(backwards)).toContain('is not after start (2026-01-02T11:00:00.000Z). Swap them');
    const neither = await run(new CreateTimeEntryTool(), { start: '2026-01-02T11:00:00Z' });
    expect(text(neither)).toContain('Give exactly one: end');
    expect(clickup.emulator.requests.length).toBe(before);
  });
});

describe('the timer', () => {
  it('starts on a task, shows as running, stops; stopping again says none runs', async () => {
    expect(json(await run(new GetRunningTimerTool(), {}))).toEqual({ running: false });
    const started = json<TimeEntryView>(
      await run(new StartTimerTool(), { task_id: 'DEV-4', description: 'Release notes' }),
    );
    expect(started).toMatchObject({ running: true, task: { customId: 'DEV-4' }, minutes: 0 });
    expect(json(await run(new GetRunningTimerTool(), {}))).toMatchObject({ id: started.id, running: true });
    const stopped = json<TimeEntryView>(await run(new StopTimerTool(), {}));
    expect(stopped).toMatchObject({ id: started.id, end: expect.any(String) });
    expect(stopped).not.toHaveProperty('running');
    const again = await run(new StopTimerTool(), {});
    expect(again.isError).toBe(true);
    expect(text(again)).toContain('No timer of yours is running');
  });
});
