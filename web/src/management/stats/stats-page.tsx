/**
 * /management/stats (issue 18 item 5; superadministrator, staffmanager, staff): how verification went in a range
 * of days (the last seven by default): verifications per day, the share ready without an agent, the time to ready,
 * each source's success rate, the payers' most frequent rejection reasons and the outsourced tickets by status,
 * as figures, tables and charts, with a CSV of the same. The range and office are in the address. A super
 * administrator sees every office of the organization or one; an office user one of their offices.
 */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { matchRoute, PATHS, type StatsReply } from '@dv/contracts';
import { Button } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useOffice } from '../../office/office-context';
import { ChoiceFilter } from '../../ui/choice-filter';
import { LoadError } from '../../ui/load-error';
import { SectionCard } from '../../ui/section-card';
import { useStats } from './stats-api';
import { downloadStatsCsv } from './stats-csv';
import { duration, percent } from './stats-format';
import { statsOffices, type StatsOffices } from './stats-offices';
import { browserTimeZone, localDay, rangeFromSearch, searchOf, type StatsRange } from './stats-query';
import { OutsourcedTable, ReasonsTable, SourcesTable } from './stats-tables';
import '../../ui/ui.css';
import './stats.css';

const StatsRangePicker = lazy(() => import('./stats-range-picker').then((m) => ({ default: m.StatsRangePicker })));
// The chart library loads with this module only, after the figures are on screen.
const StatsCharts = lazy(() => import('./stats-charts'));

export const STATS_TITLE = matchRoute(PATHS.managementStats)?.label ?? 'Statistics';

const CHART_LOADING = <div className="dv-stats__chart dv-stats__chart--loading" aria-hidden="true" />;

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="dv-stats__figure">
      <dt>{label}</dt>
      <dd>
        <span className="dv-stats__value">{value}</span>
        {detail === undefined ? null : <span className="dv-stats__detail">{detail}</span>}
      </dd>
    </div>
  );
}

function Figures({ figures }: { figures: StatsReply | undefined }) {
  const totals = figures?.totals;
  const shown = (text: string | undefined) => (figures === undefined ? '…' : (text ?? '—'));
  return (
    <dl className="dv-stats__figures" aria-label="Figures">
      <Figure label="Verifications" value={shown(totals && String(totals.verifications))} />
      <Figure
        label="Ready without an agent"
        value={shown(figures && percent(figures.readyWithoutAgentShare))}
        {...(totals ? { detail: `${totals.readyWithoutAgent} of ${totals.verifications}` } : {})}
      />
      <Figure
        label="Median time to ready"
        value={shown(figures && duration(figures.timeToReady.medianMs))}
        {...(figures && figures.timeToReady.p90Ms !== null ? { detail: `90% within ${duration(figures.timeToReady.p90Ms)}` } : {})}
      />
      <Figure label="Outsourced" value={shown(totals && String(totals.outsourced))} />
    </dl>
  );
}

/** The office control: every office or one (a super administrator), one of theirs (an office user of several). */
function OfficeControl({ offices, value, onChange }: { offices: StatsOffices; value: string | undefined; onChange: (id: string | undefined) => void }) {
  if (offices.kind === 'organization') {
    return <ChoiceFilter className="dv-control" label="Office" anyLabel="All offices" options={offices.options} value={value} onChange={onChange} />;
  }
  if (offices.options.length < 2) return <span className="dv-stats__office">{offices.options[0]?.label ?? ''}</span>;
  // A few offices of one's own: choices in view (the header's office switcher is the select of the page).
  return (
    <fieldset className="dv-stats__offices">
      <legend>Office</legend>
      {offices.options.map((option) => (
        <label key={option.value} className="dv-stats__office-choice">
          <input type="radio" name="stats-office" value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

function Breakdown({ figures }: { figures: StatsReply }) {
  return (
    <>
      <Suspense fallback={CHART_LOADING}>
        <StatsCharts figures={figures} part="perDay" />
      </Suspense>
      <div className="dv-stats__grid">
        <SectionCard size="small" title="Sources">
          <Suspense fallback={CHART_LOADING}>
            <StatsCharts figures={figures} part="sources" />
          </Suspense>
          <SourcesTable figures={figures} />
        </SectionCard>
        <SectionCard size="small" title="Top rejection reasons">
          <ReasonsTable figures={figures} />
        </SectionCard>
        <SectionCard size="small" title="Outsourced tickets by status">
          <OutsourcedTable figures={figures} />
        </SectionCard>
      </div>
    </>
  );
}

export function StatsPage() {
  const [search, setSearch] = useSearchParams();
  const { access, currentOfficeId, offices: userOffices } = useOffice();
  const now = useMemo(() => new Date(), []);
  const range = rangeFromSearch(search, now);
  const offices = statsOffices({ claims: access.claims, roles: access.roles, currentOfficeId, offices: userOffices });
  const asked = search.get('officeId')?.trim() || undefined;
  const officeId =
    offices.kind === 'organization' ? asked : asked !== undefined && offices.options.some((option) => option.value === asked) ? asked : offices.fallback;
  const timeZone = useMemo(browserTimeZone, []);
  const stats = useStats({ ...range, timeZone, officeId, actAsOffice: offices.kind === 'offices' }, offices.kind === 'organization' || officeId !== undefined);
  const figures = stats.data;
  const officeLabel = officeId === undefined ? 'All offices' : (offices.options.find((option) => option.value === officeId)?.label ?? officeId);

  const update = (next: StatsRange, office: string | undefined) => setSearch(searchOf(next, office, now), { replace: true });

  return (
    <section className="dv-page dv-stats" aria-labelledby="stats-title">
      <h1 id="stats-title" className="dv-page-title">
        {STATS_TITLE}
      </h1>
      <div className="dv-filters" role="search" aria-label="Choose the days and the office">
        <Suspense fallback={<span className="dv-stats__dates dv-stats__dates--loading" aria-hidden="true" />}>
          <StatsRangePicker value={range} today={localDay(now)} onChange={(next) => update(next, asked)} />
        </Suspense>
        <OfficeControl offices={offices} value={officeId} onChange={(office) => update(range, office)} />
        <Button
          className="dv-stats__export"
          icon={<DownloadOutlined />}
          disabled={figures === undefined}
          onClick={() => figures && downloadStatsCsv(figures, officeLabel)}
        >
          Export CSV
        </Button>
      </div>
      {offices.kind === 'offices' && offices.options.length === 0 ? (
        <p className="dv-stats__notice">None of your offices lets you see statistics.</p>
      ) : null}
      {stats.isError ? <LoadError className="dv-stats__error" title="The statistics could not be loaded." onRetry={() => void stats.refetch()} /> : null}
      <div aria-busy={stats.isFetching} aria-live="polite">
        <Figures figures={figures} />
        {figures?.truncated ? (
          <p className="dv-stats__notice">
            These days hold more verifications than one request counts: the figures cover the earliest ones. Choose fewer days or one office.
          </p>
        ) : null}
        {figures === undefined ? null : figures.totals.verifications === 0 ? (
          <p className="dv-stats__empty">No verification was made in these days.</p>
        ) : (
          <Breakdown figures={figures} />
        )}
      </div>
    </section>
  );
}
