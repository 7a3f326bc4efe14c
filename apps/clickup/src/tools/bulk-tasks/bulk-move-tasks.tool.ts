import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import type { TaskView } from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import { listIdParam, teamIdParam } from '../shared/params.ts';
import { prepareItems, writeItems } from './bulk-items.ts';
import { doneTask, taskIdsParam } from './bulk-params.ts';
import { existingTask } from './existing-task.ts';
import { moveStep } from './task-steps.ts';

export const BulkMoveTasksParams = lazySchema(() =>
  z.object({
    task_ids: taskIdsParam(),
    list_id: listIdParam().describe('New home list'),
    team_id: teamIdParam(),
  }),
);

const NAME = buildToolName('bulk_move_tasks', TOOL_PREFIX);

export class BulkMoveTasksTool extends ClickUpTool<typeof BulkMoveTasksParams> {
  static override readonly METADATA = defineToolMetadata({
    name: NAME,
    description: 'Move many tasks to another home list; all checked first. Answers each result.',
    category: 'bulk_tasks',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = BulkMoveTasksParams;

  readonly #step = moveStep(NAME);

  async execute({ task_ids, list_id }: ParamsOf<typeof BulkMoveTasksParams>, ctx: ClickUpCtx) {
    const where = (index: number, field: string) => (field === 'list_id' ? field : `task_ids.${index}`);
    const items = task_ids.map((task_id) => ({ args: { task_id, list_id }, task: task_id }));
    const prepared = await prepareItems(this.#step, items, ctx, {
      field: 'task_ids',
      where,
      check: existingTask,
    });
    return writeItems(this.#step, prepared, ctx, {
      verb: 'moved',
      view: (task) => {
        const view = task as TaskView;
        return { ...doneTask(view), ...(view.list ? { list: view.list } : {}) };
      },
    });
  }
}
