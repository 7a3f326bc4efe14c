/**
 * Time tracking (research §2.7): `GET/POST /team/{team_id}/time_entries`, `GET /…/time_entries/current`,
 * `POST /…/time_entries/start` and `/stop`, `GET/PUT/DELETE /…/time_entries/{timer_id}` and its
 * `/history` (labels: time-entry-tags.ts). Answers wrap
 * the entry in `{data}`. Quirks kept: the list defaults to the caller's own entries of the last 30
 * days (`start_date`/`end_date` and `assignee=1,2` widen it); a running timer has a negative
 * `duration` (minus its start); the task is `tid` in the body; starting a timer stops the running one.
 * An update takes `start` only with `end` ([doc: Update a time Entry]), and `tags` with `tag_action`
 * replace (default), add or remove. Its history is documented as an `object` only: the emulator
 * answers `{data: [{id, field, before, after, date, user}]}`, newest first (the emulator's choice),
 * one item per field changed by an update or a label added or removed.
 */
import { badRequest, notFound } from '../clickup-error.ts';
import type { TimeEntryRecord } from '../clickup-state.ts';
import { nextCounter } from '../ids.ts';
import { findSpace, lookupTask, ms, statusOf, userRef } from '../render.ts';
import { readTeam, requireTeam, taskFromPath } from '../route-helpers.ts';
import { recordEntryChange } from './time-entry-tags.ts';
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
      // [doc: Update a time Entry]: "When providing `start`, you must also provide `end`" (and back).
      if ((typeof body['start'] === 'number') !== (typeof body['end'] === 'number'))
        throw badRequest('When providing start, you must also provide end');
      if (typeof body['start'] === 'number' && (body['end'] as number) < body['start'])
        throw badRequest('end must be after start');
      const task = body['tid'] === undefined ? undefined : (taskOfBody(ctx, body['tid'])?.id ?? null);
      const change = (field: string, before: unknown, after: unknown) => {
        if (JSON.stringify(before) !== JSON.stringify(after))
          recordEntryChange(ctx, entry, field, before, after);
      };
      if (typeof body['description'] === 'string') {
        change('description', entry.description, body['description']);
        entry.description = body['description'];
      }
      if (typeof body['billable'] === 'boolean') {
        change('billable', entry.billable, body['billable']);
        entry.billable = body['billable'];
      }
      const [start, end] = [entry.start, entry.end];
      if (typeof body['start'] === 'number') entry.start = body['start'];
      if (typeof body['end'] === 'number') entry.end = body['end'];
      else if (typeof body['duration'] === 'number') entry.end = entry.start + body['duration'];
      change('start', ms(start), ms(entry.start));
      change('end', ms(end), ms(entry.end));
      if (task !== undefined) {
        change('tid', entry.taskId, task);
        entry.taskId = task;
      }
      if (body['tags'] !== undefined) {
        const action = body['tag_action'] ?? 'replace';
        const sent = tagsOf(body['tags']);
        const before = entry.tags.map((t) => t.name);
        if (action === 'add') entry.tags = [...entry.tags, ...sent.filter((t) => !before.includes(t.name))];
        else if (action === 'remove')
          entry.tags = entry.tags.filter((t) => !sent.some((x) => x.name === t.name));
        else if (action === 'replace') entry.tags = sent;
        else throw badRequest('tag_action must be replace, add or remove');
        change(
          'tags',
          before,
          entry.tags.map((t) => t.name),
        );
      }
      return {};
    }),
    v2('GET', '/team/:team_id/time_entries/:timer_id/history', (ctx) => {
      requireTeam(ctx);
      const entry = findEntry(ctx);
      const changes = (ctx.state.timeEntryHistory ?? []).filter((h) => h.entryId === entry.id);
      return {
        data: changes
          .map((h, n) => ({
            id: `${entry.id}-${n + 1}`,
            field: h.field,
            before: h.before,
            after: h.after,
            date: ms(h.date),
            user: userRef(ctx.state, h.userId),
          }))
          .reverse(),
      };
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
