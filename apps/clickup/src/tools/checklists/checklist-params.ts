/** Params the checklist tools share, and the sentence that says where checklist ids come from. */
import {
  ref,
  ValidationError,
  type AnyZodObject,
  type FieldIssue,
  type ParamsDeclaration,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import type { ApiChecklistFull } from '../../api/dto/checklist-view.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';

/**
 * A checklist, by id or name (ref('checklist'): the checklists this server has read — a task's, a
 * new one — are checked and their names converted; others go to the API, which knows them).
 */
export const checklistIdParam = () => ref('checklist').describe('Checklist id (UUID)');

/** An item of the call's checklist, by id or name (ref('checklist_item'), scoped to `checklist_id`). */
export const checklistItemIdParam = () => ref('checklist_item').describe('Checklist item id (UUID)');

export const checklistNameParam = () => z.string().trim().min(1).max(1000);

export const CHECKLIST_NOT_FOUND_HINT =
  'Read the task\'s checklists and item ids with clickup_get_task include ["checklists"].';

/** A checklist in an answer: its ids become known to ref('checklist') and ref('checklist_item'). */
export function sawChecklist(ctx: ClickUpCtx, checklist: ApiChecklistFull): void {
  if (checklist.task_id) ctx.deps.references.sawChecklists(checklist.task_id, [checklist]);
  ctx.deps.references.invalidate('checklist_item', checklist.id);
}

const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/**
 * The checklist tools: a checklist or item this server has not read is checked by the API, but one
 * that is not even an id (a name of a checklist never read here) is refused before it is sent.
 */
export abstract class ChecklistTool<
  TParams extends ParamsDeclaration = AnyZodObject,
> extends ClickUpTool<TParams> {
  protected override async beforeExecute(params: ParamsOf<TParams>, ctx: ClickUpCtx): Promise<void> {
    const values = params as Record<string, unknown>;
    const issues: FieldIssue[] = [];
    for (const field of ['checklist_id', 'item_id', 'parent']) {
      const value = values[field];
      if (typeof value === 'string' && !UUID.test(value)) {
        issues.push({
          field,
          message: `"${value.slice(0, 60)}" is not a checklist${field === 'checklist_id' ? '' : ' item'} id (a UUID), nor the name of one this server has read. ${CHECKLIST_NOT_FOUND_HINT} Nothing was sent.`,
        });
      }
    }
    if (issues.length > 0) throw new ValidationError({ toolName: ctx.toolName, issues });
    await super.beforeExecute(params, ctx);
  }
}
