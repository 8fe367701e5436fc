/**
 * /management/bugs: the organization's bug reports, filtered (solved, type, office, text), sorted (date, type,
 * solved) and paged by the bugs service. Everything the list shows is in the address; a row opens the report.
 */
import {
  BUG_TYPES,
  type BugReportListQuery,
  type BugSortField,
  type ManagedBugReport,
  MANAGEMENT_PAGE_SIZE_MAX,
  matchRoute,
  PATHS,
} from '@dv/contracts';
import { Alert, Button, Empty, Input, Radio, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type SortOrder } from 'antd/es/table/interface';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { changeListQuery, hasListFilters, listQueryFromSearch, searchOfListQuery } from './bug-list-filters';
import { type BugListState } from './bug-list-state';
import { SolvedTag } from './solved-tag';
import { useBugReports } from './management-bugs-api';
import { reportDateTime } from './report-dates';
import { useReportOffices } from './use-report-offices';
import './bugs.css';

/** Long enough to let a word be typed, short enough to feel live; Enter searches at once. */
export const TEXT_SEARCH_DEBOUNCE_MS = 400;

const TITLE = matchRoute(PATHS.managementBugs)?.label ?? 'Bug Reports';
const PAGE_SIZES = [10, 20, 50, MANAGEMENT_PAGE_SIZE_MAX];
const TYPE_OPTIONS = BUG_TYPES.map((type) => ({ value: type, label: type }));
const SOLVED_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'false', label: 'Unsolved' },
  { value: 'true', label: 'Solved' },
];
// Never back to "unsorted": the service always sorts, newest first unless told otherwise.
const NEWEST_FIRST: SortOrder[] = ['descend', 'ascend', 'descend'];
const A_TO_Z_FIRST: SortOrder[] = ['ascend', 'descend', 'ascend'];

function sortOrderOf(query: BugReportListQuery, field: BugSortField): SortOrder {
  if (query.sort !== field) return null;
  return query.order === 'asc' ? 'ascend' : 'descend';
}

/** The text box: shows what the address says, and writes what is typed there once typing pauses. */
function TextFilter({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const applied = useRef(value);

  useEffect(() => {
    if (value !== applied.current) {
      applied.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === applied.current) return;
    const timer = setTimeout(() => {
      applied.current = wanted;
      onSearch(wanted);
    }, TEXT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <Input.Search
      className="dv-bug-list__text"
      aria-label="Search"
      placeholder="Search titles and explanations"
      allowClear
      maxLength={100}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(typed) => {
        applied.current = typed.trim();
        onSearch(typed.trim());
      }}
    />
  );
}

export function BugListPage() {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => listQueryFromSearch(search), [search]);
  const reports = useBugReports(query);
  const offices = useReportOffices();

  // Filters replace the address instead of stacking history: Back leaves the list, as it came.
  const update = useCallback(
    (change: Partial<BugReportListQuery>) => setSearch(searchOfListQuery(changeListQuery(query, change)), { replace: true }),
    [query, setSearch],
  );
  const onTextSearch = useCallback((text: string) => update({ text: text === '' ? undefined : text }), [update]);

  const detailState: BugListState = { listSearch: location.search };
  const open = (report: ManagedBugReport) =>
    void navigate(`/management/bugs/${encodeURIComponent(report.id)}`, { state: detailState });

  const columns: TableColumnsType<ManagedBugReport> = [
    {
      key: 'creationDate',
      title: 'Reported',
      dataIndex: 'creationDate',
      sorter: true,
      sortOrder: sortOrderOf(query, 'creationDate'),
      sortDirections: NEWEST_FIRST,
      render: (date: string) => <span className="dv-nowrap">{reportDateTime(date)}</span>,
      width: 190,
    },
    {
      key: 'type',
      title: 'Type',
      dataIndex: 'type',
      sorter: true,
      sortOrder: sortOrderOf(query, 'type'),
      sortDirections: A_TO_Z_FIRST,
      width: 170,
    },
    {
      key: 'title',
      title: 'Title',
      render: (_, report) => (
        <Space size={4} wrap>
          <Link to={`/management/bugs/${encodeURIComponent(report.id)}`} state={detailState}>
            {report.title}
          </Link>
          {report.attachment ? <Tag>attachment</Tag> : null}
        </Space>
      ),
    },
    { key: 'office', title: 'Office', render: (_, report) => offices.nameOf(report.officeId) },
    { key: 'user', title: 'Reported by', dataIndex: 'user' },
    {
      key: 'solved',
      title: 'Status',
      sorter: true,
      sortOrder: sortOrderOf(query, 'solved'),
      sortDirections: A_TO_Z_FIRST,
      render: (_, report) => <SolvedTag solved={report.solved} />,
      width: 120,
    },
  ];

  const page = reports.data;
  return (
    <section className="dv-page" aria-labelledby="bug-list-title">
      <Typography.Title level={1} id="bug-list-title" className="dv-page-title">
        {TITLE}
      </Typography.Title>
      <div className="dv-bug-list__filters" role="search" aria-label="Filter bug reports">
        <Radio.Group
          aria-label="Status"
          optionType="button"
          options={SOLVED_OPTIONS}
          value={query.solved === undefined ? 'all' : String(query.solved)}
          onChange={(event) => {
            const value = event.target.value as string;
            update({ solved: value === 'all' ? undefined : value === 'true' });
          }}
        />
        <Select
          className="dv-bug-list__select"
          aria-label="Type"
          placeholder="Any type"
          allowClear
          options={TYPE_OPTIONS}
          value={query.type}
          onChange={(type?: BugReportListQuery['type']) => update({ type })}
        />
        <Select
          className="dv-bug-list__select"
          aria-label="Office"
          placeholder="Any office"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={offices.options}
          value={query.office}
          onChange={(office?: string) => update({ office })}
        />
        <TextFilter value={query.text ?? ''} onSearch={onTextSearch} />
        {hasListFilters(query) ? (
          <Button
            type="link"
            onClick={() => update({ solved: undefined, type: undefined, office: undefined, text: undefined })}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
      {reports.isError ? (
        <Alert
          className="dv-bug-list__error"
          type="error"
          role="alert"
          showIcon
          title="The bug reports could not be loaded."
          action={
            <Button size="small" onClick={() => void reports.refetch()}>
              Try again
            </Button>
          }
        />
      ) : null}
      <Table<ManagedBugReport>
        className="dv-bug-list__table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={page?.items ?? []}
        loading={reports.isFetching}
        aria-busy={reports.isFetching}
        locale={{
          emptyText: reports.isError ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing to show." />
          ) : reports.isPending ? (
            <span className="dv-bug-list__loading">Loading bug reports...</span>
          ) : (
            <Empty description={hasListFilters(query) ? 'No bug reports match these filters.' : 'No bug reports yet.'} />
          ),
        }}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => `${total} ${total === 1 ? 'report' : 'reports'}`,
        }}
        onChange={(pagination, _filters, sorter, { action }) => {
          if (action === 'paginate') {
            update({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? query.pageSize });
            return;
          }
          if (action !== 'sort') return;
          const sorted = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = sorted?.columnKey as BugSortField | undefined;
          if (!field || !sorted?.order) update({ sort: 'creationDate', order: 'desc' });
          else update({ sort: field, order: sorted.order === 'ascend' ? 'asc' : 'desc' });
        }}
        onRow={(report) => ({
          className: 'dv-bug-list__row',
          onClick: (event) => {
            // The title link navigates by itself.
            if ((event.target as HTMLElement).closest('a')) return;
            open(report);
          },
        })}
      />
    </section>
  );
}
