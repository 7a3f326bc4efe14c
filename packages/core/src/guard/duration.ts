/**
 * Lengths of time as agents write them: ISO 8601 (`PT1H30M`, `P1D`, `P1W`, read with luxon),
 * shorthand and words (`1h 30m`, `90m`, `1.5h`, `2d`, `1 hour 30 minutes`, `1ч 30м`), `h:mm`
 * (`1:30`), or a number of milliseconds. Calendar units with no fixed length (months, years) are
 * refused. With business time (Yandex Tracker) a day is 8 hours and a week 5 days.
 */
import { Duration } from 'luxon';

export interface DurationValue {
  /** Milliseconds. */
  readonly ms: number;
  /** ISO 8601 in the declared time (business: `P1W` for five 8-hour days). */
  readonly iso: string;
  /** Short human form: `1h 30m`, `1w 2d`. */
  readonly text: string;
}

export interface DurationUnits {
  readonly business: boolean;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const sizes = ({ business }: DurationUnits) => {
  const day = business ? 8 * HOUR : 24 * HOUR;
  return { week: business ? 5 * day : 7 * day, day, hour: HOUR, minute: MINUTE, second: SECOND };
};

export const acceptedDurations = (units: DurationUnits) =>
  `Use ISO 8601 ("PT1H30M", "P1D"), shorthand ("1h 30m", "90m", "1.5h", "2d", "1w 2d") or "h:mm" ("1:30")${units.business ? '; business time: 1 day = 8 hours, 1 week = 5 days' : ''}.`;

const UNIT_WORDS: [RegExp, keyof ReturnType<typeof sizes>][] = [
  [/^(?:w|wk|wks|weeks?|н|нед|недел[яиь]|недель)$/u, 'week'],
  [/^(?:d|days?|д|дн|день|дня|дней)$/u, 'day'],
  [/^(?:h|hr|hrs|hours?|ч|час|часа|часов)$/u, 'hour'],
  [/^(?:m|min|mins|minutes?|м|мин|минута|минуты|минут)$/u, 'minute'],
  [/^(?:s|sec|secs|seconds?|с|сек|секунда|секунды|секунд)$/u, 'second'],
];

/** Milliseconds of `value`, or why it is not a duration. */
export function parseDuration(value: string | number, units: DurationUnits): number | string {
  const accepted = acceptedDurations(units);
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || !Number.isInteger(value))
      return `${value} is not a duration: a number is whole milliseconds ≥ 0. ${accepted}`;
    return value;
  }
  const text = value.trim();
  if (text === '') return `An empty string is not a duration. ${accepted}`;
  const quoted = `"${text.slice(0, 40)}"`;
  const size = sizes(units);
  if (/^p/i.test(text)) {
    const parsed = Duration.fromISO(text.toUpperCase());
    if (!parsed.isValid) return `${quoted} is not an ISO 8601 duration. ${accepted}`;
    const o = parsed.toObject();
    if (o.years || o.quarters || o.months)
      return `${quoted} uses years or months, which have no fixed length. ${accepted}`;
    return (
      (o.weeks ?? 0) * size.week +
      (o.days ?? 0) * size.day +
      (o.hours ?? 0) * size.hour +
      (o.minutes ?? 0) * size.minute +
      (o.seconds ?? 0) * size.second +
      (o.milliseconds ?? 0)
    );
  }
  const clock = /^(\d+):([0-5]\d)(?::([0-5]\d))?$/.exec(text);
  if (clock) return Number(clock[1]) * HOUR + Number(clock[2]) * MINUTE + Number(clock[3] ?? 0) * SECOND;
  if (/^\d+$/.test(text)) return `${quoted} has no unit. ${accepted}`;
  const normalised = text.toLowerCase().replace(/(\d),(\d)/g, '$1.$2');
  const pattern = /(\d+(?:\.\d+)?)\s*([\p{L}]+)/gu;
  let total = 0;
  let found = false;
  for (const match of normalised.matchAll(pattern)) {
    const unit = UNIT_WORDS.find(([re]) => re.test(match[2]!));
    if (!unit) return `${quoted} has the unknown unit "${match[2]}". ${accepted}`;
    total += Number(match[1]) * size[unit[1]];
    found = true;
  }
  const rest = normalised.replace(pattern, '').replace(/\b(?:and|и)\b|[\s,+]+/gu, '');
  if (!found || rest !== '') return `${quoted} is not a duration. ${accepted}`;
  return Math.round(total);
}

/** The value of `ms`: ISO and short text in the given units. */
export function durationValue(ms: number, units: DurationUnits): DurationValue {
  const size = sizes(units);
  let rest = ms;
  const take = (unit: number) => {
    const n = Math.floor(rest / unit);
    rest -= n * unit;
    return n;
  };
  const w = take(size.week);
  const d = take(size.day);
  const h = take(size.hour);
  const m = take(size.minute);
  const s = rest / SECOND;
  const date = `${w ? `${w}W` : ''}${d ? `${d}D` : ''}`;
  const time = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${Number(s.toFixed(3))}S` : ''}`;
  const iso = `P${date}${time ? `T${time}` : ''}` === 'P' ? 'PT0S' : `P${date}${time ? `T${time}` : ''}`;
  const text =
    [w && `${w}w`, d && `${d}d`, h && `${h}h`, m && `${m}m`, s && `${Number(s.toFixed(3))}s`]
      .filter(Boolean)
      .join(' ') || '0m';
  return { ms, iso, text };
}
