import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { folderIdParam, teamIdParam } from '../shared/params.ts';
import { folderMissing } from './hierarchy-hints.ts';

export const DeleteFolderParams = lazySchema(() =>
  z.object({ folder_id: folderIdParam(), team_id: teamIdParam() }),
);

export class DeleteFolderTool extends ClickUpTool<typeof DeleteFolderParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_folder', TOOL_PREFIX),
    description: 'Delete a folder with all its lists and tasks. There is no undo.',
    category: 'workspace',
    toolset: 'workspace_write',
    requiresExplicitUserConsent: true,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteFolderParams;

  async execute({ folder_id }: ParamsOf<typeof DeleteFolderParams>, ctx: ClickUpCtx) {
    try {
      await ctx.deps.client.delete(`/folder/${folder_id}`, { signal: ctx.signal });
    } catch (error) {
      throw folderMissing(error);
    }
    ctx.deps.references.changed('folder');
    return { folderId: folder_id, deleted: true };
  }
}
