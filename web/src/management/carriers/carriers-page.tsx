/**
 * /management/carriers (superadministrator): the product's carrier catalogue, one catalogue for every
 * organization, paged, searched, filtered and sorted by the verifications service; a row opens the carrier in a
 * side panel (its form, carrier-editor.tsx). Adding and changing carriers needs the editGlobalCarriers privilege
 * of the session (the service checks it again); without it the page reads. A change reaches new verifications at
 * once: the New Verification picker no longer offers a deactivated carrier.
 */
import { type CarrierSortField, type CarrierStatusFilter, type ManagedCarrier, matchRoute, PATHS } from '@dv/contracts';
import { Button, Drawer } from 'antd';
import { useCallback } from 'react';
import { useSession } from '../../auth/session-context';
import { ChoiceFilter } from '../../ui/choice-filter';
import { LIST_PAGE_SIZES, type ListColumn, ListFrame, sortChange, sortDirectionOf, useListAddress } from '../../ui/list-frame';
import { Pill } from '../../ui/pill';
import { SearchBox } from '../../ui/search-box';
import { CARRIER_ADDRESS, listQueryOf, NEW_CARRIER } from './carrier-address';
import { CarrierEditor } from './carrier-editor';
import { useCarrier, useCarriers } from './carriers-api';
import '../../ui/ui.css';
import '../shared/management-list.css';
import './carriers.css';

export const CARRIERS_TITLE = matchRoute(PATHS.managementCarriers)?.label ?? 'Carriers';
const FIRST_ORDER: Record<CarrierSortField, 'asc' | 'desc'> = { name: 'asc', payerId: 'asc', payerKey: 'asc', updatedAt: 'desc' };
const STATUS_OPTIONS: { value: Exclude<CarrierStatusFilter, 'all'>; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
const DRAWER_WIDTH = 640;

/** 'Mar 3, 2026' for a change; 'As seeded' for a carrier nobody changed. */
function changedOn(carrier: ManagedCarrier): string {
  if (carrier.updatedAt === null) return 'As seeded';
  return new Date(carrier.updatedAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

function sourcesOf(carrier: ManagedCarrier): string {
  const sources = [carrier.eligibility270 ? '270' : '', carrier.portalId ? `Portal: ${carrier.portalId}` : ''].filter(Boolean);
  return sources.length === 0 ? 'None' : sources.join(', ');
}

const COLUMNS: ListColumn<ManagedCarrier, CarrierSortField>[] = [
  { key: 'name', title: 'Name', sort: 'name', style: { minWidth: 220 }, cell: (carrier) => <span className="dv-mlist__name">{carrier.name}</span> },
  { key: 'payerId', title: 'Payer id', sort: 'payerId', style: { width: 110 }, cell: (carrier) => carrier.payerId },
  { key: 'payerKey', title: 'Payer key', sort: 'payerKey', style: { width: 170 }, cell: (carrier) => carrier.payerKey },
  { key: 'sources', title: 'Sources', cell: sourcesOf },
  { key: 'phone', title: 'Phone', cell: (carrier) => carrier.phone ?? '—' },
  { key: 'coinsurance', title: 'EB08 states', style: { width: 120 }, cell: (carrier) => (carrier.invertsCoinsurance ? "plan's share" : "patient's share") },
  {
    key: 'status',
    title: 'Status',
    style: { width: 100 },
    cell: (carrier) => <Pill tone={carrier.active ? 'success' : 'default'}>{carrier.active ? 'Active' : 'Inactive'}</Pill>,
  },
  { key: 'updatedAt', title: 'Last changed', sort: 'updatedAt', style: { width: 140 }, cell: changedOn },
];

export function CarriersPage() {
  const session = useSession();
  const canChange = session.status === 'signedIn' && session.claims.editGlobalCarriers;
  const { query, update } = useListAddress(CARRIER_ADDRESS);
  const list = listQueryOf(query);
  const carriers = useCarriers(list);
  const onSearch = useCallback((text: string) => update({ search: text === '' ? undefined : text }), [update]);

  const page = carriers.data;
  const open = query.open;
  const opened = useCarrier(open === undefined || open === NEW_CARRIER ? undefined : open);
  const openCarrier = open === undefined || open === NEW_CARRIER ? null : (opened.data ?? null);
  const drawerOpen = (open === NEW_CARRIER && canChange) || openCarrier !== null;

  let empty: string;
  if (carriers.isError) empty = 'Nothing to show.';
  else if (carriers.isPending) empty = 'Loading the carriers...';
  else empty = list.search || list.status !== 'all' ? 'No carrier matches these filters.' : 'The catalogue has no carrier yet.';

  return (
    <section className="dv-page dv-carriers" aria-labelledby="carriers-title">
      <h1 id="carriers-title" className="dv-page-title">
        {CARRIERS_TITLE}
      </h1>
      <p className="dv-mlist__intro">
        The payers every office of every organization verifies. A deactivated carrier leaves the New Verification picker; its tickets keep
        naming it.
      </p>
      <div className="dv-filters" role="search" aria-label="Filter the carriers">
        <ChoiceFilter
          className="dv-control"
          label="Status"
          anyLabel="Any status"
          options={STATUS_OPTIONS}
          value={list.status === 'all' ? undefined : list.status}
          onChange={(status) => update({ status: status ?? 'all' })}
        />
        <SearchBox className="dv-control dv-mlist__search" label="Search carriers" placeholder="Name or payer id" value={list.search ?? ''} onSearch={onSearch} />
        {canChange ? (
          <Button type="primary" className="dv-carriers__add" onClick={() => update({ open: NEW_CARRIER })}>
            Add a carrier
          </Button>
        ) : null}
      </div>
      <ListFrame
        regionLabel="Carrier table"
        labelledBy="carriers-title"
        tableClassName="dv-carriers__table dv-table-dims dv-table-wraps"
        rowClassName="dv-carriers__row"
        columns={COLUMNS}
        items={page?.items ?? []}
        rowKey={(carrier) => carrier.payerId}
        rowTestId={(carrier) => `carrier-row-${carrier.payerId}`}
        onOpen={(carrier) => update({ open: carrier.payerId })}
        busy={carriers.isFetching}
        empty={empty}
        sort={{
          sortedBy: (field) => sortDirectionOf(list, field),
          onSort: (field) => update(sortChange(list, field, FIRST_ORDER)),
        }}
        error={carriers.isError ? { title: 'The carriers could not be loaded.', className: 'dv-mlist__error', onRetry: () => void carriers.refetch() } : undefined}
        total={page?.total}
        pager={{
          label: 'Carrier pages',
          page: list.page,
          pageSize: list.pageSize,
          pageSizes: LIST_PAGE_SIZES,
          totalText: (total) => `${total} ${total === 1 ? 'carrier' : 'carriers'}`,
          onChange: (to, pageSize) => update({ page: to, pageSize }),
        }}
      />
      <Drawer
        open={drawerOpen}
        onClose={() => update({ open: undefined })}
        size={Math.min(DRAWER_WIDTH, typeof window === 'undefined' ? DRAWER_WIDTH : window.innerWidth)}
        title={openCarrier === null ? 'New carrier' : `${openCarrier.name} (${openCarrier.payerId})`}
        destroyOnHidden
      >
        {drawerOpen ? (
          <CarrierEditor
            // A saved carrier comes back changed: its form starts again from what was stored.
            key={openCarrier === null ? NEW_CARRIER : `${openCarrier.payerId}-${openCarrier.updatedAt ?? ''}`}
            carrier={openCarrier}
            canChange={canChange}
            onSaved={(saved) => update({ open: saved.payerId })}
            onClose={() => update({ open: undefined })}
          />
        ) : null}
      </Drawer>
    </section>
  );
}
