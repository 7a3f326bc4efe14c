/**
 * What a benchmark hands back to `main.ts`, and how it is printed: one table per measurement, each row
 * with its median, p95 and ratios to a baseline row measured in the same run.
 */
import type { Summary } from './stats.ts';

export interface ResultRow {
  label: string;
  /** Wall-clock samples. */
  summary: Summary;
  /**
   * CPU time (user + system) of the same work, in the table's unit. Other load on the machine stretches wall
   * time but hardly CPU time, so this is the steadier figure on a busy machine.
   */
  cpu?: Summary;
  /** Label of the row (same table) this row is compared with; the ratio columns are empty without one. */
  versus?: string;
  /** Free text shown after the numbers (tool counts, throughput, …). */
  note?: string;
}

export interface ResultTable {
  title: string;
  unit: 'ms' | 'µs';
  rows: ResultRow[];
}

export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean;
  /**
   * A budget rather than a timing goal: counted, not timed, so the same on every machine. A missed
   * budget fails the bench run (exit code 1); a missed timing goal is reported only.
   */
  budget?: boolean;
}

export interface BenchmarkResult {
  name: string;
  tables: ResultTable[];
  targets: TargetCheck[];
  notes: string[];
}

const formatNumber = (value: number) =>
  Number.isNaN(value)
    ? '–'
    : value >= 100
      ? value.toFixed(0)
      : value >= 10
        ? value.toFixed(1)
        : value.toFixed(2);

const formatRatio = (value: number) => `${value.toFixed(2)}×`;

/**
 * The table as aligned text: label, n, min, median, p95, ratios of median and p95 to the row it is compared
 * with, and — when measured — the median CPU time and its ratio.
 */
export function renderTable(table: ResultTable): string {
  const byLabel = new Map(table.rows.map((row) => [row.label, row]));
  const baselines = new Set(table.rows.flatMap((row) => (row.versus ? [row.versus] : [])));
  const withCpu = table.rows.some((row) => row.cpu !== undefined);
  const header = [
    '',
    'n',
    `min ${table.unit}`,
    `median ${table.unit}`,
    `p95 ${table.unit}`,
    '× median',
    '× p95',
    ...(withCpu ? [`cpu ${table.unit}`, '× cpu'] : []),
    '',
  ];
  const lines = table.rows.map((row) => {
    const base = row.versus === undefined ? undefined : byLabel.get(row.versus);
    if (row.versus !== undefined && base === undefined) {
      throw new Error(
        `Row "${row.label}" is compared with "${row.versus}", which is not a row of "${table.title}".`,
      );
    }
    const { n, min, median, p95 } = row.summary;
    return [
      row.label,
      String(n),
      formatNumber(min),
      formatNumber(median),
      formatNumber(p95),
      base ? formatRatio(median / base.summary.median) : baselines.has(row.label) ? 'baseline' : '',
      base ? formatRatio(p95 / base.summary.p95) : '',
      ...(withCpu
        ? [
            row.cpu ? formatNumber(row.cpu.median) : '',
            row.cpu && base?.cpu ? formatRatio(row.cpu.median / base.cpu.median) : '',
          ]
        : []),
      row.note ?? '',
    ];
  });
  const all = [header, ...lines];
  const widths = header.map((_, column) => Math.max(...all.map((cells) => (cells[column] ?? '').length)));
  const render = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 || column === cells.length - 1
          ? cell.padEnd(widths[column] ?? 0)
          : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [`  ${table.title}`, `  ${render(header)}`, ...lines.map((cells) => `  ${render(cells)}`)].join(
    '\n',
  );
}

/** The verdict column of a target: MET / MISSED, or "smoke" when targets are not judged (smoke mode). */
export const verdict = (check: TargetCheck, judged = true) =>
  judged ? (check.met ? 'MET    ' : 'MISSED ') : 'smoke  ';

export function renderResult(title: string, result: BenchmarkResult, judged = true): string {
  const parts = [`\n━━ ${title} ${'━'.repeat(Math.max(0, 90 - title.length))}`];
  for (const table of result.tables) parts.push(`\n${renderTable(table)}`);
  if (result.targets.length > 0) {
    parts.push('');
    for (const check of result.targets)
      parts.push(`  ${verdict(check, judged)} ${check.target} — measured ${check.measured}`);
  }
  if (result.notes.length > 0) {
    parts.push('');
    for (const note of result.notes) parts.push(`  · ${note}`);
  }
  return parts.join('\n');
}
