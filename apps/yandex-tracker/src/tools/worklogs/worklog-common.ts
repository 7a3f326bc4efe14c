/**
 * What the worklog tools share: the worklog id (one of the issue's worklogs, read for each call),
 * the time spent, and the 404 hint. Tracker keeps time spent as ISO 8601 durations in BUSINESS time
 * (1 day = 8 hours, 1 week = 5 days), so `P5D` is stored as `P1W` and `PT8H` as `P1D` (research §3.8
 * "Worklog"): core's `duration({ business: true })` reads ISO 8601, shorthand and words ("1h 30m",
 * "90m", "1.5h", "2d") and the answer says what was stored.
 */
import { duration, NotFoundError, ref, type DurationValue } from '@toolsmith/core';
import { withHint } from '../shared/known-values.ts';

export const worklogIdParam = () => ref('worklog', { id: 'either' }).describe('Worklog id, e.g. 301.');

/** Time spent: at least a second, business time. */
export const durationParam = () =>
  duration({ business: true, min: 1000 }).describe('Time spent, e.g. PT1H30M, 1h 30m, 2d, 1w.');

/** The ISO 8601 the API takes: whole seconds (the API refuses fractions). */
export function isoDuration(value: DurationValue): string {
  return value.iso.replace(/(\d+)\.\d+S$/, '$1S').replace(/T0S$|T$/, '') || 'PT0S';
}

export const worklogPath = (issueId: string) => `/v2/issues/${encodeURIComponent(issueId)}/worklog`;

/** A 404 on a worklog path: the issue is missing or the worklog is not on it. */
export function worklogNotFound(error: unknown, issueId: string, worklogId: string | number): unknown {
  if (!NotFoundError.isInstance(error)) return error;
  return withHint(
    error,
    `Either issue ${issueId} does not exist or worklog ${worklogId} is not on it. List its worklogs with tracker_get_worklogs.`,
  );
}
