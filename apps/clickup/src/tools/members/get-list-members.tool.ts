import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toMemberView, type ApiMember } from '../../api/dto/member-view.ts';
import { withMissingHint } from '../../api/not-found-hint.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { listIdParam, teamIdParam } from '../shared/params.ts';

export const GetListMembersParams = lazySchema(() =>
  z.object({ list_id: listIdParam(), team_id: teamIdParam() }),
);

export class GetListMembersTool extends ClickUpTool<typeof GetListMembersParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_list_members', TOOL_PREFIX),
    description: 'Who can see a list (and so be assigned its tasks): { items: [{ id, name, email }] }.',
    category: 'members',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetListMembersParams;

  async execute({ list_id }: ParamsOf<typeof GetListMembersParams>, ctx: ClickUpCtx) {
    try {
      const { members } = await ctx.deps.client.get<{ members: ApiMember[] }>(`/list/${list_id}/member`, {
        signal: ctx.signal,
      });
      return { items: members.map(toMemberView) };
    } catch (error) {
      throw withMissingHint(error, 'Find the list id with clickup_get_lists or clickup_get_hierarchy.');
    }
  }
}
