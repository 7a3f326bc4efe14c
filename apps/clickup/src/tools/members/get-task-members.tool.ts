import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toMemberView, type ApiMember } from '../../api/dto/member-view.ts';
import { withMissingHint } from '../../api/not-found-hint.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';

export const GetTaskMembersParams = lazySchema(() =>
  z.object({ task_id: taskIdParam(), team_id: teamIdParam() }),
);

export class GetTaskMembersTool extends ClickUpTool<typeof GetTaskMembersParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_task_members', TOOL_PREFIX),
    description: 'Who can see a task: { items: [{ id, name, email }] }.',
    category: 'members',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetTaskMembersParams;

  async execute({ task_id }: ParamsOf<typeof GetTaskMembersParams>, ctx: ClickUpCtx) {
    const { path, query } = await ctx.deps.client.task(task_id, '/member', ctx.signal);
    try {
      const { members } = await ctx.deps.client.get<{ members: ApiMember[] }>(path, {
        query,
        signal: ctx.signal,
      });
      return { items: members.map(toMemberView) };
    } catch (error) {
      throw withMissingHint(error, 'Check the task id, or find the task with clickup_search_tasks.');
    }
  }
}
