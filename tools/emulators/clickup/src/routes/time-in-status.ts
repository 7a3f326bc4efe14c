/**
 * Time in status (research §2.5; needs the "Total time in Status" ClickApp): one task
 * `GET /task/{task_id}/time_in_status` (custom ids with `custom_task_ids=true&team_id=`), and up to
 * 100 at once `GET /task/bulk_time_in_status/task_ids?task_ids=a&task_ids=b` (the parameter repeated
 * once per task), answered as `{<task id>: {current_status, status_history}}`. A task the token
 * cannot see fails the whole call as Get Task does (401 Team not authorized); more than 100 ids, or
 * none, is 400 (emulator's choice of words: the research gives the limit, not the answer).
 */
import { badRequest, timeInStatusDisabled } from '../clickup-error.ts';
import { lookupTask } from '../render.ts';
import { taskFromPath } from '../route-helpers.ts';
import { queryBoolean, queryList, queryString, v2, type ClickUpRoute, type RouteContext } from '../router.ts';
import { renderTimeInStatus } from '../status-history.ts';

export const BULK_TIME_IN_STATUS_MAX = 100;

export function timeInStatusRoutes(): ClickUpRoute[] {
  const requireClickApp = (ctx: RouteContext) => {
    if (ctx.state.clickApps?.timeInStatus === false) throw timeInStatusDisabled();
  };
  return [
    v2('GET', '/task/bulk_time_in_status/task_ids', (ctx) => {
      requireClickApp(ctx);
      const ids = queryList(ctx.request, 'task_ids');
      if (ids.length === 0) throw badRequest('task_ids is required, once per task');
      if (ids.length > BULK_TIME_IN_STATUS_MAX) {
        throw badRequest(`At most ${BULK_TIME_IN_STATUS_MAX} task_ids per request`);
      }
      const options = {
        customTaskIds: queryBoolean(ctx.request, 'custom_task_ids') === true,
        teamId: queryString(ctx.request, 'team_id'),
      };
      const answer: Record<string, unknown> = {};
      for (const id of ids) {
        const task = lookupTask(ctx.state, id, options);
        answer[task.id] = renderTimeInStatus(ctx.state, task, ctx.now);
      }
      return answer;
    }),
    v2('GET', '/task/:task_id/time_in_status', (ctx) => {
      requireClickApp(ctx);
      return renderTimeInStatus(ctx.state, taskFromPath(ctx), ctx.now);
    }),
  ];
}
