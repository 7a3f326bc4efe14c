import { buildToolName, defineToolMetadata, lazySchema, ref, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { withMissingHint } from '../../api/not-found-hint.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';

export const DeleteViewParams = lazySchema(() => z.object({ view_id: ref('view'), team_id: teamIdParam() }));

export class DeleteViewTool extends ClickUpTool<typeof DeleteViewParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_view', TOOL_PREFIX),
    description: 'Delete a view; its tasks stay where they are.',
    category: 'view_writes',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteViewParams;

  async execute({ view_id }: ParamsOf<typeof DeleteViewParams>, ctx: ClickUpCtx) {
    try {
      await ctx.deps.client.delete(`/view/${encodeURIComponent(view_id)}`, { signal: ctx.signal });
    } catch (error) {
      throw withMissingHint(error, 'Find the view id with clickup_get_views.');
    }
    ctx.deps.references.changed('view');
    return { deleted: view_id };
  }
}
