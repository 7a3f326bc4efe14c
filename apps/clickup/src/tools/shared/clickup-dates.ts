/**
 * A Moment (core's resolved point in time) as ClickUp stores it: milliseconds, and the "has time"
 * flag of task dates (`due_date_time`, `start_date_time`). A date without a time of day is stored
 * the way ClickUp's own apps store one — 04:00 in the user's time zone on that date, flag off — so
 * it shows as that date in every zone (research §2.1, "dates without time default to 04:00").
 */
import type { Moment } from '@toolsmith/core';

export interface ClickUpDate {
  readonly ms: number;
  /** A time of day was given: ClickUp's `*_date_time` flag. */
  readonly time: boolean;
}

const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** The offset of `zone` (IANA or "+03:00") at `ms`, in ms east of UTC. */
function offsetAt(zone: string, ms: number): number {
  const fixed = OFFSET.exec(zone);
  if (fixed) return (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3])) * 60_000;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone === 'UTC' ? 'UTC' : zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant of a wall-clock time in `zone`. */
export function wallTime(date: string, hour: number, zone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour);
  const first = guess - offsetAt(zone, guess);
  return guess - offsetAt(zone, first);
}

/** How ClickUp stores `moment`. */
export function clickUpDate(moment: Moment): ClickUpDate {
  if (moment.hasTime) return { ms: moment.epochMs, time: true };
  return { ms: wallTime(moment.date, 4, moment.zone), time: false };
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
  const next = new Date(Date.parse(`${moment.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const ms = wallTime(next, 0, moment.zone);
  ctx.call?.convert(field, moment.date, `${next} 00:00 (${moment.zone})`, `the end of ${moment.date}`);
  return ms;
}
