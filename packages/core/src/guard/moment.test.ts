import { describe, expect, it } from '@jest/globals';
import { nextDate, parseMoment, wallTime } from './moment.ts';

describe('wallTime', () => {
  it('is the instant of a wall-clock time on a date in a zone, daylight saving included', () => {
    expect(wallTime('2026-01-15', { hour: 4 }, 'America/New_York')).toBe(Date.parse('2026-01-15T09:00:00Z'));
    expect(wallTime('2026-07-15', { hour: 4 }, 'America/New_York')).toBe(Date.parse('2026-07-15T08:00:00Z'));
    expect(wallTime('2026-03-29', { hour: 4, minute: 30 }, 'Europe/Lisbon')).toBe(
      Date.parse('2026-03-29T03:30:00Z'),
    );
    expect(wallTime('2026-07-15', { hour: 0 }, '+03:00')).toBe(Date.parse('2026-07-14T21:00:00Z'));
  });

  it('steps to the next calendar date across month and year ends', () => {
    expect(nextDate('2026-02-28')).toBe('2026-03-01');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
  });
});

describe('parseMoment', () => {
  it('refuses what is not a point in time, saying why', () => {
    expect(parseMoment(-5)).toContain('whole number ≥ 0');
    expect(parseMoment('12345')).toContain('too few digits');
    expect(parseMoment('2026-04-31')).toContain('April 2026 has 30 days');
    expect(parseMoment('2026-11-30T10:00+25:00')).toContain('has an offset that is not one');
    expect(parseMoment('2026-1-5')).toContain('is not an ISO 8601 date');
  });

  it('keeps what it read for the zone step', () => {
    expect(parseMoment('2026-11-30')).toMatchObject({ form: 'date' });
    expect(parseMoment('2026-11-30T10:00')).toMatchObject({ form: 'local' });
    expect(parseMoment('2026-11-30T10:00:00.5-0330')).toMatchObject({
      form: 'zoned',
      offset: '-03:30',
      epochMs: Date.parse('2026-11-30T13:30:00.500Z'),
    });
    expect(parseMoment(1_790_000_000_000)).toMatchObject({ form: 'ms' });
    expect(parseMoment('next Friday')).toMatchObject({ form: 'natural' });
  });
});
