/**
 * Smoke mode (`BENCH_SMOKE=1`, or `npm run bench -- --smoke`): every benchmark runs one short round —
 * its fixtures, servers and comparisons as in a real run, with the fewest samples that still exercise
 * each path — and its targets are printed but not judged (timings from a handful of samples mean
 * nothing). CI runs each benchmark this way (tools/bench's `npm test`), so a benchmark that no longer
 * runs fails there instead of rotting until someone measures.
 */

if (process.argv.includes('--smoke')) process.env['BENCH_SMOKE'] = '1'; // children inherit it

/** True in smoke mode. */
export const SMOKE = process.env['BENCH_SMOKE'] === '1';

/** `full` in a real run, `smoke` in smoke mode: sample counts, rounds, durations. */
export function sized<T>(full: T, smoke: T): T {
  return SMOKE ? smoke : full;
}
