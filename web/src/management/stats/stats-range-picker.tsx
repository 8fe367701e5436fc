/**
 * The statistics' range of days: antd's RangePicker, dates written MM/DD/YYYY (SPEC section 2), both ends needed,
 * no day after today and no range longer than the service takes (STATS_RANGE_MAX_DAYS). The page loads it lazily,
 * as the history page loads its own (antd's pickers are some 60 KB compressed).
 */
import { STATS_RANGE_MAX_DAYS } from '@dv/contracts';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DAYJS_DATE_FORMAT } from '../../fields/date-format';
import { type StatsRange } from './stats-query';

const DAY = 'YYYY-MM-DD';

export function StatsRangePicker({ value, onChange, today }: { value: StatsRange; onChange: (range: StatsRange) => void; today: string }) {
  const last = dayjs(today);
  return (
    <DatePicker.RangePicker
      className="dv-stats__dates"
      aria-label="Days"
      format={DAYJS_DATE_FORMAT}
      placeholder={['From', 'To']}
      allowClear={false}
      value={[dayjs(value.from), dayjs(value.to)]}
      disabledDate={(current: Dayjs, info?: { from?: Dayjs }) =>
        current.isAfter(last, 'day') || (info?.from !== undefined && Math.abs(current.diff(info.from, 'day')) >= STATS_RANGE_MAX_DAYS)
      }
      onChange={(days) => {
        const [from, to] = days ?? [];
        if (from && to) onChange({ from: from.format(DAY), to: to.format(DAY) });
      }}
    />
  );
}
