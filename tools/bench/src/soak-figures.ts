/**
 * What the soak's samples say (soak.ts): for each server process and figure — RSS, live heap (after
 * a forced full GC), event-loop delay p99, active handles, open file descriptors, and the RSS of the
 * ClickUp server's sandbox hosts; V8's heap total and its new space in RAM shown beside RSS, not
 * judged — the value at the start (the last sample before any traffic), after warm-up and at the end
 * (both quiet: traffic paused, faults cleared, idle keep-alive sockets closed), and over the loaded
 * samples after warm-up the least-squares slope per minute and max − min.
 *
 * Flat means: the slope is within the figure's threshold, and for handles and descriptors also that
 * the quiet count at the end is within 2 of the quiet count after warm-up (under load they move with
 * the requests in flight; at rest a leak cannot hide).
 */
import type { Phase, Sample, ServerProcess } from './soak-processes.ts';

export interface FigureSpec {
  key: 'rssMb' | 'heapTotalMb' | 'newSpaceMb' | 'liveHeapMb' | 'eldP99' | 'handles' | 'fds' | 'childRssMb';
  label: string;
  unit: string;
  /** Largest slope per minute still flat. */
  maxSlope: number;
  /** Largest rise from the quiet sample after warm-up to the quiet one at the end (counts). */
  maxQuietRise?: number;
  decimals: number;
  /** Shown to explain another figure, not judged (always "flat"). */
  informational?: boolean;
}

export const FIGURES: readonly FigureSpec[] = [
  { key: 'rssMb', label: 'RSS', unit: 'MB', maxSlope: 1, decimals: 1 },
  // What V8 has reserved for its heap: RSS that grows with it is V8 keeping pages, not live data.
  {
    key: 'heapTotalMb',
    label: 'V8 heap total',
    unit: 'MB',
    maxSlope: Infinity,
    decimals: 1,
    informational: true,
  },
  // Of RSS, the young generation in RAM: V8 grows it under a high allocation rate, up to two
  // semi-spaces of --max-semi-space-size (soak.ts caps it: BENCH_SOAK_NODE_FLAGS), and keeps its pages.
  {
    key: 'newSpaceMb',
    label: 'V8 new space resident',
    unit: 'MB',
    maxSlope: Infinity,
    decimals: 1,
    informational: true,
  },
  { key: 'liveHeapMb', label: 'live heap', unit: 'MB', maxSlope: 0.25, decimals: 1 },
  { key: 'eldP99', label: 'ELD p99', unit: 'ms', maxSlope: 1, decimals: 1 },
  { key: 'handles', label: 'handles', unit: '', maxSlope: 0.5, maxQuietRise: 2, decimals: 0 },
  { key: 'fds', label: 'fds', unit: '', maxSlope: 0.5, maxQuietRise: 2, decimals: 0 },
  { key: 'childRssMb', label: 'sandbox hosts RSS', unit: 'MB', maxSlope: 1, decimals: 1 },
];

export interface Figure {
  process: string;
  spec: FigureSpec;
  start: number | undefined;
  afterWarmUp: number | undefined;
  end: number | undefined;
  /** Per minute, over the loaded samples after warm-up. */
  slope: number | undefined;
  /** Over the loaded samples after warm-up. */
  spread: number | undefined;
  /** Of the loaded samples after warm-up. */
  mean: number | undefined;
  n: number;
  flat: boolean;
  why: string;
}

/** Least-squares slope of y over x. */
export function slope(points: readonly (readonly [number, number])[]): number | undefined {
  if (points.length < 3) return undefined;
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? undefined : num / den;
}

const valueOf = (sample: Sample, key: FigureSpec['key']) => {
  const value = sample[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** The figure's last value among samples of `phase` (for the live heap: the last sample that has one). */
function lastIn(samples: readonly Sample[], phases: readonly Phase[], key: FigureSpec['key']) {
  for (let i = samples.length - 1; i >= 0; i--) {
    const sample = samples[i]!;
    if (!phases.includes(sample.phase)) continue;
    const value = valueOf(sample, key);
    if (value !== undefined) return value;
  }
  return undefined;
}

function firstIn(samples: readonly Sample[], phases: readonly Phase[], key: FigureSpec['key']) {
  for (const sample of samples) {
    if (!phases.includes(sample.phase)) continue;
    const value = valueOf(sample, key);
    if (value !== undefined) return value;
  }
  return undefined;
}

export function figuresOf(process: ServerProcess): Figure[] {
  const samples = process.samples;
  const out: Figure[] = [];
  for (const spec of FIGURES) {
    if (spec.key === 'childRssMb' && !samples.some((s) => s.children > 0)) continue;
    const loaded = samples
      .filter((s) => s.phase === 'loaded')
      .flatMap((s) => {
        const value = valueOf(s, spec.key);
        return value === undefined ? [] : [[s.t / 60, value] as const];
      });
    const values = loaded.map(([, y]) => y);
    // The last sample before any traffic (the live heap, measured every 6th sample: the first one).
    const start =
      spec.key === 'liveHeapMb'
        ? firstIn(samples, ['start', 'warm-up'], spec.key)
        : lastIn(samples, ['start'], spec.key);
    const afterWarmUp = lastIn(samples, ['quiet after warm-up'], spec.key);
    const end = lastIn(samples, ['quiet at the end'], spec.key);
    const perMinute = slope(loaded);
    const spread = values.length > 0 ? Math.max(...values) - Math.min(...values) : undefined;
    const mean = values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
    const problems: string[] = [];
    if (spec.informational) {
      // not judged
    } else if (perMinute === undefined) problems.push('too few samples');
    else if (perMinute > spec.maxSlope)
      problems.push(`slope ${perMinute.toFixed(2)}${spec.unit}/min > ${spec.maxSlope}`);
    if (spec.maxQuietRise !== undefined && afterWarmUp !== undefined && end !== undefined) {
      if (end - afterWarmUp > spec.maxQuietRise)
        problems.push(`quiet ${afterWarmUp} → ${end} (> +${spec.maxQuietRise})`);
    }
    out.push({
      process: process.label,
      spec,
      start,
      afterWarmUp,
      end,
      slope: perMinute,
      spread,
      mean,
      n: loaded.length,
      flat: problems.length === 0,
      why:
        problems.join('; ') ||
        `slope ≤ ${spec.maxSlope}${spec.unit ? ` ${spec.unit}` : ''}/min${spec.maxQuietRise === undefined ? '' : `, quiet rise ≤ ${spec.maxQuietRise}`}`,
    });
  }
  return out;
}

export const fmt = (value: number | undefined, decimals: number) =>
  value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(decimals);
export const signed = (value: number | undefined, decimals: number) =>
  value === undefined || !Number.isFinite(value)
    ? '–'
    : `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(decimals + 1)}`;

/** Aligned text columns (first column left, the others right, the last left). */
export function textTable(rows: readonly string[][]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows.map((cells) =>
    cells
      .map((cell, c) =>
        c === 0 || c === cells.length - 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!),
      )
      .join('  ')
      .trimEnd(),
  );
}

export function figureRows(figures: readonly Figure[]): string[][] {
  return [
    ['', 'start', 'after warm-up', 'end', 'slope/min', 'max−min', 'flat'],
    ...figures.map((f) => [
      `${f.process} · ${f.spec.label}${f.spec.unit ? ` ${f.spec.unit}` : ''}`,
      fmt(f.start, f.spec.decimals),
      fmt(f.afterWarmUp, f.spec.decimals),
      fmt(f.end, f.spec.decimals),
      signed(f.slope, f.spec.decimals),
      fmt(f.spread, f.spec.decimals),
      f.spec.informational ? '(not judged)' : `${f.flat ? 'yes' : 'NO'} (${f.why})`,
    ]),
  ];
}

export function markdownTable(rows: readonly string[][]): string[] {
  const [head, ...body] = rows;
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [
    line(head!.map((c, i) => (i === 0 && c === '' ? 'process · figure' : c))),
    `| ${head!.map((_, i) => (i === 0 || i === head!.length - 1 ? '---' : '---:')).join(' | ')} |`,
    ...body.map(line),
  ];
}
