/**
 * What the Tasks in Multiple Lists tools share (research §2.4): the task's place — its home list
 * and the lists it was added to (`locations`) — read once before the write, and the refusals that
 * reading allows. Neither endpoint takes a custom task id ("DEV-12"): it is read for its task id,
 * and the conversion announced.
 */
import { ValidationError } from '@toolsmith/core';
import type { ApiTask } from '../../api/dto/task-view.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { listLabel } from '../shared/list-label.ts';
import { placeOf } from '../shared/relationships.ts';

export const TASKS_IN_MULTIPLE_LISTS = 'Tasks in Multiple Lists';

export interface TaskLists {
  /** The task id the endpoints take. */
  id: string;
  label: string;
  home: { id: string; name: string | undefined };
  /** The lists the task was added to besides its home list; undefined when ClickUp did not say. */
  added: { id: string; name: string | undefined }[] | undefined;
}

/** The task's lists; a task that does not exist is refused on task_id. */
export async function taskLists(ctx: ClickUpCtx, ref: string): Promise<TaskLists> {
  const place = await placeOf(ctx, ref, 'task_id');
  const task = await ctx.deps.client.get<ApiTask & { locations?: { id: string; name?: string | null }[] }>(
    `/task/${encodeURIComponent(place.id)}`,
    { signal: ctx.signal },
  );
  return {
    id: place.id,
    label: `${place.customId ?? place.id} ("${place.name}")`,
    home: { id: place.listId, name: place.listName },
    added: task.locations?.map((l) => ({ id: String(l.id), name: l.name ?? undefined })),
  };
}

/** "list "Bugs" (901510000002)". */
export const named = (list: { id: string; name: string | undefined }) => listLabel(list.id, list.name);

/** Refuses `list_id` with `message`: nothing was sent. */
export function refuseList(ctx: ClickUpCtx, message: string): never {
  throw new ValidationError({
    toolName: ctx.toolName,
    issues: [{ field: 'list_id', message: `${message} Nothing was sent.` }],
  });
}

/** Announces that a custom id is sent as its task id (the endpoints take no custom id). */
export function announceTaskId(ctx: ClickUpCtx, ref: string, lists: TaskLists): void {
  if (lists.id !== ref)
    ctx.call?.convert('task_id', ref, lists.id, 'its task id: this endpoint takes no custom id');
}
