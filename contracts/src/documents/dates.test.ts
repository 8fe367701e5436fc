import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import utc from 'dayjs/plugin/utc';
import {
  calendarDay,
  compareDays,
  compareUsDates,
  daysInMonth,
  EpochMillis,
  IsoTimestamp,
  isUsCalendarDate,
  localDayOf,
  readUsDate,
  UsCalendarDate,
  usDateToUtc,
  utcDayOf,
  utcMillisOf,
  writeUsDate,
} from './dates';

dayjs.extend(customParseFormat);
dayjs.extend(utc);

const WRONG_DATE = [{ message: 'Wrong date' }];

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map(({ message }) => ({ message }));
}

describe('EpochMillis (version 1 dates)', () => {
  it.each([0, Date.UTC(1985, 3, 12), Date.UTC(1950, 0, 1), 8.64e15, -8.64e15])('accepts %p', (ms) => {
    expect(EpochMillis.safeParse(ms).success).toBe(true);
  });

  it.each([1.5, 8.64e15 + 1, Number.NaN, '1705330800000', null])('rejects %p as Wrong date', (value) => {
    expect(messages(EpochMillis.safeParse(value))).toEqual(WRONG_DATE);
  });
});

describe('IsoTimestamp (version 2 and 3 timestamps)', () => {
  const VALID = [
    '2024-01-15T14:30:00.000Z',
    '2024-01-15T14:30:00Z',
    '2024-02-29T00:00:00.000Z',
    '2024-01-15T09:30:00-05:00',
  ];
  it.each(VALID)('accepts %p', (text) => {
    expect(IsoTimestamp.safeParse(text).success).toBe(true);
  });

  it('accepts what toISOString writes for any epoch value', () => {
    for (const ms of [0, -1, Date.UTC(1985, 3, 12), Date.UTC(2099, 11, 31, 23, 59, 59, 999)]) {
      expect(IsoTimestamp.safeParse(new Date(ms).toISOString()).success).toBe(true);
    }
  });

  it.each(['2023-02-29T00:00:00.000Z', '2024-01-15', '2024-01-15T14:30:00', '01/15/2024', 'now', 1705330800000])(
    'rejects %p as Wrong date',
    (value) => {
      expect(messages(IsoTimestamp.safeParse(value))).toEqual(WRONG_DATE);
    },
  );
});

describe('UsCalendarDate (version 2 and 3 patient dates)', () => {
  it.each(['04/12/1985', '02/29/2024', '12/31/1999', '01/01/0099'])('accepts %p', (text) => {
    expect(UsCalendarDate.safeParse(text).success).toBe(true);
  });

  const INVALID = [
    ...['02/29/2023', '02/30/2024', '13/01/2024', '00/10/2024', '04/31/2024'],
    ...['4/12/1985', '1985-04-12', '04-12-1985', ''],
  ];
  it.each(INVALID)('rejects %p as Wrong date', (text) => {
    expect(isUsCalendarDate(text)).toBe(false);
    expect(messages(UsCalendarDate.safeParse(text))).toEqual(WRONG_DATE);
  });

  it('rejects a number as Wrong date', () => {
    expect(messages(UsCalendarDate.safeParse(482112000000))).toEqual(WRONG_DATE);
  });
});

describe('MM/DD/YYYY days', () => {
  it('reads the day an MM/DD/YYYY text names', () => {
    expect(readUsDate('04/12/1985')).toEqual({ year: 1985, month: 4, day: 12 });
    expect(readUsDate('02/29/2024')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(readUsDate('01/01/0099')).toEqual({ year: 99, month: 1, day: 1 });
    expect(readUsDate('02/29/0000')).toEqual({ year: 0, month: 2, day: 29 });
  });

  it.each(['02/29/2023', '02/30/2024', '13/01/2024', '00/10/2024', '04/31/2024', '04/00/2024', '4/12/1985', ' 04/12/1985', '04/12/1985 ', '04/12/19850', ''])(
    'reads %p as no day',
    (text) => {
      expect(readUsDate(text)).toBeUndefined();
    },
  );

  // dayjs's strict parse is the reference; it turns years before 100 into 19xx and refuses them, hence from 0100.
  it('agrees with dayjs strict parsing over every day of several years and impossible days', () => {
    const texts: string[] = [];
    for (const year of ['0100', '1900', '1999', '2000', '2023', '2024', '2100', '9999']) {
      for (let month = 0; month <= 13; month += 1) {
        for (let day = 0; day <= 32; day += 1) texts.push(`${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${year}`);
      }
    }
    const disagreements = texts.filter((text) => (readUsDate(text) !== undefined) !== dayjs.utc(text, 'MM/DD/YYYY', true).isValid());
    expect(disagreements).toEqual([]);
    const valid = texts.filter(isUsCalendarDate);
    expect(valid.length).toBe(8 * 365 + 2); // 2000 and 2024 are leap years; 0100, 1900 and 2100 are not
    for (const text of valid) expect(writeUsDate(readUsDate(text)!)).toBe(dayjs.utc(text, 'MM/DD/YYYY', true).format('MM/DD/YYYY'));
  });

  it('writes a day as MM/DD/YYYY with a four-digit year', () => {
    expect(writeUsDate({ year: 2024, month: 3, day: 5 })).toBe('03/05/2024');
    expect(writeUsDate({ year: 999, month: 12, day: 31 })).toBe('12/31/0999');
  });

  it('checks a day exists', () => {
    expect(calendarDay(2024, 2, 29)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(calendarDay(2023, 2, 29)).toBeUndefined();
    expect(calendarDay(2024, 13, 1)).toBeUndefined();
    expect(calendarDay(2024, 1.5, 1)).toBeUndefined();
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it('gives the UTC instant a day begins, or hours later, years before 100 included', () => {
    expect(usDateToUtc('05/20/2024')?.toISOString()).toBe('2024-05-20T00:00:00.000Z');
    expect(usDateToUtc('05/20/2024', 12)?.toISOString()).toBe('2024-05-20T12:00:00.000Z');
    expect(usDateToUtc('02/30/2024')).toBeUndefined();
    expect(utcMillisOf({ year: 50, month: 2, day: 3 })).toBe(new Date('0050-02-03T00:00:00.000Z').getTime());
    expect(utcDayOf(new Date('2024-05-20T23:59:59.999Z'))).toEqual({ year: 2024, month: 5, day: 20 });
    const local = new Date(2024, 4, 20, 23, 59);
    expect(localDayOf(local)).toEqual({ year: 2024, month: 5, day: 20 });
  });

  it('orders MM/DD/YYYY texts by day, texts that name no day first', () => {
    const sorted = ['12/31/2023', 'unreadable', '01/15/2024', '02/30/2024', '01/02/2024'].sort(compareUsDates);
    expect(sorted.slice(2)).toEqual(['12/31/2023', '01/02/2024', '01/15/2024']);
    expect(sorted.slice(0, 2).sort()).toEqual(['02/30/2024', 'unreadable']);
    expect(compareDays({ year: 2024, month: 1, day: 2 }, { year: 2023, month: 12, day: 31 })).toBeGreaterThan(0);
  });
});
