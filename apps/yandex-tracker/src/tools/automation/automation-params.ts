/**
 * What the queue automation tools share (`automation` toolset): the three kinds (macros, triggers,
 * auto-actions), the actions a trigger or auto-action takes (a list of objects with a `type` the
 * API documents; a Transition's status checked and converted against the organisation's statuses
 * before anything is sent), the compact views, and the hints a 403 or 404 gets. Creating automation
 * is a queue administrator's change: the queue policy (allow-list, read-only queues) applies through
 * `queueId`, and the API's 403 is answered with who may do it.
 */
import { AuthError, fold, NotFoundError } from '@toolsmith/core';
import { z } from 'zod';
import { compact, refKey } from '../../api/dto/refs.ts';
import type { Ref } from '../../api/dto/tracker-types.ts';
import { withQueueHint } from '../queues/queue-hints.ts';
import { withHint } from '../shared/known-values.ts';
import { atMost, filled } from '../shared/params.ts';
import { refuse } from '../shared/relations.ts';
import type { TrackerCtx } from '../tracker-context.ts';

export const AUTOMATION_KINDS = ['macros', 'triggers', 'autoactions'] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];

/** Action types the API reference lists for triggers and for auto-actions. */
export const TRIGGER_ACTIONS = [
  'Transition',
  'Update',
  'Move',
  'Event.comment-create',
  'CreateChecklist',
  'Webhook',
  'CalculateFormula',
  'Event.create',
];
export const AUTOACTION_ACTIONS = [
  'Transition',
  'Update',
  'Event.comment-create',
  'Webhook',
  'CalculateFormula',
];

export const automationNameParam = () =>
  z
    .string()
    .trim()
    .refine(filled, 'Must be at least 1 character long.')
    .refine(atMost(200), 'Must be at most 200 characters long.')
    .describe('Name.');

/** Actions: objects with a `type` and its settings, e.g. {"type": "Transition", "status": "open"}. */
export const actionsParam = () =>
  z
    .array(z.record(z.string(), z.unknown()))
    .refine(filled, 'Must have at least 1 item.')
    .refine(atMost(20), 'Must have at most 20 items.')
    .describe('[{"type": "Transition", "status": "open"}]');

export interface ApiAutomation {
  self?: string;
  id: number | string;
  queue?: Ref;
  name?: string;
  version?: number;
  active?: boolean;
  body?: string;
  fieldChanges?: Array<{ field?: Ref; value?: unknown; update?: unknown }>;
  issueUpdate?: Array<{ field?: Ref; value?: unknown; update?: unknown }>;
  actions?: Array<Record<string, unknown>>;
  conditions?: unknown[];
  filter?: Record<string, unknown>;
  query?: string;
  intervalMillis?: number;
  [field: string]: unknown;
}

export const automationPath = (queueId: string, kind: AutomationKind, id?: number) =>
  `/v3/queues/${encodeURIComponent(queueId)}/${kind}${id === undefined ? '' : `/${id}`}`;

export function toAutomationSummary(item: ApiAutomation) {
  return compact({ automationId: Number(item.id), name: item.name, active: item.active });
}

const action = (a: Record<string, unknown>) => {
  const { id: _id, self: _self, ...rest } = a;
  const status = rest['status'];
  return typeof status === 'object' && status !== null ? { ...rest, status: refKey(status as Ref) } : rest;
};

export function toAutomation(item: ApiAutomation) {
  const changes = item.fieldChanges ?? item.issueUpdate;
  return compact({
    automationId: Number(item.id),
    queue: refKey(item.queue),
    name: item.name,
    version: item.version,
    active: item.active,
    body: item.body,
    changes: changes?.map((c) => compact({ field: c.field?.id, value: c.value, update: c.update })),
    conditions: item.conditions,
    query: item.query,
    filter: item.filter,
    actions: item.actions?.map(action),
    intervalMillis: item.intervalMillis,
  });
}

/**
 * The actions checked before anything is sent: a `type` the kind takes (refused with the valid
 * ones), and a Transition's `status` a status of the organisation (a display name or another case
 * becomes the key, announced; an unknown one is refused with the valid keys).
 */
export async function checkActions(
  ctx: TrackerCtx,
  toolName: string,
  actions: Array<Record<string, unknown>>,
  types: readonly string[],
): Promise<Array<Record<string, unknown>>> {
  const statuses = await ctx.deps.references.entities('status', undefined, ctx);
  return actions.map((a, i) => {
    const type = a['type'];
    if (typeof type !== 'string' || !types.includes(type)) {
      throw refuse(
        toolName,
        `actions.${i}.type`,
        `${JSON.stringify(type)} is not an action type here. Valid types: ${types.join(', ')}. Nothing was sent.`,
      );
    }
    if (type !== 'Transition') return a;
    const given = a['status'];
    const value =
      typeof given === 'object' && given !== null ? (given as Record<string, unknown>)['key'] : given;
    if (typeof value !== 'string' || statuses === undefined) {
      if (typeof value === 'string') return { ...a, status: { key: value } };
      throw refuse(
        toolName,
        `actions.${i}.status`,
        'A Transition needs `status`: a status key, e.g. "open". Nothing was sent.',
      );
    }
    const records = statuses.list.records;
    const found =
      records.find((r) => r.value === value) ??
      records.find(
        (r) =>
          fold(String(r.value)) === fold(value) ||
          (r.exact ?? []).map(String).includes(value) ||
          (r.names ?? []).some((n) => fold(n) === fold(value)),
      );
    if (!found) {
      throw refuse(
        toolName,
        `actions.${i}.status`,
        `"${value}" is not a status. Valid statuses: ${records.map((r) => r.value).join(', ')}. Nothing was sent.`,
      );
    }
    if (found.value !== value) ctx.call?.convert(`actions.${i}.status`, value, found.value);
    return { ...a, status: { key: found.value } };
  });
}

/**
 * A missing queue names the queues; a 403 says who may change a queue's automation; another 404
 * names where to find ids.
 */
export async function automationError(ctx: TrackerCtx, error: unknown, queueId: string): Promise<unknown> {
  if (NotFoundError.isInstance(error) && /очередь «|queue "/i.test(error.message))
    return withQueueHint(ctx, error);
  return withAutomationHint(error, queueId);
}

function withAutomationHint(error: unknown, queueId: string): unknown {
  if (AuthError.isInstance(error) && error.status === 403) {
    return withHint(
      error,
      `Changing the automation of ${queueId} takes the queue's administrator (its owner or someone with the queue's grant right): ask them, or work in a queue you administer.`,
    );
  }
  if (NotFoundError.isInstance(error)) {
    return withHint(
      error,
      `tracker_get_automations lists the queue's macros, triggers and auto-actions with their ids.`,
    );
  }
  return error;
}
