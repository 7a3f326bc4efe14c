/**
 * Parameter types that say what a value is, for the guarded path: write `ref('member')` where a
 * schema names a person, `when()` for a point in time, `duration()` for a length of time, `change()`
 * for an `{add, remove}` list change, `custom('filter')` for what only the server can read. The wire
 * schema is a plain one (a string, a number, an object); the declaration rides on it.
 *
 *   z.object({
 *     task_id: ref('task'),
 *     assignee: ref('member', { id: 'either' }).optional(),
 *     status: ref('status', { scope: 'list_id' }).optional(),
 *     due_date: when().optional(),
 *     time_estimate: duration().optional(),
 *   })
 */
import { z } from 'zod';
import type { AnyZodSchema } from '../definition/types.ts';
import { declare, type RefDeclaration } from './guard-meta.ts';
import { durationValue, parseDuration, type DurationValue } from './duration.ts';
import { parseMoment, type Moment } from './moment.ts';

export interface RefOptions {
  /** What the API's ids look like: strings (default), numbers, or either. */
  readonly id?: 'string' | 'number' | 'either';
  /** Where the value's scope comes from when not the kind's own rule (see RefDeclaration.scope). */
  readonly scope?: RefDeclaration['scope'];
}

// A new schema per declaration: declarations live on the schema's definition, which must not be shared.
const filled = () => z.string().refine((value) => value.trim() !== '', 'Must not be empty.');

/** A reference to an entity of `entity` kind: exact ids pass, other forms are converted or refused. */
export function ref(entity: string, options: { id?: 'string'; scope?: RefDeclaration['scope'] }): z.ZodString;
export function ref(
  entity: string,
  options: { id: 'number'; scope?: RefDeclaration['scope'] },
): z.ZodUnion<[z.ZodNumber, z.ZodString]>;
export function ref(
  entity: string,
  options: { id: 'either'; scope?: RefDeclaration['scope'] },
): z.ZodUnion<[z.ZodNumber, z.ZodString]>;
export function ref(entity: string): z.ZodString;
export function ref(entity: string, options: RefOptions = {}): AnyZodSchema {
  // Numbers are taken where the API's ids are numbers; names, e-mails and "me" are strings.
  const schema =
    options.id === 'number' || options.id === 'either' ? z.union([z.number().int(), filled()]) : filled();
  return declare(schema, {
    value: { kind: 'ref', entity, ...(options.scope !== undefined ? { scope: options.scope } : {}) },
  });
}

/** Declares an existing schema (of strings or numbers) as a reference to `entity`. */
export function asRef<T extends AnyZodSchema>(schema: T, entity: string, scope?: RefDeclaration['scope']): T {
  return declare(schema, { value: { kind: 'ref', entity, ...(scope !== undefined ? { scope } : {}) } });
}

/**
 * A point in time (moment.ts). `precision: 'date'` for fields that hold a calendar date only (a time
 * given is dropped, and the answer says so); `zone: 'utc'` to read times without an offset in UTC.
 */
export function when(options: { precision?: 'date' | 'datetime'; zone?: 'user' | 'utc' } = {}) {
  const schema = z.union([z.number(), z.string()]).transform((value, ctx): Moment => {
    const parsed = parseMoment(value);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed, input: value });
      return z.NEVER;
    }
    // The guarded path replaces this with the Moment, in the user's zone, before any hook sees it.
    return parsed as unknown as Moment;
  });
  return declare(schema, {
    value: { kind: 'when', zone: options.zone ?? 'user', precision: options.precision ?? 'datetime' },
  });
}

/** Longest duration taken by default: longer is a mistake, and overflows date arithmetic. */
const MAX_DURATION_MS = 10 * 366 * 86_400_000;

/** A length of time (duration.ts); a number is milliseconds. `min`/`max` in ms (default 0 and ten years). */
export function duration(options: { business?: boolean; min?: number; max?: number } = {}) {
  const units = { business: options.business ?? false };
  const min = options.min ?? 0;
  const max = options.max ?? MAX_DURATION_MS;
  const schema = z.union([z.number(), z.string()]).transform((value, ctx): DurationValue => {
    const ms = parseDuration(value, units);
    if (typeof ms === 'string') {
      ctx.addIssue({ code: 'custom', message: ms, input: value });
      return z.NEVER;
    }
    if (ms < min) {
      ctx.addIssue({
        code: 'custom',
        message: `"${String(value).slice(0, 40)}" is ${ms === 0 ? 'no time at all' : 'too short'}: give at least ${durationValue(Math.max(min, 1000), units).text}.`,
        input: value,
      });
      return z.NEVER;
    }
    if (ms > max) {
      ctx.addIssue({
        code: 'custom',
        message: `"${String(value).slice(0, 40)}" is longer than ${durationValue(max, units).text}: give a shorter duration (a number is milliseconds).`,
        input: value,
      });
      return z.NEVER;
    }
    return durationValue(ms, units);
  });
  return declare(schema, { value: { kind: 'duration', business: units.business } });
}

/**
 * An `{add, remove}` change of a list (`operations` are the API's own names). `flat: 'replace'` when
 * a plain array replaces the list; `'refuse'` when the API would silently ignore one.
 */
export function change<T extends AnyZodSchema>(
  schema: T,
  options: { operations: readonly string[]; flat: 'replace' | 'refuse' },
): T {
  return declare(schema, { value: { kind: 'change', operations: options.operations, flat: options.flat } });
}

/** A value resolved by the server's resolver `name` (a filter, a query language): see ReferenceSource. */
export function custom<T extends AnyZodSchema>(schema: T, resolver: string): T {
  return declare(schema, { value: { kind: 'custom', resolver } });
}
