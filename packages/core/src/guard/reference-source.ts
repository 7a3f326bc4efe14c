/**
 * A server's reference data: the entity kinds its parameters name (members, statuses, lists…), each
 * read from the API the first time a call needs it and kept for the kind's TTL — one copy per
 * server, concurrent calls sharing one read (single flight), a failed read remembered briefly, and a
 * kind's cached values dropped when the API answers that they were stale. Values are indexed once
 * per read, so matching a call's value costs a few map lookups.
 *
 *   const references = new ReferenceSource<MyDeps>({
 *     kinds: [defineEntityKind({ name: 'member', one: 'a member', many: 'members',
 *       listTool: 'app_get_members', load: async (_scope, ctx) => … })],
 *     zone: async (ctx) => (await ctx.deps.client.me()).timezone,
 *   });
 *   // deps = { …, references } — every tool whose schema declares ref('member') is checked.
 */
import type { ToolContext } from '../tool/tool-context.ts';
import type { CallRecord } from './call-record.ts';

/** One value of an entity kind and every form a caller may name it by. */
export interface EntityRecord {
  /** What the API takes: sent in place of any other form. */
  readonly value: string | number;
  /** Other forms the API takes as they are (a uid beside a login): passed unchanged. */
  readonly exact?: readonly (string | number)[];
  /** Forms matched ignoring case and converted to `value`: keys, logins, e-mails, custom ids. */
  readonly forms?: readonly string[];
  /** Display names in any language, matched ignoring case; converted when only one value has it. */
  readonly names?: readonly string[];
  /** A person: "First Last" also matches "Last First". */
  readonly person?: boolean;
  /** The authorized user: "me" resolves to it. */
  readonly me?: boolean;
  /** How answers name it (`done (Done)`); default the value. */
  readonly label?: string;
}

/** The values of a kind in one scope. */
export interface EntityList {
  readonly records: readonly EntityRecord[];
  /** False when the list was cut (the API has more): a value not in it goes to the API unchanged. */
  readonly complete?: boolean;
  /** How refusals name the scope: `list "Backlog"`. */
  readonly scopeLabel?: string;
}

/** The call a scope is derived from. */
export interface ScopeCall<TDeps> {
  readonly params: Record<string, unknown>;
  readonly ctx: ToolContext<TDeps>;
}

export interface EntityKind<TDeps = unknown> {
  /** The name schemas use: `ref('member')`. */
  readonly name: string;
  /** `a member`, `members`: how answers speak of one and of several. */
  readonly one: string;
  readonly many: string;
  /** The tool that lists the values, named when a refusal cannot list them all. */
  readonly listTool?: string;
  /** How long values are kept. Default 10 minutes. */
  readonly ttlMs?: number;
  /**
   * A value not found in values older than this is looked up again once (one read, shared): a value
   * created outside the server since the last read is found, not refused. Default 5 s.
   */
  readonly recheckMissAfterMs?: number;
  /**
   * The scope of a call's values (`list:901`), for kinds whose values depend on where they are used
   * (statuses of a list, tags of a space). Undefined: the server-wide set. May read the API (cached).
   */
  scope?(call: ScopeCall<TDeps>): string | undefined | Promise<string | undefined>;
  /** Reads the values of one scope. */
  load(scope: string | undefined, ctx: ToolContext<TDeps>): Promise<readonly EntityRecord[] | EntityList>;
  /** True when an API error means this kind's cached values were stale: they are read again next call. */
  isStale?(error: unknown): boolean;
  /** Values that are not references at all and pass as they are (search functions such as `empty()`). */
  passThrough?(value: string | number): boolean;
}

/** Declares an entity kind (typed by the server's deps). */
export const defineEntityKind = <TDeps>(kind: EntityKind<TDeps>): EntityKind<TDeps> => kind;

/** A value the server's own code resolves (a search filter, a query): see `custom()` in ref.ts. */
export type CustomResolver<TDeps = unknown> = (
  value: unknown,
  call: CustomResolveCall<TDeps>,
) => unknown | Promise<unknown>;

export interface CustomResolveCall<TDeps> {
  readonly params: Record<string, unknown>;
  readonly ctx: ToolContext<TDeps>;
  /** The field's dot path, for conversions and refusals. */
  readonly field: string;
  readonly record: CallRecord;
  readonly source: ReferenceSource<TDeps>;
  /** Refuses the value (the call is refused before anything is sent, with every refusal). */
  refuse(field: string, message: string): void;
  /** Resolves one value of a kind here, as `ref(kind)` would (conversions recorded, misses refused). */
  resolve(kind: string, field: string, value: string | number, scope?: string): Promise<string | number>;
}

export interface ReferenceSourceOptions<TDeps> {
  readonly kinds: readonly EntityKind<TDeps>[];
  /** Resolvers for `custom(name)` parameters. */
  readonly resolvers?: Readonly<Record<string, CustomResolver<TDeps>>>;
  /** The user's time zone (IANA), from the API's user profile: times without an offset are read in it. */
  readonly zone?: (ctx: ToolContext<TDeps>) => Promise<string | undefined>;
  /** Where the zone comes from, said in the answer: `your ClickUp profile`. */
  readonly zoneSource?: string;
  /** Clock for TTLs (tests). */
  readonly now?: () => number;
}

/** Indexed values of one scope. */
export interface IndexedEntities {
  readonly list: EntityList;
  readonly byExact: ReadonlyMap<string, EntityRecord>;
  readonly byForm: ReadonlyMap<string, readonly EntityRecord[]>;
  readonly byName: ReadonlyMap<string, readonly EntityRecord[]>;
  readonly me: EntityRecord | undefined;
}

const DEFAULT_TTL_MS = 10 * 60_000;
/** How long a failed read is remembered (at most the TTL): the calls meanwhile go unchecked. */
const FAILURE_KEEP_MS = 30_000;

interface Entry {
  at: number;
  settled: boolean;
  keepMs: number;
  value: Promise<IndexedEntities | undefined>;
  indexed?: IndexedEntities | undefined;
}

const SOURCE = Symbol.for('toolsmith.reference-source');

export class ReferenceSource<TDeps = unknown> {
  private readonly [SOURCE] = true;
  readonly #kinds = new Map<string, EntityKind<TDeps>>();
  readonly #entries = new Map<string, Entry>();
  readonly #options: ReferenceSourceOptions<TDeps>;
  readonly #now: () => number;
  #zone: { at: number; value: Promise<string | undefined> } | undefined;

  constructor(options: ReferenceSourceOptions<TDeps>) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    for (const kind of options.kinds) {
      if (this.#kinds.has(kind.name)) throw new Error(`Entity kind "${kind.name}" is registered twice.`);
      this.#kinds.set(kind.name, kind);
    }
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  static isInstance(value: unknown): value is ReferenceSource<any> {
    return value !== null && typeof value === 'object' && (value as Record<symbol, unknown>)[SOURCE] === true;
  }

  kind(name: string): EntityKind<TDeps> | undefined {
    return this.#kinds.get(name);
  }

  get kindNames(): string[] {
    return [...this.#kinds.keys()];
  }

  resolver(name: string): CustomResolver<TDeps> | undefined {
    return this.#options.resolvers?.[name];
  }

  get zoneSource(): string {
    return this.#options.zoneSource ?? 'your profile';
  }

  /** The indexed values of a kind in a scope: cached, single flight; undefined when they cannot be read. */
  entities(
    kindName: string,
    scope: string | undefined,
    ctx: ToolContext<TDeps>,
    maxAgeMs?: number,
  ): Promise<IndexedEntities | undefined> {
    const kind = this.#kinds.get(kindName);
    if (!kind) return Promise.resolve(undefined);
    const key = `${kindName}\u0000${scope ?? ''}`;
    const entry = this.#entries.get(key);
    // `maxAgeMs`: read again when the cached values are older (a miss checked once more).
    const keep = maxAgeMs === undefined ? entry?.keepMs : Math.min(entry?.keepMs ?? 0, maxAgeMs);
    if (entry && (!entry.settled || this.#now() - entry.at < keep!)) return entry.value;
    const ttl = kind.ttlMs ?? DEFAULT_TTL_MS;
    const fresh: Entry = { at: this.#now(), settled: false, keepMs: ttl, value: Promise.resolve(undefined) };
    // Read outside the caller's signal: the read is shared, one caller's cancellation must not fail the others.
    const shared: ToolContext<TDeps> = { ...ctx, signal: new AbortController().signal };
    fresh.value = kind.load(scope, shared).then(
      (loaded) => {
        const indexed = indexEntities(Array.isArray(loaded) ? { records: loaded } : (loaded as EntityList));
        fresh.settled = true;
        fresh.at = this.#now();
        fresh.indexed = indexed;
        return indexed;
      },
      (error: unknown) => {
        fresh.settled = true;
        fresh.at = this.#now();
        fresh.keepMs = Math.min(ttl, FAILURE_KEEP_MS);
        ctx.logger.warn('reference values unavailable: values go to the API unchecked', {
          kind: kindName,
          scope,
          error,
        });
        return undefined;
      },
    );
    this.#entries.set(key, fresh);
    return fresh.value;
  }

  /** What is cached for a kind (any scope), without reading: for "that is a folder id" hints. */
  peek(kindName: string): IndexedEntities[] {
    const out: IndexedEntities[] = [];
    for (const [key, entry] of this.#entries) {
      if (entry.indexed && key.startsWith(`${kindName}\u0000`)) out.push(entry.indexed);
    }
    return out;
  }

  /** Drops a kind's cached values (every scope, or one). */
  invalidate(kindName: string, scope?: string): void {
    for (const key of [...this.#entries.keys()]) {
      if (scope === undefined ? key.startsWith(`${kindName}\u0000`) : key === `${kindName}\u0000${scope}`)
        this.#entries.delete(key);
    }
  }

  /** An API error after a call that used these kinds: the stale ones are read again next time. */
  reportError(error: unknown, used: readonly { kind: string; scope: string | undefined }[]): void {
    for (const { kind, scope } of used) {
      if (this.#kinds.get(kind)?.isStale?.(error)) this.invalidate(kind, scope);
    }
  }

  /** The user's time zone (cached for the default TTL); undefined when the profile has none. */
  zone(ctx: ToolContext<TDeps>): Promise<string | undefined> {
    const read = this.#options.zone;
    if (!read) return Promise.resolve(undefined);
    if (this.#zone && this.#now() - this.#zone.at < DEFAULT_TTL_MS) return this.#zone.value;
    const value = read({ ...ctx, signal: new AbortController().signal }).catch((error: unknown) => {
      ctx.logger.warn('user time zone unavailable', { error });
      this.#zone = undefined;
      return undefined;
    });
    this.#zone = { at: this.#now(), value };
    return value;
  }
}

/** Case, spaces and ё folded: how forms and names are compared. */
export function fold(text: string): string {
  return text.normalize('NFKC').trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');
}

function push(map: Map<string, EntityRecord[]>, key: string, record: EntityRecord): void {
  const list = map.get(key);
  if (!list) map.set(key, [record]);
  else if (!list.includes(record)) list.push(record);
}

export function indexEntities(list: EntityList): IndexedEntities {
  const byExact = new Map<string, EntityRecord>();
  const byForm = new Map<string, EntityRecord[]>();
  const byName = new Map<string, EntityRecord[]>();
  let me: EntityRecord | undefined;
  for (const record of list.records) {
    byExact.set(String(record.value), record);
    for (const e of record.exact ?? []) if (!byExact.has(String(e))) byExact.set(String(e), record);
    push(byForm, fold(String(record.value)), record);
    for (const e of record.exact ?? []) push(byForm, fold(String(e)), record);
    for (const f of record.forms ?? []) push(byForm, fold(f), record);
    for (const n of record.names ?? []) {
      const name = fold(n);
      push(byName, name, record);
      const parts = name.split(' ');
      if (record.person && parts.length === 2) push(byName, `${parts[1]} ${parts[0]}`, record);
    }
    if (record.me) me = record;
  }
  return { list, byExact, byForm, byName, me };
}

export type MatchOutcome =
  | { readonly kind: 'exact'; readonly record: EntityRecord }
  | {
      readonly kind: 'converted';
      readonly record: EntityRecord;
      readonly how: 'case' | 'form' | 'name' | 'me';
    }
  | { readonly kind: 'ambiguous'; readonly records: readonly EntityRecord[] }
  | { readonly kind: 'missing' };

const ME = new Set(['me', 'myself', 'self', 'i', '@me', 'я', 'меня', 'мне']);

/** How `value` names one of `entities`. */
export function matchEntity(entities: IndexedEntities, value: string | number): MatchOutcome {
  const text = String(value);
  const exact = entities.byExact.get(text);
  if (exact) return { kind: 'exact', record: exact };
  const folded = fold(text);
  const forms = entities.byForm.get(folded);
  if (forms && forms.length === 1) {
    const record = forms[0]!;
    const how = fold(String(record.value)) === folded ? 'case' : 'form';
    return { kind: 'converted', record, how };
  }
  if (forms && forms.length > 1) return { kind: 'ambiguous', records: forms };
  const names = entities.byName.get(folded);
  if (names && names.length === 1) return { kind: 'converted', record: names[0]!, how: 'name' };
  if (names && names.length > 1) return { kind: 'ambiguous', records: names };
  if (entities.me && ME.has(folded)) return { kind: 'converted', record: entities.me, how: 'me' };
  return { kind: 'missing' };
}

/** `done (Done)`: the value and, when it differs, its first name. */
export function labelOf(record: EntityRecord): string {
  if (record.label) return record.label;
  const name = record.names?.[0];
  return name && name !== String(record.value) ? `${record.value} (${name})` : String(record.value);
}
