/** Lookups most routes share: the task of a path id (custom ids included) and the workspace check. */
import { teamNotAuthorized } from './clickup-error.ts';
import type { TaskRecord } from './clickup-state.ts';
import { lookupTask } from './render.ts';
import { queryBoolean, queryString, type RouteContext } from './router.ts';

/** The task `:task_id` names, honouring `custom_task_ids=true&team_id=` (research §2.9). */
export function taskFromPath(ctx: RouteContext, param = 'task_id'): TaskRecord {
  return lookupTask(ctx.state, ctx.params[param]!, {
    customTaskIds: queryBoolean(ctx.request, 'custom_task_ids') === true,
    teamId: queryString(ctx.request, 'team_id'),
  });
}

/** A `:team_id` (or v3 `:workspace_id`) other than the token's workspace: 401 Team not authorized. */
export function requireTeam(ctx: RouteContext, param = 'team_id'): void {
  if (ctx.params[param] !== ctx.state.team.id) throw teamNotAuthorized();
}

/** Marks a task changed now. */
export function touch(ctx: RouteContext, task: TaskRecord): void {
  task.dateUpdated = Math.max(ctx.now, task.dateUpdated + 1);
}
