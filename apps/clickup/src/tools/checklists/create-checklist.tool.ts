import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toChecklistView, type ApiChecklistFull } from '../../api/dto/checklist-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import { checklistNameParam, sawChecklist } from './checklist-params.ts';

export const CreateChecklistParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam(),
    name: checklistNameParam().describe('Checklist name'),
    team_id: teamIdParam(),
  }),
);

export class CreateChecklistTool extends ClickUpTool<typeof CreateChecklistParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_checklist', TOOL_PREFIX),
    description:
      'Add an empty checklist to a task; returns { id, name, items }. Add items with clickup_create_checklist_item.',
    category: 'checklists',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateChecklistParams;

  protected override outcomeCheck({ task_id, name }: ParamsOf<typeof CreateChecklistParams>): OutcomeCheck {
    return {
      done: 'the checklist was added',
      tool: buildToolName('get_task', TOOL_PREFIX),
      args: { task_id, include: ['checklists'] },
      lookFor: `a checklist named ${JSON.stringify(name)}`,
    };
  }

  async execute({ task_id, name }: ParamsOf<typeof CreateChecklistParams>, ctx: ClickUpCtx) {
    const { path, query } = await ctx.deps.client.task(task_id, '/checklist', ctx.signal);
    const { checklist } = await ctx.deps.client.post<{ checklist: ApiChecklistFull }>(path, {
      query,
      json: { name },
      signal: ctx.signal,
    });
    sawChecklist(ctx, {
      ...checklist,
      task_id: checklist.task_id ?? (await ctx.deps.client.resolveTaskId(task_id, ctx.signal)),
    });
    return toChecklistView(checklist);
  }
}
