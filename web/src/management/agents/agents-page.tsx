/**
 * /management/agents (agent, admin, superadministrator): the organization's users, searched by name or e-mail and
 * paged by the offices service; company administrators invite users. A row opens the user (?user={id}): their
 * roles, offices, groups, privileges, and deactivation (users are never deleted: tickets name them).
 * Everything the list shows is in the address.
 */
import { type ManagedUser, matchRoute, PATHS } from '@dv/contracts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type ListColumn } from '../../ui/list-frame';
import { useAllOffices } from '../offices/offices-api';
import { useManagementAsker, useManagementList } from '../shared/management-list';
import { ActiveStatus, ManagementListPage } from '../shared/management-pages';
import { InviteUserForm } from './invite-user-form';
import { rolesSummary } from './user-labels';
import { UserPanel } from './user-panel';
import { useUserList } from './users-api';

const TITLE = matchRoute(PATHS.managementAgents)?.label ?? 'Agents';

function AgentList() {
  const navigate = useNavigate();
  const asker = useManagementAsker();
  const list = useManagementList();
  const users = useUserList(list.query);
  const offices = useAllOffices();
  const officeName = (id: string) => offices.data?.find((office) => office.id === id)?.name ?? id;
  const userPath = (user: ManagedUser) => `${PATHS.managementAgents}?user=${encodeURIComponent(user.id)}`;

  const columns: ListColumn<ManagedUser>[] = [
    {
      key: 'name',
      title: 'Name',
      cell: (user) => (
        <Link to={userPath(user)} state={list.state}>
          {user.name}
        </Link>
      ),
    },
    { key: 'email', title: 'E-mail', cell: (user) => user.email },
    { key: 'roles', title: 'Roles', cell: (user) => rolesSummary(user, officeName) },
    { key: 'status', title: 'Status', style: { width: 120 }, cell: (user) => <ActiveStatus active={user.active} /> },
  ];

  return (
    <ManagementListPage
      id="agents"
      title={TITLE}
      noun={['user', 'users']}
      searchPlaceholder="Search by name or e-mail"
      create={asker.canWrite ? { label: 'Invite a user', form: (onDone) => <InviteUserForm asker={asker} onCancel={onDone} /> } : undefined}
      list={list}
      read={users}
      columns={columns}
      rowKey={(user) => user.id}
      onOpen={(user) => void navigate(userPath(user), { state: list.state })}
    />
  );
}

export function AgentsPage() {
  const [search] = useSearchParams();
  const userId = search.get('user');
  return userId ? <UserPanel id={userId} /> : <AgentList />;
}
