import {
  assumed,
  buildToolName,
  chooseView,
  defineToolMetadata,
  lazySchema,
  listLocal,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toListSummary, type ApiList } from '../../api/dto/hierarchy-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { cursorParam, itemFieldsParam, LOCAL_PAGE, sayFirstPage } from '../shared/paging.ts';
import { folderIdParam, spaceIdParam, teamIdParam } from '../shared/params.ts';
import { listParent } from './list-parent.ts';

export const GetListsParams = lazySchema(() =>
  z.object({
    folder_id: folderIdParam().optional().describe('Lists in this folder'),
    space_id: spaceIdParam().optional().describe('Or: folderless lists of this space'),
    archived: assumed(
      z.boolean().default(false).describe('Archived ones instead'),
      'active ones only (archived: true for the archived ones)',
    ),
    cursor: cursorParam,
    fields: itemFieldsParam(['id', 'statuses.status']),
    team_id: teamIdParam(),
  }),
);

export class GetListsTool extends ClickUpTool<typeof GetListsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_lists', TOOL_PREFIX),
    description:
      'Lists of a folder, or folderless lists of a space: { items: [{ id, name, tasks }], total }.',
    category: 'workspace',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetListsParams;

  async execute(params: ParamsOf<typeof GetListsParams>, ctx: ClickUpCtx) {
    const parent = listParent(params, ctx.toolName);
    let lists: ApiList[];
    try {
      ({ lists } = await ctx.deps.client.get<{ lists: ApiList[] }>(`${parent.path}/list`, {
        query: { archived: params.archived },
        signal: ctx.signal,
      }));
    } catch (error) {
      throw parent.missing(error);
    }
    return sayFirstPage(
      ctx,
      params.cursor,
      await listLocal(
        this.name,
        { ...params, perPage: LOCAL_PAGE },
        lists,
        chooseView(params, toListSummary),
      ),
    );
  }
}
