/**
 * Bulk change (research §3.8): `POST /bulkchange/_update | _transition | _move` start an asynchronous
 * operation (201), `GET /bulkchange/:id` reports its progress.
 *
 * Like the real API (research §3.8 "Live finding"), the WHOLE request is validated before the
 * operation is created: one nonexistent key gives 422 naming it and no issue changes; an unknown
 * transition gives 422; an unknown target queue gives 404. Problems that only show per issue when the
 * change runs (a transition not available from an issue's status, a type missing in the target queue)
 * make the operation end FAILED ("Bulk edit completed with errors"), with the other issues changed.
 *
 * Progress follows the emulator clock: CREATED → RUNNING (percentages rising with elapsed time) →
 * COMPLETE | FAILED after `state.bulkDurationMs`. The changes are applied exactly once, by the first
 * GET at or after `completesAt`.
 */
import { API_ORIGIN, findUser, userRef } from '../render.ts';
import { created, objectBody, queryString, route, type RouteContext, type TrackerRoute } from '../router.ts';
import { badRequest, notFound, TrackerHttpError, unprocessable } from '../tracker-error.ts';
import {
  nextId,
  recordChange,
  trackerDate,
  type BulkOperationRecord,
  type IssueRecord,
  type QueueRecord,
  type TrackerState,
} from '../tracker-state.ts';
import { parseQuery } from './issue-query.ts';
import { applyIssueFields, commitIssue } from './issues.ts';

/** The API's documented cap on issues per bulk change. */
const MAX_ISSUES = 10_000;
/** Issues per execution chunk (drives `executionChunkPercent`). */
const CHUNK_SIZE = 10;
/** Share of the duration an operation stays CREATED before it starts RUNNING. */
const QUEUED_SHARE = 0.1;

const STATUS_TEXT = {
  CREATED: 'Bulk change task created.',
  RUNNING: 'Bulk change task is in progress.',
  COMPLETE: 'Bulk change task completed successfully.',
  FAILED: 'Bulk edit completed with errors',
} as const;

/** What an applied operation did (the state record has no room for it); the API reports only the count. */
interface Outcome {
  completed: number;
  errors: Array<{ issue: string; message: string }>;
}
const outcomes = new WeakMap<BulkOperationRecord, Outcome>();

/** Per-issue failure while the operation runs (the issue keeps its state; the others change). */
class IssueFailure extends Error {}

function findIssue(state: TrackerState, idOrKey: string): IssueRecord | undefined {
  return state.issues.find((i) => i.key === idOrKey || i.id === idOrKey || i.previousKeys.includes(idOrKey));
}

/** `issues`: keys/ids (all must exist, else 422 naming the missing ones) or a YQL query. */
function resolveIssues(ctx: RouteContext, body: Record<string, unknown>): IssueRecord[] {
  const raw = body['issues'];
  let issues: IssueRecord[];
  if (typeof raw === 'string' && raw.trim() !== '') {
    const parsed = parseQuery(ctx.state, ctx.me, raw);
    issues = ctx.state.issues.filter(parsed.predicate);
  } else if (Array.isArray(raw) && raw.length > 0) {
    const wanted = raw.map((v) => String(v));
    const missing = wanted.filter((key) => findIssue(ctx.state, key) === undefined);
    if (missing.length > 0) {
      throw unprocessable(
        missing.length === 1
          ? `Задача ${missing[0]} не существует. Массовое изменение не выполнено.`
          : `Задачи не существуют: ${missing.join(', ')}. Массовое изменение не выполнено.`,
        { issues: `Задачи не найдены: ${missing.join(', ')}` },
      );
    }
    issues = [...new Set(wanted.map((key) => findIssue(ctx.state, key)!))];
  } else {
    throw unprocessable('Поле issues обязательно: массив ключей задач или запрос на языке запросов.', {
      issues: 'required',
    });
  }
  if (issues.length === 0) {
    throw unprocessable('Запрос не нашёл ни одной задачи. Массовое изменение не выполнено.', {
      issues: 'empty',
    });
  }
  if (issues.length > MAX_ISSUES) {
    throw unprocessable(
      `Максимальное количество задач для однократного обновления — 10 000 (передано ${issues.length}).`,
      { issues: 'too many' },
    );
  }
  return issues;
}

function valuesOf(body: Record<string, unknown>, required: boolean): Record<string, unknown> {
  const values = body['values'];
  if (values === undefined || values === null) {
    if (required) throw unprocessable('Поле values обязательно.', { values: 'required' });
    return {};
  }
  if (typeof values !== 'object' || Array.isArray(values)) {
    throw badRequest('Поле values должно быть JSON-объектом.', { values: 'invalid' });
  }
  if (required && Object.keys(values).length === 0) {
    throw unprocessable('Поле values не должно быть пустым.', { values: 'empty' });
  }
  return values as Record<string, unknown>;
}

/** Checks field values against every issue without changing anything (the API's up-front validation). */
function dryRun(state: TrackerState, issues: IssueRecord[], values: Record<string, unknown>, patch: boolean) {
  if (Object.keys(values).length === 0) return;
  for (const issue of issues) applyIssueFields(state, structuredClone(issue), values, patch);
}

function resolutionKey(state: TrackerState, value: unknown): string {
  const wanted =
    typeof value === 'object' && value !== null
      ? String((value as Record<string, unknown>)['key'] ?? (value as Record<string, unknown>)['id'])
      : String(value);
  const item = state.resolutions.find((r) => r.key === wanted || String(r.id) === wanted);
  if (!item) {
    throw unprocessable(`Поле «resolution» содержит некорректное значение «${wanted}».`, {
      resolution: 'Значение не найдено',
    });
  }
  return item.key;
}

function addComment(state: TrackerState, issue: IssueRecord, me: string, text: string) {
  const id = nextId(state, 'comment', 101);
  const now = trackerDate();
  state.comments.push({
    id,
    longId: `64${id.toString(16).padStart(22, '0')}`,
    issue: issue.id,
    text,
    createdBy: me,
    createdAt: now,
    updatedAt: now,
    summonees: [],
    maillistSummonees: [],
    attachmentIds: [],
    version: 1,
    type: 'standard',
    transport: 'internal',
  });
}

function touch(issue: IssueRecord, me: string) {
  issue.version += 1;
  issue.updatedAt = trackerDate();
  issue.updatedBy = me;
}

function updateIssue(state: TrackerState, issue: IssueRecord, me: string, values: Record<string, unknown>) {
  const draft = structuredClone(issue);
  const changes = applyIssueFields(state, draft, values, true);
  commitIssue(issue, draft);
  touch(issue, me);
  recordChange(state, issue.id, me, 'IssueUpdated', changes);
}

/** The single-issue `_execute` logic, for one issue of a bulk transition. */
function transitionIssue(
  state: TrackerState,
  issue: IssueRecord,
  me: string,
  transitionId: string,
  values: Record<string, unknown>,
) {
  const queue = state.queues.find((q) => q.key === issue.queue)!;
  const transition = queue.transitions.find((t) => t.id === transitionId);
  if (!transition) throw new IssueFailure(`Переход «${transitionId}» не существует в очереди ${queue.key}.`);
  if (!transition.from.includes(issue.status)) {
    throw new IssueFailure(`Переход «${transition.id}» недоступен из статуса «${issue.status}».`);
  }
  const fields = { ...values };
  const comment = fields['comment'];
  const resolution = fields['resolution'];
  delete fields['comment'];
  delete fields['resolution'];
  const draft = structuredClone(issue);
  if (Object.keys(fields).length > 0) applyIssueFields(state, draft, fields, false);
  const target = state.statuses.find((s) => s.key === transition.to)!;
  if (target.type === 'done') {
    draft.resolution = resolution === undefined ? 'fixed' : resolutionKey(state, resolution);
  } else {
    delete draft.resolution;
  }
  const from = issue.status;
  draft.status = transition.to;
  commitIssue(issue, draft);
  touch(issue, me);
  recordChange(state, issue.id, me, 'IssueWorkflow', [{ field: 'status', from, to: issue.status }]);
  if (typeof comment === 'string' && comment !== '') addComment(state, issue, me, comment);
}

/** The single-issue `_move` logic, for one issue of a bulk move. */
function moveIssue(
  state: TrackerState,
  issue: IssueRecord,
  me: string,
  queue: QueueRecord,
  options: { values: Record<string, unknown>; moveAllFields: boolean; initialStatus: boolean },
) {
  if (queue.key === issue.queue) throw new IssueFailure(`Задача уже находится в очереди ${queue.key}.`);
  if (!queue.issueTypes.includes(issue.type) && !options.initialStatus) {
    throw new IssueFailure(
      `В очереди ${queue.key} нет типа задачи «${issue.type}». Передайте initialStatus=true.`,
    );
  }
  const draft = structuredClone(issue);
  if (Object.keys(options.values).length > 0) applyIssueFields(state, draft, options.values, false);
  commitIssue(issue, draft);
  const from = issue.key;
  issue.previousKeys.push(issue.key);
  issue.key = `${queue.key}-${nextId(state, `key:${queue.key}`)}`;
  issue.queue = queue.key;
  if (!options.moveAllFields) issue.components = [];
  if (options.initialStatus) issue.status = 'open';
  touch(issue, me);
  recordChange(state, issue.id, me, 'IssueMoved', [{ field: 'key', from, to: issue.key }]);
}

/** Creates the operation: `apply` changes every issue it can and settles the final status. */
function startOperation(
  ctx: RouteContext,
  kind: BulkOperationRecord['kind'],
  issues: IssueRecord[],
  change: (issue: IssueRecord) => void,
) {
  const { state, me, now } = ctx;
  const n = nextId(state, 'bulkchange', 1);
  const operation: BulkOperationRecord = {
    id: `5e${n.toString(16).padStart(22, '0')}`,
    kind,
    issues: issues.map((i) => i.key),
    createdBy: me,
    createdAt: trackerDate(new Date(now)),
    startedAt: now,
    completesAt: now + state.bulkDurationMs,
    status: 'CREATED',
    statusText: STATUS_TEXT.CREATED,
    applied: false,
    apply: () => {
      const outcome: Outcome = { completed: 0, errors: [] };
      for (const issue of issues) {
        const key = issue.key;
        if (!state.issues.includes(issue)) {
          outcome.errors.push({ issue: key, message: 'Задача не существует.' });
          continue;
        }
        try {
          change(issue);
          outcome.completed += 1;
        } catch (error) {
          if (!(error instanceof IssueFailure || error instanceof TrackerHttpError)) throw error;
          outcome.errors.push({ issue: key, message: error.message });
        }
      }
      outcomes.set(operation, outcome);
      operation.status = outcome.errors.length === 0 ? 'COMPLETE' : 'FAILED';
      operation.statusText = STATUS_TEXT[operation.status];
    },
  };
  state.bulkOperations.push(operation);
  return created({
    id: operation.id,
    self: `${API_ORIGIN}/${ctx.version}/bulkchange/${operation.id}`,
    createdBy: userRef(state, me),
    createdAt: operation.createdAt,
    status: operation.status,
    statusText: operation.statusText,
    executionChunkPercent: 0,
    executionIssuePercent: 0,
  });
}

/** Advances the operation by the clock; applies it once when its time has come. */
function advance(operation: BulkOperationRecord, now: number) {
  if (operation.applied) return;
  if (now >= operation.completesAt) {
    operation.applied = true;
    operation.apply();
    return;
  }
  const share = (now - operation.startedAt) / Math.max(1, operation.completesAt - operation.startedAt);
  operation.status = share < QUEUED_SHARE ? 'CREATED' : 'RUNNING';
  operation.statusText = STATUS_TEXT[operation.status];
}

function renderOperation(ctx: RouteContext, operation: BulkOperationRecord) {
  const total = operation.issues.length;
  let issuePercent: number;
  let chunkPercent: number;
  let completed: number;
  if (operation.applied) {
    issuePercent = 100;
    chunkPercent = 100;
    completed = outcomes.get(operation)?.completed ?? 0;
  } else if (operation.status === 'CREATED') {
    issuePercent = 0;
    chunkPercent = 0;
    completed = 0;
  } else {
    const span = Math.max(1, operation.completesAt - operation.startedAt);
    const share = Math.min(0.99, Math.max(0, (ctx.now - operation.startedAt) / span));
    const chunks = Math.max(1, Math.ceil(total / CHUNK_SIZE));
    issuePercent = Math.floor(share * 100);
    chunkPercent = Math.floor((Math.floor(share * chunks) / chunks) * 100);
    completed = Math.floor(share * total);
  }
  return {
    id: operation.id,
    self: `${API_ORIGIN}/${ctx.version}/bulkchange/${operation.id}`,
    createdBy: {
      ...userRef(ctx.state, operation.createdBy),
      passportUid: findUser(ctx.state, operation.createdBy)?.uid,
    },
    createdAt: operation.createdAt,
    status: operation.status,
    statusText: operation.statusText,
    executionChunkPercent: chunkPercent,
    executionIssuePercent: issuePercent,
    totalIssues: total,
    totalCompletedIssues: completed,
  };
}

export function bulkChangeRoutes(): TrackerRoute[] {
  return [
    route('POST', '/bulkchange/_update', (ctx) => {
      const body = objectBody(ctx.request);
      const issues = resolveIssues(ctx, body);
      const values = valuesOf(body, true);
      dryRun(ctx.state, issues, values, true);
      return startOperation(ctx, 'update', issues, (issue) => updateIssue(ctx.state, issue, ctx.me, values));
    }),
    route('POST', '/bulkchange/_transition', (ctx) => {
      const { state } = ctx;
      const body = objectBody(ctx.request);
      const transitionId = body['transition'];
      if (typeof transitionId !== 'string' || transitionId === '') {
        throw unprocessable('Поле transition обязательно.', { transition: 'required' });
      }
      const issues = resolveIssues(ctx, body);
      const values = valuesOf(body, false);
      const unknown = issues.filter(
        (i) => !state.queues.find((q) => q.key === i.queue)?.transitions.some((t) => t.id === transitionId),
      );
      if (unknown.length > 0) {
        throw unprocessable(
          `Переход «${transitionId}» не существует для задач: ${unknown.map((i) => i.key).join(', ')}. Массовое изменение не выполнено.`,
          { transition: 'Переход не найден' },
        );
      }
      if (values['resolution'] !== undefined) resolutionKey(state, values['resolution']);
      if (values['comment'] !== undefined && typeof values['comment'] !== 'string') {
        throw badRequest('Поле comment должно быть строкой.', { comment: 'invalid' });
      }
      const fields = { ...values };
      delete fields['comment'];
      delete fields['resolution'];
      dryRun(state, issues, fields, false);
      return startOperation(ctx, 'transition', issues, (issue) =>
        transitionIssue(state, issue, ctx.me, transitionId, values),
      );
    }),
    route('POST', '/bulkchange/_move', (ctx) => {
      const { state } = ctx;
      const body = objectBody(ctx.request);
      const target = body['queue'];
      if (typeof target !== 'string' || target === '') {
        throw unprocessable('Поле queue обязательно.', { queue: 'required' });
      }
      const queue = state.queues.find((q) => q.key === target || String(q.id) === target);
      if (!queue) throw notFound(`Очередь «${target}» не существует.`);
      const issues = resolveIssues(ctx, body);
      const values = valuesOf(body, false);
      dryRun(state, issues, values, false);
      const flag = (name: string) =>
        body[name] === true || body[name] === 'true' || queryString(ctx.request, name) === 'true';
      const options = { values, moveAllFields: flag('moveAllFields'), initialStatus: flag('initialStatus') };
      return startOperation(ctx, 'move', issues, (issue) => moveIssue(state, issue, ctx.me, queue, options));
    }),
    route('GET', '/bulkchange/:id', (ctx) => {
      const operation = ctx.state.bulkOperations.find((o) => o.id === ctx.params['id']);
      if (!operation) throw notFound(`Массовая операция ${ctx.params['id']} не найдена.`);
      advance(operation, ctx.now);
      return renderOperation(ctx, operation);
    }),
  ];
}
