import type { ClickUpCtx } from '../clickup-context.ts';
import { placeOf } from '../shared/relationships.ts';
import type { Identity } from './bulk-items.ts';

/**
 * The check of a bulk call's items that name a task: the task exists (one cached read, refused
 * naming the item when it does not), and what it is, so that two items naming one task (by its id,
 * custom id or URL) are refused. Before anything is written.
 */
export async function existingTask(
  params: { task_id: string },
  ctx: ClickUpCtx,
  field: (name: string) => string,
): Promise<Identity> {
  const at = field('task_id');
  const place = await placeOf(ctx, params.task_id, at);
  return { key: place.id, label: `task ${place.customId ?? place.id} ("${place.name}")`, field: at };
}
