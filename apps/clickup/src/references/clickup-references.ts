/**
 * The ClickUp server's reference data: every entity kind a tool parameter may name, read from the
 * API the first time a call needs it and kept per kind (core's ReferenceSource: TTL, single flight,
 * stale entries dropped when the API says so). A parameter declared `ref('list')` (or `asRef`) is
 * checked against these before anything is sent: exact ids pass, names and e-mails and case variants
 * are converted (and announced), near misses and unknown values are refused with the valid ones.
 *
 * | kind              | values (what is sent)      | other forms accepted           | scope             | read from                                  |
 * | ----------------- | -------------------------- | ------------------------------ | ----------------- | ------------------------------------------ |
 * | `member`          | user id (number)           | e-mail, username, "me"         | workspace         | GET /team (members), GET /user (me)        |
 * | `workspace`       | team id                    | name                           | token             | GET /team                                  |
 * | `space`           | space id                   | name                           | workspace         | GET /team/{id}/space (archived on a miss)  |
 * | `folder`          | folder id                  | name                           | workspace         | GET /space/{id}/folder                     |
 * | `list`            | list id                    | name                           | workspace         | GET /space/{id}/folder, /space/{id}/list …  |
 * | `status`          | status as the list has it  | any case                       | the target list   | GET /list/{id} (task: its list)            |
 * | `priority`        | 1–4                        | urgent, high, normal, low      | —                 | (fixed)                                    |
 * | `tag`             | tag name                   | any case                       | the list's space  | GET /space/{id}/tag (task: its space)      |
 * | `custom_field`    | field id (UUID)            | name, id in any case           | the target list   | GET /list/{id}/field (task: its list)      |
 * | `checklist`       | checklist id               | name                           | (seen)            | checklists read by this server             |
 * | `checklist_item`  | item id                    | name                           | the checklist     | its task's checklists                      |
 * | `webhook`         | webhook id                 | endpoint URL                   | workspace         | GET /team/{id}/webhook                     |
 * | `webhook_event`   | event name                 | any case; "*" when subscribing | —                 | (fixed: WEBHOOK_EVENT_NAMES)               |
 * | `goal`            | goal id                    | name                           | workspace         | GET /team/{id}/goal                        |
 * | `view`            | view id                    | name                           | workspace         | GET /team|space|folder|list/{id}/view      |
 * | `doc`             | doc id                     | name                           | workspace         | GET v3 /workspaces/{id}/docs               |
 * | `doc_page`        | page id                    | name                           | the doc           | GET v3 …/docs/{id}/pages                   |
 * | `time_entry`      | entry id                   | —                              | your recent ones  | GET /team/{id}/time_entries (incomplete)   |
 * | `chat_channel`    | channel id                 | name, "#name"                  | workspace         | GET v3 …/chat/channels (≤ 5 pages)         |
 * | `chat_post_type`  | post subtype id            | Announcement, Update…          | workspace         | GET v3 …/comments/types/post/subtypes      |
 * | `chat_reaction`   | emoji name (yours)         | ":name:", any case             | the message       | GET v3 …/chat/messages/{id}/reactions      |
 *
 * Scopes are written `list:<id>`, `lists:<id>,<id>`, `space:<id>`, `spaces:<id>,…`, `task:<ref>`
 * (the task's list or space, from one cached task read), `carried:<ref>` (the tags a task carries).
 * A kind's default scope comes from the call's `list_id`, `task_id`, `list_ids`, `space_id` or
 * `space_ids`, in that order (scopeFromParams).
 */
import {
  ApiError,
  defineEntityKind,
  NotFoundError,
  ReferenceSource,
  TtlCache,
  type EntityKind,
  type EntityList,
  type EntityRecord,
  type ScopeCall,
  type ToolContext,
} from '@toolsmith/core';
import type { ClickUpClient, TeamMember } from '../api/clickup-client.ts';
import type { ApiDoc, ApiDocPage } from '../api/dto/doc-view.ts';
import type { ApiGoal } from '../api/dto/goal-view.ts';
import type { ApiTag } from '../api/dto/tag-view.ts';
import type { ApiCustomField, ApiChecklist } from '../api/dto/task-view.ts';
import type { ApiTimeEntry } from '../api/dto/time-entry-view.ts';
import type { ApiView } from '../api/dto/view-view.ts';
import type { ApiWebhook } from '../api/dto/webhook-view.ts';
import { WEBHOOK_EVENT_NAMES } from '../tools/webhooks/webhook-events.ts';
import { hierarchyLoader, type Hierarchy, type HierarchyLoader, type ListPlace } from './hierarchy.ts';
import { taskPlaces, type TaskPlaces } from './task-places.ts';
import { resolveTaskRef } from './task-ref-resolver.ts';
import { resolveDocParent } from './doc-parent-resolver.ts';
import { resolveCommentMarkdown } from '../tools/comments/comment-markdown-resolver.ts';
import { chatKinds } from '../tools/chat/chat-kinds.ts';
import { resolveChatMessage } from '../tools/chat/chat-message-resolver.ts';

type Ctx = ToolContext;

const MINUTE = 60_000;

/** Lists read one by one for a workspace-wide kind (custom fields, views): more, and the set is partial. */
const MAX_LISTS_READ = 20;
/** Lists whose views are read for the view kind (a view elsewhere goes to the API unchecked). */
const MAX_VIEW_LISTS = 10;

export interface AuthorizedUser {
  id: number;
  username?: string | null;
  email?: string | null;
  timezone?: string | null;
}

const listLabel = (h: Hierarchy, id: string) => {
  const list = h.lists.find((l) => l.id === id);
  return list ? `list "${list.name}"` : `list ${id}`;
};

/** The scope of a call's values from its usual parameters (see the module comment). */
export function scopeFromParams(params: Record<string, unknown>): string | undefined {
  const text = (v: unknown) =>
    typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : undefined;
  const many = (v: unknown) =>
    Array.isArray(v) && v.length > 0 && v.every((x) => text(x) !== undefined)
      ? v.map((x) => text(x)!).join(',')
      : undefined;
  const list = text(params['list_id']);
  if (list) return `list:${list}`;
  const task = text(params['task_id']);
  if (task) return `task:${task}`;
  const lists = many(params['list_ids']);
  if (lists) return `lists:${lists}`;
  const space = text(params['space_id']);
  if (space) return `space:${space}`;
  const spaces = many(params['space_ids']);
  if (spaces) return `spaces:${spaces}`;
  return undefined;
}

const split = (scope: string) => {
  const at = scope.indexOf(':');
  return at === -1 ? { kind: scope, rest: '' } : { kind: scope.slice(0, at), rest: scope.slice(at + 1) };
};

/** Records deduplicated by value, first kept. */
function unique(records: EntityRecord[]): EntityRecord[] {
  const seen = new Set<string>();
  return records.filter((r) => {
    const key = String(r.value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One workspace's reference data, read through the client it is made with — never through
 * `ctx.deps`, so it serves any deps: deps.ts makes it a `ClickUpReferences<ClickUpDeps>` and holds
 * it, and this file does not import deps.ts back.
 */
export class ClickUpReferences<TDeps = unknown> extends ReferenceSource<TDeps> {
  readonly hierarchy: HierarchyLoader;
  readonly tasks: TaskPlaces;
  readonly #checklists: Map<string, { taskId: string; name: string }>;
  readonly #me: (signal?: AbortSignal) => Promise<AuthorizedUser>;
  readonly #fields: FieldLoader;
  readonly #placeReads: Map<string, number>;

  constructor(client: ClickUpClient) {
    const hierarchy = hierarchyLoader(client);
    const tasks = taskPlaces(client);
    const checklists = new Map<string, { taskId: string; name: string }>();
    const fields = fieldLoader(client);
    const placeReads = new Map<string, number>();
    let me: Promise<AuthorizedUser> | undefined;
    const readMe = (signal?: AbortSignal) => {
      me ??= client.get<{ user: AuthorizedUser }>('/user', signal ? { signal } : {}).then((a) => a.user);
      me.catch(() => (me = undefined));
      return me;
    };
    super({
      kinds: entityKinds<TDeps>(client, { hierarchy, tasks, checklists, fields, placeReads }, readMe),
      resolvers: {
        task: resolveTaskRef,
        doc_parent: resolveDocParent,
        comment_markdown: resolveCommentMarkdown,
        chat_message: resolveChatMessage,
      },
      zone: async (ctx) => (await readMe(ctx.signal)).timezone ?? undefined,
      zoneSource: 'your ClickUp profile',
    });
    this.hierarchy = hierarchy;
    this.tasks = tasks;
    this.#checklists = checklists;
    this.#me = readMe;
    this.#fields = fields;
    this.#placeReads = placeReads;
  }

  /** A list's custom fields (GET /list/{id}/field, kept a few seconds): their types, options. */
  fieldsOf(listId: string, signal?: AbortSignal): Promise<ApiCustomField[]> {
    return this.#fields.get(listId, signal);
  }

  /** The token's user (GET /user, cached). */
  me(signal?: AbortSignal): Promise<AuthorizedUser> {
    return this.#me(signal);
  }

  /** After a write that changes what these kinds list: they are read again next time. */
  changed(...kinds: string[]): void {
    for (const kind of kinds) {
      this.invalidate(kind);
      if (kind === 'custom_field') this.#fields.forget();
      if (HIERARCHY_KINDS.has(kind)) {
        this.hierarchy.forget();
        this.#placeReads.clear();
        for (const k of HIERARCHY_KINDS) this.invalidate(k);
      }
    }
  }

  /** Checklists this server saw (a task read, a create): what `ref('checklist')` knows. */
  sawChecklists(taskId: string, checklists: readonly Pick<ApiChecklist, 'id' | 'name'>[]): void {
    for (const c of checklists) this.#checklists.set(c.id, { taskId, name: c.name });
    this.invalidate('checklist');
  }

  /** The task a known checklist belongs to. */
  checklistTask(checklistId: string): string | undefined {
    return this.#checklists.get(checklistId)?.taskId;
  }
}

interface FieldLoader {
  get(listId: string, signal?: AbortSignal): Promise<ApiCustomField[]>;
  forget(): void;
}

/**
 * Custom fields per list (types and options for the checks that need them), kept a few seconds:
 * the custom_field kind keeps its own values, and reads again through here when core looks a
 * missing field up once more (single flight; a failure is not kept).
 */
const FIELDS_TTL_MS = 5_000;

function fieldLoader(client: ClickUpClient): FieldLoader {
  const cache = new TtlCache<string, ApiCustomField[]>({ ttlMs: FIELDS_TTL_MS });
  return {
    get(listId, signal) {
      return cache.get(listId, () =>
        client
          .get<{ fields: ApiCustomField[] }>(
            `/list/${encodeURIComponent(listId)}/field`,
            signal ? { signal } : {},
          )
          .then((a) => a.fields),
      );
    },
    forget() {
      cache.forget();
    },
  };
}

/** Kinds read from the hierarchy: a place created or deleted changes them all. */
const HIERARCHY_KINDS = new Set(['space', 'folder', 'list', 'status', 'view']);

const stale =
  (...codes: string[]) =>
  (error: unknown) =>
    NotFoundError.isInstance(error) ||
    (ApiError.isInstance(error) && error.apiCode !== undefined && codes.includes(error.apiCode));

interface Caches {
  readonly hierarchy: HierarchyLoader;
  readonly tasks: TaskPlaces;
  readonly checklists: Map<string, { taskId: string; name: string }>;
  readonly fields: FieldLoader;
  /** When each place kind was last read (an early read is core looking a missing value up). */
  readonly placeReads: Map<string, number>;
}

/** Spaces, folders and lists are kept this long; a value not among them is looked up again. */
const PLACES_TTL_MS = 10 * MINUTE;

function entityKinds<TDeps>(
  client: ClickUpClient,
  { hierarchy, tasks, checklists, fields, placeReads }: Caches,
  me: (signal?: AbortSignal) => Promise<AuthorizedUser>,
): EntityKind<TDeps>[] {
  const get = <T>(path: string, ctx: Ctx, query?: Record<string, string | number | boolean>) =>
    client.get<T>(path, { signal: ctx.signal, ...(query ? { query } : {}) });
  const team = (ctx: Ctx) => client.teamId(ctx.signal);

  /**
   * The places for a place kind: the active ones, and the archived ones too when the kind is read
   * again before its time — core looking a value up once more that the active ones lacked.
   */
  const places = (kind: string, ctx: Ctx) => {
    const at = Date.now();
    const previous = placeReads.get(kind);
    placeReads.set(kind, at);
    return hierarchy.get(ctx.signal, { archived: previous !== undefined && at - previous < PLACES_TTL_MS });
  };

  /** The lists a scope stands for: one, several, a task's, or every list of the workspace. */
  const listsOf = async (
    scope: string | undefined,
    ctx: Ctx,
  ): Promise<{ lists: ListPlace[]; label?: string; partial?: boolean }> => {
    const h = await hierarchy.get(ctx.signal);
    if (scope === undefined) return { lists: [...h.lists] };
    const { kind, rest } = split(scope);
    const byId = (id: string): ListPlace =>
      h.lists.find((l) => l.id === id) ?? {
        id,
        name: id,
        archived: false,
        spaceId: '',
        folderId: undefined,
        statuses: [],
      };
    if (kind === 'list') return { lists: [byId(rest)], label: listLabel(h, rest) };
    if (kind === 'lists') {
      const ids = rest.split(',');
      return { lists: ids.map(byId), label: ids.length === 1 ? listLabel(h, ids[0]!) : 'these lists' };
    }
    if (kind === 'task') {
      const place = await tasks.get(rest, ctx.signal);
      return {
        lists: [byId(place.listId)],
        label: `${listLabel(h, place.listId)} (the list of task ${rest})`,
      };
    }
    if (kind === 'space' || kind === 'spaces') {
      const ids = rest.split(',');
      return { lists: h.lists.filter((l) => ids.includes(l.spaceId)), label: 'these spaces' };
    }
    return { lists: [...h.lists] };
  };

  /** The spaces a scope stands for. */
  const spacesOf = async (
    scope: string | undefined,
    ctx: Ctx,
  ): Promise<{ ids: string[]; label?: string }> => {
    const h = await hierarchy.get(ctx.signal);
    const spaceName = (id: string) => h.spaces.find((s) => s.id === id)?.name ?? id;
    if (scope === undefined) return { ids: h.spaces.map((s) => s.id) };
    const { kind, rest } = split(scope);
    if (kind === 'space') return { ids: [rest], label: `space "${spaceName(rest)}"` };
    if (kind === 'spaces') return { ids: rest.split(','), label: 'these spaces' };
    if (kind === 'list' || kind === 'lists') {
      const ids = [
        ...new Set(rest.split(',').map((id) => h.lists.find((l) => l.id === id)?.spaceId ?? '')),
      ].filter(Boolean);
      return {
        ids,
        label: ids.length === 1 ? `space "${spaceName(ids[0]!)}" (of ${listLabel(h, rest)})` : 'these spaces',
      };
    }
    if (kind === 'task') {
      const place = await tasks.get(rest, ctx.signal);
      const id = place.spaceId ?? h.lists.find((l) => l.id === place.listId)?.spaceId ?? '';
      return { ids: [id], label: `space "${spaceName(id)}" (of task ${rest})` };
    }
    return { ids: h.spaces.map((s) => s.id) };
  };

  const named = (id: string, name: string): EntityRecord => ({
    value: id,
    names: [name],
    label: `${id} (${name})`,
  });

  return [
    defineEntityKind<TDeps>({
      name: 'member',
      one: 'a workspace member',
      many: 'members',
      listTool: 'clickup_get_workspace_members',
      ttlMs: 15 * MINUTE,
      load: async (_scope, ctx) => {
        const [teamId, { teams }, user] = await Promise.all([
          team(ctx),
          get<{ teams: { id: string; members?: { user: TeamMember }[] }[] }>('/team', ctx),
          me(ctx.signal),
        ]);
        const members = teams.find((t) => String(t.id) === teamId)?.members ?? [];
        return members.map(({ user: m }): EntityRecord => {
          const name = m.username ?? m.email ?? String(m.id);
          return {
            value: m.id,
            forms: m.email ? [m.email] : [],
            names: m.username ? [m.username] : [],
            person: true,
            label: `${m.id} (${name})`,
            ...(m.id === user.id ? { me: true } : {}),
          };
        });
      },
    }),
    defineEntityKind<TDeps>({
      name: 'workspace',
      one: 'a workspace',
      many: 'workspaces',
      listTool: 'clickup_get_workspaces',
      load: async (_scope, ctx) => {
        const { teams } = await get<{ teams: { id: string; name: string }[] }>('/team', ctx);
        return teams.map((t) => named(String(t.id), t.name));
      },
    }),
    defineEntityKind<TDeps>({
      name: 'space',
      one: 'a space',
      many: 'spaces',
      listTool: 'clickup_get_spaces',
      ttlMs: PLACES_TTL_MS,
      // A miss is read again at once, archived places included (one listing of them: perhaps archived).
      recheckMissAfterMs: 0,
      isStale: stale(),
      load: async (_scope, ctx) => (await places('space', ctx)).spaces.map((s) => named(s.id, s.name)),
    }),
    defineEntityKind<TDeps>({
      name: 'folder',
      one: 'a folder',
      many: 'folders',
      listTool: 'clickup_get_hierarchy',
      ttlMs: PLACES_TTL_MS,
      // A miss is read again at once, archived places included (one listing of them: perhaps archived).
      recheckMissAfterMs: 0,
      isStale: stale(),
      load: async (_scope, ctx) => (await places('folder', ctx)).folders.map((f) => named(f.id, f.name)),
    }),
    defineEntityKind<TDeps>({
      name: 'list',
      one: 'a list',
      many: 'lists',
      listTool: 'clickup_get_hierarchy',
      ttlMs: PLACES_TTL_MS,
      // A miss is read again at once, archived places included (one listing of them: perhaps archived).
      recheckMissAfterMs: 0,
      isStale: stale(),
      load: async (_scope, ctx) => (await places('list', ctx)).lists.map((l) => named(l.id, l.name)),
    }),
    defineEntityKind<TDeps>({
      name: 'status',
      one: 'a status',
      many: 'statuses',
      listTool: 'clickup_get_list',
      ttlMs: 5 * MINUTE,
      isStale: stale('ITEM_114'),
      scope: ({ params }: ScopeCall<TDeps>) => scopeFromParams(params),
      load: async (scope, ctx): Promise<EntityList> => {
        const { lists, label } = await listsOf(scope, ctx);
        let statuses: string[];
        if (lists.length === 1 && scope !== undefined) {
          // The list itself, fresh: its statuses are what the API checks against.
          const list = await get<{ statuses?: { status: string }[] }>(
            `/list/${encodeURIComponent(lists[0]!.id)}`,
            ctx,
          );
          statuses = (list.statuses ?? []).map((s) => s.status);
        } else statuses = [...new Set(lists.flatMap((l) => l.statuses))];
        return {
          records: statuses.map((s) => ({ value: s })),
          ...(label ? { scopeLabel: label } : { scopeLabel: 'any list of the workspace' }),
        };
      },
    }),
    defineEntityKind<TDeps>({
      name: 'priority',
      one: 'a priority',
      many: 'priorities',
      ttlMs: Infinity,
      load: async () =>
        (['urgent', 'high', 'normal', 'low'] as const).map((name, i) => ({
          value: i + 1,
          forms: [name],
          label: `${i + 1} (${name})`,
        })),
    }),
    defineEntityKind<TDeps>({
      name: 'tag',
      one: 'a tag',
      many: 'tags',
      listTool: 'clickup_get_space_tags',
      ttlMs: 2 * MINUTE,
      scope: ({ params }: ScopeCall<TDeps>) => scopeFromParams(params),
      load: async (scope, ctx): Promise<EntityList> => {
        if (scope?.startsWith('carried:')) {
          const ref = scope.slice('carried:'.length);
          tasks.forget(ref); // what the task carries now, not a minute ago
          const place = await tasks.get(ref, ctx.signal);
          return { records: place.tags.map((t) => ({ value: t })), scopeLabel: `task ${ref}` };
        }
        const { ids, label } = await spacesOf(scope, ctx);
        const answers = await Promise.all(
          ids.map((id) => get<{ tags: ApiTag[] }>(`/space/${encodeURIComponent(id)}/tag`, ctx)),
        );
        return {
          records: unique(answers.flatMap((a) => a.tags.map((t) => ({ value: t.name })))),
          scopeLabel: label ?? 'any space of the workspace',
        };
      },
    }),
    defineEntityKind<TDeps>({
      name: 'custom_field',
      one: 'a custom field',
      many: 'custom fields',
      listTool: 'clickup_list_custom_fields',
      ttlMs: 5 * MINUTE,
      isStale: stale('FIELD_115', 'FIELD_011', 'FIELD_342'),
      scope: ({ params }: ScopeCall<TDeps>) => scopeFromParams(params),
      load: async (scope, ctx): Promise<EntityList> => {
        const { lists, label } = await listsOf(scope, ctx);
        const read = lists.slice(0, MAX_LISTS_READ);
        const answers = await Promise.all(read.map((l) => fields.get(l.id, ctx.signal)));
        return {
          records: unique(answers.flatMap((a) => a.map((f) => named(f.id, f.name)))),
          scopeLabel: label ?? 'the lists of the workspace',
          ...(lists.length > read.length ? { complete: false } : {}),
        };
      },
    }),
    defineEntityKind<TDeps>({
      name: 'checklist',
      one: 'a checklist',
      many: 'checklists',
      listTool: 'clickup_get_task',
      ttlMs: MINUTE,
      // Only the checklists this server has seen: others go to the API, which knows them.
      load: async () => ({
        records: [...checklists].map(([id, c]) => named(id, c.name)),
        complete: false,
      }),
    }),
    defineEntityKind<TDeps>({
      name: 'checklist_item',
      one: 'an item',
      many: 'items',
      listTool: 'clickup_get_task',
      ttlMs: MINUTE,
      scope: ({ params }: ScopeCall<TDeps>) =>
        typeof params['checklist_id'] === 'string' ? params['checklist_id'] : undefined,
      load: async (scope, ctx): Promise<EntityList> => {
        const taskId = scope === undefined ? undefined : checklists.get(scope)?.taskId;
        if (scope === undefined || taskId === undefined) return { records: [], complete: false };
        const { path, query } = await client.task(taskId, '', ctx.signal);
        const task = await client.get<{ checklists?: ApiChecklist[] }>(path, { query, signal: ctx.signal });
        const checklist = task.checklists?.find((c) => c.id === scope);
        if (!checklist) return { records: [], complete: false };
        return {
          records: (checklist.items ?? []).map((i) => named(i.id, i.name)),
          scopeLabel: `checklist "${checklist.name}"`,
        };
      },
    }),
    defineEntityKind<TDeps>({
      name: 'webhook',
      one: 'a webhook',
      many: 'webhooks',
      listTool: 'clickup_list_webhooks',
      ttlMs: MINUTE,
      isStale: stale(),
      load: async (_scope, ctx) => {
        const { webhooks } = await get<{ webhooks: ApiWebhook[] }>(`/team/${await team(ctx)}/webhook`, ctx);
        return webhooks.map((w) => ({ value: w.id, forms: [w.endpoint], label: `${w.id} (${w.endpoint})` }));
      },
    }),
    defineEntityKind<TDeps>({
      name: 'webhook_event',
      one: 'a webhook event',
      many: 'webhook events',
      ttlMs: Infinity,
      load: async (scope) => ({
        records: WEBHOOK_EVENT_NAMES.filter((e) => e !== '*' || scope === 'subscribe').map((e) => ({
          value: e,
          ...(e === '*' ? { label: '* (every event)' } : {}),
        })),
      }),
    }),
    defineEntityKind<TDeps>({
      name: 'goal',
      one: 'a goal',
      many: 'goals',
      listTool: 'clickup_get_goals',
      ttlMs: 2 * MINUTE,
      isStale: stale(),
      load: async (_scope, ctx) => {
        const { goals } = await get<{ goals: ApiGoal[] }>(`/team/${await team(ctx)}/goal`, ctx, {
          include_completed: true,
        });
        return goals.map((g) => named(g.id, g.name));
      },
    }),
    defineEntityKind<TDeps>({
      name: 'view',
      one: 'a view',
      many: 'views',
      listTool: 'clickup_get_views',
      ttlMs: 2 * MINUTE,
      isStale: stale(),
      load: async (_scope, ctx): Promise<EntityList> => {
        const h = await hierarchy.get(ctx.signal);
        const lists = h.lists.filter((l) => !l.archived);
        const read = lists.slice(0, MAX_VIEW_LISTS);
        const paths = [
          `/team/${h.teamId}/view`,
          ...h.spaces.filter((s) => !s.archived).map((s) => `/space/${s.id}/view`),
          ...h.folders.filter((f) => !f.archived).map((f) => `/folder/${f.id}/view`),
          ...read.map((l) => `/list/${l.id}/view`),
        ];
        const answers = await Promise.all(paths.map((p) => get<{ views: ApiView[] }>(p, ctx)));
        return {
          records: unique(answers.flatMap((a) => a.views.map((v) => named(v.id, v.name)))),
          ...(lists.length > read.length ? { complete: false } : {}),
        };
      },
    }),
    defineEntityKind<TDeps>({
      name: 'doc',
      one: 'a doc',
      many: 'docs',
      listTool: 'clickup_search_docs',
      ttlMs: 2 * MINUTE,
      isStale: stale(),
      load: async (_scope, ctx): Promise<EntityList> => {
        const path = client.v3(`/workspaces/${await team(ctx)}/docs`);
        const docs: ApiDoc[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 5; page++) {
          const answer = await client.get<{ docs: ApiDoc[]; next_cursor?: string | null }>(path, {
            query: { limit: 100, deleted: false, ...(cursor ? { next_cursor: cursor } : {}) },
            signal: ctx.signal,
          });
          docs.push(...answer.docs);
          cursor = answer.next_cursor || undefined;
          if (!cursor) break;
        }
        return { records: docs.map((d) => named(d.id, d.name)), ...(cursor ? { complete: false } : {}) };
      },
    }),
    defineEntityKind<TDeps>({
      name: 'doc_page',
      one: 'a page',
      many: 'pages',
      listTool: 'clickup_get_doc_pages',
      ttlMs: 2 * MINUTE,
      scope: ({ params }: ScopeCall<TDeps>) =>
        typeof params['doc_id'] === 'string' ? params['doc_id'] : undefined,
      load: async (scope, ctx): Promise<EntityList> => {
        if (scope === undefined) return { records: [], complete: false };
        const pages = await client.get<ApiDocPage[]>(
          client.v3(`/workspaces/${await team(ctx)}/docs/${encodeURIComponent(scope)}/pages`),
          { signal: ctx.signal },
        );
        const flat: ApiDocPage[] = [];
        const walk = (list: readonly ApiDocPage[]) => {
          for (const p of list) {
            flat.push(p);
            walk(p.pages ?? []);
          }
        };
        walk(pages);
        return {
          records: flat.map((p) => named(p.id, p.name ?? p.id)),
          scopeLabel: `doc ${scope}`,
        };
      },
    }),
    defineEntityKind<TDeps>({
      name: 'time_entry',
      one: 'a time entry',
      many: 'time entries',
      listTool: 'clickup_get_time_entries',
      ttlMs: MINUTE,
      // Your entries of the last 30 days (the API's default): older ones and others' go to the API.
      load: async (_scope, ctx): Promise<EntityList> => {
        const { data } = await get<{ data: ApiTimeEntry[] }>(`/team/${await team(ctx)}/time_entries`, ctx);
        return { records: data.map((e) => ({ value: String(e.id) })), complete: false };
      },
    }),
    ...chatKinds<TDeps>(client, me),
  ];
}
