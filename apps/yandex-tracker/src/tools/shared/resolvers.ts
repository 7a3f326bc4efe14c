/**
 * What only the Tracker server can read, resolved on core's guarded path (`custom(schema, name)`):
 *
 * - `issueFilter`: a search `filter` object — field names in another case or by display name become
 *   the field id, values of reference fields (queue, status, priority, type, resolution, people,
 *   components, sprints) become keys, logins and ids; a value that cannot match anything is refused
 *   with the valid ones (the API would answer an empty list). Search functions (`empty()`, `me()`)
 *   stay as they are.
 * - `yql`: the same for the `Field: value` conditions of a YQL query (rewritten in place), and dates
 *   in date conditions must be real calendar dates.
 * - `customFields`: the keys of `customFields` are fields of the issue's queue (names and case
 *   converted, unknown keys refused with the valid ones).
 * - `bulkValues`, `permission`: objects whose schema is given once in words on the wire (ADR 0018)
 *   but declared in full — their values are resolved by core's guarded path as any top-level field.
 */
import {
  CallRecord,
  checkInput,
  parseMoment,
  planOf,
  resolveGuarded,
  ValidationError,
  type AnyZodSchema,
  type CustomResolveCall,
  type CustomResolver,
  type FieldIssue,
  type ParamsValidation,
  type ToolContext,
} from '@toolsmith/core';
import type { TrackerDeps } from '../../deps.ts';
import { callQueue, OUTER_PARAMS } from './call-scope.ts';
import { yqlConditions, yqlValue } from './yql.ts';

type Call = CustomResolveCall<TrackerDeps>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

/** `empty()`, `notEmpty()`, `me()`, `today()-1w`: search functions, not values. */
const isFunction = (value: string) => /^\s*[A-Za-z]+\([^)]*\)/.test(value);

/** Search fields whose values name an entity, by field id (lower case), and the kind. */
const FIELD_KINDS: Record<string, string> = {
  queue: 'queue',
  status: 'status',
  priority: 'priority',
  type: 'issuetype',
  resolution: 'resolution',
  assignee: 'user',
  author: 'user',
  createdby: 'user',
  updatedby: 'user',
  resolvedby: 'user',
  followers: 'user',
  components: 'component',
  sprint: 'sprint',
  project: 'project',
};

/** YQL date fields whose values are checked as calendar dates. */
const DATE_FIELDS = new Set([
  'created',
  'updated',
  'resolved',
  'deadline',
  'start',
  'end',
  'createdat',
  'updatedat',
  'resolvedat',
  'duedate',
  'due date',
  'statusstarttime',
  'lastcommentupdatedat',
]);

type FilterValue = string | number | boolean | Array<string | number>;

/** The queue a filter or query is confined to, when it names exactly one. */
function singleQueue(values: readonly unknown[]): string | undefined {
  const queues = values.filter((v): v is string => typeof v === 'string' && !isFunction(v));
  return queues.length === 1 ? queues[0]!.toUpperCase() : undefined;
}

async function issueFilter(value: unknown, call: Call): Promise<unknown> {
  if (!isRecord(value)) return value;
  const filter = value as Record<string, FilterValue>;
  const queueEntry = Object.entries(filter).find(([name]) => name.toLowerCase() === 'queue');
  const queue = queueEntry
    ? singleQueue(Array.isArray(queueEntry[1]) ? queueEntry[1] : [queueEntry[1]])
    : undefined;
  const out: Record<string, FilterValue> = {};
  for (const [name, given] of Object.entries(filter)) {
    const field = String(await call.resolve('field', join(call.field, name), name, queue));
    // Values are announced under the field's own id (`filter.status "Open" → open`).
    const at = join(call.field, field);
    const kind = FIELD_KINDS[field.toLowerCase()];
    const one = async (v: string | number, path: string): Promise<string | number> => {
      if (kind === undefined || typeof v === 'boolean' || (typeof v === 'string' && isFunction(v))) return v;
      return call.resolve(kind, path, v, kind === 'component' ? queue : undefined);
    };
    const resolved: FilterValue = Array.isArray(given)
      ? await Promise.all(given.map((v, i) => one(v, join(at, i))))
      : typeof given === 'boolean'
        ? given
        : await one(given, at);
    // A field named twice (in two cases): the values of both apply.
    const previous = out[field];
    out[field] =
      previous === undefined
        ? resolved
        : ([...[previous].flat(), ...[resolved].flat()] as Array<string | number>);
  }
  return out;
}

async function yql(value: unknown, call: Call): Promise<unknown> {
  if (typeof value !== 'string') return value;
  const conditions = yqlConditions(value);
  const queue = singleQueue(
    conditions
      .filter((c) => c.field.toLowerCase() === 'queue' && !c.negate)
      .flatMap((c) => c.values.map((v) => v.text)),
  );
  const replacements: { start: number; end: number; text: string }[] = [];
  const seen = new Map<string, number>();
  for (const condition of conditions) {
    const name = condition.field.trim().toLowerCase();
    if (DATE_FIELDS.has(name)) {
      for (const v of condition.values) {
        for (const part of v.text.replace(/^[<>]=?/, '').split('..')) {
          if (!/^\d{4}-\d{1,2}-\d{1,2}/.test(part.trim())) continue;
          const parsed = parseMoment(part.trim());
          if (typeof parsed === 'string')
            call.refuse(
              call.field,
              `${condition.field}: ${parsed.replace(/ Use an ISO 8601.*$/, '')} Write dates as YYYY-MM-DD.`,
            );
        }
      }
      continue;
    }
    const kind = FIELD_KINDS[name.replace(/\s+/g, '')];
    if (kind === undefined) continue;
    for (const v of condition.values) {
      if (v.text === '' || isFunction(v.text) || /^[<>~]/.test(v.text) || v.text.includes('..')) continue;
      const n = seen.get(name) ?? 0;
      seen.set(name, n + 1);
      const path = join(call.field, n === 0 ? condition.field : `${condition.field}.${n}`);
      const resolved = String(
        await call.resolve(kind, path, v.text, kind === 'component' ? queue : undefined),
      );
      if (resolved !== v.text) replacements.push({ start: v.start, end: v.end, text: yqlValue(resolved) });
    }
  }
  let query = value;
  for (const r of replacements.sort((a, b) => b.start - a.start))
    query = `${query.slice(0, r.start)}${r.text}${query.slice(r.end)}`;
  return query;
}

async function customFields(value: unknown, call: Call): Promise<unknown> {
  if (!isRecord(value)) return value;
  const queue = await callQueue(call.params, call.ctx);
  // Without one queue (a bulk change across queues) local fields cannot be told from mistakes.
  if (queue === undefined) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const resolved = await call.resolve('field', join(call.field, key), key, queue);
    out[String(resolved)] = v;
  }
  return out;
}

/** Schemas resolved in full inside an object the wire shows in words (see `nested()` in params.ts). */
const NESTED = new Map<string, () => AnyZodSchema>();

export function registerNested(name: string, schema: () => AnyZodSchema): void {
  NESTED.set(name, schema);
}

/**
 * The strict reading of a nested object (unknown keys at every depth, with the valid keys and the
 * one meant; empty strings), which the wire's `{"type": "object"}` leaves to the tool: its issues,
 * with paths under `path`.
 */
export function nestedInputIssues(name: string, raw: unknown, path: string): FieldIssue[] {
  const schema = NESTED.get(name);
  const plan = schema ? planOf(schema()) : undefined;
  if (!plan || !isRecord(raw)) return [];
  return checkInput(plan, raw, { refuseEmpty: true }).map((issue) => ({
    ...issue,
    field: join(path, issue.field),
    message: issue.message
      .replace('Valid fields of ', `Valid fields of ${path}.`)
      .replace('Valid fields: ', `Valid fields of ${path}: `),
  }));
}

/** A validation with `extra` issues added (they replace the schema's own issue for the same field). */
export function withIssues<T>(
  result: ParamsValidation<T>,
  extra: readonly FieldIssue[],
  toolName: string,
): ParamsValidation<T> {
  if (extra.length === 0) return result;
  const others = result.success
    ? []
    : result.error.issues.filter((i) => !extra.some((e) => e.field === i.field));
  return { success: false, error: new ValidationError({ toolName, issues: [...extra, ...others] }) };
}

function valueAt(args: Readonly<Record<string, unknown>>, path: string): unknown {
  let current: unknown = args;
  for (const part of path.split('.')) current = isRecord(current) ? current[part] : undefined;
  return current;
}

/** Resolves the declared values inside `value` with core's guarded path, paths prefixed by the field. */
const nested =
  (name: string): CustomResolver<TrackerDeps> =>
  async (value, call) => {
    const schema = NESTED.get(name);
    const plan = schema ? planOf(schema()) : undefined;
    if (!plan?.guarded || !isRecord(value)) return value;
    const raw = valueAt(call.record.args, call.field);
    const inner = new CallRecord(isRecord(raw) ? raw : {});
    const ctx = { ...call.ctx, call: inner, [OUTER_PARAMS]: call.params } as ToolContext<TrackerDeps>;
    try {
      await resolveGuarded({
        plan,
        params: value,
        ctx,
        record: inner,
        source: call.source,
        toolName: ctx.toolName,
      });
    } catch (error) {
      if (!ValidationError.isInstance(error)) throw error;
      for (const issue of error.issues) call.refuse(join(call.field, issue.field), issue.message);
    }
    for (const c of inner.conversions) call.record.convert(join(call.field, c.field), c.from, c.to, c.note);
    for (const a of inner.assumptions) call.record.assume(a);
    for (const u of inner.used) call.record.use(u.kind, u.scope);
    return value;
  };

export function trackerResolvers(): Record<string, CustomResolver<TrackerDeps>> {
  return {
    issueFilter,
    yql,
    customFields,
    bulkValues: nested('bulkValues'),
    permission: nested('permission'),
  };
}
