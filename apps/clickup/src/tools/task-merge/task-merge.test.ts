/**
 * Merging tasks through the MCP SDK's client, against the emulator: duplicates folded into one task
 * (custom ids sent as task ids: the endpoint takes none), the target among the sources and a task
 * that does not exist refused before anything is sent, and an answer lost after the merge was made
 * answered "outcome unknown" with how to check — never sent twice.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import { taskMergeTools } from './index.ts';

describeAreaDefinitions('task_merge', taskMergeTools);

let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({ args: ['--toolsets', 'task_merge'], env: { CLICKUP_TIMEOUT_MS: '2000' } });
});
beforeEach(() => clickup.emulator.reset());
afterAll(() => clickup.close());

const taskOf = (customId: string) => clickup.emulator.state.tasks.find((t) => t.customId === customId)!;
const writesSince = (mark: number) => clickup.emulator.writes(mark).map((r) => `${r.method} ${r.path}`);

describe('clickup_merge_tasks', () => {
  it('folds the duplicates into task_id and deletes them, custom ids sent as task ids', async () => {
    const [target, a, b] = [taskOf('DEV-8'), taskOf('DEV-9'), taskOf('DEV-10')];
    const mark = clickup.emulator.requests.length;
    const merged = await clickup.call('clickup_merge_tasks', {
      task_id: 'DEV-8',
      source_task_ids: ['DEV-9', `CU-${b.id}`],
    });
    expect(merged.isError).toBe(false);
    expect(merged.text).toContain(`task_id "DEV-8" → ${target.id} (its task id: merging takes no custom id)`);
    expect(merged.json).toEqual({
      taskId: 'DEV-8',
      merged: ['DEV-9 ("Typo on settings page")', 'DEV-10 ("Timeout on export")'],
      note: 'The merged tasks were deleted.',
    });
    const writes = clickup.emulator.writes(mark);
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /api/v2/task/${target.id}/merge`]);
    expect(writes[0]!.body).toEqual({ source_task_ids: [a.id, b.id] });
    expect([a.deleted, b.deleted, target.deleted]).toEqual([true, true, false]);
  });

  it('refuses the target among the sources, and a task that does not exist, before anything is sent', async () => {
    const mark = clickup.emulator.requests.length;
    const itself = await clickup.call('clickup_merge_tasks', {
      task_id: 'DEV-8',
      source_task_ids: ['DEV-9', 'DEV-8'],
    });
    expect(itself.isError).toBe(true);
    expect(itself.text).toContain(
      'source_task_ids.1: is task_id itself, DEV-8 ("Crash on empty search"): a task is not merged into itself. Leave it out. Nothing was sent.',
    );
    const missing = await clickup.call('clickup_merge_tasks', {
      task_id: 'DEV-8',
      source_task_ids: ['DEV-999'],
    });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('source_task_ids.0');
    expect(missing.text).toContain('DEV-999');
    expect(writesSince(mark)).toEqual([]);
  });

  it('an answer lost after the merge: outcome unknown, how to check, sent once', async () => {
    clickup.emulator.failAfterHandling({ method: 'POST', path: '/task/:task_id/merge', status: 502 });
    const mark = clickup.emulator.requests.length;
    const lost = await clickup.call('clickup_merge_tasks', { task_id: 'DEV-8', source_task_ids: ['DEV-9'] });
    expect(lost.isError).toBe(true);
    expect(lost.text).toMatch(/^Outcome unknown: it is not known whether DEV-9 were merged into DEV-8 — /);
    expect(lost.text).toContain(
      'Call clickup_get_task with {"task_id":"DEV-9"} and look for an answer that the task does not exist (a merged task is deleted)',
    );
    expect(writesSince(mark)).toHaveLength(1);
    expect(taskOf('DEV-9').deleted).toBe(true);
  });
});
