import fc from 'fast-check';
import { dayIn, daysOf, nextDay, rangeInstants, startOfDay } from './stats-days';

describe('days of a time zone', () => {
  it("places an instant on the zone's calendar", () => {
    const instant = Date.parse('2026-03-05T03:00:00Z');
    expect(dayIn(instant, 'UTC')).toBe('2026-03-05');
    expect(dayIn(instant, 'America/New_York')).toBe('2026-03-04');
    expect(dayIn(Date.parse('2026-03-04T16:00:00Z'), 'Asia/Tokyo')).toBe('2026-03-05');
  });

  it('starts a day at its midnight, on either side of a clock change', () => {
    expect(new Date(startOfDay('2026-01-15', 'America/New_York')).toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(new Date(startOfDay('2026-07-15', 'America/New_York')).toISOString()).toBe('2026-07-15T04:00:00.000Z');
    // New York springs forward on March 8th, 2026 and falls back on November 1st.
    expect(new Date(startOfDay('2026-03-08', 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(startOfDay('2026-03-09', 'America/New_York')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(new Date(startOfDay('2026-11-02', 'America/New_York')).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(new Date(startOfDay('2026-03-05', 'Asia/Kolkata')).toISOString()).toBe('2026-03-04T18:30:00.000Z');
  });

  it('spans the days of a range, the short day of a clock change included', () => {
    expect(rangeInstants('2026-03-08', '2026-03-08', 'America/New_York')).toEqual({ start: '2026-03-08T05:00:00.000Z', end: '2026-03-09T04:00:00.000Z' });
    expect(rangeInstants('2026-03-02', '2026-03-05', 'UTC')).toEqual({ start: '2026-03-02T00:00:00.000Z', end: '2026-03-06T00:00:00.000Z' });
  });

  it('lists the days, month and leap day crossed', () => {
    expect(daysOf('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('an instant falls on the day whose span holds it, in any zone (generated cases)', () => {
    const zones = fc.constantFrom('UTC', 'America/New_York', 'America/Los_Angeles', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham');
    const instants = fc.integer({ min: Date.parse('2020-01-01T00:00:00Z'), max: Date.parse('2035-12-31T00:00:00Z') });
    fc.assert(
      fc.property(zones, instants, (zone, instant) => {
        const day = dayIn(instant, zone);
        expect(startOfDay(day, zone)).toBeLessThanOrEqual(instant);
        expect(startOfDay(nextDay(day), zone)).toBeGreaterThan(instant);
      }),
      { numRuns: 500 },
    );
  });
});
