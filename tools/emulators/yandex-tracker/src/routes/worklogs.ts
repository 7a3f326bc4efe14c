/**
 * Worklogs (research §3.8 "Worklog"): per issue list, add (201), edit, delete (204), and the search
 * across the organisation (`POST /worklog/_search {createdBy, createdAt:{from,to}}` page style, and
 * `GET /worklog?createdBy=&createdAt=from:…`).
 *
 * Durations are business time, as the real API stores them: 1 day = 8 hours, 1 week = 5 days, so
 * `P5D` comes back as `P1W` and `PT8H` as `P1D`. Years and months have no business-time meaning and
 * are refused (422). `createdBy` in the search must be a UID: a login silently matches nothing,
 * exactly the pitfall of the real API (research §1.7 item 14).
 */
import type { FakeRequest } from '@toolsmith/testing';
import { pageResponse, SEARCH_WINDOW } from '../paginate.ts';
import { API_ORIGIN, issueRef, requireIssue, userRef } from '../render.ts';
import { created, objectBody, respond, route, type RouteContext, type TrackerRoute } from '../router.ts';
import { parseDateTime, requireDateTime } from '../dates.ts';
import { badRequest, notFound, unprocessable } from '../tracker-error.ts';
import {
  nextId,
  recordChange,
  trackerDate,
  type TrackerState,
  type WorklogRecord,
} from '../tracker-state.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 8 * HOUR;
const WEEK = 5 * DAY;

const ISO_DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** Seconds of business time in an ISO 8601 duration, or undefined when it is not one. */
export function businessSeconds(duration: string): number | undefined {
  const match = ISO_DURATION.exec(duration);
  if (!match || duration === 'P' || duration.endsWith('T')) return undefined;
  const [, years, months, weeks, days, hours, minutes, seconds] = match.map((v) => Number(v ?? 0));
  if (years! > 0 || months! > 0) return undefined;
  return weeks! * WEEK + days! * DAY + hours! * HOUR + minutes! * MINUTE + seconds!;
}

/** The duration as the API answers it: the largest business units first (`P1W2DT3H`). */
export function normaliseDuration(totalSeconds: number): string {
  let rest = totalSeconds;
  const take = (unit: number) => {
    const n = Math.floor(rest / unit);
    rest -= n * unit;
    return n;
  };
  const [w, d, h, m, s] = [take(WEEK), take(DAY), take(HOUR), take(MINUTE), take(1)];
  const date = `${w ? `${w}W` : ''}${d ? `${d}D` : ''}`;
  const time = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
  return `P${date}${time ? `T${time}` : ''}`;
}

/**
 * An ISO 8601 duration in business time, or the API's 422: words ("1h 30m"), fractions ("PT1.5H"),
 * years, months and zero are refused. Letters are taken in either case (assumed: Java's ISO
 * duration and period parsers both read `pt1h`).
 */
function parseDuration(value: unknown): string {
  const seconds = typeof value === 'string' ? businessSeconds(value.toUpperCase()) : undefined;
  if (seconds === undefined || seconds <= 0) {
    throw unprocessable(
      `Поле duration содержит некорректное значение «${String(value)}»: ожидается длительность ISO 8601, например PT1H30M или P1W.`,
      { duration: 'Некорректная длительность' },
    );
  }
  return normaliseDuration(seconds);
}

/** A real instant (no 31 November, no month 13, no 25:00): see dates.ts; else the API's 422. */
function parseStart(value: unknown): string {
  return trackerDate(new Date(requireDateTime(value, 'start')));
}

function parseComment(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw unprocessable('Поле comment должно быть строкой.', { comment: 'Ожидается строка' });
  }
  return value === '' ? undefined : value;
}

export function renderWorklog(state: TrackerState, worklog: WorklogRecord) {
  const issue = issueRef(state, worklog.issue);
  return {
    self: `${API_ORIGIN}/v2/issues/${issue?.key ?? worklog.issue}/worklog/${worklog.id}`,
    id: worklog.id,
    version: worklog.version,
    issue,
    ...(worklog.comment !== undefined ? { comment: worklog.comment } : {}),
    createdBy: userRef(state, worklog.createdBy),
    updatedBy: userRef(state, worklog.createdBy),
    createdAt: worklog.createdAt,
    updatedAt: worklog.updatedAt,
    start: worklog.start,
    duration: worklog.duration,
  };
}

function requireWorklog(ctx: RouteContext): WorklogRecord {
  const issue = requireIssue(ctx.state, ctx.params['key']!);
  const worklog = ctx.state.worklogs.find(
    (w) => w.issue === issue.id && String(w.id) === ctx.params['worklogId'],
  );
  if (!worklog) throw notFound('Запись о затраченном времени не найдена.');
  return worklog;
}

/** Worklogs by author UID (a login matches nothing) and creation time. */
function searchWorklogs(
  state: TrackerState,
  createdBy: unknown,
  from: unknown,
  to: unknown,
): WorklogRecord[] {
  const time = (value: unknown, field: string) => {
    if (value === undefined || value === null || value === '') return undefined;
    const ms = parseDateTime(value);
    if (ms === undefined) {
      throw badRequest(`Параметр createdAt.${field} содержит некорректную дату «${String(value)}».`, {
        [`createdAt.${field}`]: 'invalid',
      });
    }
    return ms;
  };
  const fromMs = time(from, 'from');
  const toMs = time(to, 'to');
  const author =
    createdBy === undefined || createdBy === null
      ? undefined
      : state.users.find((u) => String(u.uid) === String(createdBy));
  return state.worklogs.filter((w) => {
    if (createdBy !== undefined && createdBy !== null && (!author || w.createdBy !== author.login))
      return false;
    const created = Date.parse(w.createdAt);
    if (fromMs !== undefined && created < fromMs) return false;
    if (toMs !== undefined && created > toMs) return false;
    return true;
  });
}

/** `createdAt=from:<ts>&createdAt=to:<ts>` of the GET form. */
function createdAtQuery(request: FakeRequest): { from?: string; to?: string } {
  const raw = request.query['createdAt'];
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const out: { from?: string; to?: string } = {};
  for (const value of values) {
    const [kind, ...rest] = value.split(':');
    if (kind === 'from' || kind === 'to') out[kind] = rest.join(':');
  }
  return out;
}

export function worklogsRoutes(): TrackerRoute[] {
  return [
    route('GET', '/issues/:key/worklog', (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      return ctx.state.worklogs.filter((w) => w.issue === issue.id).map((w) => renderWorklog(ctx.state, w));
    }),
    route('POST', '/issues/:key/worklog', (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      const body = objectBody(ctx.request);
      const start = parseStart(body['start']);
      const duration = parseDuration(body['duration']);
      const comment = parseComment(body['comment']);
      const now = trackerDate(new Date(ctx.now));
      const worklog: WorklogRecord = {
        id: nextId(ctx.state, 'worklog', 301),
        issue: issue.id,
        start,
        duration,
        ...(comment !== undefined ? { comment } : {}),
        createdBy: ctx.me,
        createdAt: now,
        updatedAt: now,
        version: 1,
      };
      ctx.state.worklogs.push(worklog);
      recordChange(ctx.state, issue.id, ctx.me, 'IssueWorklogAdded', [
        { field: 'spent', from: null, to: duration },
      ]);
      return created(renderWorklog(ctx.state, worklog));
    }),
    route('PATCH', '/issues/:key/worklog/:worklogId', (ctx) => {
      const worklog = requireWorklog(ctx);
      const body = objectBody(ctx.request);
      const before = worklog.duration;
      if ('start' in body) worklog.start = parseStart(body['start']);
      if ('duration' in body) worklog.duration = parseDuration(body['duration']);
      if ('comment' in body) {
        const comment = parseComment(body['comment']);
        if (comment === undefined) delete worklog.comment;
        else worklog.comment = comment;
      }
      worklog.version += 1;
      worklog.updatedAt = trackerDate(new Date(ctx.now));
      recordChange(ctx.state, worklog.issue, ctx.me, 'IssueWorklogChanged', [
        { field: 'spent', from: before, to: worklog.duration },
      ]);
      return renderWorklog(ctx.state, worklog);
    }),
    route('DELETE', '/issues/:key/worklog/:worklogId', (ctx) => {
      const worklog = requireWorklog(ctx);
      ctx.state.worklogs.splice(ctx.state.worklogs.indexOf(worklog), 1);
      recordChange(ctx.state, worklog.issue, ctx.me, 'IssueWorklogRemoved', [
        { field: 'spent', from: worklog.duration, to: null },
      ]);
      return undefined;
    }),
    route('POST', '/worklog/_search', (ctx) => {
      const body = objectBody(ctx.request);
      const createdAt =
        typeof body['createdAt'] === 'object' && body['createdAt'] !== null
          ? (body['createdAt'] as Record<string, unknown>)
          : {};
      const found = searchWorklogs(ctx.state, body['createdBy'], createdAt['from'], createdAt['to']);
      return respond(pageResponse(ctx.request, found, (w) => renderWorklog(ctx.state, w), SEARCH_WINDOW));
    }),
    route('GET', '/worklog', (ctx) => {
      const createdBy = ctx.request.query['createdBy'];
      const { from, to } = createdAtQuery(ctx.request);
      const found = searchWorklogs(ctx.state, Array.isArray(createdBy) ? createdBy[0] : createdBy, from, to);
      return found.map((w) => renderWorklog(ctx.state, w));
    }),
  ];
}
