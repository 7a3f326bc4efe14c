/**
 * Tasks in Multiple Lists (research §2.4; needs the ClickApp): `POST /list/{list_id}/task/{task_id}`
 * adds a task to a list besides its home list, `DELETE` the same path takes it off again. Neither
 * takes custom task ids (the path id is looked up as a regular id: a custom id is 401 Team not
 * authorized, as for any id the token cannot see). Without the ClickApp both answer 400 (see
 * clickup-error.ts). The home list is not among the extra lists: adding a task to it, or removing it
 * from it, is 400 (emulator's choice of words; moving a task is the v3 home_list route). Adding it
 * twice, or removing it from a list it is not in, changes nothing (200). The task shows its extra
 * lists as `locations`; `GET /list/{id}/task?include_timl=true` lists it there.
 */
import { badRequest, tasksInMultipleListsDisabled } from '../clickup-error.ts';
import { findList, lookupTask } from '../render.ts';
import { touch } from '../route-helpers.ts';
import { v2, type ClickUpRoute, type RouteContext } from '../router.ts';

export function taskLocationRoutes(): ClickUpRoute[] {
  const target = (ctx: RouteContext) => {
    if (ctx.state.clickApps?.tasksInMultipleLists === false) throw tasksInMultipleListsDisabled();
    const list = findList(ctx.state, ctx.params['list_id']!);
    const task = lookupTask(ctx.state, ctx.params['task_id']!, { customTaskIds: false, teamId: undefined });
    return { list, task };
  };
  return [
    v2('POST', '/list/:list_id/task/:task_id', (ctx) => {
      const { list, task } = target(ctx);
      if (task.listId === list.id) throw badRequest('Task is already in this List (its home List)');
      const locations = (ctx.state.taskLocations ??= []);
      if (!locations.some((l) => l.taskId === task.id && l.listId === list.id)) {
        locations.push({ taskId: task.id, listId: list.id });
        touch(ctx, task);
      }
      return {};
    }),
    v2('DELETE', '/list/:list_id/task/:task_id', (ctx) => {
      const { list, task } = target(ctx);
      if (task.listId === list.id) throw badRequest('Cannot remove a task from its home List');
      const before = ctx.state.taskLocations ?? [];
      ctx.state.taskLocations = before.filter((l) => !(l.taskId === task.id && l.listId === list.id));
      if (ctx.state.taskLocations.length !== before.length) touch(ctx, task);
      return {};
    }),
  ];
}
