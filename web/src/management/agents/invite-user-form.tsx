/**
 * Inviting a user (/management/agents, and an office's users on /management/do-management): e-mail, name, and
 * either company roles or an office with roles there; the privileges the inviter may grant. Checked with contracts'
 * NewUserInput and the user-change rules before it is sent (the service would refuse the same), each problem under
 * its field. The answer says how the user signs in: with the development identity provider, a password shown here
 * once; otherwise the company's identity provider, with their e-mail.
 */
import {
  COMPANY_ROLES,
  NewUserInput,
  OFFICE_ROLES,
  USER_PRIVILEGES,
  grantableRolesOf,
  invitationRefusal,
  mayGrantPrivilege,
  type InvitedUser,
  type Role,
  type UserPrivilege,
} from '@dv/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { ApiCallError } from '../../http/api-call-error';
import { Notice } from '../../ui/notice';
import { CheckboxField, CheckboxGroup, type Choice, SelectField, TextField } from '../shared/form-controls';
import { problemOf } from '../shared/management-call';
import { type ManagementAsker } from '../shared/management-list';
import { useAllOffices } from '../offices/offices-api';
import { PRIVILEGE_LABELS, ROLE_LABELS } from './user-labels';
import { useInviteUser } from './users-api';

type Kind = 'company' | 'office';

type Draft = {
  email: string;
  name: string;
  kind: Kind;
  companyRoles: Role[];
  officeId: string;
  officeRoles: Role[];
  privileges: UserPrivilege[];
};

type Problems = Partial<Record<'email' | 'name' | 'roles' | 'officeId' | 'form', string>>;

/** The invitation as the service takes it. */
export function invitationOf(draft: Draft): unknown {
  const office = draft.kind === 'office';
  return {
    email: draft.email.trim(),
    name: draft.name.trim(),
    roles: office ? { [draft.officeId]: draft.officeRoles } : draft.companyRoles,
    ...(office ? { allowedOfficeIds: draft.officeId === '' ? [] : [draft.officeId] } : {}),
    ...Object.fromEntries(draft.privileges.map((privilege) => [privilege, true])),
  };
}

/** A problem's field: 'allowedOfficeIds.0' is the office's, 'roles.office-1' the roles'. */
function fieldOf(path: string): keyof Problems {
  if (path === 'email' || path === 'name') return path;
  if (path.startsWith('allowedOfficeIds')) return 'officeId';
  if (path.startsWith('roles')) return 'roles';
  return 'form';
}

function problemsOf(draft: Draft, asker: ManagementAsker): Problems | null {
  if (draft.kind === 'office' && draft.officeId === '') return { officeId: 'Choose the office' };
  const roles = draft.kind === 'office' ? draft.officeRoles : draft.companyRoles;
  if (roles.length === 0) return { roles: 'Give at least one role' };
  const parsed = NewUserInput.safeParse(invitationOf(draft));
  if (!parsed.success) {
    const problems: Problems = {};
    for (const issue of parsed.error.issues) problems[fieldOf(issue.path.map(String).join('.'))] ??= issue.message;
    return problems;
  }
  const refusal = invitationRefusal(asker, parsed.data);
  return refusal === null ? null : { form: refusal };
}

/** How the invited user signs in, shown once. */
export function SignInNotice({ invited }: { invited: InvitedUser }) {
  if (invited.signIn.kind === 'identityProvider') {
    return (
      <Notice
        type="success"
        role="status"
        title={`${invited.name} is invited.`}
        description={`They sign in with your company's identity provider as ${invited.email}.`}
      />
    );
  }
  return (
    <Notice
      type="success"
      role="status"
      title={`${invited.name} is invited.`}
      description={
        <>
          Development sign-in: {invited.email} with the password{' '}
          <code className="dv-manage-secret" data-testid="dev-password">
            {invited.signIn.password}
          </code>
          . It is shown only now: give it to them.
        </>
      }
    />
  );
}

type InviteFieldsProps = {
  readonly asker: ManagementAsker;
  readonly draft: Draft;
  readonly problems: Problems;
  /** Invited from an office's page: that office, no choice of kind or office. */
  readonly fixedOffice: boolean;
  readonly onChange: (next: Partial<Draft>) => void;
};

function InviteFields({ asker, draft, problems, fixedOffice, onChange: change }: InviteFieldsProps) {
  const offices = useAllOffices();
  const grantable = grantableRolesOf(asker.companyRoles);
  const roleChoices = (roles: readonly Role[]): Choice<Role>[] =>
    roles.map((role) => ({ value: role, label: ROLE_LABELS[role], disabled: !grantable.includes(role) }));
  const privileges = USER_PRIVILEGES.filter((privilege) => mayGrantPrivilege(asker.companyRoles, privilege));
  const officeChoices = (offices.data ?? []).filter((item) => item.active !== false).map((item) => ({ value: item.id, label: item.name }));
  return (
    <>
      <div className="dv-form-grid">
        <TextField label="E-mail" type="email" required maxLength={254} value={draft.email} problem={problems.email} onChange={(email) => change({ email })} />
        <TextField label="Name" required value={draft.name} problem={problems.name} onChange={(name) => change({ name })} />
      </div>
      {fixedOffice ? null : (
        <SelectField<Kind>
          label="Works for"
          value={draft.kind}
          options={[
            { value: 'company', label: 'The company (agents, admins)' },
            { value: 'office', label: 'A dental office' },
          ]}
          onChange={(kind) => change({ kind: kind === '' ? 'company' : kind })}
        />
      )}
      {draft.kind === 'office' && !fixedOffice ? (
        <SelectField label="Office" value={draft.officeId} noneLabel="Choose an office" options={officeChoices} problem={problems.officeId} onChange={(officeId) => change({ officeId })} />
      ) : null}
      {draft.kind === 'office' ? (
        <CheckboxGroup label="Roles at the office" values={draft.officeRoles} options={roleChoices(OFFICE_ROLES)} problem={problems.roles} onChange={(officeRoles) => change({ officeRoles })} />
      ) : (
        <CheckboxGroup label="Company roles" values={draft.companyRoles} options={roleChoices(COMPANY_ROLES)} problem={problems.roles} onChange={(companyRoles) => change({ companyRoles })} />
      )}
      {privileges.map((privilege) => (
        <CheckboxField
          key={privilege}
          label={PRIVILEGE_LABELS[privilege]}
          checked={draft.privileges.includes(privilege)}
          onChange={(on) => change({ privileges: on ? [...draft.privileges, privilege] : draft.privileges.filter((item) => item !== privilege) })}
        />
      ))}
    </>
  );
}

export type InviteUserFormProps = {
  readonly asker: ManagementAsker;
  /** An office's page invites to that office, with these roles first. */
  readonly office?: { readonly id: string; readonly roles: readonly Role[] };
  readonly onInvited?: (invited: InvitedUser) => void;
  readonly onCancel: () => void;
};

export function InviteUserForm({ asker, office, onInvited, onCancel }: InviteUserFormProps) {
  const invite = useInviteUser();
  const [draft, setDraft] = useState<Draft>(() => ({
    email: '',
    name: '',
    kind: office ? 'office' : 'company',
    companyRoles: [],
    officeId: office?.id ?? '',
    officeRoles: office ? [...office.roles] : [],
    privileges: [],
  }));
  const [problems, setProblems] = useState<Problems>({});
  const [invited, setInvited] = useState<InvitedUser | null>(null);
  const change = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));

  function submit() {
    const found = problemsOf(draft, asker);
    setProblems(found ?? {});
    if (found) return;
    invite.mutate(NewUserInput.parse(invitationOf(draft)), {
      onSuccess: (user) => {
        setInvited(user);
        onInvited?.(user);
      },
      onError: (error) => {
        const fields = error instanceof ApiCallError ? Object.entries(error.fields) : [];
        const next: Problems = { form: problemOf(error) };
        for (const [path, message] of fields) next[fieldOf(path)] ??= message;
        setProblems(next);
      },
    });
  }

  if (invited) {
    return (
      <div className="dv-form">
        <SignInNotice invited={invited} />
        <div className="dv-form-actions">
          <Button onClick={onCancel}>Done</Button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="dv-form"
      aria-label="Invite a user"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {problems.form ? <Notice type="error" title="The user was not invited." description={problems.form} /> : null}
      <InviteFields asker={asker} draft={draft} problems={problems} fixedOffice={office !== undefined} onChange={change} />
      <div className="dv-form-actions">
        <Button type="primary" htmlType="submit" loading={invite.isPending}>
          Invite
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
