import dayjs from 'dayjs';
import { reportDateTime } from './report-dates';

// The pages once wrote these dates with dayjs; the text must not change now that they use plain Date.
const INSTANTS = [
  '2025-03-12T12:00:00.000Z',
  '2025-03-12T00:05:00Z',
  '2025-12-31T23:59:59.999Z',
  '2026-01-05T00:00:00+05:00',
  '2026-01-05T12:30:00-08:00',
  '2026-03-08T10:30:00.123456Z',
];

describe('reportDateTime', () => {
  it.each(INSTANTS)('writes %p as dayjs did', (iso) => {
    expect(reportDateTime(iso)).toBe(dayjs(iso).format('MM/DD/YYYY hh:mm A'));
  });

  it('writes a 12-hour clock with AM and PM', () => {
    const local = (hours: number, minutes: number) => new Date(2025, 2, 12, hours, minutes).toISOString();
    expect(reportDateTime(local(0, 5))).toBe('03/12/2025 12:05 AM');
    expect(reportDateTime(local(9, 21))).toBe('03/12/2025 09:21 AM');
    expect(reportDateTime(local(12, 0))).toBe('03/12/2025 12:00 PM');
    expect(reportDateTime(local(23, 59))).toBe('03/12/2025 11:59 PM');
  });

  it('keeps a text that is no date as it is', () => {
    expect(reportDateTime('soon')).toBe('soon');
  });
});
