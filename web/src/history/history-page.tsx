/**
 * /past-verifications, Verifications History (issue 15): the current office's verifications, searched (patient
 * name or member id), filtered (status, carrier, creation dates), sorted and paged by the verifications service.
 * Everything the list shows is in the address; a row opens its ticket (/verification/{id}). Unless the
 * organization's PAST_VERIFICATIONS_ENABLED flag is on (history-flag.ts), the menu leaves the item out and the
 * address shows the under-construction page, as for every page the app does not offer.
 *
 * Plain table, pager and controls (ui/) as on /management/bugs; only the date range uses antd's RangePicker,
 * which (with dayjs) loads just after the page renders: in the page's chunk it put the page over issue 12's
 * budget of JavaScript before render.
 */
import {
  COVERAGE_STATUSES,
  type CoverageStatus,
  matchRoute,
  PATHS,
  VERIFICATION_STATUSES,
  type VerificationHistoryItem,
  type VerificationSortField,
  type VerificationStatus,
} from '@dv/contracts';
import { Button } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { UnderConstructionPage } from '../pages/under-construction-page';
import { ChoiceFilter } from '../ui/choice-filter';
import { LIST_PAGE_SIZES, type ListColumn, ListFrame, sortChange, sortDirectionOf, useListAddress } from '../ui/list-frame';
import { SearchBox } from '../ui/search-box';
import { useCarriers } from '../verification/new/new-verification-api';
import { useHistoryEnabled, useVerificationHistory } from './history-api';
import { localDate } from './history-dates';
import {
  changeHistoryQuery,
  hasHistoryFilters,
  historyQueryFromSearch,
  type HistoryQuery,
  NO_HISTORY_FILTERS,
  searchOfHistoryQuery,
} from './history-query';
import '../ui/ui.css';
import './history.css';

const DateRangeFilter = lazy(() => import('./date-range-filter').then((m) => ({ default: m.DateRangeFilter })));

/** Where the date range picker will be, the size it will have, while it loads. */
const DATES_LOADING = <span className="dv-control dv-history__dates dv-history__dates--loading" aria-hidden="true" />;

export const HISTORY_TITLE = matchRoute(PATHS.pastVerifications)?.label ?? 'Verifications History';
const CONTROL = 'dv-control';

export const STATUS_LABELS: Readonly<Record<VerificationStatus, string>> = {
  Completed: 'Completed',
  Submitted: 'Submitted',
  Pending: 'Pending',
  portalpending: 'Portal pending',
};
const STATUS_OPTIONS = VERIFICATION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));
const COVERAGE_LABELS = Object.fromEntries(
  COVERAGE_STATUSES.map((status) => [status, status.charAt(0).toUpperCase() + status.slice(1)]),
) as Readonly<Record<CoverageStatus, string>>;

/** The first order a column sorts in when its header is pressed: dates newest first, words A to Z. */
const FIRST_ORDER: Record<VerificationSortField, HistoryQuery['order']> = {
  createdAt: 'desc',
  updatedAt: 'desc',
  patientName: 'asc',
  dob: 'asc',
  status: 'asc',
  carrier: 'asc',
};

export const ticketPath = (item: Pick<VerificationHistoryItem, 'id'>) => `/verification/${encodeURIComponent(item.id)}`;

const COLUMNS: readonly ListColumn<VerificationHistoryItem, VerificationSortField>[] = [
  {
    key: 'patient',
    title: 'Patient',
    sort: 'patientName',
    cell: (item) => <Link to={ticketPath(item)}>{`${item.patient.lastName}, ${item.patient.firstName}`}</Link>,
  },
  { key: 'dob', title: 'DOB', sort: 'dob', style: { width: 100 }, cell: (item) => item.patient.dob },
  { key: 'carrier', title: 'Carrier', sort: 'carrier', cell: (item) => item.carrier.name },
  { key: 'memberId', title: 'Member ID', cell: (item) => item.patient.memberId },
  { key: 'created', title: 'Created', sort: 'createdAt', style: { width: 105 }, cell: (item) => localDate(item.createdAt) },
  { key: 'status', title: 'Status', sort: 'status', style: { width: 120 }, cell: (item) => STATUS_LABELS[item.status] },
  {
    key: 'coverage',
    title: 'Coverage',
    style: { width: 100 },
    cell: (item) => <span className={`dv-history__coverage dv-history__coverage--${item.coverageStatus}`}>{COVERAGE_LABELS[item.coverageStatus]}</span>,
  },
  { key: 'score', title: 'Plan score', style: { width: 70 }, cell: (item) => (item.planScore === null ? '—' : item.planScore) },
  { key: 'createdBy', title: 'Created by', cell: (item) => item.createdBy },
];

/** What the table says when it has no rows: loading, failed, nothing yet, or nothing matching. */
function emptyText(state: 'loading' | 'failed' | 'none' | 'filtered', onClear: () => void): ReactNode {
  if (state === 'loading') return 'Loading verifications...';
  if (state === 'failed') return 'Nothing to show.';
  if (state === 'filtered') {
    return (
      <>
        No verifications match these filters.{' '}
        <Button type="link" size="small" onClick={onClear}>
          Clear filters
        </Button>
      </>
    );
  }
  return (
    <>
      No verifications yet. <Link to={PATHS.verification}>Start a new verification</Link>
    </>
  );
}

function HistoryList() {
  const navigate = useNavigate();
  const { query, update } = useListAddress({ fromSearch: historyQueryFromSearch, toSearch: searchOfHistoryQuery, change: changeHistoryQuery });
  const history = useVerificationHistory(query, true);
  const carriers = useCarriers();
  const carrierOptions = useMemo(
    () => (carriers.data ?? []).map((carrier) => ({ value: carrier.payerId, label: carrier.name })),
    [carriers.data],
  );

  const onSearch = useCallback((text: string) => update({ q: text === '' ? undefined : text }), [update]);
  const clear = () => update(NO_HISTORY_FILTERS);

  const page = history.data;
  let emptyState: 'loading' | 'failed' | 'none' | 'filtered';
  if (history.isError) emptyState = 'failed';
  else if (history.isPending) emptyState = 'loading';
  else emptyState = hasHistoryFilters(query) ? 'filtered' : 'none';

  return (
    <>
      <div className="dv-filters" role="search" aria-label="Filter verifications">
        <SearchBox
          className={`${CONTROL} dv-history__search`}
          label="Search verifications"
          placeholder="Patient name or member ID"
          value={query.q ?? ''}
          onSearch={onSearch}
        />
        <ChoiceFilter
          className={`${CONTROL} dv-history__select`}
          label="Status"
          anyLabel="Any status"
          options={STATUS_OPTIONS}
          value={query.status}
          onChange={(status) => update({ status })}
        />
        <ChoiceFilter
          className={`${CONTROL} dv-history__select dv-history__carrier`}
          label="Carrier"
          anyLabel="Any carrier"
          options={carrierOptions}
          value={query.carrier}
          onChange={(carrier) => update({ carrier })}
        />
        <Suspense fallback={DATES_LOADING}>
          <DateRangeFilter value={{ from: query.from, to: query.to }} onChange={(range) => update(range)} />
        </Suspense>
        {hasHistoryFilters(query) ? (
          <Button type="link" onClick={clear}>
            Clear filters
          </Button>
        ) : null}
      </div>
      <ListFrame
        regionLabel="Verifications table"
        labelledBy="history-title"
        tableClassName="dv-history__table dv-table-dims"
        rowClassName="dv-history__row"
        columns={COLUMNS}
        items={page?.items ?? []}
        rowKey={(item) => item.id}
        onOpen={(item) => void navigate(ticketPath(item))}
        busy={history.isFetching}
        empty={emptyText(emptyState, clear)}
        sort={{
          sortedBy: (field) => sortDirectionOf(query, field),
          onSort: (field) => update(sortChange(query, field, FIRST_ORDER)),
        }}
        error={history.isError ? { title: 'The verifications could not be loaded.', className: 'dv-history__error', onRetry: () => void history.refetch() } : undefined}
        total={page?.total}
        pager={{
          label: 'Verification pages',
          page: query.page,
          pageSize: query.pageSize,
          pageSizes: LIST_PAGE_SIZES,
          totalText: (total) => `${total} ${total === 1 ? 'verification' : 'verifications'}`,
          onChange: (to, pageSize) => update({ page: to, pageSize }),
        }}
      />
    </>
  );
}

export function HistoryPage() {
  const enabled = useHistoryEnabled();
  if (enabled === 'off') return <UnderConstructionPage />;
  return (
    <section className="dv-page dv-history" aria-labelledby="history-title">
      <h1 id="history-title" className="dv-page-title">
        {HISTORY_TITLE}
      </h1>
      {enabled === 'loading' ? <div className="dv-page-loading" aria-busy="true" /> : null}
      {enabled === 'on' ? <HistoryList /> : null}
    </section>
  );
}
