import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import type { TaskView } from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import { teamIdParam } from '../shared/params.ts';
import { prepareItems, writeItems } from './bulk-items.ts';
import { doneTask, itemsParam, under } from './bulk-params.ts';
import { existingTask } from './existing-task.ts';
import { oneCallOnly } from './one-call-only.ts';
import { updateStep } from './task-steps.ts';

export const BulkUpdateTasksParams = lazySchema(() =>
  z.object({
    tasks: itemsParam("Each: clickup_update_task's params (task_id and changes) but team_id"),
    team_id: teamIdParam(),
  }),
);

const NAME = buildToolName('bulk_update_tasks', TOOL_PREFIX);

export class BulkUpdateTasksTool extends ClickUpTool<typeof BulkUpdateTasksParams> {
  static override readonly METADATA = defineToolMetadata({
    name: NAME,
    description:
      'Change many tasks, each its own way. Every item is checked first (one bad item: nothing changed); answers each result.',
    category: 'bulk_tasks',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = BulkUpdateTasksParams;

  readonly #step = updateStep(NAME);

  async execute({ tasks }: ParamsOf<typeof BulkUpdateTasksParams>, ctx: ClickUpCtx) {
    const where = under('tasks');
    oneCallOnly(tasks, ['team_id'], where, ctx);
    const items = tasks.map((task) => ({
      args: task,
      ...(typeof task['task_id'] === 'string' ? { task: task['task_id'] } : {}),
    }));
    const prepared = await prepareItems(this.#step, items, ctx, {
      field: 'tasks',
      where,
      check: existingTask,
    });
    return writeItems(this.#step, prepared, ctx, {
      verb: 'updated',
      view: (task) => doneTask(task as TaskView),
    });
  }
}
