import { buildToolName, defineToolMetadata } from '@toolsmith/core';
import { KnowledgeTool } from '@toolsmith/executable-knowledge';
import { z } from 'zod';
import { toTaskView, type ApiTask, type TaskView } from '../../api/dto/task-view.ts';
import type { ClickUpDeps } from '../../deps.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../shared/clickup-tool.ts';
import { addCustomIdFlags, withoutFlags } from '../shared/custom-id-flags.ts';
import { taskIdParam } from '../shared/params.ts';
import { taskFields, userRef } from '../shared/task-params.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const change = z.object({ add: z.array(userRef).optional(), rem: z.array(userRef).optional() });

export const UpdateTaskParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam,
    ...taskFields,
    // A flat array is accepted by the schema so that the pack can answer it with the {add, rem}
    // form (the API silently ignores a flat array).
    assignees: z
      .union([change, z.array(userRef)])
      .optional()
      .describe('{add, rem}: ids, emails, names or "me"'),
    watchers: z
      .union([change, z.array(userRef)])
      .optional()
      .describe('Same form as assignees'),
    parent: taskIdParam.optional().describe('Move under this parent task'),
    archived: z.boolean().optional(),
  }),
);

export class UpdateTaskTool extends KnowledgeTool<
  ClickUpDeps,
  ReturnType<typeof UpdateTaskParams>,
  TaskView
> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_task', TOOL_PREFIX),
    description:
      "Change a task's name, description, status, priority, dates, estimate, people or parent. Custom fields: clickup_set_custom_field_value.",
    category: 'tasks',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });
  static override readonly KNOWLEDGE = { toolId: 'clickup', command: 'update_task' };

  getParamsSchema() {
    return UpdateTaskParams();
  }

  protected override async beforeExecute(
    params: z.output<ReturnType<typeof UpdateTaskParams>>,
    ctx: ClickUpCtx,
  ) {
    await addCustomIdFlags(params, ctx);
    await super.beforeExecute(params, ctx);
  }

  async execute(
    { task_id, parent, ...fields }: z.output<ReturnType<typeof UpdateTaskParams>>,
    ctx: ClickUpCtx,
  ) {
    const { client } = ctx.deps;
    const { path, query } = await client.task(task_id, '', ctx.signal);
    const task = await client.put<ApiTask>(path, {
      query,
      json: {
        ...withoutFlags(fields),
        ...(parent ? { parent: await client.resolveTaskId(parent, ctx.signal) } : {}),
      },
      signal: ctx.signal,
    });
    return toTaskView(task);
  }
}
