/**
 * Points in time as agents write them, made exact before anything is sent:
 *
 * - epoch milliseconds (a number or a string of 11+ digits);
 * - an ISO 8601 date (`2026-11-28`) or date-time, with an offset (`…T09:00:00+03:00`, `…Z`) or
 *   without one (`2026-11-28T09:00`: read in the user's time zone, and the answer says which);
 * - natural language (`tomorrow 9am`, `next Friday`, `завтра в 9`), read with chrono-node in the
 *   user's zone and announced.
 *
 * Dates are real calendar dates (no 31 November, no month 13, no 25:00): the refusal says why. The
 * result says whether a time of day was given (`hasTime`), so an API's "has time" flag can be set.
 * Parsing the text is synchronous (zod); the zone is applied in the guarded path, which knows the
 * user (guard-call.ts).
 */
import type * as ChronoModule from 'chrono-node';
import { DateTime, IANAZone } from 'luxon';

/** A point in time, resolved. */
export interface Moment {
  /** Milliseconds since the epoch. */
  readonly epochMs: number;
  /** A time of day was given (false: a calendar date, `epochMs` is its start in `zone`). */
  readonly hasTime: boolean;
  /** The zone the value was read in: an IANA name, or the offset the caller gave (`+03:00`). */
  readonly zone: string;
  /** The calendar date in `zone`, `YYYY-MM-DD`. */
  readonly date: string;
  /** ISO 8601 with the offset of `zone` (`2026-11-28T09:00:00.000+03:00`); the date alone without a time. */
  readonly iso: string;
}

const PENDING = Symbol.for('toolsmith.pending-moment');

/** What zod's parse leaves for the guarded path to finish. */
export interface PendingMoment {
  readonly [PENDING]: true;
  readonly text: string | number;
  readonly form: 'ms' | 'date' | 'local' | 'zoned' | 'natural';
  readonly epochMs?: number;
  readonly offset?: string;
  readonly parts?: {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
    ms: number;
  };
}

export const isPendingMoment = (value: unknown): value is PendingMoment =>
  value !== null && typeof value === 'object' && (value as Record<symbol, unknown>)[PENDING] === true;

export const ACCEPTED_MOMENTS =
  'Use an ISO 8601 date ("2026-11-28") or date-time ("2026-11-28T09:00:00+03:00"; without an offset it is read in your time zone), milliseconds since the epoch, or words such as "tomorrow 9am" or "next Friday".';

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The parse of `value`, or the reason it is not a point in time. */
export function parseMoment(value: string | number): PendingMoment | string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || !Number.isInteger(value) || value < 0)
      return `${value} is not a point in time: milliseconds since the epoch are a whole number ≥ 0. ${ACCEPTED_MOMENTS}`;
    if (value > 8.64e15) return `${value} is out of range. ${ACCEPTED_MOMENTS}`;
    return { [PENDING]: true, text: value, form: 'ms', epochMs: value };
  }
  const text = value.trim();
  if (text === '') return `An empty string is not a point in time. ${ACCEPTED_MOMENTS}`;
  if (/^\d{11,16}$/.test(text)) return { [PENDING]: true, text: value, form: 'ms', epochMs: Number(text) };
  if (/^-?\d+(\.\d+)?$/.test(text))
    return `"${text.slice(0, 40)}" is not a point in time (too few digits for milliseconds since the epoch). ${ACCEPTED_MOMENTS}`;
  const iso = ISO.exec(text);
  if (iso) return parseIso(text, iso);
  // 01.06.2027 is 1 June in Europe and January 6 in the US: refuse unless the order is certain.
  const numeric = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(text);
  if (numeric && Number(numeric[1]) <= 12 && Number(numeric[2]) <= 12 && numeric[1] !== numeric[2])
    return `"${text}" could be day/month or month/day. Write it as ISO 8601, e.g. "${numeric[3]!.length === 2 ? `20${numeric[3]}` : numeric[3]}-${numeric[2]!.padStart(2, '0')}-${numeric[1]!.padStart(2, '0')}" for ${Number(numeric[1])} ${MONTHS[Number(numeric[2]) - 1]}. ${ACCEPTED_MOMENTS}`;
  if (/^\d{4}-\d{1,2}-\d{1,2}/.test(text) || /^\d{4}-\d{2}-\d{2}T/i.test(text))
    return `"${text.slice(0, 40)}" is not an ISO 8601 date or date-time. ${ACCEPTED_MOMENTS}`;
  return { [PENDING]: true, text: value, form: 'natural' };
}

function parseIso(text: string, m: RegExpExecArray): PendingMoment | string {
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const quoted = `"${text.slice(0, 40)}"`;
  if (month < 1 || month > 12)
    return `${quoted} is not a date: there is no month ${month}. ${ACCEPTED_MOMENTS}`;
  const last = daysIn(year, month);
  if (day < 1 || day > last)
    return `${quoted} is not a date: ${MONTHS[month - 1]} ${year} has ${last} days. ${ACCEPTED_MOMENTS}`;
  if (m[4] === undefined)
    return {
      [PENDING]: true,
      text,
      form: 'date',
      parts: { year, month, day, hour: 0, minute: 0, second: 0, ms: 0 },
    };
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const ms = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
  if (hour > 23) return `${quoted} is not a time: hours go from 00 to 23. ${ACCEPTED_MOMENTS}`;
  if (minute > 59) return `${quoted} is not a time: minutes go from 00 to 59. ${ACCEPTED_MOMENTS}`;
  if (second > 59) return `${quoted} is not a time: seconds go from 00 to 59. ${ACCEPTED_MOMENTS}`;
  const parts = { year, month, day, hour, minute, second, ms };
  const zone = m[8];
  if (zone === undefined) return { [PENDING]: true, text, form: 'local', parts };
  const offset = /^z$/i.test(zone) ? '+00:00' : normalizeOffset(zone);
  if (offset === undefined) return `${quoted} has an offset that is not one (${zone}). ${ACCEPTED_MOMENTS}`;
  const at = DateTime.fromObject(
    { year, month, day, hour, minute, second, millisecond: ms },
    { zone: offset === '+00:00' ? 'UTC' : `UTC${offset}` },
  );
  if (!at.isValid) return `${quoted} is not a valid date-time. ${ACCEPTED_MOMENTS}`;
  return { [PENDING]: true, text, form: 'zoned', epochMs: at.toMillis(), offset, parts };
}

function normalizeOffset(zone: string): string | undefined {
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return undefined;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? 0);
  if (hours > 14 || minutes > 59) return undefined;
  return `${m[1]}${m[2]}:${String(minutes).padStart(2, '0')}`;
}

/**
 * The instant of a wall-clock time on a calendar date in `zone` (an IANA name or an offset such as
 * "+03:00"): how an API that stores a date alone as a time of that day (ClickUp: 04:00 in the user's
 * zone) gets its milliseconds.
 */
export function wallTime(date: string, time: { hour: number; minute?: number }, zone: string): number {
  const named = /^[+-]\d{2}:\d{2}$/.test(zone) ? `UTC${zone}` : zone;
  return DateTime.fromISO(date, { zone: named })
    .set({ hour: time.hour, minute: time.minute ?? 0, second: 0, millisecond: 0 })
    .toMillis();
}

/** The calendar date after `date` (`YYYY-MM-DD`). */
export const nextDate = (date: string): string =>
  DateTime.fromISO(date, { zone: 'UTC' }).plus({ days: 1 }).toISODate()!;

const zones = new Map<string, boolean>();

/** An IANA zone luxon knows, else undefined (each name checked once: the check builds an Intl formatter). */
export function validZone(zone: string | undefined): string | undefined {
  if (zone === undefined || zone === '') return undefined;
  let valid = zones.get(zone);
  if (valid === undefined) {
    valid = IANAZone.isValidZone(zone);
    if (zones.size < 1_000) zones.set(zone, valid);
  }
  return valid ? zone : undefined;
}

export interface ResolvedMoment {
  readonly moment: Moment;
  /** Why the answer must mention it (the zone was assumed, words were read), or undefined. */
  readonly note?: string;
}

/**
 * Finishes a parse in `zone` (the user's, or UTC). `zoneSource` says where the zone came from, for
 * the answer. `now` is the reference for words ("tomorrow").
 */
export async function resolveMoment(
  pending: PendingMoment,
  options: { zone: string; zoneSource: string; precision: 'date' | 'datetime'; now?: number },
): Promise<ResolvedMoment | string> {
  const zone = options.zone;
  const where = `${zone}, ${options.zoneSource}`;
  let at: DateTime;
  let hasTime: boolean;
  let note: string | undefined;
  let zoneName = zone;
  switch (pending.form) {
    case 'ms':
      at = DateTime.fromMillis(pending.epochMs!, { zone });
      hasTime = true;
      break;
    case 'date':
      at = DateTime.fromObject(dateOf(pending), { zone });
      hasTime = false;
      break;
    case 'local': {
      const p = pending.parts!;
      at = DateTime.fromObject(
        { ...dateOf(pending), hour: p.hour, minute: p.minute, second: p.second, millisecond: p.ms },
        { zone },
      );
      hasTime = true;
      note = `read in ${where}`;
      break;
    }
    case 'zoned':
      zoneName = pending.offset!;
      at = DateTime.fromMillis(pending.epochMs!, {
        zone: pending.offset === '+00:00' ? 'UTC' : `UTC${pending.offset}`,
      });
      hasTime = true;
      break;
    case 'natural': {
      const read = await readWords(String(pending.text), zone, options.now ?? Date.now());
      if (typeof read === 'string') return read;
      at = read.at;
      hasTime = read.hasTime;
      note = `read in ${where}`;
      break;
    }
  }
  if (!at.isValid)
    return `"${String(pending.text).slice(0, 40)}" is not a valid point in time (${at.invalidExplanation ?? at.invalidReason}). ${ACCEPTED_MOMENTS}`;
  if (options.precision === 'date' && hasTime) {
    hasTime = false;
    note = note
      ? `${note}; a date field: the time of day is dropped`
      : 'a date field: the time of day is dropped';
    at = at.startOf('day');
  }
  const date = at.toISODate()!;
  return {
    moment: { epochMs: at.toMillis(), hasTime, zone: zoneName, date, iso: hasTime ? at.toISO()! : date },
    ...(note ? { note } : {}),
  };
}

const dateOf = (pending: PendingMoment) => ({
  year: pending.parts!.year,
  month: pending.parts!.month,
  day: pending.parts!.day,
});

type Chrono = typeof ChronoModule;

/** Words that look back: their weekday is not pushed into the future. */
const PAST = /\b(?:last|previous|past|ago|yesterday|earlier)\b|прошл|вчера|назад/iu;
let chrono: Promise<Chrono> | undefined;

/** Words read with chrono-node (English, then Russian), in `zone`, relative to `now`. */
async function readWords(
  text: string,
  zone: string,
  now: number,
): Promise<{ at: DateTime; hasTime: boolean } | string> {
  chrono ??= import('chrono-node');
  const lib = await chrono;
  const offset = DateTime.fromMillis(now, { zone }).offset;
  const reference = { instant: new Date(now), timezone: offset };
  const wanted = text
    .trim()
    .toLowerCase()
    .replace(/[.!?]+$/, '');
  // "Friday" means the next one; "last Friday" must not (chrono's forwardDate moves it ahead too).
  const forwardDate = !PAST.test(text);
  for (const parser of [lib.casual, lib.ru.casual]) {
    const results = parser.parse(text, reference, { forwardDate });
    const first = results[0];
    if (results.length !== 1 || !first || first.text.trim().toLowerCase() !== wanted) continue;
    if (first.end) return `"${text.slice(0, 40)}" is a range; give one point in time. ${ACCEPTED_MOMENTS}`;
    const c = first.start;
    if (!c.isCertain('day') && !c.isCertain('weekday'))
      return `"${text.slice(0, 40)}" names a period, not a day: give the day, e.g. "2026-12-01" or "next Monday". ${ACCEPTED_MOMENTS}`;
    const hasTime = c.isCertain('hour');
    const at = DateTime.fromObject(
      {
        year: c.get('year')!,
        month: c.get('month')!,
        day: c.get('day')!,
        ...(hasTime
          ? { hour: c.get('hour')!, minute: c.get('minute') ?? 0, second: c.get('second') ?? 0 }
          : {}),
      },
      { zone },
    );
    return { at, hasTime };
  }
  return `"${text.slice(0, 40)}" is not a date or time this server can read. ${ACCEPTED_MOMENTS}`;
}
