/**
 * /past-verifications, Verifications History (issue 15): the current office's verifications, searched (patient
 * name or member id), filtered (status, carrier, creation dates), sorted and paged by the verifications service.
 * Everything the list shows is in the address; a row opens its ticket (/verification/{id}). When the
 * organization's PAST_VERIFICATIONS_ENABLED flag is off the page says so, with a way on.
 *
 * Plain table, pager and controls (ui/) as on /management/bugs; only the date range uses antd's RangePicker,
 * which (with dayjs) loads just after the page renders: in the page's chunk it put the page over issue 12's
 * budget of JavaScript before render.
 */
import {
  COVERAGE_STATUSES,
  type CoverageStatus,
  matchRoute,
  MANAGEMENT_PAGE_SIZE_MAX,
  PATHS,
  VERIFICATION_STATUSES,
  type VerificationHistoryItem,
  type VerificationSortField,
  type VerificationStatus,
} from '@dv/contracts';
import { Button } from 'antd';
import { type CSSProperties, lazy, type ReactNode, Suspense, useCallback, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ChoiceFilter } from '../ui/choice-filter';
import { DataPager } from '../ui/data-pager';
import { LoadError } from '../ui/load-error';
import { SearchBox } from '../ui/search-box';
import { type SortDirection, SortHeader } from '../ui/sort-header';
import { StatusResult } from '../ui/status-result';
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
const DATES_LOADING = <span className="dv-history__control dv-history__dates dv-history__dates--loading" aria-hidden="true" />;

export const HISTORY_TITLE = matchRoute(PATHS.pastVerifications)?.label ?? 'Verifications History';
export const HISTORY_NOT_ENABLED = 'Verifications History is not enabled for this organization.';
const PAGE_SIZES = [10, 20, 50, MANAGEMENT_PAGE_SIZE_MAX];
const CONTROL = 'dv-history__control';

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

type Column = {
  readonly key: string;
  readonly title: string;
  readonly sort?: VerificationSortField;
  readonly style?: CSSProperties;
  readonly cell: (item: VerificationHistoryItem) => ReactNode;
};

export const ticketPath = (item: Pick<VerificationHistoryItem, 'id'>) => `/verification/${encodeURIComponent(item.id)}`;

const COLUMNS: readonly Column[] = [
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

function sortDirectionOf(query: HistoryQuery, field: VerificationSortField): SortDirection | undefined {
  if (query.sort !== field) return undefined;
  return query.order === 'asc' ? 'ascending' : 'descending';
}

/** Pressing a header sorts by its column; pressing it again turns the order round. */
function sortChange(query: HistoryQuery, field: VerificationSortField): Partial<HistoryQuery> {
  if (query.sort !== field) return { sort: field, order: FIRST_ORDER[field] };
  return { sort: field, order: query.order === 'asc' ? 'desc' : 'asc' };
}

function NotEnabled() {
  return (
    <StatusResult
      status="info"
      title={HISTORY_NOT_ENABLED}
      subTitle="Ask your administrator to turn it on. Meanwhile you can start a new verification."
      extra={<Link to={PATHS.verification}>Start a new verification</Link>}
    />
  );
}

/** The table body's one row when there are no rows: loading, failed, nothing yet, or nothing matching. */
function EmptyRow({ state, onClear }: { state: 'loading' | 'failed' | 'none' | 'filtered'; onClear: () => void }) {
  let content: ReactNode;
  if (state === 'loading') content = 'Loading verifications...';
  else if (state === 'failed') content = 'Nothing to show.';
  else if (state === 'filtered') {
    content = (
      <>
        No verifications match these filters.{' '}
        <Button type="link" size="small" onClick={onClear}>
          Clear filters
        </Button>
      </>
    );
  } else {
    content = (
      <>
        No verifications yet. <Link to={PATHS.verification}>Start a new verification</Link>
      </>
    );
  }
  return (
    <tr>
      <td className="dv-table-empty" colSpan={COLUMNS.length}>
        {content}
      </td>
    </tr>
  );
}

function HistoryList() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const query = useMemo(() => historyQueryFromSearch(search), [search]);
  const history = useVerificationHistory(query, true);
  const carriers = useCarriers();
  const carrierOptions = useMemo(
    () => (carriers.data ?? []).map((carrier) => ({ value: carrier.payerId, label: carrier.name })),
    [carriers.data],
  );

  // Filters replace the address instead of stacking history: Back leaves the list, as it came.
  const update = useCallback(
    (change: Partial<HistoryQuery>) => setSearch(searchOfHistoryQuery(changeHistoryQuery(query, change)), { replace: true }),
    [query, setSearch],
  );
  const onSearch = useCallback((text: string) => update({ q: text === '' ? undefined : text }), [update]);
  const clear = () => update(NO_HISTORY_FILTERS);

  const page = history.data;
  const items = page?.items ?? [];
  let emptyState: 'loading' | 'failed' | 'none' | 'filtered';
  if (history.isError) emptyState = 'failed';
  else if (history.isPending) emptyState = 'loading';
  else emptyState = hasHistoryFilters(query) ? 'filtered' : 'none';

  return (
    <>
      <div className="dv-history__filters" role="search" aria-label="Filter verifications">
        <SearchBox
          className={`${CONTROL} dv-history__search`}
          label="Search verifications"
          placeholder="Patient name or member ID"
          value={query.q ?? ''}
          onSearch={onSearch}
        />
        <ChoiceFilter
          className={CONTROL}
          label="Status"
          anyLabel="Any status"
          options={STATUS_OPTIONS}
          value={query.status}
          onChange={(status) => update({ status })}
        />
        <ChoiceFilter
          className={`${CONTROL} dv-history__carrier`}
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
      {history.isError ? (
        <LoadError className="dv-history__error" title="The verifications could not be loaded." onRetry={() => void history.refetch()} />
      ) : null}
      <div className="dv-table-scroll" tabIndex={0} role="region" aria-label="Verifications table">
        <table className="dv-table dv-history__table" aria-labelledby="history-title" aria-busy={history.isFetching}>
          <thead>
            <tr>
              {COLUMNS.map((column) =>
                column.sort ? (
                  <SortHeader
                    key={column.key}
                    style={column.style}
                    sorted={sortDirectionOf(query, column.sort)}
                    onSort={() => update(sortChange(query, column.sort!))}
                  >
                    {column.title}
                  </SortHeader>
                ) : (
                  <th key={column.key} scope="col" style={column.style}>
                    {column.title}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <EmptyRow state={emptyState} onClear={clear} />
            ) : (
              items.map((item) => (
                <tr
                  key={item.id}
                  className="dv-history__row"
                  onClick={(event) => {
                    // The patient link navigates by itself; the keyboard has the link.
                    if ((event.target as HTMLElement).closest('a')) return;
                    void navigate(ticketPath(item));
                  }}
                >
                  {COLUMNS.map((column) => (
                    <td key={column.key}>{column.cell(item)}</td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {page && page.total > 0 ? (
        <DataPager
          label="Verification pages"
          page={query.page}
          pageSize={query.pageSize}
          total={page.total}
          pageSizes={PAGE_SIZES}
          totalText={(total) => `${total} ${total === 1 ? 'verification' : 'verifications'}`}
          onChange={(to, pageSize) => update({ page: to, pageSize })}
        />
      ) : null}
    </>
  );
}

export function HistoryPage() {
  const enabled = useHistoryEnabled();
  return (
    <section className="dv-page dv-history" aria-labelledby="history-title">
      <h1 id="history-title" className="dv-page-title">
        {HISTORY_TITLE}
      </h1>
      {enabled === 'loading' ? <div className="dv-page-loading" aria-busy="true" /> : null}
      {enabled === 'off' ? <NotEnabled /> : null}
      {enabled === 'on' ? <HistoryList /> : null}
    </section>
  );
}
