/** Issues: get, search (page and scroll), count, create (with `unique`), update, move, changelog, transitions. */
import { cursorResponse, pageResponse } from '../paginate.ts';
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

function applyArray(current: string[], value: unknown, map: (v: unknown) => string): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map(map);
  if (typeof value === 'object' && value !== null) {
    const ops = value as Record<string, unknown>;
    let next = [...current];
    const list = (v: unknown) => (Array.isArray(v) ? v : [v]).map(map);
    if ('set' in ops) next = list(ops['set']);
    if ('add' in ops) next = [...next, ...list(ops['add']).filter((x) => !next.includes(x))];
    if ('remove' in ops) next = next.filter((x) => !list(ops['remove']).includes(x));
    return next;
  }
  return [map(value)];
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
    if (patch && READ_ONLY_FIELDS.has(field)) {
      throw new TrackerHttpError(422, `Поля [${field}] только для чтения.`);
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
        issue.followers = applyArray(issue.followers, value, (v) => resolveUser(state, v, 'followers')!);
        break;
      case 'tags': {
        const next = applyArray(issue.tags, value, (v) => String(v));
        set('tags', issue.tags, next);
        issue.tags = next;
        break;
      }
      case 'components': {
        issue.components = applyArray(issue.components.map(String), value, (v) => {
          const id = referenceKey(v);
          const component = state.components.find((c) => String(c.id) === id || c.name === id);
          if (!component || component.queue !== issue.queue)
            throw unprocessable(`Компонент «${id}» не найден в очереди ${issue.queue}.`, {
              components: 'not found',
            });
          return String(component.id);
        }).map(Number);
        break;
      }
      case 'sprint': {
        issue.sprint = applyArray(issue.sprint.map(String), value, (v) => {
          const id = referenceKey(v);
          const sprint = state.sprints.find((s) => String(s.id) === id || s.name === id);
          if (!sprint) throw unprocessable(`Спринт «${id}» не найден.`, { sprint: 'not found' });
          return String(sprint.id);
        }).map(Number);
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
      case 'deadline':
        if (value === null) delete issue.deadline;
        else if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value))
          throw unprocessable('Поле deadline: ожидается дата YYYY-MM-DD.', { deadline: 'invalid' });
        else issue.deadline = value;
        break;
      case 'storyPoints':
        if (value === null) delete issue.storyPoints;
        else if (typeof value !== 'number')
          throw unprocessable('Поле storyPoints: ожидается число.', { storyPoints: 'invalid' });
        else issue.storyPoints = value;
        break;
      default: {
        const queue = state.queues.find((q) => q.key === issue.queue);
        const known =
          state.globalFields.some((f) => f.id === field) ||
          queue?.localFields.some((f) => f.key === field || f.id === field);
        if (!known) throw badRequest(`Поле «${field}» не существует.`, { [field]: 'Неизвестное поле' });
        set(field, issue.extra[field], value);
        issue.extra[field] = value;
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
    throw notFound(`Фильтр ${String(body['filterId'])} не найден.`);
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
      return respond(pageResponse(ctx.request, runSearch(ctx, body), render));
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
        id: issueIdFor(nextId(state, 'issue')),
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
      Object.assign(issue, draft, { version: issue.version + 1, updatedAt: trackerDate(), updatedBy: me });
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
      if (Object.keys(body).length > 0) applyIssueFields(state, issue, body, false);
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
      if (target.type === 'done') {
        issue.resolution =
          resolution === undefined ? 'fixed' : resolveNamed(state.resolutions, resolution, 'resolution');
      } else {
        delete issue.resolution;
      }
      if (Object.keys(body).length > 0) applyIssueFields(state, issue, body, false);
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
