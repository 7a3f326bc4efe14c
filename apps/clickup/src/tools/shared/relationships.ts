/**
 * Checks of how the entities of a write relate, made before it is sent by reading what they need
 * (cached): ClickUp refuses some of these only after part of a call, or applies them wrong. Each
 * refusal names the valid target; nothing is sent.
 */
import { ValidationError } from '@toolsmith/core';
import { isMissing } from '../../api/not-found-hint.ts';
import type { ClickUpDeps } from '../../deps.ts';
import type { ClickUpReferences } from '../../references/clickup-references.ts';
import type { TaskPlace } from '../../references/task-places.ts';
import type { ClickUpCtx } from '../clickup-context.ts';

export const referencesOf = (ctx: ClickUpCtx): ClickUpReferences<ClickUpDeps> => ctx.deps.references;

/** A task's place, or a refusal on `field` when the task does not exist. */
export async function placeOf(ctx: ClickUpCtx, ref: string, field: string): Promise<TaskPlace> {
  try {
    return await referencesOf(ctx).tasks.get(ref, ctx.signal);
  } catch (error) {
    if (!isMissing(error)) throw error;
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    throw new ValidationError({
      toolName: ctx.toolName,
      issues: [{ field, message: `${message} Nothing was sent.` }],
    });
  }
}

const taskName = (p: TaskPlace) => `${p.customId ?? p.id} ("${p.name}")`;

async function listName(ctx: ClickUpCtx, listId: string): Promise<string> {
  try {
    const h = await referencesOf(ctx).hierarchy.get(ctx.signal);
    const list = h.lists.find((l) => l.id === listId);
    return list ? `list "${list.name}" (${listId})` : `list ${listId}`;
  } catch {
    return `list ${listId}`;
  }
}

/**
 * A parent for a task of `listId`: it must be in that list (ClickUp: ITEM_137 "Parent not child of
 * list"). Returns the parent's real id (the API takes no custom id there), recording the conversion.
 */
export async function parentInList(
  ctx: ClickUpCtx,
  parentRef: string,
  listId: string,
  options: { field?: string; taskId?: string; otherwise: string },
): Promise<string> {
  const field = options.field ?? 'parent';
  const parent = await placeOf(ctx, parentRef, field);
  const issues = [];
  if (options.taskId !== undefined && parent.id === options.taskId)
    issues.push({ field, message: 'is the task itself. Give another task of its list. Nothing was sent.' });
  else if (parent.listId !== listId) {
    issues.push({
      field,
      message: `task ${taskName(parent)} is in ${await listName(ctx, parent.listId)}, but a subtask must be in its parent's list, ${await listName(ctx, listId)}. Give a parent from that list (clickup_get_list_tasks lists them), or ${options.otherwise}. Nothing was sent.`,
    });
  }
  if (issues.length > 0) throw new ValidationError({ toolName: ctx.toolName, issues });
  if (parent.id !== parentRef) ctx.call?.convert(field, parentRef, parent.id, 'its task id');
  return parent.id;
}
