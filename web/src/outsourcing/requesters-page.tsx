/**
 * /management/requesters (issue 15 item 7; admin, superadministrator): who requested outsourced work, per office,
 * with counts: requests, by type, the requested tickets' current statuses, the last request. Each office opens
 * onto its requesters. The office filter is in the address (?officeId=...); office names come from the
 * management offices call the bug pages use.
 */
import { matchRoute, OUTSOURCE_TYPES, type CountsByStatus, type OfficeRequesters, PATHS, type RequesterCounts, TICKET_STATUSES } from '@dv/contracts';
import { Fragment, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useReportOffices } from '../bugs/use-report-offices';
import { ChoiceFilter } from '../ui/choice-filter';
import { LoadError } from '../ui/load-error';
import { localWhen } from './outsourcing-format';
import { useRequesters } from './outsourcing-api';
import '../ui/ui.css';
import './outsourcing.css';

export const REQUESTERS_TITLE = matchRoute(PATHS.managementRequesters)?.label ?? 'Requesters';
const HEADERS = ['Office or requester', 'Requests', ...OUTSOURCE_TYPES, 'Current statuses', 'Last request'];

/** ['Open 2', 'Resolved 1'] in the table's status order. */
function statusParts(counts: CountsByStatus): string[] {
  return TICKET_STATUSES.flatMap((status) => (counts[status] ? [`${status} ${counts[status]}`] : []));
}

/** 'Open 2, Resolved 1' in the table's status order; '—' when none. */
export function statusSummary(counts: CountsByStatus): string {
  const parts = statusParts(counts);
  return parts.length === 0 ? '—' : parts.join(', ');
}

/** The summary as it wraps in its cell: between statuses, never inside 'Ready for QA 2'. */
function StatusSummary({ counts }: { counts: CountsByStatus }) {
  const parts = statusParts(counts);
  if (parts.length === 0) return <>—</>;
  return (
    <div className="dv-requesters__statuses">
      {parts.map((part, index) => (
        <Fragment key={part}>
          {index > 0 ? ', ' : null}
          <span className="dv-requesters__status">{part}</span>
        </Fragment>
      ))}
    </div>
  );
}

const lastOf = (requesters: readonly RequesterCounts[]) =>
  requesters.reduce<string | null>((latest, requester) => (latest === null || requester.lastRequestedAt > latest ? requester.lastRequestedAt : latest), null);

function CountCells({ counts }: { counts: Pick<OfficeRequesters, 'requests' | 'byType' | 'byStatus'> }) {
  return (
    <>
      <td>{counts.requests}</td>
      {OUTSOURCE_TYPES.map((type) => (
        <td key={type}>{counts.byType[type] ?? 0}</td>
      ))}
      <td>
        <StatusSummary counts={counts.byStatus} />
      </td>
    </>
  );
}

function OfficeRows({ office, name }: { office: OfficeRequesters; name: string }) {
  const [open, setOpen] = useState(false);
  const last = lastOf(office.requesters);
  return (
    <>
      <tr className="dv-requesters__office-row">
        <td>
          {/* A native button drawn as a link: antd's link button hovers in a teal too light for the row's grey. */}
          <button type="button" className="dv-requesters__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
            <span aria-hidden="true">{open ? '▾' : '▸'}</span> {name} ({office.requesters.length} {office.requesters.length === 1 ? 'requester' : 'requesters'})
          </button>
        </td>
        <CountCells counts={office} />
        <td>{last === null ? '—' : localWhen(last)}</td>
      </tr>
      {open
        ? office.requesters.map((requester) => (
            <tr key={requester.requester.id} className="dv-requesters__person-row">
              <td>{requester.requester.email ?? requester.requester.id}</td>
              <CountCells counts={requester} />
              <td>{localWhen(requester.lastRequestedAt)}</td>
            </tr>
          ))
        : null}
    </>
  );
}

export function RequestersPage() {
  const [search, setSearch] = useSearchParams();
  const officeId = search.get('officeId')?.trim() || undefined;
  const offices = useReportOffices();
  const requesters = useRequesters({ officeId });
  const rows = requesters.data?.offices ?? [];

  let empty: ReactNode = null;
  if (requesters.isPending) empty = 'Loading the requesters...';
  else if (requesters.isError) empty = 'Nothing to show.';
  else if (rows.length === 0) empty = officeId ? 'This office has not outsourced any verification.' : 'No office has outsourced a verification yet.';

  return (
    <section className="dv-page dv-requesters" aria-labelledby="requesters-title">
      <h1 id="requesters-title" className="dv-page-title">
        {REQUESTERS_TITLE}
      </h1>
      <div className="dv-filters" role="search" aria-label="Filter the requesters">
        <ChoiceFilter
          className="dv-control"
          label="Office"
          anyLabel="Every office"
          options={offices.options}
          value={officeId}
          onChange={(id) => setSearch(id === undefined ? {} : { officeId: id }, { replace: true })}
        />
      </div>
      {requesters.isError ? <LoadError className="dv-queue__error" title="The requesters could not be loaded." onRetry={() => void requesters.refetch()} /> : null}
      <div className="dv-table-scroll" tabIndex={0} role="region" aria-label="Requesters table">
        <table className="dv-table" aria-labelledby="requesters-title" aria-busy={requesters.isFetching}>
          <thead>
            <tr>
              {HEADERS.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {empty !== null ? (
              <tr>
                <td className="dv-table-empty" colSpan={HEADERS.length}>
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((office) => (
                <Fragment key={office.officeId}>
                  <OfficeRows office={office} name={offices.nameOf(office.officeId)} />
                </Fragment>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
