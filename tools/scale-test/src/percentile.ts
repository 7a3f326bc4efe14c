/** Latency percentiles by the nearest-rank method: p50 and p99 of a few hundred samples. */

/** The `p`-th percentile (0 < p ≤ 100) of `samples`, rounded to 0.1; 0 for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return Math.round(sorted[rank - 1]! * 10) / 10;
}
