import dayjs from 'dayjs';
import { changeLine, displayDate, todayText } from './breakdown-format';

// The page once wrote dates with dayjs; these outputs must not change now that it uses plain Date.
const DAYJS_DATE = 'MM/DD/YYYY';
const texts = [
  '2026-11-24T10:21:00.000Z',
  '2026-11-24T23:59:59Z',
  '2026-01-05T00:00:00+05:00',
  '2026-01-05T12:30:00-08:00',
  '2026-03-08T02:30:00',
  '2026-11-24',
  '2026-1-5',
  '2026/11/24',
  '20261124',
  '2026-11-24 13:05',
  '2026-11-24T00:00:00.123456',
  '2026',
  'Mon, 24 Nov 2026 10:21:00 GMT',
  'not a date',
  '',
];

describe('displayDate', () => {
  it.each(texts)('writes %p as dayjs did', (text) => {
    const parsed = dayjs(text);
    expect(displayDate(text)).toBe(parsed.isValid() ? parsed.format(DAYJS_DATE) : text);
  });

  it('reads a date without a zone as that day, wherever the browser is', () => {
    expect(displayDate('2026-11-24')).toBe('11/24/2026');
    expect(displayDate('2026-01-05T00:00:00')).toBe('01/05/2026');
  });

  it('keeps a date already written MM/dd/yyyy and text that is no date', () => {
    expect(displayDate('03/15/2026')).toBe('03/15/2026');
    expect(displayDate('soon')).toBe('soon');
  });
});

describe('changeLine', () => {
  const money = { kind: 'money' } as const;

  it.each(texts)('writes the time of %p as dayjs did', (updatedAt) => {
    const at = dayjs(updatedAt);
    const when = at.isValid() ? at.format(`${DAYJS_DATE} hh:mm A`) : updatedAt;
    expect(changeLine(money, { updatedAt, value: 1800, oldValue: 1500 })).toBe(`${when}: $1,500.00 -> $1,800.00`);
  });

  it('writes a 12-hour clock with AM and PM', () => {
    expect(changeLine(money, { updatedAt: '2026-11-24T00:05', value: 1 })).toBe('11/24/2026 12:05 AM: $1.00');
    expect(changeLine(money, { updatedAt: '2026-11-24T09:21', value: 1 })).toBe('11/24/2026 09:21 AM: $1.00');
    expect(changeLine(money, { updatedAt: '2026-11-24T12:00', value: 1 })).toBe('11/24/2026 12:00 PM: $1.00');
    expect(changeLine(money, { updatedAt: '2026-11-24T23:59', value: 1 })).toBe('11/24/2026 11:59 PM: $1.00');
  });
});

describe('todayText', () => {
  it.each([new Date(2026, 0, 5), new Date(2026, 11, 31, 23, 59), new Date(999, 6, 4)])('writes %p as dayjs did', (now) => {
    expect(todayText(now)).toBe(dayjs(now).format(DAYJS_DATE));
  });
});
