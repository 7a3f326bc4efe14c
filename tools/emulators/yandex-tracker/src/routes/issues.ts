/** Issues: get, search (page and scroll), count, create (with `unique`), update, move, changelog, transitions. */
import { cursorResponse, pageResponse, SEARCH_WINDOW } from '../paginate.ts';
import { issueRef, renderIssue, requireIssue, statusRef, userRef, requireUserField } from '../render.ts';
import {
  created,
  objectBody,
  queryString,
  respond,
  route,
  type RouteContext,
  type TrackerRoute,
} from '../router.ts';
import { issueIdFor } from '../seed.ts';
import { requireCalendarDate, requireDateTime } from '../dates.ts';
import { badRequest, conflict, notFound, TrackerHttpError, unprocessable } from '../tracker-error.ts';
import { nextId, recordChange, trackerDate, type IssueRecord, type TrackerState } from '../tracker-state.ts';
import { filterPredicate, parseQuery, sortIssues } from './issue-query.ts';

const READ_ONLY_FIELDS = new Set([
  'status',
  'key',
  'id',
  'createdAt',
  'createdBy',
  'updatedAt',
  'resolution',
  'queue',
]);

function referenceKey(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('set' in v) return referenceKey(v['set']);
    return referenceKey(v['key'] ?? v['id'] ?? v['login'] ?? v['name']);
  }
  return undefined;
}

/**
 * A priority, type or resolution as the API takes it (research §3.8): the key or id as a string or
 * number, `{key}`, `{id}`, or `{name}` with the display name. Case-sensitive, as in the API: "Critical"
 * or "CRITICAL" is a 422, not critical.
 */
export function resolveNamed(
  list: readonly { id: number; key: string; display: string }[],
  value: unknown,
  field: string,
): string {
  const named =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  const byName =
    named && !('key' in named) && !('id' in named) && !('set' in named) && typeof named['name'] === 'string';
  const wanted = referenceKey(value);
  const item = byName
    ? list.find((x) => x.display === named['name'])
    : list.find((x) => x.key === wanted || String(x.id) === wanted);
  if (!item) {
    throw unprocessable(`Поле «${field}» содержит некорректное значение «${wanted}».`, {
      [field]: 'Значение не найдено',
    });
  }
  return item.key;
}

function resolveUser(state: TrackerState, value: unknown, field: string): string | undefined {
  return value === null ? undefined : requireUserField(state, value, field);
}

/** The operations a list field takes in a PATCH body (research §3.3). */
export const LIST_OPERATIONS = ['add', 'remove', 'set', 'replace'] as const;

/**
 * A list field's new value: `null` clears, an array replaces, one value is a one-item list, and an
 * object edits with `{add, remove, set, replace: [{target, replacement}]}` (research §3.3). Any
 * other key in that object (`{delete: […]}`) is a 422 naming the field and the valid operations
 * (assumed: the research lists the operations but not the refusal; a Java service binding the body
 * to a typed object refuses an unknown property rather than ignoring it, and ignoring it would turn
 * the caller's edit into a silent no-op).
 */
function applyArray(current: string[], value: unknown, map: (v: unknown) => string, field: string): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map(map);
  if (typeof value === 'object') {
    const ops = value as Record<string, unknown>;
    const unknown = Object.keys(ops).filter((op) => !(LIST_OPERATIONS as readonly string[]).includes(op));
    if (unknown.length > 0) {
      throw unprocessable(
        `Поле «${field}» содержит некорректную операцию «${unknown[0]}». Допустимые операции: ${LIST_OPERATIONS.join(', ')}.`,
        { [field]: `Неизвестная операция «${unknown[0]}»; допустимые: ${LIST_OPERATIONS.join(', ')}` },
      );
    }
    let next = [...current];
    const list = (v: unknown) => (Array.isArray(v) ? v : [v]).map(map);
    if ('set' in ops) next = list(ops['set']);
    if ('add' in ops) next = [...next, ...list(ops['add']).filter((x) => !next.includes(x))];
    if ('remove' in ops) {
      const removed = list(ops['remove']);
      next = next.filter((x) => !removed.includes(x));
    }
    if ('replace' in ops) {
      const pairs = Array.isArray(ops['replace']) ? ops['replace'] : [ops['replace']];
      for (const pair of pairs) {
        const p = pair !== null && typeof pair === 'object' ? (pair as Record<string, unknown>) : {};
        if (!('target' in p) || !('replacement' in p) || Object.keys(p).length !== 2) {
          throw unprocessable(
            `Поле «${field}»: операция replace ожидает список объектов {"target", "replacement"}.`,
            { [field]: 'replace: ожидается [{target, replacement}]' },
          );
        }
        const target = map(p['target']);
        const replacement = map(p['replacement']);
        next = next.map((x) => (x === target ? replacement : x)).filter((x, i, all) => all.indexOf(x) === i);
      }
    }
    return next;
  }
  return [map(value)];
}

/**
 * A custom or local field's value checked against its schema type: a date must be a real calendar
 * date and a date-time a real instant (dates.ts). Other types are stored as given.
 */
function checkTypedValue(type: string | undefined, value: unknown, field: string): unknown {
  if (value === null) return value;
  if (type === 'date') return requireCalendarDate(value, field);
  if (type === 'datetime') return trackerDate(new Date(requireDateTime(value, field)));
  return value;
}

/**
 * Makes `issue` exactly `draft` (a validated copy): fields the draft cleared (`assignee: null`,
 * `description: null`, …) are removed too, which `Object.assign` alone would leave in place.
 */
export function commitIssue(issue: IssueRecord, draft: IssueRecord, extra: Partial<IssueRecord> = {}): void {
  for (const key of Object.keys(issue) as (keyof IssueRecord)[]) {
    if (!(key in draft)) delete issue[key];
  }
  Object.assign(issue, draft, extra);
}

/** Applies a create/PATCH body to an issue (mutates). Throws the API's 422 on bad values. */
export function applyIssueFields(
  state: TrackerState,
  issue: IssueRecord,
  body: Record<string, unknown>,
  patch: boolean,
) {
  const changes: { field: string; from: unknown; to: unknown }[] = [];
  const set = (field: string, from: unknown, to: unknown) => {
    if (JSON.stringify(from) !== JSON.stringify(to)) changes.push({ field, from, to });
  };
  for (const [field, value] of Object.entries(body)) {
    // The live answer to a PATCH of status (research §1.7 item 1). On create the same fields are
    // refused too, `queue` aside (assumed: a new issue takes its status from the workflow, and an
    // accepted `status` would be a silent no-op at best).
    if (READ_ONLY_FIELDS.has(field) && (patch || field !== 'queue')) {
      throw new TrackerHttpError(422, `Поля [${field}] только для чтения.`, {
        [field]: 'Поле только для чтения',
      });
    }
    switch (field) {
      case 'queue':
      case 'unique':
      case 'markupType':
      case 'attachmentIds':
        break;
      case 'summary':
        if (typeof value !== 'string' || value.trim() === '')
          throw unprocessable('Поле summary обязательно.', { summary: 'required' });
        set('summary', issue.summary, value);
        issue.summary = value;
        break;
      case 'description':
        set('description', issue.description, value);
        if (value === null) delete issue.description;
        else issue.description = String(value);
        break;
      case 'type': {
        const key = resolveNamed(state.issueTypes, value, 'type');
        set('type', issue.type, key);
        issue.type = key;
        break;
      }
      case 'priority': {
        const key = resolveNamed(state.priorities, value, 'priority');
        set('priority', issue.priority, key);
        issue.priority = key;
        break;
      }
      case 'assignee': {
        const login = resolveUser(state, value, 'assignee');
        set('assignee', issue.assignee, login);
        if (login) issue.assignee = login;
        else delete issue.assignee;
        break;
      }
      case 'followers':
        issue.followers = applyArray(
          issue.followers,
          value,
          (v) => resolveUser(state, v, 'followers')!,
          'followers',
        );
        break;
      case 'tags': {
        const next = applyArray(issue.tags, value, (v) => String(v), 'tags');
        set('tags', issue.tags, next);
        issue.tags = next;
        break;
      }
      case 'components': {
        issue.components = applyArray(
          issue.components.map(String),
          value,
          (v) => {
            const id = referenceKey(v);
            const component = state.components.find((c) => String(c.id) === id || c.name === id);
            if (!component || component.queue !== issue.queue)
              throw unprocessable(`Компонент «${id}» не найден в очереди ${issue.queue}.`, {
                components: 'not found',
              });
            return String(component.id);
          },
          'components',
        ).map(Number);
        break;
      }
      case 'sprint': {
        issue.sprint = applyArray(
          issue.sprint.map(String),
          value,
          (v) => {
            const id = referenceKey(v);
            const sprint = state.sprints.find((s) => String(s.id) === id || s.name === id);
            if (!sprint) throw unprocessable(`Спринт «${id}» не найден.`, { sprint: 'not found' });
            return String(sprint.id);
          },
          'sprint',
        ).map(Number);
        break;
      }
      case 'parent': {
        const key = referenceKey(value);
        if (value === null) delete issue.parent;
        else {
          const parent = state.issues.find((i) => i.key === key || i.id === key);
          if (!parent) throw unprocessable(`Задача-родитель «${key}» не найдена.`, { parent: 'not found' });
          issue.parent = parent.key;
        }
        break;
      }
      case 'deadline': {
        // A real calendar day: 2026-11-31 and month 13 are the API's 422 (dates.ts).
        const date = requireCalendarDate(value, 'deadline');
        set('deadline', issue.deadline, date ?? undefined);
        if (date === null) delete issue.deadline;
        else issue.deadline = date;
        break;
      }
      case 'storyPoints':
        if (value === null) delete issue.storyPoints;
        else if (typeof value !== 'number')
          throw unprocessable('Поле storyPoints: ожидается число.', { storyPoints: 'invalid' });
        else issue.storyPoints = value;
        break;
      default: {
        // A field neither global nor local to THIS queue (another queue's local field included):
        // 422 naming it (assumed status: the research gives 422 for a read-only field and a bad
        // value, nothing for an unknown one; 422 keeps every field refusal alike).
        const queue = state.queues.find((q) => q.key === issue.queue);
        const definition =
          state.globalFields.find((f) => f.id === field)?.schema.type ??
          queue?.localFields.find((f) => f.key === field || f.id === field)?.type;
        if (definition === undefined) {
          throw unprocessable(`Поле «${field}» не существует в очереди ${issue.queue}.`, {
            [field]: 'Неизвестное поле',
          });
        }
        const checked = checkTypedValue(definition, value, field);
        set(field, issue.extra[field], checked);
        issue.extra[field] = checked;
      }
    }
  }
  return changes;
}

function expandIssue(state: TrackerState, issue: IssueRecord, expand: string | undefined) {
  const json = renderIssue(state, issue);
  const parts = (expand ?? '').split(',').map((s) => s.trim());
  if (parts.includes('transitions')) json['transitions'] = transitionsOf(state, issue);
  if (parts.includes('attachments')) {
    json['attachments'] = state.attachments
      .filter((a) => a.issue === issue.id)
      .map((a) => ({ id: a.id, name: a.name, size: a.size }));
  }
  return json;
}

function transitionsOf(state: TrackerState, issue: IssueRecord) {
  const queue = state.queues.find((q) => q.key === issue.queue)!;
  return queue.transitions
    .filter((t) => t.from.includes(issue.status))
    .map((t) => ({
      self: `https://api.tracker.yandex.net/v2/issues/${issue.key}/transitions/${t.id}`,
      id: t.id,
      display: t.display,
      to: statusRef(state, t.to),
    }));
}

function searchBody(ctx: RouteContext) {
  const body = objectBody(ctx.request);
  const used = ['queue', 'keys', 'filter', 'query', 'filterId'].filter((k) => body[k] !== undefined);
  if (used.length > 1)
    throw badRequest(
      'You can only use keys, a queue, or a search query. Можно указать только один параметр: keys, queue, filter или query.',
    );
  if ('order' in body && body['filter'] === undefined)
    throw badRequest('Параметр order можно использовать только вместе с filter.');
  return body;
}

function runSearch(ctx: RouteContext, body: Record<string, unknown>): IssueRecord[] {
  const { state, me } = ctx;
  let issues = state.issues;
  if (body['queue'] !== undefined) {
    const key = String(body['queue']);
    if (!state.queues.some((q) => q.key === key)) throw notFound(`Очередь «${key}» не существует.`);
    issues = issues.filter((i) => i.queue === key);
  } else if (body['keys'] !== undefined) {
    const keys = (Array.isArray(body['keys']) ? body['keys'] : [body['keys']]).map(String);
    issues = keys
      .map((k) => state.issues.find((i) => i.key === k))
      .filter((i): i is IssueRecord => i !== undefined);
  } else if (body['filter'] !== undefined) {
    if (typeof body['filter'] !== 'object' || body['filter'] === null)
      throw badRequest('Параметр filter должен быть объектом.');
    issues = issues.filter(filterPredicate(state, me, body['filter'] as Record<string, unknown>));
    const order = body['order'] === undefined ? undefined : String(body['order']);
    if (order) {
      const descending = order.startsWith('-');
      issues = sortIssues(issues, order.replace(/^[+-]/, ''), descending);
    }
  } else if (body['query'] !== undefined) {
    const parsed = parseQuery(state, me, String(body['query']));
    issues = issues.filter(parsed.predicate);
    if (parsed.sort) issues = sortIssues(issues, parsed.sort.field, parsed.sort.descending);
  } else if (body['filterId'] !== undefined) {
    // A saved filter runs its own query or filter object (routes/filters.ts).
    const saved = state.filters.find((f) => String(f.id) === String(body['filterId']));
    if (!saved) throw notFound(`Фильтр ${String(body['filterId'])} не найден.`);
    return runSearch(
      ctx,
      saved.query !== undefined ? { query: saved.query } : { filter: saved.filter ?? {} },
    );
  }
  return issues;
}

interface Scroll {
  issues: IssueRecord[];
  position: number;
  perScroll: number;
  token: string;
}
const scrolls = new WeakMap<TrackerState, Map<string, Scroll>>();

/** Drops the open scrolls of a state (the emulator's `reset()`). */
export function forgetScrolls(state: TrackerState): void {
  scrolls.delete(state);
}

export function issueRoutes(): TrackerRoute[] {
  return [
    route('POST', '/issues/_search', (ctx) => {
      const body = searchBody(ctx);
      const expand = queryString(ctx.request, 'expand');
      const render = (issue: IssueRecord) => expandIssue(ctx.state, issue, expand);
      const table = scrolls.get(ctx.state) ?? new Map<string, Scroll>();
      scrolls.set(ctx.state, table);
      const scrollId = queryString(ctx.request, 'scrollId');
      if (scrollId !== undefined) {
        const scroll = table.get(scrollId);
        if (!scroll) throw notFound('Скролл не найден или истёк. Scroll not found or expired.');
        const chunk = scroll.issues.slice(scroll.position, scroll.position + scroll.perScroll);
        scroll.position += chunk.length;
        return respond({
          headers: {
            'x-scroll-id': scrollId,
            'x-scroll-token': scroll.token,
            'x-total-count': String(scroll.issues.length),
          },
          json: chunk.map(render),
        });
      }
      const scrollType = queryString(ctx.request, 'scrollType');
      if (scrollType !== undefined) {
        if (body['keys'] !== undefined || body['queue'] !== undefined)
          throw badRequest('Scroll is not supported with keys or queue.');
        const perScroll = Math.min(Number(queryString(ctx.request, 'perScroll') ?? 100), 1000);
        const issues = runSearch(ctx, body);
        const id = `scroll-${nextId(ctx.state, 'scroll')}`;
        const scroll: Scroll = { issues, position: 0, perScroll, token: `token-${id}` };
        table.set(id, scroll);
        const chunk = issues.slice(0, perScroll);
        scroll.position = chunk.length;
        return respond({
          headers: {
            'x-scroll-id': id,
            'x-scroll-token': scroll.token,
            'x-total-count': String(issues.length),
          },
          json: chunk.map(render),
        });
      }
      return respond(pageResponse(ctx.request, runSearch(ctx, body), render, SEARCH_WINDOW));
    }),
    route('POST', '/system/search/scroll/_clear', (ctx) => {
      const table = scrolls.get(ctx.state);
      for (const id of Object.keys(objectBody(ctx.request))) table?.delete(id);
      return respond({ status: 200, json: {} });
    }),
    route('POST', '/issues/_count', (ctx) => {
      const body = searchBody(ctx);
      return runSearch(ctx, body).length;
    }),
    route('POST', '/issues/_findByUnique', (ctx) => {
      const unique = queryString(ctx.request, 'unique');
      const issue = ctx.state.issues.find((i) => i.unique !== undefined && i.unique === unique);
      if (!issue) throw notFound('Задача с таким unique не найдена.');
      return renderIssue(ctx.state, issue);
    }),
    route('POST', '/issues', (ctx) => {
      const { state, me } = ctx;
      const body = objectBody(ctx.request);
      const queueKey = referenceKey(body['queue']);
      if (!queueKey) throw unprocessable('Поле queue обязательно.', { queue: 'required' });
      if (typeof body['summary'] !== 'string' || body['summary'].trim() === '') {
        throw unprocessable('Поле summary обязательно.', { summary: 'required' });
      }
      const queue = state.queues.find((q) => q.key === queueKey || String(q.id) === queueKey);
      if (!queue) throw notFound(`Очередь «${queueKey}» не существует.`);
      const unique = body['unique'] === undefined ? undefined : String(body['unique']);
      if (unique !== undefined && state.issues.some((i) => i.unique === unique)) {
        throw conflict(`Задача с unique «${unique}» уже существует. Issue with this unique already exists.`);
      }
      const now = trackerDate();
      const issue: IssueRecord = {
        id: '',
        key: '',
        version: 1,
        queue: queue.key,
        summary: '',
        type: queue.defaultType,
        priority: queue.defaultPriority,
        status: 'open',
        createdBy: me,
        createdAt: now,
        updatedAt: now,
        followers: [],
        tags: [],
        components: [],
        sprint: [],
        extra: {},
        previousKeys: [],
        ...(unique !== undefined ? { unique } : {}),
      };
      applyIssueFields(state, issue, body, false);
      // Ids and keys are taken only once the body is valid: a refused create uses up neither.
      issue.id = issueIdFor(nextId(state, 'issue'));
      issue.key = `${queue.key}-${nextId(state, `key:${queue.key}`)}`;
      for (const id of Array.isArray(body['attachmentIds']) ? body['attachmentIds'] : []) {
        const attachment = state.attachments.find((a) => a.id === String(id) && a.issue === undefined);
        if (attachment) attachment.issue = issue.id;
      }
      state.issues.push(issue);
      recordChange(state, issue.id, me, 'IssueCreated');
      return created(renderIssue(state, issue));
    }),
    route('GET', '/issues/:key', (ctx) =>
      expandIssue(ctx.state, requireIssue(ctx.state, ctx.params['key']!), queryString(ctx.request, 'expand')),
    ),
    route('PATCH', '/issues/:key', (ctx) => {
      const { state, me } = ctx;
      const issue = requireIssue(state, ctx.params['key']!);
      const version =
        queryString(ctx.request, 'version') ?? ctx.request.headers['if-match']?.replace(/"/g, '');
      if (version !== undefined && Number(version) !== issue.version) {
        throw conflict('Задача: не удалось сохранить изменения, попробуйте ещё раз');
      }
      const draft: IssueRecord = structuredClone(issue);
      const changes = applyIssueFields(state, draft, objectBody(ctx.request), true);
      commitIssue(issue, draft, { version: issue.version + 1, updatedAt: trackerDate(), updatedBy: me });
      recordChange(state, issue.id, me, 'IssueUpdated', changes);
      return renderIssue(state, issue);
    }),
    route('POST', '/issues/:key/_move', (ctx) => {
      const { state, me } = ctx;
      const issue = requireIssue(state, ctx.params['key']!);
      const target = queryString(ctx.request, 'queue');
      const queue = state.queues.find((q) => q.key === target);
      if (!queue) throw notFound(`Очередь «${target ?? ''}» не существует.`);
      if (queue.key === issue.queue) throw unprocessable(`Задача уже находится в очереди ${queue.key}.`);
      if (!queue.issueTypes.includes(issue.type) && queryString(ctx.request, 'initialStatus') !== 'true') {
        throw unprocessable(
          `В очереди ${queue.key} нет типа задачи «${issue.type}». Передайте initialStatus=true.`,
        );
      }
      const body = objectBody(ctx.request);
      // Validated on a copy: a refused body moves nothing and changes nothing.
      const draft = structuredClone(issue);
      if (Object.keys(body).length > 0) applyIssueFields(state, draft, body, false);
      commitIssue(issue, draft);
      issue.previousKeys.push(issue.key);
      const from = issue.key;
      issue.key = `${queue.key}-${nextId(state, `key:${queue.key}`)}`;
      issue.queue = queue.key;
      if (queryString(ctx.request, 'moveAllFields') !== 'true') issue.components = [];
      if (queryString(ctx.request, 'initialStatus') === 'true') issue.status = 'open';
      issue.version += 1;
      issue.updatedAt = trackerDate();
      recordChange(state, issue.id, me, 'IssueMoved', [{ field: 'key', from, to: issue.key }]);
      return renderIssue(state, issue);
    }),
    route('GET', '/issues/:key/changelog', (ctx) => {
      const { state } = ctx;
      const issue = requireIssue(state, ctx.params['key']!);
      const field = queryString(ctx.request, 'field');
      const type = queryString(ctx.request, 'type');
      const entries = state.changelog
        .filter((e) => e.issue === issue.id)
        .filter((e) => !type || e.type === type)
        .filter((e) => !field || e.fields.some((f) => f.field === field));
      return respond(
        cursorResponse(
          ctx.request,
          entries,
          (e) => e.id,
          (e) => ({
            id: e.id,
            self: `https://api.tracker.yandex.net/v2/issues/${issue.key}/changelog/${e.id}`,
            issue: issueRef(state, issue.id),
            updatedAt: e.updatedAt,
            updatedBy: userRef(state, e.updatedBy),
            type: e.type,
            transport: 'front',
            fields: e.fields.map((f) => ({
              field: { id: f.field, display: f.field },
              from: f.from ?? null,
              to: f.to ?? null,
            })),
          }),
        ),
      );
    }),
    route('GET', '/issues/:key/transitions', (ctx) =>
      transitionsOf(ctx.state, requireIssue(ctx.state, ctx.params['key']!)),
    ),
    route('POST', '/issues/:key/transitions/:transition/_execute', (ctx) => {
      const { state, me } = ctx;
      const issue = requireIssue(state, ctx.params['key']!);
      const queue = state.queues.find((q) => q.key === issue.queue)!;
      const transition = queue.transitions.find((t) => t.id === ctx.params['transition']);
      if (!transition) throw notFound(`Переход «${ctx.params['transition']}» не существует.`);
      // A transition of the workflow that is not available from the current status: 409 (assumed;
      // the research does not give the status code; nothing is changed either way).
      if (!transition.from.includes(issue.status)) {
        throw new TrackerHttpError(
          409,
          `Переход «${transition.id}» недоступен из статуса «${issue.status}».`,
        );
      }
      const body = { ...objectBody(ctx.request) };
      const comment = body['comment'];
      delete body['comment'];
      const resolution = body['resolution'];
      delete body['resolution'];
      const target = state.statuses.find((s) => s.key === transition.to)!;
      // Validated on a copy: a refused resolution or field leaves the issue as it was.
      const draft = structuredClone(issue);
      if (target.type === 'done') {
        draft.resolution =
          resolution === undefined ? 'fixed' : resolveNamed(state.resolutions, resolution, 'resolution');
      } else {
        delete draft.resolution;
      }
      if (Object.keys(body).length > 0) applyIssueFields(state, draft, body, false);
      commitIssue(issue, draft);
      const from = issue.status;
      issue.status = transition.to;
      issue.version += 1;
      issue.updatedAt = trackerDate();
      issue.updatedBy = me;
      recordChange(state, issue.id, me, 'IssueWorkflow', [{ field: 'status', from, to: issue.status }]);
      if (typeof comment === 'string' && comment !== '') {
        const id = nextId(state, 'comment', 101);
        const now = trackerDate();
        state.comments.push({
          id,
          longId: `64${id.toString(16).padStart(22, '0')}`,
          issue: issue.id,
          text: comment,
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
      return transitionsOf(state, issue);
    }),
  ];
}
