/**
 * Points in time resolved by core's `when()` (a Moment: the instant, the zone it was read in, whether
 * a time of day was given), written the way the Tracker API takes them: a calendar date `YYYY-MM-DD`
 * for date fields, and `YYYY-MM-DDThh:mm:ss.sss±hhmm` for date-times (research §3.1).
 */
import type { Moment } from '@toolsmith/core';

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** Minutes east of UTC of `zone` (an IANA name, or an offset such as `+03:00`) at `epochMs`. */
export function offsetMinutes(zone: string, epochMs: number): number {
  const fixed = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (fixed) return (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3]));
  if (zone === 'UTC' || zone === 'Z') return 0;
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(epochMs))
      .find((p) => p.type === 'timeZoneName')?.value;
    const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? '');
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
  } catch {
    return 0;
  }
}

/** `epochMs` as the API's date-time in `zone`: `2026-11-21T10:00:00.000+0300`. */
export function trackerDateTime(epochMs: number, zone: string): string {
  const offset = offsetMinutes(zone, epochMs);
  const local = new Date(epochMs + offset * 60_000);
  const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}.${pad(local.getUTCMilliseconds(), 3)}`;
  return `${date}T${time}${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}${pad(offset % 60)}`;
}

/** A Moment as the API's date-time (a calendar date is its start in the zone it was read in). */
export const momentDateTime = (moment: Moment): string => trackerDateTime(moment.epochMs, moment.zone);

/**
 * The last millisecond of a Moment's day when only a date was given (a range's `to` includes its
 * day), else the Moment's instant.
 */
export function momentEndMs(moment: Moment): number {
  if (moment.hasTime) return moment.epochMs;
  const [year, month, day] = moment.date.split('-').map(Number) as [number, number, number];
  // Midnight of the next day in the zone: the day may be 23 or 25 hours long around a DST change.
  const guess = Date.UTC(year, month - 1, day + 1);
  const first = guess - offsetMinutes(moment.zone, guess) * 60_000;
  return guess - offsetMinutes(moment.zone, first) * 60_000 - 1;
}

/** {@link momentEndMs} as the API's date-time. */
export const momentEnd = (moment: Moment): string => trackerDateTime(momentEndMs(moment), moment.zone);
