import { describe, expect, it } from '@jest/globals';
import type { Moment } from '@toolsmith/core';
import { momentDateTime, momentEnd, offsetMinutes, trackerDateTime } from './moments.ts';

const at = (iso: string) => Date.parse(iso);

describe('Tracker date-times', () => {
  it("writes the API's format in the zone the value was read in", () => {
    expect(trackerDateTime(at('2026-11-21T07:00:00Z'), 'Europe/Moscow')).toBe('2026-11-21T10:00:00.000+0300');
    expect(trackerDateTime(at('2026-11-21T10:00:00.5Z'), 'UTC')).toBe('2026-11-21T10:00:00.500+0000');
    expect(trackerDateTime(at('2026-11-21T15:00:00Z'), 'America/New_York')).toBe(
      '2026-11-21T10:00:00.000-0500',
    );
    expect(trackerDateTime(at('2026-11-21T04:30:00Z'), '+05:30')).toBe('2026-11-21T10:00:00.000+0530');
  });

  it('knows summer time', () => {
    expect(offsetMinutes('Europe/Berlin', at('2026-07-01T00:00:00Z'))).toBe(120);
    expect(offsetMinutes('Europe/Berlin', at('2026-11-01T00:00:00Z'))).toBe(60);
  });

  it("ends a date-only `to` at the last millisecond of that day in the user's zone, 23- and 25-hour days included", () => {
    const day = (date: string, zone: string, epochMs: number): Moment => ({
      epochMs,
      hasTime: false,
      zone,
      date,
      iso: date,
    });
    expect(momentEnd(day('2026-11-03', 'Europe/Moscow', at('2026-11-02T21:00:00Z')))).toBe(
      '2026-11-03T23:59:59.999+0300',
    );
    expect(momentEnd(day('2026-03-29', 'Europe/Berlin', at('2026-03-28T23:00:00Z')))).toBe(
      '2026-03-29T23:59:59.999+0200',
    );
    expect(momentEnd(day('2026-10-25', 'Europe/Berlin', at('2026-10-24T22:00:00Z')))).toBe(
      '2026-10-25T23:59:59.999+0100',
    );
    const timed: Moment = {
      epochMs: at('2026-11-03T07:00:00Z'),
      hasTime: true,
      zone: '+03:00',
      date: '2026-11-03',
      iso: '2026-11-03T10:00:00.000+03:00',
    };
    expect(momentEnd(timed)).toBe(momentDateTime(timed));
    expect(momentDateTime(timed)).toBe('2026-11-03T10:00:00.000+0300');
  });
});
