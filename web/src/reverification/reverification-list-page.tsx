/**
 * /reverification, Re-verification (issue 15): the office's re-verifications, searched (patient name or member
 * id), sorted and paged by the verifications service, kept live by the socket. Everything the list shows is in
 * the address; a row opens its re-verification. Above it, the way to start one: a picker of past verifications,
 * or, when the address names one (?verificationId=, the ticket page's "Re-verify"), that verification with
 * "Re-verify now".
 *
 * The list's frame (ui/list-frame.tsx) and plain controls (ui/) as on Verifications History and Plan Search, to
 * keep the page light.
 */
import {
  matchRoute,
  PATHS,
  type ReverificationListItem,
  type ReverificationListQuery,
} from '@dv/contracts';
import { Button } from 'antd';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LIST_PAGE_SIZES, type ListColumn, ListFrame, sortChange, sortDirectionOf, useListAddress } from '../ui/list-frame';
import { Pill } from '../ui/pill';
import { SearchBox } from '../ui/search-box';
import { SectionCard } from '../ui/section-card';
import { PastVerificationPicker } from './past-verification-picker';
import { useReverifications } from './reverification-api';
import { COVERAGE_LOOKS, dateTime, listName, STATUS_LOOKS } from './reverification-look';
import { type ListState, reverificationPath, VERIFICATION_PARAM } from './reverification-paths';
import { changeListQuery, type ListQuery, listQueryFromSearch, searchOfListQuery } from './reverification-query';
import { VerificationStartPanel } from './verification-start-panel';
import '../ui/ui.css';
import './reverification.css';

export const REVERIFICATION_TITLE = matchRoute(PATHS.reverification)?.label ?? 'Re-verification';
const TITLE_ID = 'reverification-title';
type SortField = ReverificationListQuery['sort'];

/** The first order a column sorts in when its header is pressed: dates newest first, names A to Z. */
const FIRST_ORDER: Record<SortField, ListQuery['order']> = { lastCheckedAt: 'desc', patientName: 'asc' };

function columnsOf(state: ListState): ListColumn<ReverificationListItem, SortField>[] {
  return [
    {
      key: 'patient',
      title: 'Patient',
      sort: 'patientName',
      cell: (item) => (
        <Link to={reverificationPath(item.id)} state={state} className="dv-nowrap">
          {listName(item.patient)}
        </Link>
      ),
    },
    { key: 'dob', title: 'DOB', cell: (item) => item.patient.dob },
    { key: 'carrier', title: 'Carrier', cell: (item) => item.carrier.name },
    { key: 'memberId', title: 'Member ID', cell: (item) => item.patient.memberId },
    { key: 'lastChecked', title: 'Last checked', sort: 'lastCheckedAt', cell: (item) => <span className="dv-nowrap">{dateTime(item.lastCheckedAt)}</span> },
    {
      key: 'status',
      title: 'Status',
      cell: (item) => <Pill tone={STATUS_LOOKS[item.status].tone}>{STATUS_LOOKS[item.status].text}</Pill>,
    },
    {
      key: 'coverage',
      title: 'Coverage',
      cell: (item) => <Pill tone={COVERAGE_LOOKS[item.coverageStatus].tone}>{COVERAGE_LOOKS[item.coverageStatus].text}</Pill>,
    },
    {
      key: 'changes',
      title: 'Changes',
      cell: (item) => (item.changes === 0 ? <span className="dv-text-secondary">None</span> : <strong>{item.changes}</strong>),
    },
  ];
}

function emptyText(query: ListQuery, state: { isError: boolean; isPending: boolean; offering: boolean }, onClear: () => void): ReactNode {
  if (state.isError) return 'Nothing to show.';
  if (state.isPending) return 'Loading re-verifications...';
  if (query.q) {
    return (
      <>
        No re-verification matches “{query.q}”.{' '}
        <Button type="link" size="small" onClick={onClear}>
          Clear search
        </Button>
      </>
    );
  }
  if (state.offering) return 'No re-verifications yet: Re-verify now above starts the first.';
  return 'No re-verifications yet. To start one, open “Re-verify a past verification” above and press Re-verify beside the patient, or press Re-verify on a verification’s page.';
}

/** How to start one: the verification the address names, or the picker (folded once the office has a list). */
function StartSection({ verificationId, hasRows, onClose }: { verificationId: string | null; hasRows: boolean | undefined; onClose: () => void }) {
  const [opened, setOpened] = useState<boolean | null>(null);
  const panelId = useId();
  if (verificationId !== null) {
    return (
      <SectionCard size="small" title="Re-verify this verification" className="dv-reverification__start">
        <VerificationStartPanel verificationId={verificationId} onClose={onClose} />
      </SectionCard>
    );
  }
  // Open by default while the office has no re-verification: that is the one thing to do here.
  const open = opened ?? hasRows === false;
  return (
    <div className="dv-reverification__start">
      <Button aria-expanded={open} aria-controls={panelId} onClick={() => setOpened(!open)}>
        Re-verify a past verification
      </Button>
      {open ? (
        <SectionCard id={panelId} size="small" title="Re-verify a past verification" className="dv-reverification__picker-card">
          <PastVerificationPicker />
        </SectionCard>
      ) : null}
    </div>
  );
}

export function ReverificationListPage() {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const verificationId = search.get(VERIFICATION_PARAM) || null;
  // The list's address keeps the verification the page offers to re-verify, if any.
  const toSearch = useCallback((query: ListQuery) => searchOfListQuery(query, verificationId), [verificationId]);
  const { query, update } = useListAddress({ fromSearch: listQueryFromSearch, toSearch, change: changeListQuery });
  const list = useReverifications(query);

  const onSearch = useCallback((text: string) => update({ q: text === '' ? undefined : text }), [update]);
  const clear = () => update({ q: undefined });

  const state: ListState = { listSearch: location.search };
  const page = list.data;

  return (
    <section className="dv-page dv-reverification" aria-labelledby={TITLE_ID}>
      <h1 id={TITLE_ID} className="dv-page-title">
        {REVERIFICATION_TITLE}
      </h1>
      <p className="dv-text-secondary dv-reverification__intro">
        Check an earlier verification&apos;s eligibility again before the appointment: what changed since the last check is named on each.
      </p>
      <StartSection
        verificationId={verificationId}
        hasRows={list.isPending || list.isError ? undefined : (page?.total ?? 0) > 0 || query.q !== undefined}
        onClose={() => setSearch(searchOfListQuery(query), { replace: true })}
      />
      <div className="dv-filters" role="search" aria-label="Filter re-verifications">
        <SearchBox
          className="dv-control dv-reverification__list-search"
          label="Search re-verifications"
          placeholder="Patient name or member ID"
          value={query.q ?? ''}
          onSearch={onSearch}
        />
      </div>
      <ListFrame
        regionLabel="Re-verifications table"
        labelledBy={TITLE_ID}
        tableClassName="dv-reverification__table dv-reverification__list dv-table-dims"
        rowClassName="dv-reverification__row"
        columns={columnsOf(state)}
        items={page?.items ?? []}
        rowKey={(item) => item.id}
        onOpen={(item) => void navigate(reverificationPath(item.id), { state })}
        busy={list.isFetching}
        empty={emptyText(query, { isError: list.isError, isPending: list.isPending, offering: verificationId !== null }, clear)}
        sort={{
          sortedBy: (field) => sortDirectionOf(query, field),
          onSort: (field) => update(sortChange(query, field, FIRST_ORDER)),
        }}
        error={
          list.isError ? { title: 'The re-verifications could not be loaded.', className: 'dv-reverification__error', onRetry: () => void list.refetch() } : undefined
        }
        total={page?.total}
        pager={{
          label: 'Re-verification pages',
          page: query.page,
          pageSize: query.pageSize,
          pageSizes: LIST_PAGE_SIZES,
          totalText: (total) => `${total} ${total === 1 ? 're-verification' : 're-verifications'}`,
          onChange: (to, pageSize) => update({ page: to, pageSize }),
        }}
      />
    </section>
  );
}
