/**
 * The generated adversary: for every tool of a server, derive malformed calls from its valid calls
 * (derive-mutations.ts), make each on a fresh seed world through a real MCP client, and check
 * properties — not cases:
 *
 * 1. a refusal is `isError`, arrives before any write, and names the fix (valid values, the field
 *    meant, the accepted form);
 * 2. a conversion is announced (`converted:` naming the field) and applied exactly: the writes (or,
 *    for a read, the answer) are those of the valid call;
 * 3. no JSON-RPC -32603 (or any protocol error), ever;
 * 4. a valid call is never refused.
 *
 * It returns a per-tool table (calls generated, caught before the API, refused by the API,
 * converted, accepted, violations) and the violations themselves.
 */
import type { AnyTool } from '@toolsmith/core';
import type { AdversaryTarget, Args, SeenRequest } from './adversary-target.ts';
import { deriveMutations, type Mutation } from './derive-mutations.ts';

export type Outcome =
  | 'caught' // refused before any write, naming the fix
  | 'refused-by-api' // a write was sent, the API refused it, the answer names the fix
  | 'converted' // accepted, announced, applied exactly
  | 'accepted' // an `either` mutation accepted
  | 'violation';

export interface Violation {
  readonly tool: string;
  readonly mistake: string;
  readonly field: string;
  readonly kind:
    | 'crash'
    | 'valid-call-refused'
    | 'silent-wrong-write'
    | 'silent-wrong-read'
    | 'false-refusal'
    | 'silent-conversion'
    | 'refusal-without-fix'
    | 'write-before-refusal'
    | 'wrong-conversion';
  readonly detail: string;
  readonly args: Args;
}

export interface ToolRow {
  tool: string;
  generated: number;
  caught: number;
  refusedByApi: number;
  converted: number;
  accepted: number;
  violations: number;
}

export interface AdversaryReport {
  readonly rows: readonly ToolRow[];
  readonly violations: readonly Violation[];
  /** Tools with no valid call, and why. */
  readonly uncovered: Readonly<Record<string, string>>;
  readonly totals: ToolRow;
  /** (caught + converted) / malformed calls that must be refused or converted. */
  readonly handledShare: number;
}

export interface AdversaryOptions {
  /** Seed of the random choices (junk keys, typos). Default 21. */
  readonly seed?: number;
  /** At most this many mutations per tool (a sample, seeded). Default all. */
  readonly maxPerTool?: number;
  /** Only these tools (by name). */
  readonly only?: readonly string[];
  /** Whether a request changes data (default: any method but GET). */
  readonly isWrite?: (request: SeenRequest) => boolean;
}

/** mulberry32: a small seeded PRNG, so a run can be repeated exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface CallOutcome {
  readonly isError: boolean;
  readonly texts: string[];
  readonly crash?: string;
  readonly writes: SeenRequest[];
  /** Writes the API refused (status ≥ 400): sent, but nothing changed. */
  readonly refusedWrites: number;
  readonly requests: number;
}

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** Bodies compared by meaning: an instant written with another offset is the same instant. */
function normalize(value: unknown): unknown {
  if (typeof value === 'string' && ISO_DATETIME.test(value)) {
    const ms = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    return Number.isNaN(ms) ? value : `@${ms}`;
  }
  if (Array.isArray(value)) return value.map(normalize);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, normalize(v)]),
    );
  return value;
}

/** Arguments as a report shows them: long strings cut. */
function compact(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > 120 ? `${value.slice(0, 40)}… (${value.length} characters)` : value;
  if (Array.isArray(value)) return value.map(compact);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
  return value;
}

const sameWrites = (a: readonly SeenRequest[], b: readonly SeenRequest[]) =>
  JSON.stringify(a.map(normalize)) === JSON.stringify(b.map(normalize));

export async function runAdversary<TDeps>(
  target: AdversaryTarget<TDeps>,
  options: AdversaryOptions = {},
): Promise<AdversaryReport> {
  const random = seededRandom(options.seed ?? 21);
  const isWrite = options.isWrite ?? ((r: SeenRequest) => r.method !== 'GET');
  const volatile = target.volatile ?? ((r: SeenRequest) => r);
  const rows: ToolRow[] = [];
  const violations: Violation[] = [];
  const uncovered: Record<string, string> = { ...target.uncovered };

  const call = async (name: string, args: Args): Promise<CallOutcome> => {
    await target.reset(name);
    let result: { isError?: boolean; content?: unknown[] } | undefined;
    let crash: string | undefined;
    try {
      result = (await target.client.callTool({ name, arguments: args })) as typeof result;
    } catch (error) {
      crash = error instanceof Error ? error.message : String(error);
    }
    const requests = target.requests();
    const texts = (result?.content ?? []).map((c) => (c as { text?: string }).text ?? '');
    const writes = requests.filter(isWrite);
    return {
      isError: result?.isError === true,
      texts,
      ...(crash !== undefined ? { crash } : {}),
      // What changed data: writes the emulator accepted, compared by what they carried.
      writes: writes
        .filter((w) => (w.status ?? 200) < 400)
        .map((w) => volatile({ method: w.method, path: w.path, body: w.body })),
      refusedWrites: writes.length - writes.filter((w) => (w.status ?? 200) < 400).length,
      requests: requests.length,
    };
  };

  const tools = target.tools.filter((t) => !options.only || options.only.includes(t.name));
  for (const tool of tools as AnyTool<TDeps>[]) {
    const row: ToolRow = {
      tool: tool.name,
      generated: 0,
      caught: 0,
      refusedByApi: 0,
      converted: 0,
      accepted: 0,
      violations: 0,
    };
    const valids = target.validCalls[tool.name] ?? [];
    if (valids.length === 0) {
      uncovered[tool.name] ??= 'no valid call given';
      continue;
    }
    rows.push(row);
    const violate = (
      m: Pick<Mutation, 'mistake' | 'field' | 'args'>,
      kind: Violation['kind'],
      detail: string,
    ) => {
      row.violations += 1;
      violations.push({
        tool: tool.name,
        mistake: m.mistake,
        field: m.field,
        kind,
        detail: detail.slice(0, 600),
        args: compact(m.args) as Args,
      });
    };
    for (const valid of valids) {
      const baseline = await call(tool.name, valid);
      row.generated += 1;
      const base = { mistake: 'valid-call', field: '', args: valid };
      if (baseline.crash) {
        violate(base, 'crash', baseline.crash);
        continue;
      }
      if (baseline.isError) {
        violate(base, 'valid-call-refused', baseline.texts.join('\n'));
        continue;
      }
      row.accepted += 1;
      // Mutations (and the hints they expect) are derived from the seed world, not from the world the
      // valid call just changed (a deleted comment, a transitioned issue).
      await target.reset(tool.name);
      const baseAnswer = baseline.texts.filter((t) => !/^(converted|assumed): /.test(t)).join('\n');
      let mutations = await deriveMutations(tool, valid, {
        random,
        ...(target.references ? { references: target.references } : {}),
        ...(target.context ? { context: target.context } : {}),
      });
      if (options.maxPerTool !== undefined && mutations.length > options.maxPerTool) {
        mutations = mutations
          .map((m) => ({ m, k: random() }))
          .sort((a, b) => a.k - b.k)
          .slice(0, options.maxPerTool)
          .map(({ m }) => m);
      }
      for (const mutation of mutations) {
        row.generated += 1;
        const got = await call(tool.name, mutation.args);
        const text = got.texts.join('\n');
        if (got.crash) {
          violate(mutation, 'crash', got.crash);
          continue;
        }
        const converted = got.texts[0]?.startsWith('converted: ') === true;
        const announces = converted && got.texts[0]!.includes(mutation.field.split('.')[0]!);
        switch (mutation.expect) {
          case 'refuse':
          case 'either': {
            if (got.isError) {
              const names =
                (mutation.hints ?? []).length === 0 ||
                mutation.hints!.some((h) => text.toLowerCase().includes(h.toLowerCase()));
              if (got.writes.length > 0)
                violate(
                  mutation,
                  'write-before-refusal',
                  `${text} / wrote ${JSON.stringify(got.writes).slice(0, 200)}`,
                );
              else if (!names) violate(mutation, 'refusal-without-fix', text);
              else if (got.refusedWrites > 0) row.refusedByApi += 1;
              else row.caught += 1;
              break;
            }
            if (mutation.expect === 'either') {
              row.accepted += 1;
              break;
            }
            violate(
              mutation,
              got.writes.length > 0 ? 'silent-wrong-write' : 'silent-wrong-read',
              `accepted: ${text.slice(0, 400)}`,
            );
            break;
          }
          case 'same':
          case 'convert': {
            if (got.isError) {
              violate(mutation, 'false-refusal', text);
              break;
            }
            if (!announces) {
              violate(mutation, 'silent-conversion', `not announced: ${text.slice(0, 300)}`);
              break;
            }
            if (mutation.expect === 'same') {
              const answer = got.texts.filter((t) => !/^(converted|assumed): /.test(t)).join('\n');
              const wrong =
                baseline.writes.length > 0 || got.writes.length > 0
                  ? !sameWrites(got.writes, baseline.writes)
                  : answer !== baseAnswer;
              if (wrong) {
                violate(
                  mutation,
                  'wrong-conversion',
                  baseline.writes.length > 0 || got.writes.length > 0
                    ? `writes ${JSON.stringify(got.writes).slice(0, 250)} ≠ valid call's ${JSON.stringify(baseline.writes).slice(0, 250)}`
                    : `answer differs from the valid call's: ${answer.slice(0, 200)} ≠ ${baseAnswer.slice(0, 200)}`,
                );
                break;
              }
            }
            row.converted += 1;
            break;
          }
        }
      }
    }
  }

  const totals: ToolRow = {
    tool: 'total',
    generated: 0,
    caught: 0,
    refusedByApi: 0,
    converted: 0,
    accepted: 0,
    violations: 0,
  };
  for (const row of rows)
    for (const key of ['generated', 'caught', 'refusedByApi', 'converted', 'accepted', 'violations'] as const)
      totals[key] += row[key];
  const malformed = totals.caught + totals.refusedByApi + totals.converted + totals.violations;
  return {
    rows,
    violations,
    uncovered,
    totals,
    handledShare: malformed === 0 ? 1 : (totals.caught + totals.converted) / malformed,
  };
}

/**
 * The seeds of a run from `ADVERSARY_SEEDS` (`1..50` or `3,7,99`), else `[fallback]`: `npm test` makes
 * one bounded run; a longer one (`npm run bench -- adversary`) makes many.
 */
export function adversarySeeds(value: string | undefined, fallback = 21): number[] {
  if (value === undefined || value.trim() === '') return [fallback];
  const range = /^(\d+)\.\.(\d+)$/.exec(value.trim());
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  }
  const seeds = value.split(',').map((s) => Number(s.trim()));
  if (seeds.some((s) => !Number.isInteger(s)))
    throw new Error(`ADVERSARY_SEEDS: "${value}" is not "1..50" or "3,7,99".`);
  return seeds;
}

/** Several runs (seeds) as one report: rows and totals added up, violations listed with their seed. */
export function mergeReports(reports: readonly { seed: number; report: AdversaryReport }[]): AdversaryReport {
  if (reports.length === 1) return reports[0]!.report;
  const rows = new Map<string, ToolRow>();
  const violations: Violation[] = [];
  const uncovered: Record<string, string> = {};
  for (const { seed, report } of reports) {
    for (const row of report.rows) {
      const sum = rows.get(row.tool) ?? {
        ...row,
        generated: 0,
        caught: 0,
        refusedByApi: 0,
        converted: 0,
        accepted: 0,
        violations: 0,
      };
      for (const key of [
        'generated',
        'caught',
        'refusedByApi',
        'converted',
        'accepted',
        'violations',
      ] as const)
        sum[key] += row[key];
      rows.set(row.tool, sum);
    }
    violations.push(...report.violations.map((v) => ({ ...v, detail: `[seed ${seed}] ${v.detail}` })));
    Object.assign(uncovered, report.uncovered);
  }
  const totals: ToolRow = {
    tool: 'total',
    generated: 0,
    caught: 0,
    refusedByApi: 0,
    converted: 0,
    accepted: 0,
    violations: 0,
  };
  for (const row of rows.values())
    for (const key of ['generated', 'caught', 'refusedByApi', 'converted', 'accepted', 'violations'] as const)
      totals[key] += row[key];
  const malformed = totals.caught + totals.refusedByApi + totals.converted + totals.violations;
  return {
    rows: [...rows.values()],
    violations,
    uncovered,
    totals,
    handledShare: malformed === 0 ? 1 : (totals.caught + totals.converted) / malformed,
  };
}

/** The report as a table, then the violations (at most `maxViolations`). */
export function formatAdversaryReport(name: string, report: AdversaryReport, maxViolations = 40): string {
  const head = ['tool', 'generated', 'caught', 'api-refused', 'converted', 'accepted', 'violations'];
  const lines = [...report.rows, report.totals].map((r) => [
    r.tool,
    String(r.generated),
    String(r.caught),
    String(r.refusedByApi),
    String(r.converted),
    String(r.accepted),
    String(r.violations),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const out = [
    `Generated adversary — ${name}: ${report.totals.generated} calls, caught before the API or converted ${(report.handledShare * 100).toFixed(1)} %, ${report.totals.violations} violations`,
    row(head),
    ...lines.map(row),
  ];
  const uncovered = Object.entries(report.uncovered);
  if (uncovered.length > 0) out.push('', 'Not covered:', ...uncovered.map(([t, why]) => `- ${t}: ${why}`));
  if (report.violations.length > 0) {
    out.push('', `Violations (${report.violations.length}):`);
    for (const v of report.violations.slice(0, maxViolations))
      out.push(
        `- ${v.tool} ${v.mistake} ${v.field} → ${v.kind}: ${v.detail.replace(/\s+/g, ' ').slice(0, 300)}`,
      );
  }
  return out.join('\n');
}
