/**
 * One user on /management/agents (?user={id}): who they are, their roles, offices, groups and privileges, and
 * for company administrators the changes contracts' user-change rules allow them (name; company roles, groups and
 * privileges; deactivate or reactivate), never one the service would refuse. Roles at an office are changed on
 * that office's page. Users are deactivated, never deleted: tickets, reports and audit records name them.
 */
import {
  COMPANY_ROLES,
  USER_PRIVILEGES,
  grantableRolesOf,
  heldBeyondAsker,
  mayGrantPrivilege,
  userChangeRefusal,
  type ManagedUser,
  type Role,
  type UserPatch,
  type UserPrivilege,
  PATHS,
} from '@dv/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiCallError } from '../../http/api-call-error';
import { useInfoBar } from '../../info-bar/info-bar';
import { DescriptionList } from '../../ui/description-list';
import { Notice } from '../../ui/notice';
import { useAllGroups } from '../groups/groups-api';
import { CheckboxField, CheckboxGroup, TextField } from '../shared/form-controls';
import { problemOf } from '../shared/management-call';
import { type ManagementAsker, useManagementAsker } from '../shared/management-list';
import { ActiveStatus, ManagementRecordPage } from '../shared/management-pages';
import { useAllOffices } from '../offices/offices-api';
import { PRIVILEGE_LABELS, ROLE_LABELS, rolesSummary } from './user-labels';
import { useSaveUser, useUser } from './users-api';

type Draft = { name: string; companyRoles: Role[]; groupIds: string[]; privileges: UserPrivilege[] };

function draftOf(user: ManagedUser): Draft {
  return {
    name: user.name,
    companyRoles: Array.isArray(user.roles) ? [...user.roles] : [],
    groupIds: [...user.groupIds],
    privileges: USER_PRIVILEGES.filter((privilege) => user[privilege]),
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

/** Only what changed: a field named counts as a change (contracts' user-change rules). */
export function userPatchOf(user: ManagedUser, draft: Draft): UserPatch {
  const before = draftOf(user);
  const patch: { -readonly [K in keyof UserPatch]: UserPatch[K] } = {};
  if (draft.name.trim() !== user.name) patch.name = draft.name.trim();
  if (Array.isArray(user.roles) && !sameSet(draft.companyRoles, before.companyRoles)) patch.roles = draft.companyRoles;
  if (!sameSet(draft.groupIds, before.groupIds)) patch.groupIds = draft.groupIds;
  for (const privilege of USER_PRIVILEGES) {
    if (draft.privileges.includes(privilege) !== user[privilege]) patch[privilege] = draft.privileges.includes(privilege);
  }
  return patch;
}

function UserEditForm({ user, asker }: { user: ManagedUser; asker: ManagementAsker }) {
  const save = useSaveUser(user.id);
  const infoBar = useInfoBar();
  const groups = useAllGroups();
  const [draft, setDraft] = useState(() => draftOf(user));
  const [problem, setProblem] = useState<{ form?: string; name?: string }>({});
  const self = user.id === asker.userId;
  const grantable = grantableRolesOf(asker.companyRoles);
  const mayChangeAccess = !self && heldBeyondAsker(asker, user).length === 0;
  const companyUser = Array.isArray(user.roles);

  function submit() {
    const patch = userPatchOf(user, draft);
    if (Object.keys(patch).length === 0) return setProblem({ form: 'Nothing changed.' });
    if (patch.name !== undefined && patch.name === '') return setProblem({ name: 'Give the name' });
    const refusal = userChangeRefusal(asker, user, patch);
    if (refusal !== null) return setProblem({ form: refusal });
    setProblem({});
    save.mutate(patch, {
      onSuccess: () => infoBar.show({ type: 'saved' }),
      onError: (error) => setProblem({ form: problemOf(error), name: error instanceof ApiCallError ? error.fields.name : undefined }),
    });
  }

  return (
    <form
      className="dv-form"
      aria-label="Change the user"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {problem.form ? <Notice type="error" title="Not saved." description={problem.form} /> : null}
      <TextField label="Name" required value={draft.name} problem={problem.name} onChange={(name) => setDraft({ ...draft, name })} />
      {companyUser && mayChangeAccess ? (
        <CheckboxGroup
          label="Company roles"
          values={draft.companyRoles}
          options={COMPANY_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role], disabled: !grantable.includes(role) }))}
          onChange={(companyRoles) => setDraft({ ...draft, companyRoles })}
        />
      ) : null}
      {mayChangeAccess && (groups.data ?? []).length > 0 ? (
        <CheckboxGroup
          label="Groups"
          values={draft.groupIds}
          options={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
          onChange={(groupIds) => setDraft({ ...draft, groupIds })}
        />
      ) : null}
      {mayChangeAccess
        ? USER_PRIVILEGES.filter((privilege) => mayGrantPrivilege(asker.companyRoles, privilege)).map((privilege) => (
            <CheckboxField
              key={privilege}
              label={PRIVILEGE_LABELS[privilege]}
              checked={draft.privileges.includes(privilege)}
              onChange={(on) => setDraft({ ...draft, privileges: on ? [...draft.privileges, privilege] : draft.privileges.filter((item) => item !== privilege) })}
            />
          ))
        : null}
      <div className="dv-form-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** Deactivate or reactivate, asked twice: a deactivated user can no longer sign in nor renew a session. */
function ActiveSwitch({ user, asker }: { user: ManagedUser; asker: ManagementAsker }) {
  const save = useSaveUser(user.id);
  const infoBar = useInfoBar();
  const [asking, setAsking] = useState(false);
  const active = user.active !== false;
  if (userChangeRefusal(asker, user, { active: !active }) !== null) return null;
  if (!asking) {
    return <Button onClick={() => setAsking(true)}>{active ? 'Deactivate' : 'Reactivate'}</Button>;
  }
  const confirm = () =>
    save.mutate(
      { active: !active },
      { onSuccess: () => infoBar.show({ type: 'saved' }), onError: (error) => infoBar.show({ type: 'error', text: problemOf(error) }), onSettled: () => setAsking(false) },
    );
  return (
    <div className="dv-form-actions" role="group" aria-label={active ? 'Deactivate the user' : 'Reactivate the user'}>
      <span>
        {active
          ? `Deactivate ${user.name}? They can no longer sign in, and their session ends within minutes. Nothing they did is deleted.`
          : `Reactivate ${user.name}? They can sign in again.`}
      </span>
      <Button danger={active} type="primary" loading={save.isPending} onClick={confirm}>
        {active ? 'Deactivate' : 'Reactivate'}
      </Button>
      <Button onClick={() => setAsking(false)}>Cancel</Button>
    </div>
  );
}

function UserView({ user }: { user: ManagedUser }) {
  const asker = useManagementAsker();
  const offices = useAllOffices();
  const groups = useAllGroups();
  const officeName = (id: string) => offices.data?.find((office) => office.id === id)?.name ?? id;
  const held = heldBeyondAsker(asker, user);
  const items = [
    { key: 'email', label: 'E-mail', children: user.email },
    { key: 'status', label: 'Status', children: <ActiveStatus active={user.active} /> },
    { key: 'roles', label: 'Roles', children: rolesSummary(user, officeName) },
    {
      key: 'offices',
      label: 'Offices',
      children:
        user.allowedOfficeIds.length === 0 ? (
          'Every office of the organization, or none'
        ) : (
          <span className="dv-row dv-row-tight">
            {user.allowedOfficeIds.map((id) => (
              <Link key={id} to={`${PATHS.managementDoManagement}?office=${encodeURIComponent(id)}`}>
                {officeName(id)}
              </Link>
            ))}
          </span>
        ),
    },
    { key: 'groups', label: 'Groups', children: user.groupIds.map((id) => groups.data?.find((group) => group.id === id)?.name ?? id).join(', ') || 'None' },
    { key: 'privileges', label: 'Privileges', children: USER_PRIVILEGES.filter((privilege) => user[privilege]).map((privilege) => PRIVILEGE_LABELS[privilege]).join('; ') || 'None' },
  ];
  return (
    <div className="dv-manage-stack">
      <DescriptionList items={items} aria-label="The user" />
      {!Array.isArray(user.roles) || user.allowedOfficeIds.length > 0 ? (
        <p className="dv-para dv-text-secondary">Roles at an office are changed on that office’s page.</p>
      ) : null}
      {asker.canWrite && held.length > 0 ? (
        <Notice type="info" role="note" title="Only a super administrator changes this user." description={`They hold ${held.join(', ')}.`} />
      ) : null}
      {asker.canWrite ? <UserEditForm key={`${user.id}-${user.name}`} user={user} asker={asker} /> : null}
      {asker.canWrite ? (
        <div className="dv-form-actions">
          <ActiveSwitch user={user} asker={asker} />
        </div>
      ) : null}
    </div>
  );
}

export function UserPanel({ id }: { id: string }) {
  return (
    <ManagementRecordPage
      thing="user"
      notFoundText="They may belong to another organization."
      back={{ path: PATHS.managementAgents, label: 'Back to the users' }}
      fallbackTitle="User"
      placeholderRows={5}
      read={useUser(id)}
      view={(user) => <UserView user={user} />}
    />
  );
}
