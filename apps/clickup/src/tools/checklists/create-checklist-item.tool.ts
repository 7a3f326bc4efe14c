import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
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
  checklistNameParam,
  sawChecklist,
  ChecklistTool,
} from './checklist-params.ts';
import { memberParam, teamIdParam } from '../shared/params.ts';

export const CreateChecklistItemParams = lazySchema(() =>
  z.object({
    checklist_id: checklistIdParam(),
    name: checklistNameParam().describe('Item text'),
    assignee: memberParam().optional().describe('Assign the item to this person'),
    team_id: teamIdParam(),
  }),
);

export class CreateChecklistItemTool extends ChecklistTool<typeof CreateChecklistItemParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_checklist_item', TOOL_PREFIX),
    description:
      'Add an item to a checklist; returns the checklist with its items. Nest it under another item with clickup_update_checklist_item.',
    category: 'checklists',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateChecklistItemParams;

  protected override outcomeCheck({
    checklist_id,
    name,
  }: ParamsOf<typeof CreateChecklistItemParams>): OutcomeCheck {
    return {
      done: 'the item was added',
      tool: buildToolName('get_task', TOOL_PREFIX),
      lookFor: `an item ${JSON.stringify(name)} in checklist ${checklist_id} (read the task that holds it, with include: ["checklists"])`,
    };
  }

  async execute(
    { checklist_id, name, assignee }: ParamsOf<typeof CreateChecklistItemParams>,
    ctx: ClickUpCtx,
  ) {
    const { checklist } = await hintOnNotFound(
      ctx.deps.client.post<{ checklist: ApiChecklistFull }>(
        `/checklist/${encodeURIComponent(checklist_id)}/checklist_item`,
        { json: { name, ...(assignee !== undefined ? { assignee } : {}) }, signal: ctx.signal },
      ),
      CHECKLIST_NOT_FOUND_HINT,
    );
    sawChecklist(ctx, checklist);
    return toChecklistView(checklist);
  }
}
