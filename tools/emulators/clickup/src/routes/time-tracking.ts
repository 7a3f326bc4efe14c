/**
 * Time tracking (research §2.7): `GET/POST /team/{team_id}/time_entries`, `GET /…/time_entries/current`,
 * `POST /…/time_entries/start` and `/stop`, `GET/PUT/DELETE /…/time_entries/{timer_id}`. Answers wrap
 * the entry in `{data}`. Quirks kept: the list defaults to the caller's own entries of the last 30
 * days (`start_date`/`end_date` and `assignee=1,2` widen it); a running timer has a negative
 * `duration` (minus its start); the task is `tid` in the body; starting a timer stops the running one.
 */
import { badRequest, notFound } from '../clickup-error.ts';
import type { TimeEntryRecord } from '../clickup-state.ts';
import { nextCounter } from '../ids.ts';
import { findSpace, lookupTask, ms, statusOf, userRef } from '../render.ts';
import { readTeam, requireTeam, taskFromPath } from '../route-helpers.ts';
import {
  objectBody,
  queryBoolean,
  queryNumber,
  queryString,
  v2,
  type ClickUpRoute,
  type RouteContext,
} from '../router.ts';

const DAY = 86_400_000;

export function timeTrackingRoutes(): ClickUpRoute[] {
  const render = (ctx: RouteContext, e: TimeEntryRecord) => {
    const task = e.taskId === null ? undefined : ctx.state.tasks.find((t) => t.id === e.taskId);
    const list = task ? ctx.state.lists.find((l) => l.id === task.listId) : undefined;
    const withNames = queryBoolean(ctx.request, 'include_location_names') ?? false;
    return {
      id: e.id,
      task: task
        ? {
            id: task.id,
            custom_id: task.customId,
            name: task.name,
            status: (({ status, color, type, orderindex }) => ({ status, color, type, orderindex }))(
              statusOf(ctx.state, task),
            ),
            custom_type: null,
          }
        : null,
      wid: ctx.state.team.id,
      user: userRef(ctx.state, e.userId),
      billable: e.billable,
      start: ms(e.start),
      end: ms(e.end),
      duration: String(e.end === null ? -e.start : e.end - e.start),
      description: e.description,
      tags: e.tags,
      source: 'clickup',
      at: ms(e.at),
      ...(list
        ? {
            task_location: {
              list_id: list.id,
              folder_id: list.folderId,
              space_id: list.spaceId,
              ...(withNames
                ? {
                    list_name: list.name,
                    folder_name: ctx.state.folders.find((f) => f.id === list.folderId)?.name ?? 'hidden',
                    space_name: findSpace(ctx.state, list.spaceId).name,
                  }
                : {}),
            },
            task_url: `https://app.clickup.com/t/${task!.id}`,
          }
        : {}),
    };
  };
  const findEntry = (ctx: RouteContext) => {
    const entry = ctx.state.timeEntries.find((e) => e.id === ctx.params['timer_id']);
    if (!entry) throw notFound('Time entry');
    return entry;
  };
  const nextId = (ctx: RouteContext) =>
    String(4015000000000000000n + BigInt(nextCounter(ctx.state, 'timer', 100)));
  const taskOfBody = (ctx: RouteContext, tid: unknown) => {
    if (tid === undefined || tid === null) return null;
    if (typeof tid !== 'string') throw badRequest('tid must be a task id');
    return lookupTask(ctx.state, tid, {
      customTaskIds: queryBoolean(ctx.request, 'custom_task_ids') === true,
      teamId: queryString(ctx.request, 'team_id'),
    });
  };
  const tagsOf = (value: unknown): TimeEntryRecord['tags'] =>
    Array.isArray(value)
      ? value.map((t: { name?: unknown; tag_fg?: unknown; tag_bg?: unknown }) => ({
          name: String(t?.name ?? ''),
          tag_fg: typeof t?.tag_fg === 'string' ? t.tag_fg : '#000000',
          tag_bg: typeof t?.tag_bg === 'string' ? t.tag_bg : '#d3d3d3',
          creator: 0,
        }))
      : [];
  const running = (ctx: RouteContext) =>
    ctx.state.timeEntries.find((e) => e.userId === ctx.me && e.end === null);
  const tracked = (ctx: RouteContext, entry: TimeEntryRecord, description: string) => {
    const task = entry.taskId === null ? undefined : ctx.state.tasks.find((t) => t.id === entry.taskId);
    if (!task || entry.end === null) return;
    ctx.webhooks.taskChanged(task, ctx.me, [
      {
        field: 'time_spent',
        event: 'taskTimeTrackedUpdated',
        before: null,
        after: {
          id: entry.id,
          start: String(entry.start),
          end: String(entry.end),
          time: String(entry.end - entry.start),
          source: 'clickup',
          date_added: String(entry.at),
        },
        payload: { data: { description, interval_id: entry.id } },
      },
    ]);
  };

  return [
    v2('GET', '/team/:team_id/time_entries', (ctx) => {
      if (!readTeam(ctx)) return { data: [] };
      const end = queryNumber(ctx.request, 'end_date') ?? ctx.now;
      const start = queryNumber(ctx.request, 'start_date') ?? end - 30 * DAY;
      const assignees = (queryString(ctx.request, 'assignee') ?? String(ctx.me)).split(',').map(Number);
      const taskId = queryString(ctx.request, 'task_id');
      const task = taskId === undefined ? undefined : taskOfBody(ctx, taskId);
      const listId = queryString(ctx.request, 'list_id');
      const folderId = queryString(ctx.request, 'folder_id');
      const spaceId = queryString(ctx.request, 'space_id');
      const data = ctx.state.timeEntries.filter((e) => {
        if (!assignees.includes(e.userId) || e.start < start || e.start > end) return false;
        if (task && e.taskId !== task.id) return false;
        if (listId || folderId || spaceId) {
          const t = ctx.state.tasks.find((x) => x.id === e.taskId);
          const list = t ? ctx.state.lists.find((l) => l.id === t.listId) : undefined;
          if (!list) return false;
          if (listId && list.id !== listId) return false;
          if (folderId && list.folderId !== folderId) return false;
          if (spaceId && list.spaceId !== spaceId) return false;
        }
        return true;
      });
      return { data: data.sort((a, b) => b.start - a.start).map((e) => render(ctx, e)) };
    }),
    v2('POST', '/team/:team_id/time_entries', (ctx) => {
      requireTeam(ctx);
      const body = objectBody(ctx.request);
      if (typeof body['start'] !== 'number') throw badRequest('start must be a date in ms');
      const start = body['start'];
      const stop =
        typeof body['stop'] === 'number'
          ? body['stop']
          : typeof body['end'] === 'number'
            ? body['end']
            : undefined;
      const duration = typeof body['duration'] === 'number' ? body['duration'] : undefined;
      if (stop === undefined && duration === undefined) throw badRequest('duration or stop is required');
      const task = taskOfBody(ctx, body['tid']);
      const entry: TimeEntryRecord = {
        id: nextId(ctx),
        taskId: task?.id ?? null,
        userId: typeof body['assignee'] === 'number' ? body['assignee'] : ctx.me,
        start,
        end: stop ?? start + duration!,
        billable: body['billable'] === true,
        description: typeof body['description'] === 'string' ? body['description'] : '',
        tags: tagsOf(body['tags']),
        at: ctx.now,
      };
      ctx.state.timeEntries.push(entry);
      tracked(ctx, entry, 'Time Tracking Created');
      return { data: render(ctx, entry) };
    }),
    v2('GET', '/team/:team_id/time_entries/current', (ctx) => {
      if (!readTeam(ctx)) return { data: null };
      const entry = running(ctx);
      return { data: entry ? render(ctx, entry) : null };
    }),
    v2('POST', '/team/:team_id/time_entries/start', (ctx) => {
      requireTeam(ctx);
      const body = objectBody(ctx.request);
      const task = taskOfBody(ctx, body['tid']);
      const current = running(ctx);
      if (current) {
        current.end = ctx.now;
        tracked(ctx, current, 'Time Tracking Created');
      }
      const entry: TimeEntryRecord = {
        id: nextId(ctx),
        taskId: task?.id ?? null,
        userId: ctx.me,
        start: ctx.now,
        end: null,
        billable: body['billable'] === true,
        description: typeof body['description'] === 'string' ? body['description'] : '',
        tags: tagsOf(body['tags']),
        at: ctx.now,
      };
      ctx.state.timeEntries.push(entry);
      return { data: render(ctx, entry) };
    }),
    v2('POST', '/team/:team_id/time_entries/stop', (ctx) => {
      requireTeam(ctx);
      const entry = running(ctx);
      if (!entry) throw notFound('Running timer');
      entry.end = Math.max(ctx.now, entry.start);
      entry.at = ctx.now;
      tracked(ctx, entry, 'Time Tracking Created');
      return { data: render(ctx, entry) };
    }),
    v2('GET', '/team/:team_id/time_entries/:timer_id', (ctx) => {
      requireTeam(ctx);
      return { data: [render(ctx, findEntry(ctx))] };
    }),
    v2('PUT', '/team/:team_id/time_entries/:timer_id', (ctx) => {
      requireTeam(ctx);
      const entry = findEntry(ctx);
      const body = objectBody(ctx.request);
      if (typeof body['description'] === 'string') entry.description = body['description'];
      if (typeof body['billable'] === 'boolean') entry.billable = body['billable'];
      if (typeof body['start'] === 'number') entry.start = body['start'];
      if (typeof body['end'] === 'number') entry.end = body['end'];
      if (typeof body['duration'] === 'number') entry.end = entry.start + body['duration'];
      if (body['tid'] !== undefined) entry.taskId = taskOfBody(ctx, body['tid'])?.id ?? null;
      if (body['tags'] !== undefined) entry.tags = tagsOf(body['tags']);
      return {};
    }),
    v2('DELETE', '/team/:team_id/time_entries/:timer_id', (ctx) => {
      requireTeam(ctx);
      const entry = findEntry(ctx);
      ctx.state.timeEntries = ctx.state.timeEntries.filter((e) => e !== entry);
      return { data: render(ctx, entry) };
    }),
    // Legacy per-task time (research §2.7).
    v2('GET', '/task/:task_id/time', (ctx) => {
      const task = taskFromPath(ctx);
      const entries = ctx.state.timeEntries.filter((e) => e.taskId === task.id && e.end !== null);
      const users = [...new Set(entries.map((e) => e.userId))];
      return {
        data: users.map((id) => {
          const mine = entries.filter((e) => e.userId === id);
          return {
            user: userRef(ctx.state, id),
            time: mine.reduce((sum, e) => sum + (e.end! - e.start), 0),
            intervals: mine.map((e) => ({
              id: e.id,
              start: ms(e.start),
              end: ms(e.end),
              time: String(e.end! - e.start),
              source: 'clickup',
              date_added: ms(e.at),
            })),
          };
        }),
      };
    }),
  ];
}
