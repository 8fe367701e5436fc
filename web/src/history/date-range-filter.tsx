/**
 * The creation date range of the history list: antd's RangePicker, dates written MM/DD/YYYY (SPEC section 2),
 * either end may stay open. It reads and writes days (YYYY-MM-DD) as the address keeps them.
 */
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DAYJS_DATE_FORMAT } from '../fields/date-format';

const ADDRESS_DAY = 'YYYY-MM-DD';

export type DayRange = { from?: string; to?: string };

/** The address's day as the picker's local day (dayjs reads YYYY-MM-DD as a local date). */
function dayOf(text: string | undefined): Dayjs | null {
  if (text === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = dayjs(text);
  return day.isValid() ? day : null;
}

export function DateRangeFilter({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  return (
    <DatePicker.RangePicker
      className="dv-history__dates"
      aria-label="Created between"
      format={DAYJS_DATE_FORMAT}
      placeholder={['Created from', 'Created to']}
      allowEmpty={[true, true]}
      value={[dayOf(value.from), dayOf(value.to)]}
      onChange={(days) =>
        onChange({ from: days?.[0]?.format(ADDRESS_DAY) ?? undefined, to: days?.[1]?.format(ADDRESS_DAY) ?? undefined })
      }
    />
  );
}
