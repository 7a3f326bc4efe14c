import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  nullMeans,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toChecklistView, type ApiChecklistFull } from '../../api/dto/checklist-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';
import {
  CHECKLIST_NOT_FOUND_HINT,
  checklistIdParam,
  checklistItemIdParam,
  checklistNameParam,
  sawChecklist,
  ChecklistTool,
} from './checklist-params.ts';
import { memberParam, teamIdParam } from '../shared/params.ts';

export const UpdateChecklistItemParams = lazySchema(() =>
  z.object({
    checklist_id: checklistIdParam(),
    item_id: checklistItemIdParam(),
    resolved: z.boolean().optional().describe('Tick (true) or untick (false)'),
    name: checklistNameParam().optional().describe('New text'),
    assignee: nullMeans(memberParam().nullable().optional().describe('A person; null unassigns'), 'unset'),
    parent: nullMeans(
      checklistItemIdParam().nullable().optional().describe('Item to nest under; null un-nests'),
      'unset',
    ),
    team_id: teamIdParam(),
  }),
);

export class UpdateChecklistItemTool extends ChecklistTool<typeof UpdateChecklistItemParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_checklist_item', TOOL_PREFIX),
    description: 'Tick, rename, assign or nest a checklist item; returns the checklist with its items.',
    category: 'checklists',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateChecklistItemParams;

  async execute(params: ParamsOf<typeof UpdateChecklistItemParams>, ctx: ClickUpCtx) {
    const { checklist_id, item_id, resolved, name, assignee, parent } = params;
    const body = {
      ...(resolved !== undefined ? { resolved } : {}),
      ...(name !== undefined ? { name } : {}),
      ...(assignee !== undefined ? { assignee } : {}),
      ...(parent !== undefined ? { parent } : {}),
    };
    if (Object.keys(body).length === 0) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [{ field: '', message: 'changes nothing. Give resolved, name, assignee or parent.' }],
      });
    }
    if (parent === item_id) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [
          { field: 'parent', message: 'is the item itself. Give another item of the checklist, or null.' },
        ],
      });
    }
    const { checklist } = await hintOnNotFound(
      ctx.deps.client.put<{ checklist: ApiChecklistFull }>(
        `/checklist/${encodeURIComponent(checklist_id)}/checklist_item/${encodeURIComponent(item_id)}`,
        { json: body, signal: ctx.signal },
      ),
      CHECKLIST_NOT_FOUND_HINT,
    );
    sawChecklist(ctx, checklist);
    return toChecklistView(checklist);
  }
}
