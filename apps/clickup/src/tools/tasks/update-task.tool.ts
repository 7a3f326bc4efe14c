import {
  buildToolName,
  change,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toTaskView, type ApiTask, type TaskView } from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { addCustomIdFlags, withoutFlags } from '../shared/custom-id-flags.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import { parentInList, placeOf, referencesOf } from '../shared/relationships.ts';
import { taskChangeFields, toTaskWrite, userRef } from '../shared/task-params.ts';

/** `{add, rem}`: ClickUp ignores a flat list here (200, nothing changed), so one is refused with this form. */
const people = (what: string) =>
  change(z.object({ add: z.array(userRef()).optional(), rem: z.array(userRef()).optional() }), {
    operations: ['add', 'rem'],
    flat: 'refuse',
  })
    .optional()
    .describe(what);

export const UpdateTaskParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam(),
    ...taskChangeFields(),
    assignees: people('{add, rem}: ids, emails, names or "me"'),
    watchers: people('Same form as assignees'),
    parent: taskIdParam().optional().describe('Move under this parent task (same list)'),
    archived: z.boolean().optional(),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof UpdateTaskParams>;

export class UpdateTaskTool extends ClickUpTool<typeof UpdateTaskParams, TaskView> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_task', TOOL_PREFIX),
    description:
      "Change a task's name, description, status, priority, dates, estimate, people or parent. Custom fields: clickup_set_custom_field_value.",
    category: 'tasks',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });
  // Every check of the pack's update_task validator is made on the guarded path before it (shapes,
  // {add, rem}, people, statuses, priorities, dates, estimates, a task given by URL or custom id,
  // fields of other tools refused by name, a parent in the same list): the binding keeps the pack's
  // knowledge for API errors, and no call pays a sandbox round trip for checks already made.
  static override readonly KNOWLEDGE = { toolId: 'clickup', command: 'update_task', validates: [] };

  static override readonly PARAMS = UpdateTaskParams;

  protected override async beforeExecute(params: Params, ctx: ClickUpCtx) {
    const { task_id: _task, ...changes } = params;
    if (Object.values(changes).every((v) => v === undefined)) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: '',
            message:
              'Nothing to update: add at least one field to change (name, markdown_content, status, priority, due_date, assignees {add, rem}, …).',
          },
        ],
      });
    }
    toTaskWrite(params as Record<string, unknown>);
    if (params.parent !== undefined) {
      const task = await placeOf(ctx, params.task_id, 'task_id');
      params.parent = await parentInList(ctx, params.parent, task.listId, {
        taskId: task.id,
        otherwise: 'move the task to that list first (clickup_move_task)',
      });
    }
    await addCustomIdFlags(params, ctx);
    await super.beforeExecute(params, ctx);
  }

  async execute({ task_id, ...fields }: Params, ctx: ClickUpCtx) {
    const { client } = ctx.deps;
    const { path, query } = await client.task(task_id, '', ctx.signal);
    const task = await client.put<ApiTask>(path, { query, json: withoutFlags(fields), signal: ctx.signal });
    if (fields.parent !== undefined) referencesOf(ctx).tasks.forget(task_id);
    return toTaskView(task);
  }
}
