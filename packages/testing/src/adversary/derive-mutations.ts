/**
 * Malformed calls derived from a valid one, by what each parameter is: the kinds of mistakes agents
 * make on every parameter of every tool, not a list of named cases. For each derived call, what must
 * happen:
 *
 * - `refuse`: an isError before any write, naming the fix (one of `hints`);
 * - `same`: accepted, announced (`converted:` naming the field), and the writes (or, for a read, the
 *   answer) exactly those of the valid call — a conversion to the intended value;
 * - `convert`: accepted and announced (the value is not the valid call's, e.g. "tomorrow 9am");
 * - `either`: refused with a fix, or accepted — never a crash.
 */
import {
  commonAliases,
  durationValue,
  parseDuration,
  planOf,
  type AnyTool,
  type EntityRecord,
  type GuardMeta,
  type PlanNode,
  type ReferenceSource,
  type ToolContext,
} from '@toolsmith/core';
import type { Args } from './adversary-target.ts';

export type Expectation = 'refuse' | 'same' | 'convert' | 'either';

export interface Mutation {
  readonly tool: string;
  /** The kind of mistake (`unknown-key`, `display-name`, `impossible-date`…). */
  readonly mistake: string;
  /** Dot path of the field changed. */
  readonly field: string;
  readonly args: Args;
  readonly expect: Expectation;
  /** For a refusal: at least one of these (case-insensitive) must be in the answer. */
  readonly hints?: readonly string[];
}

export interface DeriveOptions<TDeps> {
  readonly references?: ReferenceSource<TDeps>;
  readonly context?: () => ToolContext<TDeps>;
  /** Seeded random numbers in [0, 1). */
  readonly random: () => number;
}

type Path = readonly (string | number)[];

const clone = <T>(value: T): T => structuredClone(value);
const pathText = (path: Path) => path.join('.');

/** A copy of `args` with the value at `path` replaced (or removed, with `remove`). */
function withValue(args: Args, path: Path, value: unknown, remove = false): Args {
  const copy = clone(args);
  let target = copy as Record<string | number, unknown>;
  for (const part of path.slice(0, -1)) target = target[part] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) delete target[last];
  else target[last] = value;
  return copy;
}

function valueAt(args: Args, path: Path): unknown {
  let current: unknown = args;
  for (const part of path) current = (current as Record<string | number, unknown>)[part];
  return current;
}

/** A key nobody declares: plausible words, so did-you-mean logic is exercised too. */
const JUNK_KEYS = ['extra', 'notes', 'foo', 'meta', 'options', 'data', 'opts', 'x_custom', 'flag', 'config'];

/** Values that break hand-written code: impossible dates, odd numbers, deep and wide shapes. */
const FUZZ: readonly unknown[] = [
  -1,
  0,
  1.5,
  2 ** 53 + 1,
  1e308,
  -0,
  true,
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '2026-13-45',
  '9999-99-99T99:99:99Z',
  '2026-02-30T10:00:00+03:00',
  '1h',
  'P1M',
  '🙂'.repeat(50),
  '\u0000',
  '../../etc/passwd',
  '%2e%2e%2f',
  'DROP TABLE tasks;',
  'x'.repeat(5_000),
  [],
  [null],
  [1, 'a', {}],
  {},
  { add: 'x' },
  { nested: { deeper: [1, 2, { deepest: 'x' }] } },
  null,
];

/** Fuzzed values tried per parameter. */
const FUZZ_PER_FIELD = 2;

const swapCase = (text: string) =>
  [...text].map((ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase())).join('');

/** `abcdef` → `abdef`: a character of the middle dropped (a typo of a name or a key). */
function typo(text: string, random: () => number): string {
  const at = 1 + Math.floor(random() * Math.max(1, text.length - 2));
  return text.slice(0, at) + text.slice(at + 1);
}

interface Found {
  readonly node: PlanNode;
  readonly path: Path;
  readonly value: unknown;
}

/** Every node of the plan that the valid call reaches, with its value. */
function reached(node: PlanNode, value: unknown, path: Path, out: Found[]): void {
  out.push({ node, path, value });
  if (value === null || value === undefined || typeof value !== 'object') return;
  const meta = node.meta?.value;
  if (meta && meta.kind !== 'change') return;
  const options = node.type === 'union' ? flatOptions(node) : [node];
  if (Array.isArray(value)) {
    const array = options.find((o) => o.type === 'array');
    if (array) value.forEach((item, i) => reached(array.item!, item, [...path, i], out));
    return;
  }
  const object = options.find((o) => o.type === 'object');
  if (object) {
    for (const [key, child] of object.keys!) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) reached(child, v, [...path, key], out);
    }
    return;
  }
  const record = options.find((o) => o.type === 'record');
  if (record) for (const [key, v] of Object.entries(value)) reached(record.item!, v, [...path, key], out);
}

function flatOptions(node: PlanNode): PlanNode[] {
  return node.type === 'union' ? node.options!.flatMap(flatOptions) : [node];
}

const objectOf = (node: PlanNode) => flatOptions(node).find((o) => o.type === 'object');
const leafTypes = (node: PlanNode) => new Set(flatOptions(node).map((o) => o.leaf ?? o.type));
const declared = (node: PlanNode): GuardMeta['value'] => node.meta?.value;

/** Mutations of one valid call of one tool. */
export async function deriveMutations<TDeps>(
  tool: AnyTool<TDeps>,
  valid: Args,
  options: DeriveOptions<TDeps>,
): Promise<Mutation[]> {
  const plan = planOf(tool.getParamsSchema());
  if (!plan) return [];
  const name = tool.name;
  const out: Mutation[] = [];
  const add = (m: Omit<Mutation, 'tool'>) => out.push({ tool: name, ...m });
  const found: Found[] = [];
  reached(plan, valid, [], found);
  const random = options.random;

  for (const { node, path, value } of found) {
    const field = pathText(path);
    const object =
      value !== null && typeof value === 'object' && !Array.isArray(value) ? objectOf(node) : undefined;
    const change = declared(node)?.kind === 'change' ? declared(node) : undefined;

    // Unknown keys and aliases at every depth an object is written.
    if (object && !object.open && !flatOptions(node).some((o) => o.type === 'record' || o.type === 'any')) {
      const keys = [...object.keys!.keys()];
      const junk = JUNK_KEYS.filter((k) => !keys.includes(k));
      const key = junk[Math.floor(random() * junk.length)] ?? 'zz_unknown';
      add({
        mistake: 'unknown-key',
        field: field === '' ? key : `${field}.${key}`,
        args: path.length === 0 ? { ...clone(valid), [key]: 'x' } : withValue(valid, [...path, key], 'x'),
        expect: 'refuse',
        hints: keys.length > 0 ? keys : ['Unknown field'],
      });
      for (const present of Object.keys(value as object)) {
        const alias = commonAliases(present).find(
          (a) => !keys.includes(a) && !keys.some((k) => commonAliases(k).includes(a) && k !== present),
        );
        const typoKey = present.length >= 6 ? typo(present, random) : undefined;
        for (const [mistake, other] of [
          ['alias-key', alias],
          ['misspelt-key', typoKey],
        ] as const) {
          if (other === undefined || keys.includes(other)) continue;
          const renamed = clone(valid);
          const target = (path.length === 0 ? renamed : valueAt(renamed, path)) as Record<string, unknown>;
          target[other] = target[present];
          delete target[present];
          add({
            mistake,
            field: field === '' ? other : `${field}.${other}`,
            args: renamed,
            expect: 'refuse',
            hints: [present],
          });
        }
      }
    }

    if (change?.kind === 'change' && change.flat === 'refuse' && object) {
      const items = Object.values(value as Record<string, unknown>).find(Array.isArray) ?? [];
      add({
        mistake: 'flat-list-for-change',
        field,
        args: withValue(valid, path, items),
        expect: 'refuse',
        hints: change.operations,
      });
    }

    // Fuzzed values in every parameter of the object, set or not: never a crash.
    if (object) {
      for (const key of object.keys!.keys()) {
        for (let i = 0; i < FUZZ_PER_FIELD; i++) {
          const junk = FUZZ[Math.floor(random() * FUZZ.length)]!;
          add({
            mistake: 'fuzzed-value',
            field: field === '' ? key : `${field}.${key}`,
            args:
              path.length === 0
                ? { ...clone(valid), [key]: clone(junk) }
                : withValue(valid, [...path, key], clone(junk)),
            expect: 'either',
          });
        }
      }
    }

    if (path.length === 0) continue;
    const meta = declared(node);
    const types = leafTypes(node);

    // Generic value mistakes, on every field the valid call sets.
    if (value !== null && typeof value !== 'object') {
      if (!node.nullable)
        add({ mistake: 'null', field, args: withValue(valid, path, null), expect: 'refuse', hints: [field] });
      if (typeof value === 'string' && node.meta?.emptyMeans === undefined) {
        add({
          mistake: 'empty-string',
          field,
          args: withValue(valid, path, ''),
          expect: 'refuse',
          hints: [field],
        });
        add({
          mistake: 'blank-string',
          field,
          args: withValue(valid, path, '   '),
          expect: 'refuse',
          hints: [field],
        });
      }
      if (typeof value === 'string' && !types.has('number') && meta === undefined)
        add({
          mistake: 'wrong-type',
          field,
          args: withValue(valid, path, 404),
          expect: 'refuse',
          hints: [field],
        });
      if (typeof value === 'number' && !types.has('string'))
        add({
          mistake: 'wrong-type',
          field,
          args: withValue(valid, path, 'many'),
          expect: 'refuse',
          hints: [field],
        });
      if (typeof value === 'boolean')
        add({
          mistake: 'wrong-type',
          field,
          args: withValue(valid, path, 'yes'),
          expect: 'refuse',
          hints: [field],
        });
      if (typeof value === 'string' && meta === undefined && !types.has('enum'))
        add({
          mistake: 'oversize',
          field,
          args: withValue(valid, path, 'x'.repeat(100_000)),
          expect: 'either',
        });
    }
    if (typeof value === 'string' && types.has('enum') && meta === undefined && /[a-z]/.test(value)) {
      add({
        mistake: 'wrong-case-enum',
        field,
        args: withValue(valid, path, value.toUpperCase()),
        expect: 'either',
        hints: [value],
      });
    }

    if (meta?.kind === 'ref' && (typeof value === 'string' || typeof value === 'number')) {
      await refMutations(add, options, meta.entity, meta.scope, valid, path, value);
    }
    if (meta?.kind === 'when' && (typeof value === 'string' || typeof value === 'number')) {
      await whenMutations(add, options, meta.precision, valid, path, value);
    }
    if (meta?.kind === 'duration' && (typeof value === 'string' || typeof value === 'number')) {
      const ms = parseDuration(value, { business: meta.business });
      if (typeof ms === 'number' && ms > 0) {
        const text = durationValue(ms, { business: meta.business }).text;
        if (text !== String(value))
          add({ mistake: 'duration-words', field, args: withValue(valid, path, text), expect: 'same' });
        if (ms % 60_000 === 0 && ms / 60_000 < 10_000 && `${ms / 60_000}m` !== text)
          add({
            mistake: 'duration-minutes',
            field,
            args: withValue(valid, path, `${ms / 60_000}m`),
            expect: 'same',
          });
      }
      add({
        mistake: 'duration-unknown-unit',
        field,
        args: withValue(valid, path, '3 fortnights'),
        expect: 'refuse',
        hints: ['fortnights', 'PT1H30M', '1h 30m'],
      });
    }
  }
  return out;
}

async function refMutations<TDeps>(
  add: (m: Omit<Mutation, 'tool'>) => void,
  options: DeriveOptions<TDeps>,
  entity: string,
  declaredScope: string | ((params: Record<string, unknown>) => string | undefined) | undefined,
  valid: Args,
  path: Path,
  value: string | number,
): Promise<void> {
  const field = pathText(path);
  const { references: source, context, random } = options;
  if (!source || !context) return;
  const kind = source.kind(entity);
  if (!kind) return;
  const ctx = context();
  const scope =
    typeof declaredScope === 'string'
      ? valid[declaredScope] === undefined
        ? undefined
        : String(valid[declaredScope])
      : typeof declaredScope === 'function'
        ? declaredScope(valid)
        : await kind.scope?.({ params: valid, ctx });
  const entities = await source.entities(entity, scope, ctx);
  if (!entities) return;
  const records = entities.list.records;
  const record = records.find(
    (r) => String(r.value) === String(value) || (r.exact ?? []).some((e) => String(e) === String(value)),
  );
  // Independently of the server's matcher: a text names `record` alone when no other record has it.
  const lower = (t: string) => t.trim().toLowerCase();
  const textsOf = (r: EntityRecord) =>
    [String(r.value), ...(r.exact ?? []).map(String), ...(r.forms ?? []), ...(r.names ?? [])].map(lower);
  const unique = (text: string) => records.filter((r) => textsOf(r).includes(lower(text))).length === 1;

  const fixHints = [
    ...(kind.listTool ? [kind.listTool] : []),
    ...records.slice(0, 30).map((r) => String(r.value)),
  ];
  if (record) {
    const variants: [string, string][] = [];
    const cased = swapCase(String(value));
    if (cased !== String(value) && unique(cased)) variants.push(['wrong-case', cased]);
    for (const form of record.forms ?? [])
      if (unique(form) && form !== String(value)) variants.push(['other-form', form]);
    const name = record.names?.[0];
    if (name && unique(name) && lower(name) !== lower(String(value))) variants.push(['display-name', name]);
    if (name && unique(name) && swapCase(name) !== name) variants.push(['display-name-case', swapCase(name)]);
    if (record.me) variants.push(['me', 'me']);
    for (const [mistake, variant] of variants.slice(0, 4))
      add({ mistake, field, args: withValue(valid, path, variant), expect: 'same' });

    const longest = [String(value), ...(record.forms ?? []), ...(record.names ?? [])]
      .filter((t) => t.length >= 6 && /\p{L}/u.test(t))
      .sort((a, b) => b.length - a.length)[0];
    if (longest) {
      const near = typo(longest, random);
      if (!records.some((r) => textsOf(r).includes(lower(near))))
        add({
          mistake: 'near-miss',
          field,
          args: withValue(valid, path, near),
          expect: 'refuse',
          hints: [...fixHints, longest],
        });
    }
  }
  if (entities.list.complete !== false) {
    add({
      mistake: 'unknown-value',
      field,
      args: withValue(valid, path, `zqx-no-such-${entity}`),
      expect: 'refuse',
      hints: fixHints.length > 0 ? fixHints : [`no ${kind.many}`],
    });
    // An exact id of another kind (what the server has read so far).
    for (const other of source.kindNames) {
      if (other === entity) continue;
      const otherValue = source
        .peek(other)
        .flatMap((i) => i.list.records)
        .map((r) => r.value)
        .find((v) => !records.some((r) => textsOf(r).includes(lower(String(v)))) && String(v).length > 2);
      if (otherValue === undefined) continue;
      add({
        mistake: 'id-of-another-kind',
        field,
        args: withValue(
          valid,
          path,
          typeof value === 'number' && typeof otherValue === 'number' ? otherValue : String(otherValue),
        ),
        expect: 'refuse',
        hints: fixHints.length > 0 ? fixHints : [kind.many],
      });
      break;
    }
  }
}

async function whenMutations<TDeps>(
  add: (m: Omit<Mutation, 'tool'>) => void,
  options: DeriveOptions<TDeps>,
  precision: 'date' | 'datetime',
  valid: Args,
  path: Path,
  value: string | number,
): Promise<void> {
  const field = pathText(path);
  add({
    mistake: 'impossible-date',
    field,
    args: withValue(valid, path, '2026-02-30'),
    expect: 'refuse',
    hints: ['February 2026 has 28 days'],
  });
  add({
    mistake: 'impossible-month',
    field,
    args: withValue(valid, path, '2026-13-01T10:00:00+03:00'),
    expect: 'refuse',
    hints: ['no month 13'],
  });
  add({
    mistake: 'unreadable-date',
    field,
    args: withValue(valid, path, 'when pigs fly'),
    expect: 'refuse',
    hints: ['ISO 8601'],
  });
  add({ mistake: 'words-date', field, args: withValue(valid, path, 'tomorrow 9am'), expect: 'convert' });
  // The same instant as wall time without an offset, in the user's zone: the write must not change.
  const zoned =
    typeof value === 'string'
      ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})$/.exec(value)
      : null;
  if (zoned && precision === 'datetime' && options.references && options.context) {
    const zone = await options.references.zone(options.context());
    if (zone) {
      const wall = new Intl.DateTimeFormat('sv-SE', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .format(new Date(value))
        .replace(' ', 'T');
      add({ mistake: 'local-time', field, args: withValue(valid, path, wall), expect: 'same' });
    }
  }
}
