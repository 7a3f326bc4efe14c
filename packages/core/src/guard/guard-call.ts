/**
 * The resolve step of the guarded path: after the strict parse and before the tool's own checks,
 * every declared value of the call is made exact, the same way for every tool —
 *
 * - references (`ref(kind)`): exact ids and keys pass; case, display-name, e-mail, login and "me"
 *   variants become the id the API takes (announced); near misses are refused with a did-you-mean,
 *   anything else with the valid values (or the tool that lists them);
 * - points in time (`when()`): read in the user's zone (announced when the zone was assumed or
 *   words were read);
 * - durations (`duration()`): announced when the text differs from the stored form;
 * - `custom(name)` values: handed to the server's resolver;
 * - defaults a read assumes (`assumed(…)`), when the caller left the parameter out: said.
 *
 * All refusals of a call are collected and thrown as one ValidationError before anything is sent.
 */
import { ToolDefinitionError } from '../errors/tool-definition-error.ts';
import { ValidationError, type FieldIssue } from '../errors/validation-error.ts';
import type { ToolContext } from '../tool/tool-context.ts';
import { distance } from 'fastest-levenshtein';
import { closestMatches, transposed } from '../util/closest-match.ts';
import type { CallRecord } from './call-record.ts';
import type { DurationValue } from './duration.ts';
import type { CustomDeclaration, RefDeclaration, WhenDeclaration } from './guard-meta.ts';
import { isPendingMoment, resolveMoment, validZone, type PendingMoment } from './moment.ts';
import {
  labelOf,
  matchEntity,
  type ReferenceSource,
  type CustomResolveCall,
  type EntityKind,
  type EntityRecord,
  type IndexedEntities,
} from './reference-source.ts';
import { candidates, jsonKind, type PlanNode } from './schema-plan.ts';

/** Values listed in full in a refusal; with more, the closest few and the tool that lists them. */
const MAX_LISTED = 30;
/** Values older than this are read again before a value is refused as missing. */
const RECHECK_MISS_MS = 5_000;
const PREVIEW = 60;

const quote = (value: unknown) => {
  const text = typeof value === 'string' ? value : String(value);
  return JSON.stringify(text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text);
};

export interface GuardInput<TDeps> {
  readonly plan: PlanNode;
  /** The parsed params (zod's output, owned by this call): resolved values replace the parsed ones. */
  readonly params: Record<string, unknown>;
  readonly ctx: ToolContext<TDeps>;
  readonly record: CallRecord;
  readonly source: ReferenceSource<TDeps> | undefined;
  readonly toolName: string;
}

type Setter = (value: unknown) => void;

interface Job {
  readonly scoped: boolean;
  run(): Promise<void>;
}

/** Resolves every declared value of the call in place; throws one ValidationError for all refusals. */
export async function resolveGuarded<TDeps>(input: GuardInput<TDeps>): Promise<void> {
  const issues: FieldIssue[] = [];
  const jobs: Job[] = [];
  const walker = new Walker(input, issues, jobs);
  walker.walk(input.plan, input.params, input.record.args, '', () => undefined, true);
  // References whose scope comes from other parameters (statuses of a list) wait for those.
  for (const job of jobs) if (!job.scoped) await job.run();
  for (const job of jobs) if (job.scoped) await job.run();
  if (issues.length > 0) throw new ValidationError({ toolName: input.toolName, issues });
}

class Walker<TDeps> {
  readonly #input: GuardInput<TDeps>;
  readonly #issues: FieldIssue[];
  readonly #jobs: Job[];

  constructor(input: GuardInput<TDeps>, issues: FieldIssue[], jobs: Job[]) {
    this.#input = input;
    this.#issues = issues;
    this.#jobs = jobs;
  }

  walk(node: PlanNode, value: unknown, raw: unknown, path: string, set: Setter, top = false): void {
    if (!node.guarded) return;
    const declared = node.meta?.value;
    if (node.type === 'leaf' && declared && value !== undefined && value !== null) {
      this.leaf(declared, value, raw, path, set);
      return;
    }
    if (value === null || value === undefined || typeof value !== 'object') return;
    const options = candidates(node, value).filter((o) => o.guarded);
    if (options.length === 0) return;
    const option = options[0]!;
    const kind = jsonKind(value);
    if (option.type === 'union') return this.walk(option, value, raw, path, set);
    if (option.type === 'array' && kind === 'array') {
      const list = value as unknown[];
      const rawList = Array.isArray(raw) ? raw : [];
      list.forEach((item, i) =>
        this.walk(option.item!, item, rawList[i], join(path, i), (v) => (list[i] = v)),
      );
      return;
    }
    if (option.type === 'record' && kind === 'object') {
      const record = value as Record<string, unknown>;
      const rawRecord = isRecord(raw) ? raw : {};
      for (const key of Object.keys(record))
        this.walk(option.item!, record[key], rawRecord[key], join(path, key), (v) => (record[key] = v));
      return;
    }
    if (option.type === 'object' && kind === 'object') {
      const record = value as Record<string, unknown>;
      const rawRecord = isRecord(raw) ? raw : {};
      for (const [key, child] of option.keys!) {
        if (!child.guarded) continue;
        if (top && child.meta?.assumed !== undefined && rawRecord[key] === undefined)
          this.#input.record.assume(child.meta.assumed);
        if (record[key] !== undefined)
          this.walk(child, record[key], rawRecord[key], join(path, key), (v) => (record[key] = v));
      }
    }
  }

  private leaf(
    declared: NonNullable<PlanNode['meta']>['value'] & object,
    value: unknown,
    raw: unknown,
    path: string,
    set: Setter,
  ): void {
    switch (declared.kind) {
      case 'ref':
        if (typeof value === 'string' || typeof value === 'number') this.ref(declared, value, path, set);
        return;
      case 'when':
        if (isPendingMoment(value)) this.when(declared, value, raw, path, set);
        return;
      case 'duration': {
        const duration = value as DurationValue;
        if (typeof raw === 'string' && raw.trim().toUpperCase() !== duration.iso)
          this.#input.record.convert(path, raw, duration.iso, duration.text);
        return;
      }
      case 'custom':
        this.custom(declared, value, path, set);
        return;
      default:
        return;
    }
  }

  private source(what: string): ReferenceSource<TDeps> {
    const source = this.#input.source;
    if (!source) {
      throw new ToolDefinitionError({
        toolName: this.#input.toolName,
        message: `its schema declares ${what}, but the server's deps have no \`references\` (a ReferenceSource). Add one to the deps.`,
      });
    }
    return source;
  }

  private kindOf(entity: string): EntityKind<TDeps> {
    const source = this.source(`ref('${entity}')`);
    const kind = source.kind(entity);
    if (!kind) {
      throw new ToolDefinitionError({
        toolName: this.#input.toolName,
        message: `its schema declares ref('${entity}'), but the server's ReferenceSource has no kind "${entity}" (it has: ${source.kindNames.join(', ')}).`,
      });
    }
    return kind;
  }

  private ref(declared: RefDeclaration, value: string | number, path: string, set: Setter): void {
    const kind = this.kindOf(declared.entity);
    this.#input.record.reserve(path);
    const scoped = declared.scope !== undefined || kind.scope !== undefined;
    this.#jobs.push({
      scoped,
      run: async () => {
        const scope = await this.scopeOf(declared, kind);
        const resolved = await resolveValue(this.#input, kind, value, path, scope, this.#issues);
        if (resolved !== value) set(resolved);
      },
    });
  }

  private async scopeOf(declared: RefDeclaration, kind: EntityKind<TDeps>): Promise<string | undefined> {
    const params = this.#input.params;
    if (typeof declared.scope === 'string') {
      const scope = params[declared.scope];
      return scope === undefined || scope === null ? undefined : String(scope);
    }
    if (typeof declared.scope === 'function') return declared.scope(params);
    return kind.scope?.({ params, ctx: this.#input.ctx });
  }

  private when(
    declared: WhenDeclaration,
    pending: PendingMoment,
    raw: unknown,
    path: string,
    set: Setter,
  ): void {
    this.#input.record.reserve(path);
    this.#jobs.push({
      scoped: false,
      run: async () => {
        const { zone, zoneSource } = await this.zone(declared);
        const resolved = await resolveMoment(pending, { zone, zoneSource, precision: declared.precision });
        if (typeof resolved === 'string') {
          this.#issues.push({ field: path, message: resolved });
          return;
        }
        set(resolved.moment);
        if (resolved.note)
          this.#input.record.convert(path, raw ?? pending.text, resolved.moment.iso, resolved.note);
      },
    });
  }

  private async zone(declared: WhenDeclaration): Promise<{ zone: string; zoneSource: string }> {
    if (declared.zone === 'utc') return { zone: 'UTC', zoneSource: 'the zone this field is kept in' };
    const source = this.#input.source;
    const zone = validZone(source ? await source.zone(this.#input.ctx) : undefined);
    return zone
      ? { zone, zoneSource: source!.zoneSource }
      : { zone: 'UTC', zoneSource: 'no time zone is known for you: give an offset to use another' };
  }

  private custom(declared: CustomDeclaration, value: unknown, path: string, set: Setter): void {
    const source = this.source(`custom('${declared.resolver}')`);
    const resolver = source.resolver(declared.resolver);
    if (!resolver) {
      throw new ToolDefinitionError({
        toolName: this.#input.toolName,
        message: `its schema declares custom('${declared.resolver}'), but the server's ReferenceSource has no such resolver.`,
      });
    }
    const input = this.#input;
    const issues = this.#issues;
    input.record.reserve(path);
    this.#jobs.push({
      scoped: true,
      run: async () => {
        const call: CustomResolveCall<TDeps> = {
          params: input.params,
          ctx: input.ctx,
          field: path,
          record: input.record,
          source,
          refuse: (field, message) => issues.push({ field, message }),
          resolve: (entity, field, v, scope) =>
            resolveValue(input, this.kindOf(entity), v, field, scope, issues),
        };
        const resolved = await resolver(value, call);
        if (resolved !== value) set(resolved);
      },
    });
  }
}

/** One reference value: the value to send (converted, or as given when refused or unchecked). */
async function resolveValue<TDeps>(
  input: GuardInput<TDeps>,
  kind: EntityKind<TDeps>,
  value: string | number,
  field: string,
  scope: string | undefined,
  issues: FieldIssue[],
): Promise<string | number> {
  if (kind.passThrough?.(value)) return value;
  const source = input.source!;
  let entities = await source.entities(kind.name, scope, input.ctx);
  input.record.use(kind.name, scope);
  if (!entities) return value; // the values could not be read: the API decides
  let match = matchEntity(entities, value);
  const recheck = kind.recheckMissAfterMs ?? RECHECK_MISS_MS;
  // (A kind kept for less than that is read afresh for each call anyway.)
  if (match.kind === 'missing' && (kind.ttlMs ?? 10 * 60_000) > recheck) {
    // Perhaps created since the last read (in the web UI, by another client): read once more.
    const fresher = await source.entities(kind.name, scope, input.ctx, recheck);
    if (fresher && fresher !== entities) {
      entities = fresher;
      match = matchEntity(entities, value);
    }
  }
  switch (match.kind) {
    case 'exact':
      // The same id as a string or a number: the API's own type.
      return String(match.record.value) === String(value) ? match.record.value : value;
    case 'converted':
      input.record.convert(field, value, labelOf(match.record));
      return match.record.value;
    case 'ambiguous':
      issues.push({
        field,
        message: `${quote(value)} names several ${kind.many}: ${match.records.map(labelOf).join(', ')}. Pass the id of the one you mean. Nothing was sent.`,
      });
      return value;
    case 'missing':
      if (entities.list.complete === false) return value;
      issues.push({ field, message: missingMessage(source, kind, entities, value) });
      return value;
  }
}

function missingMessage<TDeps>(
  source: ReferenceSource<TDeps>,
  kind: EntityKind<TDeps>,
  entities: IndexedEntities,
  value: string | number,
): string {
  const where = entities.list.scopeLabel ? ` of ${entities.list.scopeLabel}` : '';
  const parts = [`${quote(value)} is not ${kind.one}${where}.`];
  const other = otherKind(source, kind, value);
  if (other) parts.push(other);
  const records = entities.list.records;
  const near = nearRecords(records, value);
  if (near.length > 0) parts.push(`Did you mean ${near.map(labelOf).join(' or ')}?`);
  if (records.length === 0) parts.push(`There are no ${kind.many}${where}.`);
  else if (records.length <= MAX_LISTED)
    parts.push(`Valid ${kind.many}: ${records.map(labelOf).join(', ')}.`);
  else if (kind.listTool) parts.push(`${kind.listTool} lists all ${records.length}.`);
  else parts.push(`There are ${records.length}; give the id.`);
  parts.push('Nothing was sent.');
  return parts.join(' ');
}

/** "It is a folder id, not a list": the value is an exact id of another kind already known. */
function otherKind<TDeps>(
  source: ReferenceSource<TDeps>,
  kind: EntityKind<TDeps>,
  value: string | number,
): string | undefined {
  for (const name of source.kindNames) {
    if (name === kind.name) continue;
    for (const indexed of source.peek(name)) {
      const found = indexed.byExact.get(String(value));
      if (found) return `It is ${source.kind(name)!.one} (${labelOf(found)}), not ${kind.one}.`;
    }
  }
  return undefined;
}

function nearRecords(records: readonly EntityRecord[], value: string | number): EntityRecord[] {
  const byText = new Map<string, EntityRecord>();
  for (const r of records) {
    for (const text of [String(r.value), ...(r.forms ?? []), ...(r.names ?? [])])
      if (!byText.has(text)) byText.set(text, r);
  }
  // A number is an id: a near number is another thing, not a typo of it.
  if (/^\d+$/.test(String(value))) return [];
  const text = String(value).toLowerCase();
  // Near means a typo or a part of the name: two edits on a three-letter word are another word.
  const close = (candidate: string) => {
    const other = candidate.toLowerCase();
    return (
      distance(text, other) <= Math.max(1, Math.floor(text.length / 4)) ||
      transposed(text, other) ||
      (text.length >= 3 && (other.includes(text) || text.includes(other))) ||
      other.split(/[\s._@-]+/).some((word) => word.length >= 3 && distance(word, text) <= 1)
    );
  };
  const near = closestMatches(String(value), byText.keys(), 3).filter(close);
  return [...new Set(near.map((n) => byText.get(n)!))];
}

const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
