import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { listIdParam, teamIdParam } from '../shared/params.ts';
import { listMissing } from './hierarchy-hints.ts';

export const DeleteListParams = lazySchema(() =>
  z.object({ list_id: listIdParam(), team_id: teamIdParam() }),
);

export class DeleteListTool extends ClickUpTool<typeof DeleteListParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_list', TOOL_PREFIX),
    description: 'Delete a list with all its tasks. There is no undo.',
    category: 'workspace',
    toolset: 'workspace_write',
    requiresExplicitUserConsent: true,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteListParams;

  async execute({ list_id }: ParamsOf<typeof DeleteListParams>, ctx: ClickUpCtx) {
    try {
      await ctx.deps.client.delete(`/list/${list_id}`, { signal: ctx.signal });
    } catch (error) {
      throw listMissing(error);
    }
    ctx.deps.references.changed('list');
    return { listId: list_id, deleted: true };
  }
}
