import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toFolderDetail, type ApiFolder } from '../../api/dto/hierarchy-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { folderIdParam, teamIdParam } from '../shared/params.ts';
import { folderMissing } from './hierarchy-hints.ts';

export const GetFolderParams = lazySchema(() =>
  z.object({ folder_id: folderIdParam(), team_id: teamIdParam() }),
);

export class GetFolderTool extends ClickUpTool<typeof GetFolderParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_folder', TOOL_PREFIX),
    description: 'One folder: name, space, task count and its lists (id, name, tasks).',
    category: 'workspace',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetFolderParams;

  async execute({ folder_id }: ParamsOf<typeof GetFolderParams>, ctx: ClickUpCtx) {
    try {
      return toFolderDetail(
        await ctx.deps.client.get<ApiFolder>(`/folder/${folder_id}`, { signal: ctx.signal }),
      );
    } catch (error) {
      throw folderMissing(error);
    }
  }
}
