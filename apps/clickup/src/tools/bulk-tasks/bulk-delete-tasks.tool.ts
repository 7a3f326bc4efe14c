import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import { teamIdParam } from '../shared/params.ts';
import { prepareItems, writeItems } from './bulk-items.ts';
import { taskIdsParam } from './bulk-params.ts';
import { existingTask } from './existing-task.ts';
import { deleteStep } from './task-steps.ts';

export const BulkDeleteTasksParams = lazySchema(() =>
  z.object({ task_ids: taskIdsParam(), team_id: teamIdParam() }),
);

const NAME = buildToolName('bulk_delete_tasks', TOOL_PREFIX);

export class BulkDeleteTasksTool extends ClickUpTool<typeof BulkDeleteTasksParams> {
  static override readonly METADATA = defineToolMetadata({
    name: NAME,
    description: 'Delete many tasks and their subtasks. All checked first; answers each result.',
    category: 'bulk_tasks',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = BulkDeleteTasksParams;

  readonly #step = deleteStep(NAME);

  async execute({ task_ids }: ParamsOf<typeof BulkDeleteTasksParams>, ctx: ClickUpCtx) {
    const where = (index: number) => `task_ids.${index}`;
    const items = task_ids.map((task_id) => ({ args: { task_id }, task: task_id }));
    const prepared = await prepareItems(this.#step, items, ctx, {
      field: 'task_ids',
      where,
      check: existingTask,
    });
    return writeItems(this.#step, prepared, ctx, {
      verb: 'deleted',
      view: (_output, item) => ({ id: item.params.task_id }),
    });
  }
}
