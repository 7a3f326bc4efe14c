import { describe, expect, it } from '@jest/globals';
import { isCalendarDate, parseDateTime } from './dates.ts';

describe('strict dates', () => {
  it('takes real calendar days only', () => {
    expect(isCalendarDate('2026-11-30')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-11-31', '2026-13-01', '2026-00-10', '2026-02-29', '2100-02-29', '2026-1-5', 5]) {
      expect(isCalendarDate(bad)).toBe(false);
    }
  });

  it("reads the API's form and ISO offsets; a time without an offset is UTC", () => {
    const utc = Date.UTC(2026, 10, 21, 7, 0, 0);
    expect(parseDateTime('2026-11-21T10:00:00.000+0300')).toBe(utc);
    expect(parseDateTime('2026-11-21T10:00:00+03:00')).toBe(utc);
    expect(parseDateTime('2026-11-21T10:00+03')).toBe(utc);
    expect(parseDateTime('2026-11-21T07:00:00Z')).toBe(utc);
    expect(parseDateTime('2026-11-21T07:00:00')).toBe(utc);
    expect(parseDateTime('2026-11-21')).toBe(Date.UTC(2026, 10, 21));
    expect(parseDateTime('2026-11-21T07:00:00.5Z')).toBe(utc + 500);
  });

  it('refuses what Date.parse would roll over or guess', () => {
    for (const bad of [
      '2026-11-31T10:00:00Z',
      '2026-13-01T10:00:00.000+0000',
      '2026-11-21T25:00:00Z',
      '2026-11-21T24:00:00Z',
      '2026-11-21T10:60:00Z',
      '2026-11-21T10:00:60Z',
      '2026-11-21T10:00:00+1900',
      'Nov 21 2026 10:00',
      '2026-11-21 10:00:00',
      '',
      undefined,
    ]) {
      expect(parseDateTime(bad)).toBeUndefined();
    }
  });
});
