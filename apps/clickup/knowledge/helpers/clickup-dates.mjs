/*
 * ClickUp dates (research §2.1): Unix milliseconds, UTC. Read back as STRINGS in most v2 payloads
 * ("1508369194377"), sent as integers. A date without a time is stored at 04:00 in the setting
 * user's time zone, so a date-only value must not be compared at midnight UTC.
 *
 * Pure and deterministic: parsing uses Date.parse on explicit strings only, never the clock.
 */

/** Below this a positive integer is taken for Unix SECONDS (1e11 ms is 1973-03-03). */
export function clickupSecondsThreshold() {
  return 1e11;
}

/** True when `value` is an integer that looks like Unix seconds rather than milliseconds. */
export function looksLikeUnixSeconds(value) {
  return (
    typeof value === 'number' && Number.isInteger(value) && value > 0 && value < clickupSecondsThreshold()
  );
}

/**
 * Converts a date as ClickUp or a person writes it to Unix milliseconds.
 * Accepts a number (ms), a numeric string ("1705002014968"), an ISO 8601 date or date-time
 * ("2025-04-16", "2025-04-16T23:49:06.457Z"). Returns null when it is none of those.
 * Date-only strings are read as midnight UTC.
 */
export function toClickUpMillis(value) {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  if (/^-?\d+$/.test(text)) return Number(text);
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return null;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  let iso = text.replace(' ', 'T');
  // A date-time without an offset is taken as UTC (ClickUp stores UTC); never the host's zone.
  if (!dateOnly && !/(Z|[+-]\d{2}:?\d{2})$/.test(iso)) iso += 'Z';
  iso = iso.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

/** True when a date string carries a time of day (used to decide `value_options.time`). */
export function dateStringHasTime(value) {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value.trim());
}

/** Converts a ClickUp date (ms number or ms string) to an ISO 8601 UTC string; null when unset or invalid. */
export function millisToIso(value) {
  if (value === null || value === undefined || value === '') return null;
  const ms =
    typeof value === 'number'
      ? value
      : /^-?\d+$/.test(String(value).trim())
        ? Number(String(value).trim())
        : NaN;
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
  return new Date(ms).toISOString();
}

/** Converts a ClickUp duration/number that may be a string ("3600000") to a number; null when unset. */
export function toNumberOrNull(value) {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}
