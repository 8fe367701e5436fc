/**
 * /management/integrations (admin, superadministrator): each office of the organization with its practice-
 * management integration (type, pms type, subdomain: the office settings) and its status (integration-state.ts):
 * what the settings allow, and what the schedule service saw when it last read a day of the office's schedule.
 * Offices are paged and searched by the offices service (the offices list's read, in the address as the other
 * management lists); the status is asked for the offices of the page shown.
 */
import { type ManagedOffice, matchRoute, PATHS } from '@dv/contracts';
import { type ListColumn, ListFrame } from '../../ui/list-frame';
import { Notice } from '../../ui/notice';
import { Pill } from '../../ui/pill';
import { SearchBox } from '../../ui/search-box';
import { useOfficeList } from '../offices/offices-api';
import { MANAGEMENT_PAGE_SIZES, useManagementList } from '../shared/management-list';
import { integrationOf, integrationStateOf, typeLabel } from './integration-state';
import { useIntegrationStatus } from './integrations-api';
import '../../ui/ui.css';
import '../shared/management-list.css';
import './integrations.css';

export const INTEGRATIONS_TITLE = matchRoute(PATHS.managementIntegrations)?.label ?? 'Integrations';

function when(iso: string | null): string {
  if (iso === null) return '—';
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

export function IntegrationsPage() {
  const { query, update, onSearch } = useManagementList();
  const offices = useOfficeList(query);
  const items = offices.data?.items ?? [];
  const statuses = useIntegrationStatus(items.map((office) => office.id));
  const byOffice = new Map((statuses.data?.offices ?? []).map((status) => [status.officeId, status]));

  const columns: ListColumn<ManagedOffice>[] = [
    { key: 'office', title: 'Office', cell: (office) => <span className="dv-mlist__name">{office.name}</span> },
    { key: 'type', title: 'Integration', cell: (office) => typeLabel(integrationOf(office).type) },
    { key: 'pms', title: 'PMS', cell: (office) => integrationOf(office).pmsType ?? '—' },
    { key: 'subdomain', title: 'Subdomain', cell: (office) => integrationOf(office).subdomain ?? '—' },
    {
      key: 'status',
      title: 'Status',
      cell: (office) => {
        const state = integrationStateOf(office, byOffice.get(office.id));
        return (
          <div className="dv-integrations__state">
            <Pill tone={state.tone}>{state.label}</Pill>
            {state.detail ? <span className="dv-integrations__detail">{state.detail}</span> : null}
            {state.failedAt ? <span className="dv-integrations__detail">Last failed {when(state.failedAt)}.</span> : null}
          </div>
        );
      },
    },
    {
      key: 'read',
      title: 'Last read',
      cell: (office) => {
        const status = byOffice.get(office.id);
        if (status?.lastSuccessAt == null) return '—';
        return `${when(status.lastSuccessAt)} (${status.lastSuccessDay ?? '?'}, ${status.lastAppointments ?? 0} appointments)`;
      },
    },
  ];

  let empty: string;
  if (offices.isError) empty = 'Nothing to show.';
  else if (offices.isPending) empty = 'Loading the offices...';
  else empty = query.search ? 'No office matches this search.' : 'The organization has no office yet.';

  return (
    <section className="dv-page dv-integrations" aria-labelledby="integrations-title">
      <h1 id="integrations-title" className="dv-page-title">
        {INTEGRATIONS_TITLE}
      </h1>
      <p className="dv-mlist__intro">
        Each office&apos;s practice-management integration, from its settings, and what the schedule saw when it last read a day of the office&apos;s
        schedule (opened, verified or run at night).
      </p>
      {statuses.data?.sandboxPractice ? (
        <Notice
          type="info"
          role="note"
          className="dv-mlist__notice"
          title="Sandbox practice"
          description="The schedule service has no NexHealth key: every office's schedule comes from the sandbox practice."
        />
      ) : null}
      {statuses.isError ? <Notice type="warning" className="dv-mlist__notice" title="The schedule's status could not be read: the settings are shown alone." /> : null}
      <div className="dv-filters" role="search" aria-label="Search the offices">
        <SearchBox className="dv-control dv-mlist__search" label="Search offices" placeholder="Office name" value={query.search ?? ''} onSearch={onSearch} />
      </div>
      <ListFrame
        regionLabel="Integration table"
        labelledBy="integrations-title"
        tableClassName="dv-integrations__table dv-table-dims"
        rowClassName="dv-integrations__row"
        columns={columns}
        items={items}
        rowKey={(office) => office.id}
        rowTestId={(office) => `integration-row-${office.id}`}
        onOpen={() => undefined}
        busy={offices.isFetching}
        empty={empty}
        error={offices.isError ? { title: 'The offices could not be loaded.', className: 'dv-mlist__error', onRetry: () => void offices.refetch() } : undefined}
        total={offices.data?.total}
        pager={{
          label: 'Office pages',
          page: query.page,
          pageSize: query.pageSize,
          pageSizes: MANAGEMENT_PAGE_SIZES,
          totalText: (total) => `${total} ${total === 1 ? 'office' : 'offices'}`,
          onChange: (to, pageSize) => update({ page: to, pageSize }),
        }}
      />
    </section>
  );
}
