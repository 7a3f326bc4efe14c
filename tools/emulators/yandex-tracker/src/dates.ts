/**
 * Dates as the API takes them, strictly: real calendar dates only. JavaScript's `Date.parse` rolls
 * 2026-11-31 over to 1 December and 24:00 to the next day; the API's Java date parsing refuses
 * both (assumed: the research does not say, but strict ISO parsing is the plausible behaviour of a
 * Java service), so the emulator checks every part itself.
 *
 * - a date is `YYYY-MM-DD`;
 * - a date-time is `YYYY-MM-DDThh:mm[:ss[.sss]]` with `Z`, `±hh`, `±hhmm` or `±hh:mm`, the API's own
 *   form being `YYYY-MM-DDThh:mm:ss.sss±hhmm` (research §3.1). Without an offset the time is read as
 *   UTC (assumed: the API documents every date as UTC). A bare `YYYY-MM-DD` is midnight UTC (assumed).
 */
import { unprocessable } from './tracker-error.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function validDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Whether `value` is a real calendar date `YYYY-MM-DD`. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  return match !== null && validDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Milliseconds since the epoch of a strict ISO date-time (see the module comment), or undefined. */
export function parseDateTime(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATE_TIME.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!validDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const zoneHours = Number(digits.slice(0, 2));
    const zoneMinutes = Number(digits.slice(2) || '0');
    if (zoneHours > 18 || zoneMinutes > 59) return undefined;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (zoneHours * 60 + zoneMinutes);
  }
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000;
}

/**
 * A date field of a request body (`deadline`, `start`, `startDate`, …): `YYYY-MM-DD` of a real day,
 * or the API's 422 naming the field. `null` passes through (it clears the field).
 */
export function requireCalendarDate(value: unknown, field: string): string | null {
  if (value === null) return null;
  if (!isCalendarDate(value)) {
    throw unprocessable(
      `Поле «${field}» содержит некорректное значение «${String(value)}»: ожидается существующая дата в формате YYYY-MM-DD.`,
      { [field]: 'Некорректная дата' },
    );
  }
  return value;
}

/** A date-time field of a request body: the instant in ms, or the API's 422 naming the field. */
export function requireDateTime(value: unknown, field: string): number {
  const ms = parseDateTime(value);
  if (ms === undefined) {
    throw unprocessable(
      `Поле «${field}» содержит некорректное значение «${String(value)}»: ожидается существующая дата и время в формате YYYY-MM-DDThh:mm:ss.sss±hhmm.`,
      { [field]: 'Некорректная дата' },
    );
  }
  return ms;
}
