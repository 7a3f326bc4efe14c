import {
  assumed,
  buildToolName,
  defineToolMetadata,
  lazySchema,
  listLocal,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toFolderView, type ApiFolder } from '../../api/dto/hierarchy-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { cursorParam, LOCAL_PAGE, sayFirstPage } from '../shared/paging.ts';
import { spaceIdParam, teamIdParam } from '../shared/params.ts';
import { spaceMissing } from './hierarchy-hints.ts';

export const GetFoldersParams = lazySchema(() =>
  z.object({
    space_id: spaceIdParam(),
    archived: assumed(
      z.boolean().default(false).describe('Archived ones instead'),
      'active ones only (archived: true for the archived ones)',
    ),
    cursor: cursorParam,
    team_id: teamIdParam(),
  }),
);

export class GetFoldersTool extends ClickUpTool<typeof GetFoldersParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_folders', TOOL_PREFIX),
    description:
      "A space's folders, each with its lists: { items: [{ id, name, lists: [{ id, name }] }], total }.",
    category: 'workspace',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetFoldersParams;

  async execute(params: ParamsOf<typeof GetFoldersParams>, ctx: ClickUpCtx) {
    let folders: ApiFolder[];
    try {
      ({ folders } = await ctx.deps.client.get<{ folders: ApiFolder[] }>(`/space/${params.space_id}/folder`, {
        query: { archived: params.archived },
        signal: ctx.signal,
      }));
    } catch (error) {
      throw spaceMissing(error);
    }
    return sayFirstPage(
      ctx,
      params.cursor,
      await listLocal(this.name, { ...params, perPage: LOCAL_PAGE }, folders, toFolderView),
    );
  }
}
