/**
 * /management/verifications, the agents' queue (issue 15 item 6; agent, admin, superadministrator): the
 * outsourced tickets of the organization's offices, oldest request first, filtered by status, office, payer,
 * age, type and assignee, sorted and paged by the verifications service. Everything the list shows is in the
 * address; a row opens its ticket (/verification/{id}), where the agent claims and works it. The list follows
 * `ticket_status` live. Of the patient the queue shows initials only.
 *
 * The list's frame (ui/list-frame.tsx) and controls of ui/, as /past-verifications and /management/bugs.
 */
import {
  matchRoute,
  OUTSOURCE_TYPES,
  type OutsourceQueueItem,
  type OutsourceQueueSortField,
  type OutsourceType,
  PATHS,
  SOCKET_EVENTS,
  TICKET_STATUSES,
  type TicketStatus,
  type TicketUser,
} from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useReportOffices } from '../bugs/use-report-offices';
import { useSocketEvent } from '../realtime/realtime-context';
import { ChoiceFilter } from '../ui/choice-filter';
import { LIST_PAGE_SIZES, type ListColumn, ListFrame, sortChange, sortDirectionOf, useListAddress } from '../ui/list-frame';
import { useCarriers } from '../verification/new/new-verification-api';
import { QUEUE_QUERY_KEY, useOutsourceQueue } from './outsourcing-api';
import { changeQueueQuery, hasQueueFilters, NO_QUEUE_FILTERS, type QueueQuery, queueQueryFromSearch, searchOfQueueQuery } from './queue-query';
import { userName } from './outsourcing-format';
import { TicketStatusChip } from './ticket-status';
import '../ui/ui.css';
import './outsourcing.css';

export const QUEUE_TITLE = matchRoute(PATHS.managementVerifications)?.label ?? 'Verifications';
const CONTROL = 'dv-control';

const STATUS_OPTIONS = TICKET_STATUSES.map((status) => ({ value: status, label: status }));
const TYPE_OPTIONS = OUTSOURCE_TYPES.map((type) => ({ value: type, label: type }));
const ASSIGNEE_OPTIONS = [
  { value: 'me', label: 'Claimed by me' },
  { value: 'unassigned', label: 'Not claimed' },
] as const;
/** Age filter choices, in hours since the request. */
export const AGE_OPTIONS = [
  { value: '1', label: 'Older than 1 hour' },
  { value: '4', label: 'Older than 4 hours' },
  { value: '24', label: 'Older than 1 day' },
  { value: '48', label: 'Older than 2 days' },
  { value: '168', label: 'Older than 1 week' },
];

/** '5 h', '2 d 3 h': how long the ticket has waited since its request. */
export function ageText(hours: number): string {
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? `${days} d` : `${days} d ${rest} h`;
}

const FIRST_ORDER: Record<OutsourceQueueSortField, QueueQuery['order']> = {
  requestedAt: 'asc',
  updatedAt: 'desc',
  status: 'asc',
  payer: 'asc',
  office: 'asc',
};

export const ticketPath = (item: Pick<OutsourceQueueItem, 'verificationId'>) => `/verification/${encodeURIComponent(item.verificationId)}`;
const nameOrDash = (user: TicketUser | null) => (user === null ? '—' : userName(user));

function columnsOf(officeName: (id: string) => string): ListColumn<OutsourceQueueItem, OutsourceQueueSortField>[] {
  return [
    {
      key: 'patient',
      title: 'Patient',
      style: { width: 90 },
      cell: (item) => (
        <Link to={ticketPath(item)} aria-label={`Open the ticket of ${item.patientInitials} (${item.carrier.name})`}>
          {item.patientInitials || '—'}
        </Link>
      ),
    },
    // Office names wrap onto two lines at most where the table has to fit a desktop box.
    { key: 'office', title: 'Office', sort: 'office', style: { minWidth: 150 }, cell: (item) => officeName(item.officeId) },
    { key: 'payer', title: 'Payer', sort: 'payer', cell: (item) => item.carrier.name },
    { key: 'type', title: 'Type', cell: (item) => item.type },
    { key: 'status', title: 'Status', sort: 'status', cell: (item) => <TicketStatusChip status={item.status} /> },
    { key: 'requester', title: 'Requested by', cell: (item) => nameOrDash(item.requester) },
    { key: 'assignee', title: 'Claimed by', cell: (item) => nameOrDash(item.assignee) },
    { key: 'age', title: 'Age', sort: 'requestedAt', style: { width: 90 }, cell: (item) => ageText(item.ageHours) },
    { key: 'calls', title: 'Calls', style: { width: 60 }, cell: (item) => item.calls },
  ];
}

/** What the table says when it has no rows: loading, failed, an empty queue, or nothing matching. */
function emptyText(state: 'loading' | 'failed' | 'none' | 'filtered', onClear: () => void): ReactNode {
  if (state === 'loading') return 'Loading the queue...';
  if (state === 'failed') return 'Nothing to show.';
  if (state === 'filtered') {
    return (
      <>
        No tickets match these filters.{' '}
        <Button type="link" size="small" onClick={onClear}>
          Clear filters
        </Button>
      </>
    );
  }
  return 'The queue is empty: no office has outsourced a verification.';
}

function Filters({ query, update }: { query: QueueQuery; update: (change: Partial<QueueQuery>) => void }) {
  const offices = useReportOffices();
  const carriers = useCarriers();
  const payerOptions = useMemo(() => (carriers.data ?? []).map((carrier) => ({ value: carrier.payerId, label: carrier.name })), [carriers.data]);
  return (
    <div className="dv-filters" role="search" aria-label="Filter the queue">
      <ChoiceFilter<TicketStatus>
        className={CONTROL}
        label="Status"
        anyLabel="Any status"
        options={STATUS_OPTIONS}
        value={query.status?.[0]}
        onChange={(status) => update({ status: status === undefined ? undefined : [status] })}
      />
      <ChoiceFilter className={CONTROL} label="Office" anyLabel="Any office" options={offices.options} value={query.officeId} onChange={(officeId) => update({ officeId })} />
      <ChoiceFilter className={CONTROL} label="Payer" anyLabel="Any payer" options={payerOptions} value={query.payerId} onChange={(payerId) => update({ payerId })} />
      <ChoiceFilter
        className={CONTROL}
        label="Age"
        anyLabel="Any age"
        options={AGE_OPTIONS}
        value={query.olderThanHours === undefined ? undefined : String(query.olderThanHours)}
        onChange={(hours) => update({ olderThanHours: hours === undefined ? undefined : Number(hours) })}
      />
      <ChoiceFilter<OutsourceType> className={CONTROL} label="Type" anyLabel="Any type" options={TYPE_OPTIONS} value={query.type} onChange={(type) => update({ type })} />
      <ChoiceFilter<'me' | 'unassigned'>
        className={CONTROL}
        label="Claimed by"
        anyLabel="Anyone or nobody"
        options={ASSIGNEE_OPTIONS}
        value={query.assignee}
        onChange={(assignee) => update({ assignee })}
      />
      {hasQueueFilters(query) ? (
        <Button type="link" onClick={() => update(NO_QUEUE_FILTERS)}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

export function QueuePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const offices = useReportOffices();
  const { query, update } = useListAddress({ fromSearch: queueQueryFromSearch, toSearch: searchOfQueueQuery, change: changeQueueQuery });
  const queue = useOutsourceQueue(query);
  useSocketEvent(SOCKET_EVENTS.ticketStatus, () => void queryClient.invalidateQueries({ queryKey: [QUEUE_QUERY_KEY] }));

  const clear = () => update(NO_QUEUE_FILTERS);
  const page = queue.data;
  let emptyState: 'loading' | 'failed' | 'none' | 'filtered';
  if (queue.isError) emptyState = 'failed';
  else if (queue.isPending) emptyState = 'loading';
  else emptyState = hasQueueFilters(query) ? 'filtered' : 'none';

  return (
    <section className="dv-page dv-queue" aria-labelledby="queue-title">
      <h1 id="queue-title" className="dv-page-title">
        {QUEUE_TITLE}
      </h1>
      <Filters query={query} update={update} />
      <ListFrame
        regionLabel="Outsourced tickets table"
        labelledBy="queue-title"
        tableClassName="dv-queue__table dv-table-wraps"
        rowClassName="dv-queue__row"
        columns={columnsOf((id) => offices.nameOf(id))}
        items={page?.items ?? []}
        rowKey={(item) => item.verificationId}
        rowTestId={(item) => `queue-row-${item.verificationId}`}
        onOpen={(item) => void navigate(ticketPath(item))}
        busy={queue.isFetching}
        empty={emptyText(emptyState, clear)}
        sort={{
          sortedBy: (field) => sortDirectionOf(query, field),
          onSort: (field) => update(sortChange(query, field, FIRST_ORDER)),
        }}
        error={queue.isError ? { title: 'The queue could not be loaded.', className: 'dv-queue__error', onRetry: () => void queue.refetch() } : undefined}
        total={page?.total}
        pager={{
          label: 'Queue pages',
          page: query.page,
          pageSize: query.pageSize,
          pageSizes: LIST_PAGE_SIZES,
          totalText: (total) => `${total} ${total === 1 ? 'ticket' : 'tickets'}`,
          onChange: (to, pageSize) => update({ page: to, pageSize }),
        }}
      />
    </section>
  );
}
