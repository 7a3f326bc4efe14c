import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';
import {
  CHECKLIST_NOT_FOUND_HINT,
  checklistIdParam,
  checklistItemIdParam,
  ChecklistTool,
} from './checklist-params.ts';
import { teamIdParam } from '../shared/params.ts';

export const DeleteChecklistItemParams = lazySchema(() =>
  z.object({
    checklist_id: checklistIdParam(),
    item_id: checklistItemIdParam(),
    team_id: teamIdParam(),
  }),
);

export class DeleteChecklistItemTool extends ChecklistTool<typeof DeleteChecklistItemParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_checklist_item', TOOL_PREFIX),
    description: 'Delete one checklist item. It cannot be restored.',
    category: 'checklists',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteChecklistItemParams;

  async execute({ checklist_id, item_id }: ParamsOf<typeof DeleteChecklistItemParams>, ctx: ClickUpCtx) {
    await hintOnNotFound(
      ctx.deps.client.delete(
        `/checklist/${encodeURIComponent(checklist_id)}/checklist_item/${encodeURIComponent(item_id)}`,
        { signal: ctx.signal },
      ),
      CHECKLIST_NOT_FOUND_HINT,
    );
    return { deleted: item_id };
  }
}
