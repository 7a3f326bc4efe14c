import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toTaskView, type ApiTask } from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { listIdParam, teamIdParam } from '../shared/params.ts';
import { createdTaskCheck } from '../tasks/find-created-task.ts';
import { listMissing } from '../workspace/hierarchy-hints.ts';
import { taskTemplate } from './template-params.ts';

export const CreateTaskFromTemplateParams = lazySchema(() =>
  z.object({
    list_id: listIdParam(),
    template_id: z.string().min(1).describe('Id or name'),
    name: z.string().trim().min(1),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof CreateTaskFromTemplateParams>;

export class CreateTaskFromTemplateTool extends ClickUpTool<typeof CreateTaskFromTemplateParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_task_from_template', TOOL_PREFIX),
    description: 'Create a task in a list from a task template (clickup_get_task_templates).',
    category: 'templates',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateTaskFromTemplateParams;

  /** The template id or name checked against the workspace's templates before anything is sent. */
  protected override async beforeExecute(params: Params, ctx: ClickUpCtx) {
    params.template_id = (await taskTemplate(ctx, params.template_id)).id;
    await super.beforeExecute(params, ctx);
  }

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return createdTaskCheck(params.list_id, params.name);
  }

  async execute({ list_id, template_id, name }: Params, ctx: ClickUpCtx) {
    let made: { id?: string; task?: { id?: string } };
    try {
      made = await ctx.deps.client.post(
        `/list/${encodeURIComponent(list_id)}/taskTemplate/${encodeURIComponent(template_id)}`,
        { json: { name }, signal: ctx.signal },
      );
    } catch (error) {
      throw listMissing(error);
    }
    // Documented as an object only: the new task's id, at the top or in `task`.
    const id = made.id ?? made.task?.id;
    if (id === undefined) return { created: true, listId: list_id, name };
    return toTaskView(
      await ctx.deps.client.get<ApiTask>(`/task/${encodeURIComponent(id)}`, { signal: ctx.signal }),
    );
  }
}
