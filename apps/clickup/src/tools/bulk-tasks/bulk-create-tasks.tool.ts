import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import type { TaskView } from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import { listIdParam, teamIdParam } from '../shared/params.ts';
import { prepareItems, writeItems } from './bulk-items.ts';
import { doneTask, itemsParam, under } from './bulk-params.ts';
import { oneCallOnly } from './one-call-only.ts';
import { createStep } from './task-steps.ts';

export const BulkCreateTasksParams = lazySchema(() =>
  z.object({
    list_id: listIdParam().describe('The list of every task'),
    tasks: itemsParam("Each: clickup_create_task's params, no list_id"),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof BulkCreateTasksParams>;

const NAME = buildToolName('bulk_create_tasks', TOOL_PREFIX);

export class BulkCreateTasksTool extends ClickUpTool<typeof BulkCreateTasksParams> {
  static override readonly METADATA = defineToolMetadata({
    name: NAME,
    description:
      'Create many tasks in one list; all checked first (one bad: none created). Answers each id or error.',
    category: 'bulk_tasks',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = BulkCreateTasksParams;

  readonly #step = createStep(NAME);

  async execute({ list_id, tasks }: Params, ctx: ClickUpCtx) {
    const where = under('tasks');
    const items = tasks.map((task) => ({ args: { ...task, list_id } }));
    oneCallOnly(tasks, ['list_id', 'team_id'], where, ctx);
    const prepared = await prepareItems(this.#step, items, ctx, { field: 'tasks', where });
    return writeItems(this.#step, prepared, ctx, {
      verb: 'created',
      view: (task) => doneTask(task as TaskView),
    });
  }
}
