/**
 * A Moment (core's resolved point in time) as ClickUp stores it: milliseconds, and the "has time"
 * flag of task dates (`due_date_time`, `start_date_time`). A date without a time of day is stored
 * the way ClickUp's own apps store one — 04:00 in the user's time zone on that date, flag off — so
 * it shows as that date in every zone (research §2.1, "dates without time default to 04:00").
 */
import { nextDate, wallTime, type Moment } from '@toolsmith/core';

export interface ClickUpDate {
  readonly ms: number;
  /** A time of day was given: ClickUp's `*_date_time` flag. */
  readonly time: boolean;
}

/** How ClickUp stores `moment`. */
export function clickUpDate(moment: Moment): ClickUpDate {
  if (moment.hasTime) return { ms: moment.epochMs, time: true };
  return { ms: wallTime(moment.date, { hour: 4 }, moment.zone), time: false };
}

/**
 * The end of a range given as a date alone ("until 2026-01-05") means the end of that day, not its
 * first instant: the start of the next day in the same zone, recorded as a conversion on `field`.
 */
export function rangeEnd(
  moment: Moment,
  field: string,
  ctx: { call?: { convert(field: string, from: unknown, to: unknown, note?: string): void } | undefined },
): number {
  if (moment.hasTime) return moment.epochMs;
  const next = nextDate(moment.date);
  const ms = wallTime(next, { hour: 0 }, moment.zone);
  ctx.call?.convert(field, moment.date, `${next} 00:00 (${moment.zone})`, `the end of ${moment.date}`);
  return ms;
}
