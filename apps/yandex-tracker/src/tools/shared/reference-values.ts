/**
 * The organisation's reference values — priorities, issue types, resolutions, statuses and users —
 * read from the API the first time a call needs them and kept for YANDEX_TRACKER_REFERENCE_TTL_MS,
 * one copy per server shared by all its calls (concurrent calls wait for the same read).
 *
 * Writes and search filters name these values by key, and the API answers anything else with a
 * 422 in Russian (or, in a filter, with nothing at all). So before the request is sent, a value is
 * turned into its key when it differs only in case or is a display name in any language
 * ("Critical", "Критичный" → critical; "Bob Petrov" → bob), and anything else is refused with the
 * valid keys. When the reference data cannot be read, the values go to the API unchanged.
 */
import { closestMatches, ValidationError, type FieldIssue } from '@toolsmith/core';
import type { ApiLocalizedName, ApiReferenceItem } from '../../api/dto/reference-dto.ts';
import type { ApiUser } from '../../api/dto/user-dto.ts';
import type { TrackerClient } from '../../api/tracker-client.ts';
import type { TrackerCtx } from './list-result.ts';

export type ReferenceKind = 'priorities' | 'issuetypes' | 'resolutions' | 'statuses';

export interface KnownValue {
  key: string;
  id: string;
  /** Display names in every language the API sent. */
  names: string[];
}

export interface KnownUser {
  login: string;
  /** uid and the other ids the API accepts for the user. */
  ids: string[];
  display: string | undefined;
  email: string | undefined;
}

export interface KnownUsers {
  users: KnownUser[];
  /** False when the list was cut at USERS_MAX_PAGES: a user not in it may still exist. */
  complete: boolean;
}

export interface ReferenceValues {
  /** The values of one kind, or undefined when they could not be read. */
  values(kind: ReferenceKind): Promise<KnownValue[] | undefined>;
  users(): Promise<KnownUsers | undefined>;
}

/** How long a failed read is remembered (at most the TTL): the calls meanwhile go unchecked. */
const FAILURE_KEEP_MS = 60_000;

/** Users per page read, and how many pages at most (the API has no user search). */
const USERS_PAGE_SIZE = 100;
const USERS_MAX_PAGES = 50;

function namesOf(name: ApiLocalizedName | undefined): string[] {
  if (name === undefined) return [];
  return typeof name === 'string' ? [name] : Object.values(name).filter((n) => typeof n === 'string');
}

/** The cache of one server: each kind read at most once per TTL, concurrent callers sharing the read. */
export function createReferenceValues(
  client: TrackerClient,
  ttlMs: number,
  now: () => number = Date.now,
): ReferenceValues {
  const entries = new Map<
    string,
    { at: number; settled: boolean; keepMs: number; value: Promise<unknown> }
  >();
  const cached = <T>(name: string, read: () => Promise<T>): Promise<T | undefined> => {
    const entry = entries.get(name);
    if (entry && (!entry.settled || now() - entry.at < entry.keepMs))
      return entry.value as Promise<T | undefined>;
    const fresh = { at: now(), settled: false, keepMs: ttlMs, value: Promise.resolve<unknown>(undefined) };
    fresh.value = read().then(
      (value) => {
        fresh.settled = true;
        fresh.at = now();
        return value;
      },
      () => {
        // Values go unchecked; a failed read (a token without access to users, say) is tried again
        // after FAILURE_KEEP_MS at most, not on every call.
        fresh.settled = true;
        fresh.at = now();
        fresh.keepMs = Math.min(ttlMs, FAILURE_KEEP_MS);
        return undefined;
      },
    );
    entries.set(name, fresh);
    return fresh.value as Promise<T | undefined>;
  };
  return {
    values: (kind) =>
      cached(kind, async () => {
        const items = await client.get<ApiReferenceItem[]>(`/v3/${kind}`, { query: { localized: false } });
        if (!Array.isArray(items)) throw new TypeError(`/v3/${kind} did not answer a list`);
        return items.map((item) => ({
          key: item.key,
          id: String(item.id),
          names: [...new Set([...namesOf(item.name), ...namesOf(item.display)])],
        }));
      }),
    users: () =>
      cached('users', async () => {
        const users: KnownUser[] = [];
        for (let page = 1; page <= USERS_MAX_PAGES; page++) {
          const result = await client.page<ApiUser>('GET', '/v3/users', { page, perPage: USERS_PAGE_SIZE });
          users.push(
            ...result.items.map((u) => ({
              login: u.login,
              ids: [u.uid, u.trackerUid, u.passportUid, u.cloudUid]
                .filter((id) => id !== undefined && id !== null)
                .map(String),
              display: u.display,
              email: u.email,
            })),
          );
          if (!result.hasMore || result.items.length === 0) return { users, complete: true };
        }
        return { users, complete: false };
      }),
  };
}

const KINDS: Record<ReferenceKind, { one: string; many: string; tool: string }> = {
  priorities: { one: 'a priority', many: 'priorities', tool: 'tracker_get_priorities' },
  issuetypes: { one: 'an issue type', many: 'issue types', tool: 'tracker_get_issue_types' },
  resolutions: { one: 'a resolution', many: 'resolutions', tool: 'tracker_get_resolutions' },
  statuses: { one: 'a status', many: 'statuses', tool: 'tracker_get_statuses' },
};

/** Values listed in full in a refusal; longer lists show the closest few and name the tool. */
const MAX_LISTED = 30;

/** The value as the refusal quotes it: JSON, cut at 60 characters whatever was sent. */
const quote = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);

const fold = (text: string) => text.trim().toLowerCase().replace(/ё/g, 'е');

/** `empty()`, `notEmpty()`, `me()`: search functions, not values. */
const isFunction = (value: string) => /^[A-Za-z]+\(\)$/.test(value.trim());

/**
 * Collects the conversions and refusals of one call: check every value, then `assert()` throws one
 * ValidationError naming all refused fields (nothing has been sent).
 */
export class ReferenceCheck {
  private readonly issues: FieldIssue[] = [];
  private readonly ctx: TrackerCtx;
  private readonly toolName: string;

  constructor(ctx: TrackerCtx, toolName: string) {
    this.ctx = ctx;
    this.toolName = toolName;
  }

  /** The key for `value` (a key in another case, or a display name); refused values stay as given. */
  async key(kind: ReferenceKind, field: string, value: string): Promise<string> {
    const known = await this.ctx.deps.reference.values(kind);
    if (!known || known.length === 0) return value;
    if (known.some((v) => v.key === value || v.id === value)) return value;
    const folded = fold(value);
    const byKey = known.filter((v) => fold(v.key) === folded);
    const matches = byKey.length > 0 ? byKey : known.filter((v) => v.names.some((n) => fold(n) === folded));
    const { one, many, tool } = KINDS[kind];
    if (matches.length === 1) return matches[0]!.key;
    const label = (v: KnownValue) =>
      v.names[0] && v.names[0] !== v.key ? `${v.key} (${v.names[0]})` : v.key;
    if (matches.length > 1) {
      this.issues.push({
        field,
        message: `${quote(value)} is the name of several ${many}: ${matches.map(label).join(', ')}. Pass the key of the one you mean.`,
      });
      return value;
    }
    const listed =
      known.length <= MAX_LISTED
        ? `${this.suggest(value, known, label)}Valid ${many} (key, then display name): ${known.map(label).join(', ')}.`
        : `${this.suggest(value, known, label)}${tool} lists all ${known.length}.`;
    this.issues.push({
      field,
      message: `${quote(value)} is not ${one} of this organisation. ${listed} Nothing was sent.`,
    });
    return value;
  }

  /** The login for a user given by login, uid, e-mail or display name (any case). */
  async user(field: string, value: string): Promise<string> {
    const known = await this.ctx.deps.reference.users();
    if (!known) return value;
    const { users, complete } = known;
    if (users.some((u) => u.login === value || u.ids.includes(value))) return value;
    const folded = fold(value);
    const byLogin = users.filter((u) => fold(u.login) === folded || (u.email && fold(u.email) === folded));
    const matches =
      byLogin.length > 0
        ? byLogin
        : users.filter((u) => u.display !== undefined && namesOfPerson(u.display).includes(folded));
    if (matches.length === 1) return matches[0]!.login;
    const label = (u: KnownUser) => (u.display ? `${u.login} (${u.display})` : u.login);
    if (matches.length > 1) {
      this.issues.push({
        field,
        message: `${quote(value)} is the name of several users: ${matches.map(label).join(', ')}. Pass the login of the one you mean.`,
      });
      return value;
    }
    if (!complete) return value;
    const near = closestMatches(
      value,
      users.flatMap((u) => [u.login, ...(u.display ? [u.display] : [])]),
    );
    const suggested = users.filter((u) => near.includes(u.login) || (u.display && near.includes(u.display)));
    this.issues.push({
      field,
      message: `${quote(value)} is not a user of this organisation.${suggested.length > 0 ? ` Did you mean ${suggested.map(label).join(', ')}?` : ''} Pass a login or uid; tracker_find_users finds people by name. Nothing was sent.`,
    });
    return value;
  }

  /** Throws the refusals collected so far, if any. */
  assert(): void {
    if (this.issues.length > 0) throw new ValidationError({ toolName: this.toolName, issues: this.issues });
  }

  private suggest(value: string, known: KnownValue[], label: (v: KnownValue) => string): string {
    const near = closestMatches(
      value,
      known.flatMap((v) => [v.key, ...v.names]),
      5,
    );
    const suggested = known.filter((v) => near.includes(v.key) || v.names.some((n) => near.includes(n)));
    return suggested.length > 0 ? `Did you mean ${suggested.map(label).join(', ')}? ` : '';
  }
}

/** "Bob Petrov" and "Petrov Bob", folded. */
function namesOfPerson(display: string): string[] {
  const name = fold(display);
  const parts = name.split(/\s+/);
  return parts.length === 2 ? [name, `${parts[1]} ${parts[0]}`] : [name];
}

/** The reference-valued fields of an issue write and the kind of each. */
const WRITE_FIELDS = { type: 'issuetypes', priority: 'priorities', resolution: 'resolutions' } as const;

/**
 * Checks `type`, `priority`, `resolution` and `assignee` of an issue write (field names prefixed
 * with `at`, e.g. "values."), returning the values with keys and logins in place of their variants.
 */
export async function checkIssueValues<
  T extends {
    type?: string | undefined;
    priority?: string | undefined;
    resolution?: string | undefined;
    assignee?: string | null | undefined;
  },
>(check: ReferenceCheck, values: T, at = ''): Promise<T> {
  const out: T = { ...values };
  for (const [field, kind] of Object.entries(WRITE_FIELDS) as [keyof typeof WRITE_FIELDS, ReferenceKind][]) {
    const value = values[field];
    if (typeof value === 'string')
      (out as Record<string, unknown>)[field] = await check.key(kind, `${at}${field}`, value);
  }
  if (typeof values.assignee === 'string') out.assignee = await check.user(`${at}assignee`, values.assignee);
  return out;
}

/** Queue keys are upper case: `ops` is OPS (the API compares them exactly and would find nothing). */
const queueKey = <V>(value: V): V =>
  typeof value === 'string' && /^[A-Za-z][A-Za-z0-9]*$/.test(value) ? (value.toUpperCase() as V) : value;

/** Filter fields holding reference values (field names in any case are taken; `queue` is upper-cased). */
const FILTER_FIELDS: Record<string, ReferenceKind | 'users' | 'queue'> = {
  queue: 'queue',
  status: 'statuses',
  priority: 'priorities',
  type: 'issuetypes',
  resolution: 'resolutions',
  assignee: 'users',
};

type FilterValue = string | number | boolean | Array<string | number>;

/**
 * A search `filter` with its reference fields checked: `Status`/`STATUS` named `status`, values
 * turned into keys (logins for `assignee`), search functions such as `empty()` left alone.
 */
export async function checkFilter(
  check: ReferenceCheck,
  filter: Record<string, FilterValue>,
): Promise<Record<string, FilterValue>> {
  const out: Record<string, FilterValue> = {};
  for (const [name, value] of Object.entries(filter)) {
    const field = Object.hasOwn(FILTER_FIELDS, name.toLowerCase()) ? name.toLowerCase() : name;
    if (field === 'queue' && !Object.hasOwn(out, field)) {
      out[field] = Array.isArray(value) ? value.map(queueKey) : (queueKey(value) as FilterValue);
      continue;
    }
    const kind = FILTER_FIELDS[field];
    if (kind === undefined || Object.hasOwn(out, field)) {
      out[name] = value;
      continue;
    }
    const one = async (v: string | number, at: string): Promise<string | number> => {
      if (typeof v !== 'string' || isFunction(v)) return v;
      if (kind === 'queue') return v;
      return kind === 'users' ? check.user(at, v) : check.key(kind, at, v);
    };
    out[field] = Array.isArray(value)
      ? await Promise.all(value.map((v, i) => one(v, `filter.${field}.${i}`)))
      : typeof value === 'string'
        ? await one(value, `filter.${field}`)
        : value;
  }
  return out;
}

type WriteValues = Parameters<typeof checkIssueValues>[1];

/** {@link checkIssueValues} for one call: the converted values, or a ValidationError before anything is sent. */
export async function checkWrite<T extends WriteValues | undefined>(
  ctx: TrackerCtx,
  toolName: string,
  values: T,
  at = '',
): Promise<T> {
  if (values === undefined) return values;
  const check = new ReferenceCheck(ctx, toolName);
  const out = await checkIssueValues(check, values, at);
  check.assert();
  return out as T;
}

/** A search body with its `filter` (if any) checked by {@link checkFilter}. */
export async function checkSearchBody(
  ctx: TrackerCtx,
  toolName: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const filter = body['filter'];
  if (filter === undefined || filter === null || typeof filter !== 'object') return body;
  const check = new ReferenceCheck(ctx, toolName);
  const checked = await checkFilter(check, filter as Record<string, FilterValue>);
  check.assert();
  return { ...body, filter: checked };
}
