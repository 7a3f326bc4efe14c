import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toViewView, type ApiView } from '../../api/dto/view-view.ts';
import { withMissingHint } from '../../api/not-found-hint.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { folderIdParam, listIdParam, spaceIdParam, teamIdParam } from '../shared/params.ts';

export const GetViewsParams = lazySchema(() =>
  z.object({
    space_id: spaceIdParam().optional(),
    folder_id: folderIdParam().optional(),
    list_id: listIdParam().optional(),
    team_id: teamIdParam(),
  }),
);

export class GetViewsTool extends ClickUpTool<typeof GetViewsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_views', TOOL_PREFIX),
    description:
      'The views of a space, folder or list (one id), or of the workspace (none): { items: [{ id, name, type }] }.',
    category: 'views',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetViewsParams;

  async execute(params: ParamsOf<typeof GetViewsParams>, ctx: ClickUpCtx) {
    const given = (['space_id', 'folder_id', 'list_id'] as const).filter((k) => params[k] !== undefined);
    if (given.length > 1) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [
          {
            field: given[1]!,
            message: `Pass one of space_id, folder_id or list_id (got ${given.join(' and ')}), or none for the workspace's views.`,
          },
        ],
      });
    }
    const level = given[0];
    const path =
      level === undefined
        ? `/team/${await ctx.deps.client.teamId(ctx.signal)}/view`
        : `/${level.replace('_id', '')}/${params[level]!}/view`;
    try {
      const { views } = await ctx.deps.client.get<{ views: ApiView[] }>(path, { signal: ctx.signal });
      return { items: views.map(toViewView) };
    } catch (error) {
      throw withMissingHint(error, `Check ${level ?? 'the workspace'}; find ids with clickup_get_hierarchy.`);
    }
  }
}
