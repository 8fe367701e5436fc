/**
 * /management/do-management (agent, admin, superadministrator): the organization's dental offices, searched and
 * paged by the offices service; company administrators create one with its settings. A row opens the office
 * (?office={id}): its settings, deactivation and its users with their roles there. The list is in the address.
 */
import { type ManagedOffice, matchRoute, NewOfficeInput, PATHS } from '@dv/contracts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type ListColumn } from '../../ui/list-frame';
import { useAllGroups } from '../groups/groups-api';
import { type ListState, useManagementAsker, useManagementList } from '../shared/management-list';
import { ActiveStatus, ManagementListPage } from '../shared/management-pages';
import { OfficeDetail } from './office-detail';
import { EMPTY_OFFICE, newOfficeOf, OfficeForm, type OfficeProblems, problemsOfFailure } from './office-form';
import { officePath } from './office-links';
import { useCreateOffice, useOfficeList } from './offices-api';

const TITLE = matchRoute(PATHS.managementDoManagement)?.label ?? 'Dental Office Management';

function NewOffice({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateOffice();
  const [failure, setFailure] = useState<OfficeProblems>({});
  return (
    <OfficeForm
      title="New office"
      initial={EMPTY_OFFICE}
      withGroup
      busy={create.isPending}
      submitLabel="Create the office"
      failure={failure}
      onCancel={onDone}
      onSubmit={(draft) =>
        create.mutate(NewOfficeInput.parse(newOfficeOf(draft)), {
          // The new office opens, where its users are added.
          onSuccess: (office) => void navigate(officePath(office.id), { state: { listSearch: '' } satisfies ListState }),
          onError: (error) => setFailure(problemsOfFailure(error)),
        })
      }
    />
  );
}

function OfficeList() {
  const navigate = useNavigate();
  const asker = useManagementAsker();
  const list = useManagementList();
  const offices = useOfficeList(list.query);
  const groups = useAllGroups();
  const groupName = (id: string | null) => (id === null ? '—' : (groups.data?.find((group) => group.id === id)?.name ?? id));

  const columns: ListColumn<ManagedOffice>[] = [
    {
      key: 'name',
      title: 'Office',
      cell: (office) => (
        <Link to={officePath(office.id)} state={list.state}>
          {office.name}
        </Link>
      ),
    },
    { key: 'group', title: 'Group', cell: (office) => groupName(office.groupId) },
    { key: 'plan', title: 'Plan', style: { width: 110 }, cell: (office) => office.planType },
    { key: 'payment', title: 'Payment', style: { width: 110 }, cell: (office) => office.settings.paymentType ?? 'Unset' },
    { key: 'status', title: 'Status', style: { width: 120 }, cell: (office) => <ActiveStatus active={office.active} /> },
  ];

  return (
    <ManagementListPage
      id="offices"
      title={TITLE}
      noun={['office', 'offices']}
      searchPlaceholder="Search by name"
      create={asker.canWrite ? { label: 'New office', form: (onDone) => <NewOffice onDone={onDone} /> } : undefined}
      list={list}
      read={offices}
      columns={columns}
      rowKey={(office) => office.id}
      onOpen={(office) => void navigate(officePath(office.id), { state: list.state })}
    />
  );
}

export function OfficesPage() {
  const [search] = useSearchParams();
  const officeId = search.get('office');
  return officeId ? <OfficeDetail id={officeId} /> : <OfficeList />;
}
