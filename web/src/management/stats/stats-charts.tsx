/**
 * The statistics' charts, drawn with recharts. This module is loaded only by the statistics page, after its
 * figures show (React.lazy): the chart library is in no other page's JavaScript. The page's tables hold the same
 * numbers for screen readers and the CSV; the charts are their picture. The page is 1280 px wide (SPEC section 1),
 * so the charts have fixed sizes.
 */
import { type StatsReply } from '@dv/contracts';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { percent, shortDay, SOURCE_LABELS } from './stats-format';

const TEAL = '#00777a';
const ORANGE = '#d46b08';
const GREY = '#bfbfbf';

export function PerDayChart({ figures }: { figures: StatsReply }) {
  const data = figures.perDay.map((day) => ({
    day: shortDay(day.day),
    'Ready without an agent': day.readyWithoutAgent,
    Outsourced: day.outsourced,
    Other: Math.max(0, day.verifications - day.readyWithoutAgent - day.outsourced),
  }));
  return (
    <figure className="dv-stats__chart" aria-label="Verifications per day, chart">
      <figcaption className="dv-stats__chart-title">Verifications per day</figcaption>
      <BarChart width={900} height={280} data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" interval="preserveStartEnd" tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
        <Tooltip />
        {/* The legend's words in the text colour: the series' own (a light grey for 'Other') would be too faint to read. */}
        <Legend formatter={(value: string) => <span className="dv-stats__legend">{value}</span>} />
        <Bar dataKey="Ready without an agent" stackId="day" fill={TEAL} isAnimationActive={false} />
        <Bar dataKey="Outsourced" stackId="day" fill={ORANGE} isAnimationActive={false} />
        <Bar dataKey="Other" stackId="day" fill={GREY} isAnimationActive={false} />
      </BarChart>
    </figure>
  );
}

export function SourcesChart({ figures }: { figures: StatsReply }) {
  const data = figures.sources.map((source) => ({
    source: SOURCE_LABELS[source.source],
    'Success rate': source.successRate === null ? 0 : Math.round(source.successRate * 1000) / 10,
  }));
  return (
    <figure className="dv-stats__chart" aria-label="Success rate per source, chart">
      <figcaption className="dv-stats__chart-title">Success rate per source</figcaption>
      <BarChart width={440} height={220} data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 24 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" domain={[0, 100]} unit="%" tick={{ fontSize: 12 }} />
        <YAxis type="category" dataKey="source" width={120} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(value) => percent(Number(value) / 100)} />
        <Bar dataKey="Success rate" fill={TEAL} isAnimationActive={false} />
      </BarChart>
    </figure>
  );
}

/** Both charts, the module's default export for React.lazy. */
export default function StatsCharts({ figures, part }: { figures: StatsReply; part: 'perDay' | 'sources' }) {
  return part === 'perDay' ? <PerDayChart figures={figures} /> : <SourcesChart figures={figures} />;
}
