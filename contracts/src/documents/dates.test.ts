import { EpochMillis, IsoTimestamp, isUsCalendarDate, UsCalendarDate } from './dates';

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
