/**
 * An office's users and their roles there, on its page of /management/do-management. Company administrators add
 * an existing user (not a company user: those act for every office), invite a new one to the office (a staff
 * manager, by default), change a user's roles here and remove them (their other offices stay).
 */
import {
  COMPANY_ROLES,
  ManagementListQuery,
  OFFICE_ROLES,
  PATHS,
  grantableRolesOf,
  type ManagedOffice,
  type ManagedUser,
  type OfficeMember,
  type OfficeMemberRole,
  type Role,
} from '@dv/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useInfoBar } from '../../info-bar/info-bar';
import { DataPager } from '../../ui/data-pager';
import { LoadError } from '../../ui/load-error';
import { Notice } from '../../ui/notice';
import { PlainTable } from '../../ui/plain-table';
import { SearchBox } from '../../ui/search-box';
import { SectionCard } from '../../ui/section-card';
import { InviteUserForm } from '../agents/invite-user-form';
import { roleNames, ROLE_LABELS } from '../agents/user-labels';
import { useUserList } from '../agents/users-api';
import { CheckboxGroup, SelectField } from '../shared/form-controls';
import { problemOf } from '../shared/management-call';
import { MANAGEMENT_PAGE_SIZES, type ManagementAsker } from '../shared/management-list';
import { ActiveStatus } from '../shared/management-pages';
import { useOfficeMembers, useRemoveMember, useSetMemberRoles } from './offices-api';

const isOfficeRole = (role: Role): role is OfficeMemberRole => (OFFICE_ROLES as readonly Role[]).includes(role);

type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'invite' } | { kind: 'roles'; member: OfficeMember } | { kind: 'remove'; member: OfficeMember };

const isCompanyUser = (user: ManagedUser) => Array.isArray(user.roles) && user.roles.some((role) => (COMPANY_ROLES as readonly Role[]).includes(role));

function RolesEditor({ office, asker, member, onDone }: { office: ManagedOffice; asker: ManagementAsker; member?: OfficeMember; onDone: () => void }) {
  const setRoles = useSetMemberRoles(office.id);
  const users = useUserList({ page: 1, pageSize: 100 }, member === undefined);
  const infoBar = useInfoBar();
  const [userId, setUserId] = useState(member?.userId ?? '');
  const [roles, setRolesDraft] = useState<OfficeMemberRole[]>(member ? member.roles.filter(isOfficeRole) : ['staff']);
  const [problem, setProblem] = useState<{ user?: string; roles?: string; form?: string }>({});
  const grantable = grantableRolesOf(asker.companyRoles);
  const candidates = (users.data?.items ?? []).filter((user) => !isCompanyUser(user) && !user.allowedOfficeIds.includes(office.id));
  const submit = () => {
    if (userId === '') return setProblem({ user: 'Choose the user' });
    if (roles.length === 0) return setProblem({ roles: 'Give at least one role' });
    setProblem({});
    setRoles.mutate(
      { userId, input: { roles } },
      {
        onSuccess: () => {
          infoBar.show({ type: 'saved' });
          onDone();
        },
        onError: (error) => setProblem({ form: problemOf(error) }),
      },
    );
  };
  return (
    <form
      className="dv-form"
      aria-label={member ? `Roles of ${member.name} here` : 'Add an existing user'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {problem.form ? <Notice type="error" title="Not saved." description={problem.form} /> : null}
      {member ? (
        <p className="dv-para">Roles of {member.name} at {office.name}:</p>
      ) : (
        <SelectField label="User" value={userId} noneLabel="Choose a user" problem={problem.user} options={candidates.map((user) => ({ value: user.id, label: `${user.name} (${user.email})` }))} onChange={setUserId} />
      )}
      <CheckboxGroup label="Roles at this office" values={roles} problem={problem.roles} options={OFFICE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role], disabled: !grantable.includes(role) }))} onChange={setRolesDraft} />
      <div className="dv-form-actions">
        <Button type="primary" htmlType="submit" loading={setRoles.isPending}>
          {member ? 'Save the roles' : 'Add the user'}
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

function RemoveMember({ office, member, onDone }: { office: ManagedOffice; member: OfficeMember; onDone: () => void }) {
  const remove = useRemoveMember(office.id);
  const infoBar = useInfoBar();
  return (
    <div className="dv-form-actions" role="group" aria-label={`Remove ${member.name}`}>
      <span>
        Remove {member.name} from {office.name}? {member.otherOfficeIds.length > 0 ? 'Their other offices stay.' : 'They will have no office.'}
      </span>
      <Button
        type="primary"
        danger
        loading={remove.isPending}
        onClick={() =>
          remove.mutate(member.userId, {
            onSuccess: () => infoBar.show({ type: 'saved' }),
            onError: (error) => infoBar.show({ type: 'error', text: problemOf(error) }),
            onSettled: onDone,
          })
        }
      >
        Remove
      </Button>
      <Button onClick={onDone}>Cancel</Button>
    </div>
  );
}

function MemberTable({ office, asker, onAct }: { office: ManagedOffice; asker: ManagementAsker; onAct: (mode: Mode) => void }) {
  const [query, setQuery] = useState(() => ManagementListQuery.parse({ pageSize: 10 }));
  const members = useOfficeMembers(office.id, query);
  const rows = (members.data?.items ?? []).map((member) => ({ key: member.userId, ...member }));
  return (
    <>
      <div className="dv-manage-toolbar" role="search" aria-label="Search the office’s users">
        <SearchBox label="Search the office’s users" placeholder="Search by name or e-mail" value={query.search ?? ''} onSearch={(search) => setQuery({ ...query, page: 1, search: search === '' ? undefined : search })} />
      </div>
      {members.isError ? <LoadError title="The office’s users could not be loaded." onRetry={() => void members.refetch()} /> : null}
      <PlainTable
        label="The office’s users"
        dataSource={rows}
        emptyText={members.isPending ? 'Loading the office’s users...' : 'No users at this office yet.'}
        columns={[
          { key: 'name', title: 'Name', render: (_value, member) => <Link to={`${PATHS.managementAgents}?user=${encodeURIComponent(member.userId)}`}>{member.name}</Link> },
          { key: 'email', title: 'E-mail', dataIndex: 'email' },
          { key: 'roles', title: 'Roles here', render: (_value, member) => roleNames(member.roles) },
          { key: 'status', title: 'Status', render: (_value, member) => <ActiveStatus active={member.active} /> },
          ...(asker.canWrite
            ? [
                {
                  key: 'actions',
                  title: 'Actions',
                  render: (_value: unknown, member: OfficeMember) => (
                    <span className="dv-row dv-row-tight">
                      <Button size="small" aria-label={`Change roles of ${member.name}`} onClick={() => onAct({ kind: 'roles', member })}>
                        Change roles
                      </Button>
                      <Button size="small" aria-label={`Remove ${member.name}`} onClick={() => onAct({ kind: 'remove', member })}>
                        Remove
                      </Button>
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      {members.data && members.data.total > 0 ? (
        <DataPager
          label="Pages of the office’s users"
          page={query.page}
          pageSize={query.pageSize}
          total={members.data.total}
          pageSizes={MANAGEMENT_PAGE_SIZES}
          onChange={(page, pageSize) => setQuery({ ...query, page: pageSize === query.pageSize ? page : 1, pageSize })}
        />
      ) : null}
    </>
  );
}

export function OfficeMembers({ office, asker }: { office: ManagedOffice; asker: ManagementAsker }) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const back = () => setMode({ kind: 'list' });
  const active = office.active !== false;
  return (
    <SectionCard title="Users of this office">
      <div className="dv-manage-stack">
        {asker.canWrite && mode.kind === 'list' && active ? (
          <div className="dv-form-actions">
            <Button type="primary" onClick={() => setMode({ kind: 'invite' })}>
              Invite a new user
            </Button>
            <Button onClick={() => setMode({ kind: 'add' })}>Add an existing user</Button>
          </div>
        ) : null}
        {mode.kind === 'invite' ? <InviteUserForm asker={asker} office={{ id: office.id, roles: ['staffmanager'] }} onCancel={back} /> : null}
        {mode.kind === 'add' ? <RolesEditor office={office} asker={asker} onDone={back} /> : null}
        {mode.kind === 'roles' ? <RolesEditor office={office} asker={asker} member={mode.member} onDone={back} /> : null}
        {mode.kind === 'remove' ? <RemoveMember office={office} member={mode.member} onDone={back} /> : null}
        <MemberTable office={office} asker={asker} onAct={setMode} />
      </div>
    </SectionCard>
  );
}
