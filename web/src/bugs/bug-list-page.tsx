/**
 * /management/bugs: the organization's bug reports, filtered (solved, type, office, text), sorted (date, type,
 * solved) and paged by the bugs service. Everything the list shows is in the address; a row opens the report.
 *
 * Plain HTML controls, table and pager rather than antd's Table, Select, Radio, Input and Alert: with those the
 * page loaded some 180 KB of JavaScript (gzip) before it rendered, over issue 12's budget, for features (client-side
 * sorting and filtering, virtual lists, searchable dropdowns) a server-paged list never uses.
 */
import {
  BUG_TYPES,
  type BugReportListQuery,
  type BugSortField,
  type ManagedBugReport,
  matchRoute,
  PATHS,
} from '@dv/contracts';
import { Button } from 'antd';
import { useCallback } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ChoiceFilter } from '../ui/choice-filter';
import { LIST_PAGE_SIZES, type ListColumn, ListFrame, sortChange, sortDirectionOf, useListAddress } from '../ui/list-frame';
import { Pill } from '../ui/pill';
import { SearchBox } from '../ui/search-box';
import { changeListQuery, hasListFilters, listQueryFromSearch, searchOfListQuery } from './bug-list-filters';
import { type BugListState } from './bug-list-state';
import { useBugReports } from './management-bugs-api';
import { reportDateTime } from './report-dates';
import { SolvedTag } from './solved-tag';
import { useReportOffices } from './use-report-offices';
import '../ui/ui.css';
import './bugs.css';

const TITLE = matchRoute(PATHS.managementBugs)?.label ?? 'Bug Reports';
const SOLVED_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'false', label: 'Unsolved' },
  { value: 'true', label: 'Solved' },
] as const;
/** The first order a column sorts in when its header is pressed: dates newest first, words A to Z. */
const FIRST_ORDER: Record<BugSortField, BugReportListQuery['order']> = { creationDate: 'desc', type: 'asc', solved: 'asc' };

/** All, Unsolved, Solved: radio buttons drawn as one row of buttons. */
function StatusFilter({ value, onChange }: { value: boolean | undefined; onChange: (solved: boolean | undefined) => void }) {
  const checked = value === undefined ? 'all' : String(value);
  return (
    <div className="dv-segmented" role="radiogroup" aria-label="Status">
      {SOLVED_OPTIONS.map((option) => (
        <label key={option.value} className="dv-segmented__option">
          <input
            type="radio"
            name="bug-list-status"
            value={option.value}
            checked={checked === option.value}
            onChange={() => onChange(option.value === 'all' ? undefined : option.value === 'true')}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

const SELECT_CLASS = 'dv-control dv-bug-list__select';
const TYPE_OPTIONS = BUG_TYPES.map((type) => ({ value: type, label: type }));

export function BugListPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { query, update } = useListAddress({ fromSearch: listQueryFromSearch, toSearch: searchOfListQuery, change: changeListQuery });
  const reports = useBugReports(query);
  const offices = useReportOffices();

  const onTextSearch = useCallback((text: string) => update({ text: text === '' ? undefined : text }), [update]);

  const detailState: BugListState = { listSearch: location.search };
  const detailPath = (report: ManagedBugReport) => `/management/bugs/${encodeURIComponent(report.id)}`;

  const columns: ListColumn<ManagedBugReport, BugSortField>[] = [
    {
      key: 'creationDate',
      title: 'Reported',
      sort: 'creationDate',
      style: { width: 190 },
      cell: (report) => <span className="dv-nowrap">{reportDateTime(report.creationDate)}</span>,
    },
    { key: 'type', title: 'Type', sort: 'type', style: { width: 170 }, cell: (report) => report.type },
    {
      key: 'title',
      title: 'Title',
      cell: (report) => (
        <span className="dv-row dv-row-tight">
          <Link to={detailPath(report)} state={detailState}>
            {report.title}
          </Link>
          {report.attachment ? <Pill tone="default">attachment</Pill> : null}
        </span>
      ),
    },
    { key: 'office', title: 'Office', cell: (report) => offices.nameOf(report.officeId) },
    { key: 'user', title: 'Reported by', cell: (report) => report.user },
    { key: 'solved', title: 'Status', sort: 'solved', style: { width: 120 }, cell: (report) => <SolvedTag solved={report.solved} /> },
  ];

  const page = reports.data;
  let emptyText: string;
  if (reports.isError) emptyText = 'Nothing to show.';
  else if (reports.isPending) emptyText = 'Loading bug reports...';
  else emptyText = hasListFilters(query) ? 'No bug reports match these filters.' : 'No bug reports yet.';

  return (
    <section className="dv-page dv-bug-page" aria-labelledby="bug-list-title">
      <h1 id="bug-list-title" className="dv-page-title">
        {TITLE}
      </h1>
      <div className="dv-filters" role="search" aria-label="Filter bug reports">
        <StatusFilter value={query.solved} onChange={(solved) => update({ solved })} />
        <ChoiceFilter
          className={SELECT_CLASS}
          label="Type"
          anyLabel="Any type"
          options={TYPE_OPTIONS}
          value={query.type}
          onChange={(type) => update({ type })}
        />
        <ChoiceFilter
          className={SELECT_CLASS}
          label="Office"
          anyLabel="Any office"
          options={offices.options}
          value={query.office}
          onChange={(office) => update({ office })}
        />
        <SearchBox
          className="dv-control dv-bug-list__text"
          label="Search"
          placeholder="Search titles and explanations"
          value={query.text ?? ''}
          onSearch={onTextSearch}
        />
        {hasListFilters(query) ? (
          <Button
            type="link"
            onClick={() => update({ solved: undefined, type: undefined, office: undefined, text: undefined })}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
      <ListFrame
        regionLabel="Bug report table"
        labelledBy="bug-list-title"
        tableClassName="dv-bug-list__table dv-table-dims"
        rowClassName="dv-bug-list__row"
        columns={columns}
        items={page?.items ?? []}
        rowKey={(report) => report.id}
        onOpen={(report) => void navigate(detailPath(report), { state: detailState })}
        busy={reports.isFetching}
        empty={emptyText}
        sort={{
          sortedBy: (field) => sortDirectionOf(query, field),
          onSort: (field) => update(sortChange(query, field, FIRST_ORDER)),
        }}
        error={reports.isError ? { title: 'The bug reports could not be loaded.', className: 'dv-bug-list__error', onRetry: () => void reports.refetch() } : undefined}
        total={page?.total}
        pager={{
          label: 'Bug report pages',
          page: query.page,
          pageSize: query.pageSize,
          pageSizes: LIST_PAGE_SIZES,
          totalText: (total) => `${total} ${total === 1 ? 'report' : 'reports'}`,
          onChange: (to, pageSize) => update({ page: to, pageSize }),
        }}
      />
    </section>
  );
}
