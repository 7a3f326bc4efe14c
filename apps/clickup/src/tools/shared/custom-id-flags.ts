/**
 * The pack's validators check a task call the way the API takes it: a custom id ("DEV-123") must
 * travel with `custom_task_ids=true&team_id=…`. The server adds both itself (api/clickup-client.ts)
 * — so before validation it says so in the call's arguments too, and the validators see the call
 * the API will see. `execute` never sends these two in a body.
 */
import { parseTaskRef } from '../../api/task-ref.ts';
import type { ClickUpCtx } from '../clickup-context.ts';

export async function addCustomIdFlags(params: Record<string, unknown>, ctx: ClickUpCtx): Promise<void> {
  const ref = params['task_id'];
  if (typeof ref !== 'string' || !parseTaskRef(ref).custom) return;
  params['custom_task_ids'] = true;
  params['team_id'] = await ctx.deps.client.teamId(ctx.signal);
}

/** The arguments without the two flags (they go in the query, not the body). */
export function withoutFlags<T extends Record<string, unknown>>(
  params: T,
): Omit<T, 'custom_task_ids' | 'team_id'> {
  const { custom_task_ids: _flag, team_id: _team, ...rest } = params;
  return rest;
}
