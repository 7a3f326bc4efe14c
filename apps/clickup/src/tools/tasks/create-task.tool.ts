import { buildToolName, defineToolMetadata, lazySchema, ref, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toTaskView, type ApiTask, type TaskView } from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { listIdParam, taskIdParam, teamIdParam } from '../shared/params.ts';
import { parentInList } from '../shared/relationships.ts';
import { taskFields, toTaskWrite, userRef } from '../shared/task-params.ts';
import { createdTaskCheck, findCreatedTask, lostAnswer, unknownOutcome } from './find-created-task.ts';

export const CreateTaskParams = lazySchema(() =>
  z.object({
    list_id: listIdParam(),
    ...taskFields(),
    name: z.string().min(1).max(2000).describe('Title'),
    assignees: z.array(userRef()).optional().describe('People (ids, emails, names or "me")'),
    tags: z.array(ref('tag')).optional().describe("Tag names of the list's space"),
    parent: taskIdParam().optional().describe('Parent task (makes a subtask; same list)'),
    custom_fields: z
      .array(
        z.object({
          id: ref('custom_field').describe('Field id or name'),
          // null does not clear a field here: clickup_remove_custom_field_value does.
          value: z
            .unknown()
            .refine(
              (v) => v !== null,
              'null is not a value: leave the field out, or clear it later with clickup_remove_custom_field_value',
            ),
        }),
      )
      .optional()
      .describe('Custom field values; drop-down/labels by option name'),
    notify_all: z.boolean().optional(),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof CreateTaskParams>;

export class CreateTaskTool extends ClickUpTool<typeof CreateTaskParams, TaskView & { note?: string }> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_task', TOOL_PREFIX),
    description: 'Create a task (or a subtask with parent) in a list; returns the compact task.',
    category: 'tasks',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });
  static override readonly KNOWLEDGE = { toolId: 'clickup', command: 'create_task' };

  static override readonly PARAMS = CreateTaskParams;

  protected override outcomeCheck(params: Params) {
    return createdTaskCheck(params.list_id, params.name);
  }

  /** Dates and the estimate in the API's form, a parent in the same list; then the pack's validators. */
  protected override async beforeExecute(params: Params, ctx: ClickUpCtx) {
    toTaskWrite(params as Record<string, unknown>);
    if (params.parent !== undefined) {
      params.parent = await parentInList(ctx, params.parent, params.list_id, {
        otherwise: 'create the task in that list',
      });
    }
    await super.beforeExecute(params, ctx);
  }

  async execute(params: Params, ctx: ClickUpCtx) {
    const { client } = ctx.deps;
    const { list_id, ...body } = params;
    const started = Date.now();
    try {
      const task = await client.post<ApiTask>(`/list/${encodeURIComponent(list_id)}/task`, {
        json: body,
        signal: ctx.signal,
      });
      return toTaskView(task);
    } catch (error) {
      if (!lostAnswer(error)) throw error;
      // The request may have been carried out even though no answer arrived: look before saying
      // it failed (a blind retry would create the task twice).
      const call = { listId: list_id, name: params.name, since: started };
      const found = await findCreatedTask(ctx, call);
      if (found.task) {
        return {
          ...toTaskView(found.task),
          note: 'The API did not answer, but the task was created: this is it. Do not create it again.',
        };
      }
      throw unknownOutcome(error, call, found, this.name);
    }
  }
}
