/**
 * The Tracker server's reference data for core's guarded path: every entity kind a tool parameter
 * names (`ref('user')`, `ref('status')`, …), read from the API the first time a call needs it and
 * kept for YANDEX_TRACKER_REFERENCE_TTL_MS — one copy per deps (the server's; with per-user
 * credentials each user's own, so what one user may see is never served to another), concurrent
 * calls sharing one read (core's ReferenceSource). Values of an issue (its transitions, checklist items, comments,
 * worklogs, attachments, links) change with every write, so they are read for each call.
 *
 * What a kind takes as it is and what it converts (announced in the answer):
 * - users: login and uid exact; e-mail, display name (either order), case → the login; "me" → the
 *   token owner (`GET /v2/myself`);
 * - queues: keys; names and lower case → the key;
 * - statuses, priorities, issue types, resolutions: keys and ids; display names in any language
 *   (`localized=false`) and case → the key;
 * - components (of the call's queue), sprints (of a board, or all), boards, projects: ids; names →
 *   the id;
 * - entities (projects, portfolios, goals of the call's `entityType`): ids; names and shortIds → the id;
 * - dashboards: ids; names → the id;
 * - link relationships, transitions (of the issue, in its current status), checklist items (text →
 *   id), comments, worklogs, attachments (file name → id), links of the issue;
 * - fields (of the call's queue): ids and local keys; names and case → the key to write.
 *
 * The user's time zone (times without an offset are read in it) is the profile's `timezone` from
 * `GET /v2/myself`, else YANDEX_TRACKER_TIMEZONE, else UTC (said in the answer).
 */
import {
  ApiError,
  defineEntityKind,
  fold,
  NotFoundError,
  ReferenceSource,
  TtlCache,
  type EntityKind,
  type EntityList,
  type EntityRecord,
  type ScopeCall,
  type ToolContext,
} from '@toolsmith/core';
import type { ApiAttachment } from '../../api/dto/attachment-dto.ts';
import type { ApiBoard, ApiSprint } from '../../api/dto/board-dto.ts';
import type { ApiChecklistItem } from '../../api/dto/checklist-dto.ts';
import type { ApiComment } from '../../api/dto/comment-dto.ts';
import type { ApiComponent } from '../../api/dto/component-dto.ts';
import type { ApiLink } from '../../api/dto/link-dto.ts';
import type { ApiProject } from '../../api/dto/project-dto.ts';
import type { ApiField, ApiQueue } from '../../api/dto/queue-dto.ts';
import type { ApiLinkType, ApiLocalizedName, ApiReferenceItem } from '../../api/dto/reference-dto.ts';
import type { Ref } from '../../api/dto/tracker-types.ts';
import type { ApiUser } from '../../api/dto/user-dto.ts';
import type { ApiWorklog } from '../../api/dto/worklog-dto.ts';
import type { TrackerDeps } from '../../deps.ts';
import { callParams, callQueue } from './call-scope.ts';
import { trackerResolvers } from './resolvers.ts';

type Ctx = ToolContext<TrackerDeps>;

/** An Entity API record as `_search` answers it (tools/entities/entity-params.ts has the full shape). */
interface ApiEntityRecord {
  id: string;
  shortId?: number;
  fields?: Record<string, unknown>;
}

/** Users per page read, and how many pages at most (the API has no user search). */
const USERS_PAGE_SIZE = 100;
const USERS_MAX_PAGES = 50;
/** Most pages of queues, projects or an issue's comments read for reference. */
const MAX_PAGES = 10;
/** Most boards whose sprints are read when a sprint is named without its board. */
const MAX_BOARDS = 50;
/** Values of an issue change with every write: read for each call (concurrent calls still share one read). */
const PER_CALL = 0;

const issueScope = ({ params }: ScopeCall<TrackerDeps>) => {
  const issueId = params['issueId'];
  return typeof issueId === 'string' ? issueId : undefined;
};

function namesOf(name: ApiLocalizedName | undefined): string[] {
  if (name === undefined || name === null) return [];
  return typeof name === 'string' ? [name] : Object.values(name).filter((n) => typeof n === 'string');
}

const short = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max)}…` : text);

function errorsOf(error: unknown): Record<string, unknown> {
  if (!ApiError.isInstance(error)) return {};
  const body = error.body as { errors?: unknown } | undefined;
  const errors = body?.errors;
  return errors !== null && typeof errors === 'object' && !Array.isArray(errors)
    ? (errors as Record<string, unknown>)
    : {};
}

/** An API refusal of one of `fields` (400/422 naming it): the kind's cached values may be stale. */
const refusedField =
  (...fields: string[]) =>
  (error: unknown) =>
    ApiError.isInstance(error) &&
    [400, 404, 422].includes(error.status) &&
    Object.keys(errorsOf(error)).some((k) => fields.includes(k.replace(/^values\./, '')));

/** Pages of a page-style list, at most `maxPages`: the values and whether that was all. */
async function allPages<T>(
  ctx: Ctx,
  path: string,
  perPage: number,
  maxPages: number,
  query?: Record<string, string>,
): Promise<{ items: T[]; complete: boolean }> {
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const result = await ctx.deps.client.page<T>(
      'GET',
      path,
      { page, perPage },
      {
        ...(query ? { query } : {}),
        signal: ctx.signal,
      },
    );
    items.push(...result.items);
    if (!result.hasMore || result.items.length === 0) return { items, complete: true };
  }
  return { items, complete: false };
}

/** Statuses, priorities, issue types and resolutions: key and id exact, every display name converted. */
function referenceKind(
  name: string,
  path: string,
  one: string,
  many: string,
  listTool: string,
  fields: string[],
  ttlMs: number,
): EntityKind<TrackerDeps> {
  return defineEntityKind<TrackerDeps>({
    name,
    one,
    many,
    listTool,
    ttlMs,
    load: async (_scope, ctx) => {
      const items = await ctx.deps.client.get<ApiReferenceItem[]>(path, {
        query: { localized: false },
        signal: ctx.signal,
      });
      if (!Array.isArray(items)) throw new TypeError(`${path} did not answer a list`);
      return items.map((item): EntityRecord => ({
        value: item.key,
        exact: [String(item.id)],
        names: [...new Set([...namesOf(item.name), ...namesOf(item.display)])],
      }));
    },
    isStale: refusedField(...fields),
  });
}

export interface TrackerReferencesOptions {
  /** YANDEX_TRACKER_REFERENCE_TTL_MS. */
  readonly ttlMs: number;
  /** YANDEX_TRACKER_TIMEZONE: the zone used when the profile has none. */
  readonly timezone?: string | undefined;
  /** Clock for TTLs (tests). */
  readonly now?: () => number;
}

export function createTrackerReferences(options: TrackerReferencesOptions): ReferenceSource<TrackerDeps> {
  const ttlMs = options.ttlMs;
  const now = options.now ?? Date.now;

  // The token owner: "me" and the time zone. Read once per TTL (at least a minute for the zone).
  const myself = new TtlCache<'me', ApiUser | undefined>({ ttlMs, now });
  const readMyself = (ctx: Ctx, keepMs: number): Promise<ApiUser | undefined> =>
    myself.get(
      'me',
      () =>
        ctx.deps.client
          .get<ApiUser>('/v2/myself', { signal: new AbortController().signal })
          .catch(() => undefined),
      keepMs,
    );

  let zoneSource = 'your Tracker profile';
  const kinds: EntityKind<TrackerDeps>[] = [
    defineEntityKind<TrackerDeps>({
      name: 'user',
      one: 'a user',
      many: 'users',
      listTool: 'tracker_find_users',
      ttlMs,
      load: async (_scope, ctx) => {
        const [{ items, complete }, me] = await Promise.all([
          allPages<ApiUser>(ctx, '/v3/users', USERS_PAGE_SIZE, USERS_MAX_PAGES),
          readMyself(ctx, ttlMs),
        ]);
        const records = items.map((u): EntityRecord => {
          const full = [u.firstName, u.lastName].filter(Boolean).join(' ');
          return {
            value: u.login,
            exact: [u.uid, u.trackerUid, u.passportUid, u.cloudUid]
              .filter((id) => id !== undefined && id !== null && String(id) !== u.login)
              .map(String),
            forms: u.email ? [u.email] : [],
            names: [...new Set([u.display, full].filter((n): n is string => !!n))],
            person: true,
            ...(me && String(me.uid) === String(u.uid) ? { me: true } : {}),
            label: u.display ? `${u.login} (${u.display})` : u.login,
          };
        });
        return { records, complete };
      },
      isStale: (error) =>
        refusedField('assignee', 'followers', 'lead', 'summonees', 'users', 'createdBy')(error) ||
        (ApiError.isInstance(error) && /пользовател\S* .*не найден|user .*not found/i.test(error.message)),
    }),
    defineEntityKind<TrackerDeps>({
      name: 'queue',
      one: 'a queue',
      many: 'queues',
      listTool: 'tracker_get_queues',
      ttlMs,
      load: async (_scope, ctx) => {
        const { items, complete } = await allPages<ApiQueue>(ctx, '/v3/queues', 100, MAX_PAGES);
        return {
          records: items.map((q) => ({ value: q.key, names: [q.name], label: `${q.key} (${q.name})` })),
          complete,
        };
      },
      isStale: (error) =>
        NotFoundError.isInstance(error) &&
        /очеред|queue/i.test(error.message) &&
        !/задач|issue/i.test(error.message),
    }),
    referenceKind(
      'status',
      '/v3/statuses',
      'a status',
      'statuses',
      'tracker_get_statuses',
      ['status'],
      ttlMs,
    ),
    referenceKind(
      'priority',
      '/v3/priorities',
      'a priority',
      'priorities',
      'tracker_get_priorities',
      ['priority', 'defaultPriority'],
      ttlMs,
    ),
    referenceKind(
      'issuetype',
      '/v3/issuetypes',
      'an issue type',
      'issue types',
      'tracker_get_issue_types',
      ['type', 'defaultType', 'issueType', 'issueTypesConfig'],
      ttlMs,
    ),
    referenceKind(
      'resolution',
      '/v3/resolutions',
      'a resolution',
      'resolutions',
      'tracker_get_resolutions',
      ['resolution', 'resolutions', 'issueTypesConfig'],
      ttlMs,
    ),
    defineEntityKind<TrackerDeps>({
      name: 'component',
      one: 'a component',
      many: 'components',
      listTool: 'tracker_get_components',
      ttlMs,
      scope: ({ params, ctx }) => callQueue(params, ctx),
      load: async (scope, ctx) => {
        const components = await ctx.deps.client.get<ApiComponent[]>(
          scope ? `/v2/queues/${encodeURIComponent(scope)}/components` : '/v2/components',
          { signal: ctx.signal },
        );
        return {
          records: (Array.isArray(components) ? components : []).map((c) => ({
            value: Number(c.id),
            names: [c.name],
            label: `${c.id} (${c.name}${scope ? '' : `, ${c.queue?.key ?? '?'}`})`,
          })),
          ...(scope ? { scopeLabel: `queue ${scope}` } : {}),
        };
      },
      isStale: refusedField('components'),
    }),
    defineEntityKind<TrackerDeps>({
      name: 'board',
      one: 'a board',
      many: 'boards',
      listTool: 'tracker_get_boards',
      ttlMs,
      load: async (_scope, ctx) => {
        const boards = await ctx.deps.client.get<ApiBoard[]>('/v2/boards', { signal: ctx.signal });
        return (Array.isArray(boards) ? boards : []).map((b) => ({
          value: Number(b.id),
          names: [b.name],
          label: `${b.id} (${b.name})`,
        }));
      },
      isStale: (error) => NotFoundError.isInstance(error) && /доск|board/i.test(error.message),
    }),
    defineEntityKind<TrackerDeps>({
      name: 'sprint',
      one: 'a sprint',
      many: 'sprints',
      listTool: 'tracker_get_sprints',
      ttlMs,
      scope: ({ params, ctx }) => {
        const board = callParams(params, ctx)['boardId'];
        return typeof board === 'number' || typeof board === 'string' ? String(board) : undefined;
      },
      load: async (scope, ctx): Promise<EntityList> => {
        const sprintsOf = (board: string) =>
          ctx.deps.client.get<ApiSprint[]>(`/v3/boards/${encodeURIComponent(board)}/sprints`, {
            signal: ctx.signal,
          });
        let sprints: ApiSprint[];
        let complete = true;
        if (scope) sprints = await sprintsOf(scope);
        else {
          const boards = await ctx.deps.client.get<ApiBoard[]>('/v2/boards', { signal: ctx.signal });
          const list = Array.isArray(boards) ? boards : [];
          complete = list.length <= MAX_BOARDS;
          sprints = (await Promise.all(list.slice(0, MAX_BOARDS).map((b) => sprintsOf(String(b.id))))).flat();
        }
        return {
          records: (Array.isArray(sprints) ? sprints : []).map((s) => ({
            value: Number(s.id),
            names: [s.name],
            label: `${s.id} (${s.name})`,
          })),
          complete,
          ...(scope ? { scopeLabel: `board ${scope}` } : {}),
        };
      },
      isStale: refusedField('sprint'),
    }),
    defineEntityKind<TrackerDeps>({
      name: 'project',
      one: 'a project',
      many: 'projects',
      listTool: 'tracker_get_projects',
      ttlMs,
      load: async (_scope, ctx) => {
        const { items, complete } = await allPages<ApiProject>(ctx, '/v2/projects', 100, MAX_PAGES);
        return {
          records: items.map((p) => ({
            value: String(p.id),
            names: [p.name],
            ...(p.key ? { forms: [p.key] } : {}),
            label: `${p.id} (${p.name})`,
          })),
          complete,
        };
      },
      isStale: (error) => NotFoundError.isInstance(error) && /проект|project/i.test(error.message),
    }),
    defineEntityKind<TrackerDeps>({
      name: 'entity',
      one: 'an entity',
      many: 'entities',
      listTool: 'tracker_find_entities',
      ttlMs,
      // The declaration names the type (`entityType`, `targetType`): projects, portfolios or goals.
      load: async (scope, ctx): Promise<EntityList> => {
        if (scope === undefined || scope === '') return { records: [], complete: false };
        const records: EntityRecord[] = [];
        for (let page = 1; page <= MAX_PAGES; page++) {
          const found = await ctx.deps.client.post<{ pages?: number; values?: ApiEntityRecord[] }>(
            `/v3/entities/${encodeURIComponent(scope)}/_search`,
            {
              query: { perPage: 100, page, fields: 'summary' },
              json: {},
              idempotent: true,
              signal: ctx.signal,
            },
          );
          for (const e of found?.values ?? []) {
            const summary = typeof e.fields?.['summary'] === 'string' ? e.fields['summary'] : undefined;
            records.push({
              value: e.id,
              ...(e.shortId !== undefined ? { forms: [String(e.shortId)] } : {}),
              ...(summary ? { names: [summary] } : {}),
              label: summary ? `${e.id} (${summary})` : e.id,
            });
          }
          if (page >= (found?.pages ?? 1)) return { records, scopeLabel: `type ${scope}` };
        }
        return { records, complete: false, scopeLabel: `type ${scope}` };
      },
      isStale: (error) => NotFoundError.isInstance(error) && /сущност|entit/i.test(error.message),
    }),
    defineEntityKind<TrackerDeps>({
      name: 'dashboard',
      one: 'a dashboard',
      many: 'dashboards',
      listTool: 'tracker_get_dashboards',
      ttlMs,
      load: async (_scope, ctx) => {
        const dashboards: Array<{ id: number | string; name?: string }> = [];
        for (let page = 1; page <= MAX_PAGES; page++) {
          const found = await ctx.deps.client.page<{ id: number | string; name?: string }>(
            'POST',
            '/v3/dashboards/_search',
            { page, perPage: 100 },
            { json: {}, signal: ctx.signal },
          );
          dashboards.push(...found.items);
          if (!found.hasMore || found.items.length === 0) {
            return dashboards.map((d) => ({
              value: Number(d.id),
              ...(d.name ? { names: [d.name] } : {}),
              label: d.name ? `${d.id} (${d.name})` : String(d.id),
            }));
          }
        }
        return {
          records: dashboards.map((d) => ({ value: Number(d.id), names: d.name ? [d.name] : [] })),
          complete: false,
        };
      },
      isStale: (error) => NotFoundError.isInstance(error) && /дашборд|dashboard/i.test(error.message),
    }),
    defineEntityKind<TrackerDeps>({
      name: 'relationship',
      one: 'a link relationship',
      many: 'relationships',
      listTool: 'tracker_get_link_types',
      ttlMs,
      load: async (_scope, ctx) => {
        const types = await ctx.deps.client.get<ApiLinkType[]>('/v2/linktypes', { signal: ctx.signal });
        const names = new Set<string>();
        for (const t of Array.isArray(types) ? types : []) {
          if (t.outward) names.add(t.outward);
          if (t.inward) names.add(t.inward);
        }
        return [...names].map((value) => ({ value }));
      },
      isStale: refusedField('relationship'),
    }),
    defineEntityKind<TrackerDeps>({
      name: 'field',
      one: 'a field',
      many: 'fields',
      listTool: 'tracker_get_queue_fields',
      ttlMs,
      scope: ({ params, ctx }) => callQueue(params, ctx),
      // A local field's full id (`<queue id>--<key>`) goes to the API as written.
      passThrough: (value) => String(value).includes('--'),
      load: async (scope, ctx) => {
        const fields = await ctx.deps.client.get<ApiField[]>(
          scope ? `/v3/queues/${encodeURIComponent(scope)}/fields` : '/v3/fields',
          { signal: ctx.signal },
        );
        const records: EntityRecord[] = [];
        const seen = new Set<string>();
        for (const f of Array.isArray(fields) ? fields : []) {
          const local = f.type === 'local' || f.id.includes('--');
          const value = local ? (f.key ?? f.id) : f.id;
          seen.add(value);
          const names = namesOf(f.name as ApiLocalizedName);
          records.push({
            value,
            ...(value !== f.id ? { exact: [f.id] } : {}),
            ...(f.key && f.key !== value ? { forms: [f.key] } : {}),
            names,
            label: names[0] && fold(names[0]) !== fold(value) ? `${value} (${names[0]})` : value,
          });
        }
        // System fields every queue has, whether or not the list names them.
        for (const id of SYSTEM_FIELDS) if (!seen.has(id)) records.push({ value: id });
        return { records, ...(scope ? { scopeLabel: `queue ${scope}` } : {}) };
      },
      isStale: (error) =>
        ApiError.isInstance(error) &&
        Object.values(errorsOf(error)).some((v) => /неизвестное поле|unknown field/i.test(String(v))),
    }),
    issueKind('transition', 'a transition', 'transitions', 'tracker_get_issue_transitions', (issueId) => ({
      path: `/v3/issues/${encodeURIComponent(issueId)}/transitions`,
      scopeLabel: `${issueId} in its current status`,
      record: (t: { id: string; display?: string; to?: Ref }) => ({
        value: t.id,
        names: t.display ? [t.display] : [],
        label: t.to?.key ? `${t.id} (→ ${t.to.key})` : t.id,
      }),
    })),
    issueKind('checklistItem', 'a checklist item', 'checklist items', 'tracker_get_checklist', (issueId) => ({
      path: `/v2/issues/${encodeURIComponent(issueId)}/checklistItems`,
      scopeLabel: issueId,
      record: (item: ApiChecklistItem) => ({
        value: item.id,
        ...(item.text ? { names: [item.text] } : {}),
        label: item.text ? `${item.id} ("${short(item.text)}")` : item.id,
      }),
    })),
    issueKind('worklog', 'a worklog', 'worklogs', 'tracker_get_worklogs', (issueId) => ({
      path: `/v2/issues/${encodeURIComponent(issueId)}/worklog`,
      scopeLabel: issueId,
      record: (w: ApiWorklog) => ({
        value: Number(w.id),
        label: `${w.id} (${[w.duration, w.createdBy?.display].filter(Boolean).join(', ')})`,
      }),
    })),
    issueKind('attachment', 'an attachment', 'attachments', 'tracker_get_attachments', (issueId) => ({
      path: `/v2/issues/${encodeURIComponent(issueId)}/attachments`,
      scopeLabel: issueId,
      record: (a: ApiAttachment) => ({
        value: String(a.id),
        ...(a.name ? { names: [a.name] } : {}),
        label: a.name ? `${a.id} (${a.name})` : String(a.id),
      }),
    })),
    issueKind('link', 'a link', 'links', 'tracker_get_issue_links', (issueId) => ({
      path: `/v3/issues/${encodeURIComponent(issueId)}/links`,
      scopeLabel: issueId,
      record: (l: ApiLink) => {
        const relationship = l.direction === 'outward' ? l.type?.outward : l.type?.inward;
        const other = l.object?.key;
        return {
          value: Number(l.id),
          label: relationship && other ? `${l.id} (${relationship} ${other})` : String(l.id),
        };
      },
    })),
    defineEntityKind<TrackerDeps>({
      name: 'comment',
      one: 'a comment',
      many: 'comments',
      listTool: 'tracker_get_comments',
      ttlMs: PER_CALL,
      scope: issueScope,
      load: async (scope, ctx): Promise<EntityList> => {
        if (scope === undefined) return { records: [], complete: false };
        const comments: ApiComment[] = [];
        let after: string | undefined;
        let complete = false;
        for (let page = 0; page < MAX_PAGES; page++) {
          const result = await ctx.deps.client.cursor<ApiComment>(
            `/v3/issues/${encodeURIComponent(scope)}/comments`,
            { after, perPage: 100 },
            { signal: ctx.signal },
          );
          comments.push(...result.items);
          if (!result.hasMore) {
            complete = true;
            break;
          }
          after = String(result.items.at(-1)!.id);
        }
        return {
          records: comments.map((c) => ({
            value: Number(c.id),
            ...(c.longId ? { exact: [c.longId] } : {}),
            label: c.createdBy?.display ? `${c.id} (by ${c.createdBy.display})` : String(c.id),
          })),
          complete,
          scopeLabel: scope,
        };
      },
    }),
  ];

  return new ReferenceSource<TrackerDeps>({
    kinds,
    resolvers: trackerResolvers(),
    ...(options.now ? { now: options.now } : {}),
    zone: async (ctx) => {
      const me = await readMyself(ctx, Math.max(ttlMs, 60_000));
      if (me?.timezone && validZone(me.timezone)) {
        zoneSource = 'your Tracker profile';
        return me.timezone;
      }
      if (options.timezone) {
        zoneSource = 'YANDEX_TRACKER_TIMEZONE';
        return options.timezone;
      }
      return undefined;
    },
    // Read when a time is announced: says which of the two the zone came from.
    get zoneSource() {
      return zoneSource;
    },
  });
}

/** An IANA zone name Node knows. */
export function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Values of one issue, read for each call: the issue comes from the call's `issueId`. */
function issueKind<T>(
  name: string,
  one: string,
  many: string,
  listTool: string,
  read: (issueId: string) => { path: string; scopeLabel: string; record: (item: T) => EntityRecord },
): EntityKind<TrackerDeps> {
  return defineEntityKind<TrackerDeps>({
    name,
    one,
    many,
    listTool,
    ttlMs: PER_CALL,
    scope: issueScope,
    load: async (scope, ctx): Promise<EntityList> => {
      if (scope === undefined) return { records: [], complete: false };
      const { path, scopeLabel, record } = read(scope);
      const items = await ctx.deps.client.get<T[] | undefined>(path, { signal: ctx.signal });
      return { records: (Array.isArray(items) ? items : []).map(record), scopeLabel };
    },
  });
}

/**
 * Fields every issue has that a queue's field list may leave out (the API's system fields): taken
 * as they are in searches, `customFields` and the changelog filter.
 */
export const SYSTEM_FIELDS = [
  'key',
  'queue',
  'summary',
  'description',
  'type',
  'status',
  'resolution',
  'priority',
  'assignee',
  'author',
  'createdBy',
  'updatedBy',
  'createdAt',
  'updatedAt',
  'created',
  'updated',
  'resolvedAt',
  'resolvedBy',
  'followers',
  'tags',
  'components',
  'sprint',
  'parent',
  'deadline',
  'start',
  'end',
  'dueDate',
  'storyPoints',
  'originalEstimation',
  'estimation',
  'spent',
  'project',
  'epic',
  'boards',
  'fixVersions',
  'affectedVersions',
  'votes',
  'lastCommentUpdatedAt',
  'statusStartTime',
];
