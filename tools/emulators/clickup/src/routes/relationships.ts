/**
 * Dependencies and links (research §2.7): `POST /task/{task_id}/dependency` with exactly one of
 * `{"depends_on": id}` (this task waits on it) or `{"dependency_of": id}` (this task blocks it) — the
 * OpenAPI spelling `depedency_of` is not accepted; `DELETE /task/{task_id}/dependency` takes the same
 * names as QUERY parameters. Links: `POST/DELETE /task/{task_id}/link/{links_to}`, answering `{task}`.
 */
import { badRequest } from '../clickup-error.ts';
import { lookupTask, renderTask } from '../render.ts';
import { taskFromPath, touch } from '../route-helpers.ts';
import { objectBody, queryString, v2, type ClickUpRoute, type RouteContext } from '../router.ts';

export function relationshipRoutes(): ClickUpRoute[] {
  const other = (ctx: RouteContext, id: string) =>
    lookupTask(ctx.state, id, { customTaskIds: false, teamId: undefined });
  const pair = (dependsOn: unknown, dependencyOf: unknown) => {
    const given = [dependsOn, dependencyOf].filter((v) => v !== undefined);
    if (given.length !== 1 || typeof given[0] !== 'string') {
      throw badRequest('Send exactly one of depends_on or dependency_of');
    }
    return { dependsOn: dependsOn as string | undefined, dependencyOf: dependencyOf as string | undefined };
  };
  return [
    v2('POST', '/task/:task_id/dependency', (ctx) => {
      const task = taskFromPath(ctx);
      const body = objectBody(ctx.request);
      const { dependsOn, dependencyOf } = pair(body['depends_on'], body['dependency_of']);
      const [waiting, blocking] =
        dependsOn !== undefined
          ? [task.id, other(ctx, dependsOn).id]
          : [other(ctx, dependencyOf!).id, task.id];
      if (waiting === blocking) throw badRequest('A task cannot depend on itself');
      if (!ctx.state.dependencies.some((d) => d.taskId === waiting && d.dependsOn === blocking)) {
        ctx.state.dependencies.push({ taskId: waiting, dependsOn: blocking, userId: ctx.me, date: ctx.now });
      }
      touch(ctx, task);
      return {};
    }),
    v2('DELETE', '/task/:task_id/dependency', (ctx) => {
      const task = taskFromPath(ctx);
      const { dependsOn, dependencyOf } = pair(
        queryString(ctx.request, 'depends_on'),
        queryString(ctx.request, 'dependency_of'),
      );
      const [waiting, blocking] = dependsOn !== undefined ? [task.id, dependsOn] : [dependencyOf!, task.id];
      ctx.state.dependencies = ctx.state.dependencies.filter(
        (d) => !(d.taskId === waiting && d.dependsOn === blocking),
      );
      return {};
    }),
    v2('POST', '/task/:task_id/link/:links_to', (ctx) => {
      const task = taskFromPath(ctx);
      const target = other(ctx, ctx.params['links_to']!);
      const exists = ctx.state.links.some(
        (l) =>
          (l.taskId === task.id && l.linksTo === target.id) ||
          (l.taskId === target.id && l.linksTo === task.id),
      );
      if (!exists)
        ctx.state.links.push({ taskId: task.id, linksTo: target.id, userId: ctx.me, date: ctx.now });
      return { task: renderTask(ctx.state, task) };
    }),
    v2('DELETE', '/task/:task_id/link/:links_to', (ctx) => {
      const task = taskFromPath(ctx);
      const target = ctx.params['links_to']!;
      ctx.state.links = ctx.state.links.filter(
        (l) =>
          !((l.taskId === task.id && l.linksTo === target) || (l.taskId === target && l.linksTo === task.id)),
      );
      return { task: renderTask(ctx.state, task) };
    }),
  ];
}
