/**
 * What a parameter *is*, declared once where its schema is written: an entity reference, a point in
 * time, a duration, a list change, what `null` and `""` mean, its other names. The guarded path
 * (guard-call.ts) reads these declarations for every tool alike; the wire schema is unchanged.
 *
 * The declaration is kept on the zod definition object under a symbol key. zod 4 shares a schema's
 * definition with its clones (`.describe()`, `.meta()`, `.brand()`) and spreads it into the copies
 * that add checks (`.refine()`, `.min()`), so a declaration survives both; wrappers (`.optional()`,
 * `.nullable()`, `.default()`) keep the declared schema as their inner type, where the plan finds it.
 */
import type { AnyZodSchema } from '../definition/types.ts';

const GUARD = Symbol.for('toolsmith.guard');

/** An entity the value names: resolved against the server's reference data (reference-source.ts). */
export interface RefDeclaration {
  readonly kind: 'ref';
  /** The entity kind the server registered (`member`, `status`, `list`…). */
  readonly entity: string;
  /**
   * Where this value's scope comes from, when it is not the kind's own rule: the name of a sibling
   * parameter holding the scope (`list_id`), or a function of the whole call's params.
   */
  readonly scope?: string | ((params: Record<string, unknown>) => string | undefined);
}

/** A point in time (moment.ts): calendar-checked, zone-resolved, announced. */
export interface WhenDeclaration {
  readonly kind: 'when';
  /** The zone a time without an offset is read in. Default `user` (the API's user profile). */
  readonly zone: 'user' | 'utc';
  /** `date`: a calendar date only (a time of day is refused); `datetime`: either. */
  readonly precision: 'date' | 'datetime';
}

/** A length of time (duration.ts). */
export interface DurationDeclaration {
  readonly kind: 'duration';
  /** Business time: 1 day = 8 hours, 1 week = 5 days (Yandex Tracker). */
  readonly business: boolean;
}

/** A change to a list given as `{add, remove}` (the names vary by API). */
export interface ChangeDeclaration {
  readonly kind: 'change';
  /** The operation keys (`add`, `remove` / `rem`, `set`…). */
  readonly operations: readonly string[];
  /** What a flat array means for this field: a replacement, or a mistake (the API would ignore it). */
  readonly flat: 'replace' | 'refuse';
}

/** A value resolved by the server's own code (a search filter, a query language). */
export interface CustomDeclaration {
  readonly kind: 'custom';
  /** The resolver the server registered under this name (ReferenceSource `resolvers`). */
  readonly resolver: string;
}

export type GuardKind =
  RefDeclaration | WhenDeclaration | DurationDeclaration | ChangeDeclaration | CustomDeclaration;

/** Everything a field may declare; all parts optional and merged from the wrappers inwards. */
export interface GuardMeta {
  /** What kind of value this is. */
  readonly value?: GuardKind;
  /** Other names agents use for this field (`desc` for `description`): named in the refusal. */
  readonly aliases?: readonly string[];
  /** What `null` means here (`unset`: the field is removed; `clear`: emptied); absent: null is refused. */
  readonly nullMeans?: 'unset' | 'clear';
  /** What an empty string means here; absent: the server's rule (refused on servers that refuse ""). */
  readonly emptyMeans?: 'clear' | 'none';
  /** How to unset or clear this field, said in a refusal of `null` or `""` (`send {"remove": [...]}`). */
  readonly clearWith?: string;
  /**
   * For a parameter with a default the caller may not expect: what the default assumes and how to
   * widen it, said in the answer when the caller left the parameter out ("the last 30 days; pass
   * `start` to widen").
   */
  readonly assumed?: string;
}

interface DefCarrier {
  _zod?: { def: Record<symbol, unknown> };
}

/** Declares `meta` on `schema` (merged with what it already declares) and returns the same schema. */
export function declare<T extends AnyZodSchema>(schema: T, meta: GuardMeta): T {
  const def = (schema as unknown as DefCarrier)._zod?.def;
  if (!def) return schema; // zod 3: declarations are not supported (the strict walk still is)
  const current = def[GUARD] as GuardMeta | undefined;
  def[GUARD] = current ? { ...current, ...meta } : meta;
  return schema;
}

/** The declaration on this exact schema (not its wrappers' inner types). */
export function declaredOn(schema: unknown): GuardMeta | undefined {
  return (schema as DefCarrier | undefined)?._zod?.def[GUARD] as GuardMeta | undefined;
}

/** Shorthands, each returning the schema it was given. */
export const aliases = <T extends AnyZodSchema>(schema: T, ...names: string[]): T =>
  declare(schema, { aliases: names });

/** Says what a default assumes (see GuardMeta.assumed). */
export const assumed = <T extends AnyZodSchema>(schema: T, text: string): T =>
  declare(schema, { assumed: text });

/** Declares that `null` unsets (or clears) this field. The schema must accept null (`.nullable()`). */
export const nullMeans = <T extends AnyZodSchema>(schema: T, meaning: 'unset' | 'clear'): T =>
  declare(schema, { nullMeans: meaning });

/** Declares that `""` is a value here (it clears the field, or is simply allowed). */
export const emptyMeans = <T extends AnyZodSchema>(schema: T, meaning: 'clear' | 'none'): T =>
  declare(schema, { emptyMeans: meaning });
