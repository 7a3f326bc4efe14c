/** The one task, list or folder a share names, as the path of its guest endpoint. */
import { ValidationError, type Query } from '@toolsmith/core';
import type { ClickUpCtx } from '../clickup-context.ts';

export interface GuestPlace {
  task_id?: string | undefined;
  list_id?: string | undefined;
  folder_id?: string | undefined;
}

const PLACES = ['task_id', 'list_id', 'folder_id'] as const;

/** `/task|list|folder/{id}/guest/{guest}` and its query (a custom task id's flags), or a refusal. */
export async function guestPlacePath(
  ctx: ClickUpCtx,
  place: GuestPlace,
  guest: number | string,
): Promise<{ path: string; query: Query }> {
  const given = PLACES.filter((k) => place[k] !== undefined);
  if (given.length !== 1) {
    throw new ValidationError({
      toolName: ctx.toolName,
      issues: [
        {
          field: given[1] ?? 'task_id',
          message: `give exactly one of task_id, list_id or folder_id${given.length ? ` (got ${given.join(' and ')})` : ''}. Nothing was sent.`,
        },
      ],
    });
  }
  if (place.task_id !== undefined) return ctx.deps.client.task(place.task_id, `/guest/${guest}`, ctx.signal);
  const [kind, id] = place.list_id !== undefined ? ['list', place.list_id] : ['folder', place.folder_id!];
  return { path: `/${kind}/${encodeURIComponent(id)}/guest/${guest}`, query: {} };
}
