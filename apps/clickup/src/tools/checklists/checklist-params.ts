/** Params the checklist tools share, and the sentence that says where checklist ids come from. */
import { asRef } from '@toolsmith/core';
import { z } from 'zod';
import type { ApiChecklistFull } from '../../api/dto/checklist-view.ts';
import type { ClickUpCtx } from '../shared/clickup-tool.ts';

const UUID = /^[\da-fA-F-]{36}$/;

/** A checklist (ref('checklist'): the ones this server has read are checked, others go to the API). */
export const checklistIdParam = () =>
  asRef(
    z.string().regex(UUID, 'checklist ids are UUIDs: read them with clickup_get_task include ["checklists"]'),
    'checklist',
  ).describe('Checklist id (UUID)');

/** An item of the call's checklist (ref('checklist_item'), scoped to `checklist_id`). */
export const checklistItemIdParam = () =>
  asRef(
    z
      .string()
      .regex(UUID, 'checklist item ids are UUIDs: read them with clickup_get_task include ["checklists"]'),
    'checklist_item',
  ).describe('Checklist item id (UUID)');

export const checklistNameParam = () => z.string().trim().min(1).max(1000);

export const CHECKLIST_NOT_FOUND_HINT =
  'Read the task\'s checklists and item ids with clickup_get_task include ["checklists"].';

/** A checklist in an answer: its ids become known to ref('checklist') and ref('checklist_item'). */
export function sawChecklist(ctx: ClickUpCtx, checklist: ApiChecklistFull): void {
  if (checklist.task_id) ctx.deps.references.sawChecklists(checklist.task_id, [checklist]);
  ctx.deps.references.invalidate('checklist_item', checklist.id);
}
