/**
 * The schedule pages' pure rules: the browser's today and day arithmetic across a daylight-saving change, the days
 * a picker may open, clock times, the chips' words, a batch's summary, and how the socket's progress and the day
 * read merge whatever order they arrive in.
 */
import { type ScheduleBatch } from '@dv/contracts';
import { mergeProgress, percentDone } from './batch-progress';
import { addDays, clockTime, hourLabel, isPickedDay, longDay, nextBusinessDay, relativeDay, scenarioDays, todayOf } from './schedule-dates';
import { batchSummary, chipLook } from './schedule-look';

describe('schedule days', () => {
  it("takes today from the browser's calendar, not UTC's", () => {
    // 11 PM on June 16 in the browser's zone, whatever UTC says.
    expect(todayOf(new Date(2026, 5, 16, 23, 30))).toBe('2026-06-16');
    expect(todayOf(new Date(2026, 0, 1, 0, 5))).toBe('2026-01-01');
  });

  it('moves by whole days, across months, years and daylight-saving changes', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('names the next business day, the day, and where it stands from today', () => {
    expect(nextBusinessDay('2026-06-19')).toBe('2026-06-22');
    expect(nextBusinessDay('2026-06-16')).toBe('2026-06-17');
    expect(longDay('2026-06-16')).toBe('Tuesday, June 16, 2026');
    expect(relativeDay('2026-06-17', '2026-06-16')).toBe('Tomorrow');
    expect(relativeDay('2026-06-15', '2026-06-16')).toBe('Yesterday');
    expect(relativeDay('2026-06-20', '2026-06-16')).toBeNull();
    expect(scenarioDays('2026-06-19').map((day) => day.day)).toEqual(['2026-06-18', '2026-06-19', '2026-06-20', '2026-06-22', '2026-07-03']);
  });

  it.each([
    ['2026-06-16', true],
    ['2026-02-29', false],
    ['0202-06-16', false],
    ['2026-6-16', false],
    ['', false],
  ])('a picked %p is a day to open: %p', (value, expected) => {
    expect(isPickedDay(value)).toBe(expected);
  });

  it('reads clock times as the front desk does', () => {
    expect(clockTime('08:00')).toBe('8:00 AM');
    expect(clockTime('12:45')).toBe('12:45 PM');
    expect(clockTime('00:15')).toBe('12:15 AM');
    expect(hourLabel(19)).toBe('7:00 PM');
  });
});

describe('chips and summaries', () => {
  it.each([
    [{ chip: 'notVerified', coverageStatus: null }, 'Not verified'],
    [{ chip: 'inProgress', coverageStatus: null }, 'In progress'],
    [{ chip: 'ready', coverageStatus: 'active' }, 'Ready: active'],
    [{ chip: 'ready', coverageStatus: 'inactive' }, 'Ready: inactive'],
    [{ chip: 'attention', coverageStatus: null }, 'Needs attention'],
  ] as const)('%p reads %p', (verification, text) => {
    expect(chipLook(verification).text).toBe(text);
  });

  it('sums a batch up', () => {
    expect(batchSummary({ total: 5, trigger: 'user', counts: { ready: 4, attention: 1, skipped: 2 } })).toBe('Verify all finished: 4 ready, 1 needs attention, 2 skipped as fresh.');
    expect(batchSummary({ total: 5, trigger: 'nightly', counts: { ready: 3, attention: 2, skipped: 0 } })).toBe('The nightly run finished: 3 ready, 2 need attention, 0 skipped as fresh.');
    expect(batchSummary({ total: 0, trigger: 'user', counts: { ready: 0, attention: 0, skipped: 1 } })).toBe('Verify all found nothing to verify: 1 insurance was verified recently.');
  });
});

describe('a batch from the day read and the socket', () => {
  const read: ScheduleBatch = {
    id: 'b1',
    date: '2026-06-16',
    status: 'running',
    trigger: 'user',
    total: 4,
    done: 1,
    counts: { ready: 1, attention: 0, skipped: 0 },
    startedAt: '2026-06-15T20:00:00.000Z',
    finishedAt: null,
    startedBy: 'Taylor Staff',
  };
  const event = (done: number, status: 'running' | 'done' = 'running', batchId = 'b1') => ({ batchId, date: '2026-06-16', status, total: 4, done });

  it('takes the furthest progress and a done status from either', () => {
    expect(mergeProgress(read, event(3))).toMatchObject({ done: 3, status: 'running' });
    // A read answered after a later event does not go back.
    expect(mergeProgress({ ...read, done: 2 }, event(3))).toMatchObject({ done: 3 });
    expect(mergeProgress({ ...read, done: 4, status: 'done' }, event(3))).toMatchObject({ done: 4, status: 'done' });
    expect(mergeProgress(read, event(4, 'done'))).toMatchObject({ done: 4, status: 'done' });
  });

  it('leaves the read alone for another batch, or without an event', () => {
    expect(mergeProgress(read, event(3, 'running', 'b2'))).toBe(read);
    expect(mergeProgress(read, null)).toBe(read);
    expect(mergeProgress(null, event(3))).toBeNull();
  });

  it('draws the share done', () => {
    expect(percentDone({ done: 1, total: 3 })).toBe(33);
    expect(percentDone({ done: 0, total: 0 })).toBe(100);
    expect(percentDone({ done: 5, total: 4 })).toBe(100);
  });
});
