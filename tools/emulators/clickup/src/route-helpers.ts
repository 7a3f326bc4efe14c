/** Lookups most routes share: the task of a path id (custom ids included) and the workspace check. */
import { emptyWorkspace, teamNotAuthorized } from './clickup-error.ts';
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

/**
 * The `:team_id` (or v3 `:workspace_id`) must be the seed workspace. A workspace the token does not
 * see: 401 Team not authorized; one of the extra (empty) workspaces: the emulator's EMU_001.
 */
export function requireTeam(ctx: RouteContext, param = 'team_id'): void {
  if (!readTeam(ctx, param)) throw emptyWorkspace(ctx.params[param]!);
}

/**
 * For a team-scoped READ: true for the seed workspace, false for one of the extra workspaces of
 * `createSeedState({ workspaces })` (the route answers an empty list), 401 Team not authorized for
 * any other id and for a workspace the caller's token was not granted (a user's personal token acts
 * in the workspaces they are a member of; an OAuth token in those they authorized).
 */
export function readTeam(ctx: RouteContext, param = 'team_id'): boolean {
  const id = ctx.params[param]!;
  if (!ctx.teams.includes(id)) throw teamNotAuthorized();
  if (id === ctx.state.team.id) return true;
  if (ctx.state.otherTeams?.some((t) => t.id === id)) return false;
  throw teamNotAuthorized();
}

/** Marks a task changed now. */
export function touch(ctx: RouteContext, task: TaskRecord): void {
  task.dateUpdated = Math.max(ctx.now, task.dateUpdated + 1);
}
