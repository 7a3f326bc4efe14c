/**
 * A small guarded server for the guard tests: members, lists and per-list statuses as entity kinds
 * over an in-memory "API", and tools that declare references, times, durations and nested changes.
 */
import { z } from 'zod';
import { BaseTool } from '../../tool/base-tool.ts';
import type { ToolContext } from '../../tool/tool-context.ts';
import { defineToolMetadata } from '../../tool/tool-metadata.ts';
import { ValidationError } from '../../errors/validation-error.ts';
import { ApiError } from '../../errors/api-error.ts';
import { assumed, aliases, nullMeans } from '../guard-meta.ts';
import { change, custom, duration, ref, when } from '../declare-params.ts';
import { defineEntityKind, ReferenceSource, type EntityRecord } from '../reference-source.ts';

export interface World {
  members: { id: number; username: string; email: string; name: string; me?: boolean }[];
  lists: { id: string; name: string; statuses: string[] }[];
  zone: string | undefined;
  /** Reads per kind (single flight and TTL are tested through it). */
  reads: Record<string, number>;
  /** What the fake API received. */
  sent: unknown[];
}

export function createWorld(): World {
  return {
    members: [
      { id: 101, username: 'bob', email: 'bob@example.com', name: 'Bob Petrov', me: true },
      { id: 102, username: 'alice', email: 'alice@example.com', name: 'Alice Smith' },
      { id: 103, username: 'alex', email: 'alex@example.com', name: 'Alex Smith' },
      { id: 104, username: 'ann', email: 'ann@example.com', name: 'Ann Smith' },
    ],
    lists: [
      { id: '901', name: 'Backlog', statuses: ['to do', 'in progress', 'done'] },
      { id: '902', name: 'Sprint', statuses: ['open', 'review', 'closed'] },
    ],
    zone: 'Europe/Lisbon',
    reads: {},
    sent: [],
  };
}

export interface GuardDeps {
  world: World;
  references: ReferenceSource<GuardDeps>;
}

const count = (world: World, kind: string) => (world.reads[kind] = (world.reads[kind] ?? 0) + 1);

export function createGuardDeps(world = createWorld(), now?: () => number): GuardDeps {
  const references = new ReferenceSource<GuardDeps>({
    ...(now ? { now } : {}),
    zoneSource: 'your profile',
    zone: async (ctx) => ctx.deps.world.zone,
    kinds: [
      defineEntityKind<GuardDeps>({
        name: 'member',
        one: 'a member',
        many: 'members',
        listTool: 'get_members',
        load: async (_scope, ctx) => {
          count(ctx.deps.world, 'member');
          return ctx.deps.world.members.map((m): EntityRecord => ({
            value: m.id,
            forms: [m.username, m.email],
            names: [m.name],
            person: true,
            label: `${m.id} (${m.name})`,
            ...(m.me ? { me: true } : {}),
          }));
        },
      }),
      defineEntityKind<GuardDeps>({
        name: 'list',
        one: 'a list',
        many: 'lists',
        load: async (_scope, ctx) => {
          count(ctx.deps.world, 'list');
          return ctx.deps.world.lists.map((l) => ({ value: l.id, names: [l.name] }));
        },
      }),
      defineEntityKind<GuardDeps>({
        name: 'status',
        one: 'a status',
        many: 'statuses',
        scope: ({ params }) => (typeof params['list_id'] === 'string' ? params['list_id'] : undefined),
        load: async (scope, ctx) => {
          count(ctx.deps.world, `status:${scope}`);
          const list = ctx.deps.world.lists.find((l) => l.id === scope);
          return {
            records: (list?.statuses ?? []).map((s) => ({ value: s })),
            scopeLabel: `list "${list?.name ?? scope}"`,
          };
        },
        isStale: (error) => ApiError.isInstance(error) && error.apiCode === 'STATUS_GONE',
      }),
      defineEntityKind<GuardDeps>({
        name: 'priority',
        one: 'a priority',
        many: 'priorities',
        load: async () => [
          { value: 'urgent', names: ['Urgent', 'Срочный'] },
          { value: 'high', names: ['High', 'Высокий'] },
          { value: 'normal', names: ['Normal'] },
        ],
      }),
    ],
    resolvers: {
      // A search filter: {status: …} checked against the statuses of the filter's list.
      filter: async (value, call) => {
        const filter = value as Record<string, string>;
        const out: Record<string, string> = {};
        for (const [key, v] of Object.entries(filter)) {
          if (key === 'assignee') out[key] = String(await call.resolve('member', `${call.field}.${key}`, v));
          else out[key] = v;
        }
        return out;
      },
    },
  });
  return { world, references };
}

const UpdateParams = z.object({
  task_id: z.string().min(1),
  list_id: ref('list'),
  name: aliases(z.string().min(1).optional(), 'title'),
  description: z.string().optional(),
  status: ref('status').optional(),
  priority: ref('priority').optional(),
  assignees: change(
    z.object({
      add: z.array(ref('member', { id: 'number' })).optional(),
      rem: z.array(ref('member', { id: 'number' })).optional(),
    }),
    { operations: ['add', 'rem'], flat: 'refuse' },
  ).optional(),
  due_date: nullMeans(when().nullable().optional(), 'unset'),
  start_date: when({ precision: 'date' }).optional(),
  estimate: duration().optional(),
  checklist: z.array(z.object({ name: z.string().min(1), done: z.boolean().optional() })).optional(),
});

export class UpdateTaskTool extends BaseTool<GuardDeps, typeof UpdateParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'update_task',
    description: 'Change a task.',
    category: 'tasks',
    annotations: { readOnlyHint: false, idempotentHint: true },
  });
  override getParamsSchema() {
    return UpdateParams;
  }
  protected override guardPolicy() {
    return { refuseEmpty: true };
  }
  protected override beforeExecute(params: z.output<typeof UpdateParams>) {
    if (params.name === 'forbidden')
      throw new ValidationError({
        toolName: this.name,
        issues: [{ field: 'name', message: 'is forbidden.' }],
      });
  }
  protected override translateError(error: unknown) {
    if (ApiError.isInstance(error) && error.apiCode === 'TEAM_401')
      return new ValidationError({
        toolName: this.name,
        issues: [{ field: 'task_id', message: 'No such task.' }],
      });
    return error;
  }
  async execute(params: z.output<typeof UpdateParams>, ctx: ToolContext<GuardDeps>) {
    if (params.task_id === 'gone')
      throw new ApiError({
        status: 400,
        method: 'PUT',
        url: '/task',
        apiCode: 'STATUS_GONE',
        message: 'Status does not exist',
      });
    if (params.task_id === 'custom-missing')
      throw new ApiError({
        status: 401,
        method: 'PUT',
        url: '/task',
        apiCode: 'TEAM_401',
        message: 'Team not authorized',
      });
    ctx.deps.world.sent.push(params);
    return { ok: true };
  }
}

const FindParams = z.object({
  list_id: ref('list'),
  assignee: ref('member', { id: 'either' }).optional(),
  since: assumed(when().optional(), 'the last 30 days (pass `since` to widen)'),
  filter: custom(z.record(z.string(), z.string()).optional(), 'filter'),
  limit: z.number().int().min(1).max(100).default(20),
});

export class FindTasksTool extends BaseTool<GuardDeps, typeof FindParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'find_tasks',
    description: 'Find tasks.',
    category: 'tasks',
    annotations: { readOnlyHint: true },
  });
  override getParamsSchema() {
    return FindParams;
  }
  async execute(params: z.output<typeof FindParams>) {
    return { found: [], params };
  }
}
