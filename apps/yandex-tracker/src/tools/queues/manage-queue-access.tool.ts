import {
  buildToolName,
  change,
  custom,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type FieldIssue,
  type ParamsOf,
  type ParamsValidation,
} from '@toolsmith/core';
import { z } from 'zod';
import { toQueuePermissions, type ApiPermissions } from '../../api/dto/queue-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, filled, queueIdParam, userRef } from '../shared/params.ts';
import { nestedInputIssues, registerNested, withIssues } from '../shared/resolvers.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { withQueueHint } from './queue-hints.ts';

const ACTIONS = ['create', 'write', 'read', 'grant'] as const;
const SUBJECTS = ['users', 'groups', 'roles'] as const;
export const QUEUE_ROLES = ['author', 'assignee', 'follower', 'access'] as const;

/** `[ids]` replaces the whole list; `{add, remove}` edits it (the documented body, research §3.8). */
const subjectList = <T extends z.ZodType>(item: () => T, example: string) =>
  change(
    z.union([
      z
        .array(item())
        .refine(atMost(100), 'Must have at most 100 items.')
        .describe(
          `REPLACES the whole list with exactly these, e.g. ${example}. Everyone not listed loses the permission.`,
        ),
      z
        .object({
          add: z
            .array(item())
            .refine(atMost(100), 'Must have at most 100 items.')
            .optional()
            .describe(`Grant to these, e.g. ${example}.`),
          remove: z
            .array(item())
            .refine(atMost(100), 'Must have at most 100 items.')
            .optional()
            .describe(`Revoke from these, e.g. ${example}.`),
        })
        .strict()
        .describe('Edits the list: adds and removes only the given ones, keeps the rest.'),
    ]),
    { operations: ['add', 'remove'], flat: 'replace' },
  );

/**
 * A role id, checked in `permissionsBody`, so a wrong role inside the array-or-object union is reported
 * with its full path and the valid roles (a union's own error would name neither).
 */
const roleParam = z
  .string()
  .refine(filled, 'Must be at least 1 character long.')
  .meta({ enum: [...QUEUE_ROLES] });

/**
 * One permission's change, checked against the full shape on every call. The wire schema lists each
 * permission as an object and the tool description gives the shape once, instead of the same nested
 * unions four times (about 2,500 tokens; ADR 0018).
 */
const permissionChange = z
  .object({
    users: subjectList(userRef, '["alice"]')
      .optional()
      .describe('Users by login or uid: a list REPLACES them, {add, remove} edits them.'),
    groups: subjectList(() => z.number().int().positive(), '[3]')
      .optional()
      .describe('Groups by numeric id: a list REPLACES them, {add, remove} edits them.'),
    roles: subjectList(() => roleParam, '["assignee"]')
      .optional()
      .describe(
        'Roles (author, assignee, follower, access): a list REPLACES them, {add, remove} edits them.',
      ),
  })
  .strict();
// The users inside are resolved as any top-level user (logins; names, e-mails, case converted).
registerNested('permission', () => permissionChange);
const permission = (what: string) =>
  custom(z.record(z.string(), z.unknown()).pipe(permissionChange).optional(), 'permission').describe(
    `Who may ${what}.`,
  );

const ManageQueueAccessParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    create: permission('create issues'),
    write: permission('edit issues'),
    read: permission('read issues'),
    grant: permission('change the queue’s settings and access'),
  }),
);

type Params = ParamsOf<typeof ManageQueueAccessParams>;

export class ManageQueueAccessTool extends TrackerTool<typeof ManageQueueAccessParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('manage_queue_access', TOOL_PREFIX),
    description:
      'Grant or revoke queue permissions. create, write, read, grant each take {users: logins, groups: ids, roles: author|assignee|follower|access}; each is {add, remove} or a list that REPLACES it, e.g. {"write": {"users": {"add": ["bob"]}}}.',
    category: 'queues',
    toolset: 'queues',
    tags: ['queue', 'permissions', 'access', 'grant', 'revoke', 'rights', 'roles', 'groups', 'admin'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = ManageQueueAccessParams;

  /** Each permission is read strictly too (`{"users": {"delete": […]}}` is refused, never stripped). */
  override validateParams(args: unknown): ParamsValidation<Params> {
    const raw = args !== null && typeof args === 'object' ? (args as Record<string, unknown>) : {};
    const nested = ACTIONS.flatMap((action) => nestedInputIssues('permission', raw[action], action));
    return withIssues(super.validateParams(args), nested, this.name);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    const { body, replaced } = permissionsBody(params);
    try {
      const permissions = await ctx.deps.client.patch<ApiPermissions>(
        `/v3/queues/${encodeURIComponent(params.queueId)}/permissions`,
        { json: body, signal: ctx.signal },
      );
      return {
        ...toQueuePermissions(params.queueId, permissions),
        ...(replaced.length > 0 ? { replaced } : {}),
      };
    } catch (error) {
      throw await withQueueHint(ctx, error);
    }
  }
}

/** The documented body `{create|write|read|grant: {users|groups|roles: [ids] | {add, remove}}}`. */
export function permissionsBody(params: Params): { body: Record<string, unknown>; replaced: string[] } {
  const body: Record<string, unknown> = {};
  const replaced: string[] = [];
  const issues: FieldIssue[] = [];
  for (const action of ACTIONS) {
    const spec = params[action];
    if (spec === undefined) continue;
    const out: Record<string, unknown> = {};
    if (spec.roles !== undefined) issues.push(...roleIssues(action, spec.roles));
    for (const subject of SUBJECTS) {
      const value = spec[subject];
      if (value === undefined) continue;
      if (Array.isArray(value)) {
        replaced.push(`${action}.${subject}`);
        out[subject] = value;
      } else if ((value.add?.length ?? 0) + (value.remove?.length ?? 0) === 0) {
        issues.push({
          field: `${action}.${subject}`,
          message: 'has neither `add` nor `remove` items. Name whom to add or remove, e.g. {"add": ["bob"]}.',
        });
      } else {
        out[subject] = {
          ...(value.add?.length ? { add: value.add } : {}),
          ...(value.remove?.length ? { remove: value.remove } : {}),
        };
      }
    }
    if (Object.keys(out).length === 0 && !issues.some((i) => i.field.startsWith(`${action}.`))) {
      issues.push({
        field: action,
        message:
          'names no `users`, `groups` or `roles`. Add one, e.g. {"users": {"add": ["bob"]}}, or leave it out.',
      });
    }
    body[action] = out;
  }
  if (Object.keys(body).length === 0) {
    issues.push({
      field: '',
      message:
        'says nothing to change. Pass at least one of `create`, `write`, `read`, `grant`, e.g. {"write": {"users": {"add": ["bob"]}}}.',
    });
  }
  if (issues.length > 0) throw new ValidationError({ issues });
  return { body, replaced };
}

type SubjectValue = string[] | { add?: string[] | undefined; remove?: string[] | undefined };

/** Every role outside the four the API takes, with its full path. */
function roleIssues(action: string, value: SubjectValue): FieldIssue[] {
  const lists: Array<[string, string[]]> = Array.isArray(value)
    ? [[`${action}.roles`, value]]
    : [
        [`${action}.roles.add`, value.add ?? []],
        [`${action}.roles.remove`, value.remove ?? []],
      ];
  return lists.flatMap(([field, list]) =>
    list.flatMap((role, i) =>
      (QUEUE_ROLES as readonly string[]).includes(role)
        ? []
        : [
            {
              field: `${field}.${i}`,
              message: `is ${JSON.stringify(role)}, not a role a queue permission takes.`,
              validOptions: QUEUE_ROLES,
            },
          ],
    ),
  );
}
