/** Summary statistics of timing samples: median and p95 are what the reports compare. */

export interface Summary {
  n: number;
  min: number;
  median: number;
  p95: number;
  max: number;
  mean: number;
}

/** The `p`-th percentile (0–100) of sorted samples, interpolated linearly between ranks. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('percentile() of no samples: measure at least once.');
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = sorted[low] as number;
  return lowValue + ((sorted[high] as number) - lowValue) * (rank - low);
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    min: sorted[0] ?? Number.NaN,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
  };
}

/** Milliseconds elapsed since `start` (a `process.hrtime.bigint()` reading). */
export function elapsedMs(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Microseconds elapsed since `start` (a `process.hrtime.bigint()` reading). */
export function elapsedUs(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e3;
}

/** Microseconds of CPU time (user + system, all threads of this process) since `start` (a `process.cpuUsage()` reading). */
export function cpuUsSince(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return user + system;
}
