import { isTimeZone, STATS_MESSAGES, STATS_RANGE_MAX_DAYS, StatsQuery, statsRangeDays } from './stats';

const messages = (input: Record<string, string>) =>
  StatsQuery.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('StatsQuery', () => {
  it('takes a range of days with a time zone, UTC by default', () => {
    expect(StatsQuery.parse({ from: '2026-03-01', to: '2026-03-07' })).toEqual({ from: '2026-03-01', to: '2026-03-07', timeZone: 'UTC' });
    expect(StatsQuery.parse({ from: '2026-03-01', to: '2026-03-01', timeZone: 'America/New_York', officeId: 'office-1' }).officeId).toBe('office-1');
  });

  it('refuses reversed and overlong ranges on `to`, and days that do not exist', () => {
    expect(messages({ from: '2026-03-07', to: '2026-03-01' })).toEqual([['to', STATS_MESSAGES.order]]);
    expect(messages({ from: '2025-01-01', to: '2026-01-02' })).toEqual([['to', STATS_MESSAGES.tooLong]]);
    expect(messages({ from: '2023-02-29', to: '2023-03-01' })).toEqual([['from', STATS_MESSAGES.day]]);
    expect(messages({ from: '2026-03-01', to: '2026-03-02', timeZone: 'Nowhere/Else' })).toEqual([['timeZone', STATS_MESSAGES.timeZone]]);
    expect(messages({ from: '2026-03-01', to: '2026-03-02', officeId: 'a b' })).toEqual([['officeId', STATS_MESSAGES.office]]);
  });

  it('counts days both ends included', () => {
    expect(statsRangeDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(statsRangeDays('2024-01-01', '2024-12-31')).toBe(STATS_RANGE_MAX_DAYS);
    expect(statsRangeDays('2026-03-02', '2026-03-01')).toBe(0);
    expect(isTimeZone('Asia/Kathmandu')).toBe(true);
    expect(isTimeZone('UTC+5')).toBe(false);
  });
});
