import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';
import { CHECKLIST_NOT_FOUND_HINT, checklistIdParam, ChecklistTool } from './checklist-params.ts';
import { teamIdParam } from '../shared/params.ts';

export const DeleteChecklistParams = lazySchema(() =>
  z.object({ checklist_id: checklistIdParam(), team_id: teamIdParam() }),
);

export class DeleteChecklistTool extends ChecklistTool<typeof DeleteChecklistParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_checklist', TOOL_PREFIX),
    description: 'Delete a checklist with all its items. It cannot be restored.',
    category: 'checklists',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteChecklistParams;

  async execute({ checklist_id }: ParamsOf<typeof DeleteChecklistParams>, ctx: ClickUpCtx) {
    await hintOnNotFound(
      ctx.deps.client.delete(`/checklist/${encodeURIComponent(checklist_id)}`, { signal: ctx.signal }),
      CHECKLIST_NOT_FOUND_HINT,
    );
    return { deleted: checklist_id };
  }
}
