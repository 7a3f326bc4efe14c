import { describe, expect, it } from '@jest/globals';
import { toTrackerDateTime } from './params.ts';

describe('toTrackerDateTime', () => {
  it("writes the API's format, reading a zone-less time as UTC (never the server's local time)", () => {
    expect(toTrackerDateTime('2026-11-21')).toBe('2026-11-21T00:00:00.000+0000');
    expect(toTrackerDateTime('2026-11-21T10:00')).toBe('2026-11-21T10:00:00.000+0000');
    expect(toTrackerDateTime('2026-11-21T10:00:00+03:00')).toBe('2026-11-21T07:00:00.000+0000');
    expect(toTrackerDateTime('2026-11-21T10:00:00.5Z')).toBe('2026-11-21T10:00:00.500+0000');
  });
});
