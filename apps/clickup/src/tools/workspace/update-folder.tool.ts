import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toFolderDetail, type ApiFolder } from '../../api/dto/hierarchy-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { folderIdParam, teamIdParam } from '../shared/params.ts';
import { folderMissing } from './hierarchy-hints.ts';

export const UpdateFolderParams = lazySchema(() =>
  z.object({
    folder_id: folderIdParam(),
    name: z.string().trim().min(1).describe('New name'),
    team_id: teamIdParam(),
  }),
);

export class UpdateFolderTool extends ClickUpTool<typeof UpdateFolderParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_folder', TOOL_PREFIX),
    description: 'Rename a folder. Returns the folder with its lists.',
    category: 'workspace',
    toolset: 'workspace_write',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateFolderParams;

  async execute({ folder_id, name }: ParamsOf<typeof UpdateFolderParams>, ctx: ClickUpCtx) {
    try {
      const folder = await ctx.deps.client.put<ApiFolder>(`/folder/${folder_id}`, {
        json: { name },
        signal: ctx.signal,
      });
      ctx.deps.references.changed('folder');
      return toFolderDetail(folder);
    } catch (error) {
      throw folderMissing(error);
    }
  }
}
