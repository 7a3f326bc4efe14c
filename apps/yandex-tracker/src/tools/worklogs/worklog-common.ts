/**
 * What the worklog tools share: the id param, and durations. Tracker keeps time spent as ISO 8601
 * durations in BUSINESS time (1 day = 8 hours, 1 week = 5 days), so `P5D` is read back as `P1W` and
 * `PT8H` as `P1D` (research §3.8 "Worklog"). The tools accept ISO (`PT1H30M`, `P1D`) or human
 * shorthand (`1h 30m`, `2d`, `1w 2d`, `1.5h`) and send ISO.
 */
import { NotFoundError, ValidationError } from '@toolsmith/core';
import { z } from 'zod';
import { withHint } from '../shared/known-values.ts';
import { filled, atMost } from '../shared/params.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 8 * HOUR;
const WEEK = 5 * DAY;

export const BUSINESS_TIME_NOTE =
  'Durations are business time: 1 day = 8 hours and 1 week = 5 days, so "P5D" (or "5d") is stored and shown as "P1W", and "8h" as "P1D".';

export const worklogIdParam = z
  .union([
    z.number().int().positive(),
    z.string().refine((value) => /^\d+$/.test(value), 'Use the numeric worklog id, e.g. 301.'),
  ])
  .describe('Worklog id, e.g. 301.');

export const durationParam = z
  .string()
  .trim()
  .refine(filled, 'Must be at least 1 character long.')
  .refine(atMost(100), 'Must be at most 100 characters long.')
  .describe('Time spent, e.g. PT1H30M, 1h 30m, 2d, 1w.');

export const worklogPath = (issueId: string) => `/v2/issues/${encodeURIComponent(issueId)}/worklog`;

const ISO = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
const UNITS: Array<[RegExp, number]> = [
  [/^(?:w|wk|wks|weeks?)$/, WEEK],
  [/^(?:d|days?)$/, DAY],
  [/^(?:h|hr|hrs|hours?)$/, HOUR],
  [/^(?:m|min|mins|minutes?)$/, MINUTE],
  [/^(?:s|sec|secs|seconds?)$/, 1],
];

function durationError(value: string, why: string): ValidationError {
  return new ValidationError({
    issues: [
      {
        field: 'duration',
        message: `"${value}" ${why} Use ISO 8601 such as "PT1H30M", "P1D", "P1W", or shorthand such as "1h 30m", "2d", "1w 2d". ${BUSINESS_TIME_NOTE}`,
      },
    ],
  });
}

/** Seconds of business time in `value` (ISO or shorthand); a ValidationError when it is neither. */
export function durationSeconds(value: string): number {
  const text = value.trim();
  let seconds = 0;
  if (/^p/i.test(text)) {
    const match = ISO.exec(text.toUpperCase());
    if (!match || /^PT?$/i.test(text) || /T$/i.test(text)) {
      throw durationError(
        value,
        /^P\d+[YM]/i.test(text) || /^P[^T]*\d+M/i.test(text)
          ? 'uses years or months, which have no fixed length in business time.'
          : 'is not an ISO 8601 duration Tracker takes.',
      );
    }
    const [w, d, h, m, s] = match.slice(1).map((v) => Number(v ?? 0));
    seconds = w! * WEEK + d! * DAY + h! * HOUR + m! * MINUTE + s!;
  } else {
    const normalised = text.toLowerCase().replace(/(\d),(\d)/g, '$1.$2');
    const pattern = /(\d+(?:\.\d+)?)\s*([a-z]+)/g;
    for (const match of normalised.matchAll(pattern)) {
      const unit = UNITS.find(([unitPattern]) => unitPattern.test(match[2]!));
      if (!unit) throw durationError(value, `has the unknown unit "${match[2]}".`);
      seconds += Number(match[1]) * unit[1];
    }
    if (normalised.replace(pattern, '').replace(/\band\b|[\s,]+/g, '') !== '') {
      throw durationError(value, 'is not a duration this tool understands.');
    }
    seconds = Math.round(seconds);
  }
  if (!(seconds > 0)) throw durationError(value, 'is zero; log a positive amount of time.');
  return seconds;
}

/**
 * ISO 8601 for the API. ISO input is sent as given (upper-cased; Tracker normalises it, e.g. P5D →
 * P1W); shorthand is converted to `PnDTnHnMnS` with days of 8 hours ("1w 2d" → "P7D").
 */
export function toIsoDuration(value: string): string {
  const total = durationSeconds(value);
  if (/^p/i.test(value.trim())) return value.trim().toUpperCase();
  let rest = total;
  const take = (unit: number) => {
    const n = Math.floor(rest / unit);
    rest -= n * unit;
    return n;
  };
  const [d, h, m, s] = [take(DAY), take(HOUR), take(MINUTE), take(1)];
  const time = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
  return `P${d ? `${d}D` : ''}${time ? `T${time}` : ''}`;
}

/** A note when Tracker reads the duration back in other units (P5D → P1W). */
export function durationNote(sent: string, stored: string | undefined): string | undefined {
  if (stored === undefined || stored === sent) return undefined;
  return `Sent ${sent}; Tracker stores it as ${stored}. ${BUSINESS_TIME_NOTE}`;
}

/** A 404 on a worklog path: the issue is missing or the worklog is not on it. */
export function worklogNotFound(error: unknown, issueId: string, worklogId: string | number): unknown {
  if (!NotFoundError.isInstance(error)) return error;
  return withHint(
    error,
    `Either issue ${issueId} does not exist or worklog ${worklogId} is not on it. List its worklogs with tracker_get_worklogs.`,
  );
}
