import {
  assumed,
  buildToolName,
  defineToolMetadata,
  lazySchema,
  listLocal,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toSpaceView, type ApiSpace } from '../../api/dto/hierarchy-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { cursorParam, LOCAL_PAGE, sayFirstPage } from '../shared/paging.ts';
import { teamIdParam } from '../shared/params.ts';

export const GetSpacesParams = lazySchema(() =>
  z.object({
    archived: assumed(
      z.boolean().default(false).describe('Archived ones instead'),
      'active ones only (archived: true for the archived ones)',
    ),
    cursor: cursorParam,
    team_id: teamIdParam(),
  }),
);

export class GetSpacesTool extends ClickUpTool<typeof GetSpacesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_spaces', TOOL_PREFIX),
    description: 'The spaces of the workspace: { items: [{ id, name }], total }.',
    category: 'workspace',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetSpacesParams;

  async execute(params: ParamsOf<typeof GetSpacesParams>, ctx: ClickUpCtx) {
    const team = await ctx.deps.client.teamId(ctx.signal);
    const { spaces } = await ctx.deps.client.get<{ spaces: ApiSpace[] }>(`/team/${team}/space`, {
      query: { archived: params.archived },
      signal: ctx.signal,
    });
    return sayFirstPage(
      ctx,
      params.cursor,
      await listLocal(this.name, { ...params, perPage: LOCAL_PAGE }, spaces, toSpaceView),
    );
  }
}
