import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../../test-support/fake-session';
import { renderApp } from '../../test-support/render-app';
import { fakeManagementGateway } from '../offices/testing/fake-management-gateway';

const admin = { ...ROLE_CLAIMS.admin!, sub: 'user-admin' };
const agent = { ...ROLE_CLAIMS.agent!, sub: 'user-agent' };

function open(path = '/management/agents', claims = admin) {
  const gateway = fakeManagementGateway();
  const view = renderApp(fakeSession(claims), path, gateway.fetch);
  return { gateway, view };
}

/** The data rows' texts, once the list has settled. */
async function rows() {
  const table = await screen.findByRole('table', { name: 'Agents' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  await waitFor(() => expect(table.querySelector('tr.dv-manage-row')).not.toBeNull());
  return [...table.querySelectorAll('tr.dv-manage-row')].map((row) => row.textContent ?? '');
}

describe('/management/agents', () => {
  it('lists the organization’s users with their roles and status; the search goes to the service', async () => {
    const user = userEvent.setup();
    const { gateway } = open();
    expect(await rows()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Alex Admin'),
        expect.stringMatching(/Morgan Staffmanager.*Staff manager at Bright Smiles Dental – Main St; Staff at Bright Smiles Dental – Oak Ave/),
      ]),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'taylor{Enter}');
    await waitFor(() => expect(gateway.callsTo('GET', '/api/management/users').at(-1)?.query.get('search')).toBe('taylor'));
    await waitFor(async () => expect(await rows()).toEqual([expect.stringContaining('Taylor Staff')]), { timeout: 5000 });
  });

  it('an admin invites an office user: problems first, then the development password, shown once', async () => {
    const user = userEvent.setup();
    const { gateway } = open();
    await user.click(await screen.findByRole('button', { name: 'Invite a user' }));
    const form = screen.getByRole('form', { name: 'Invite a user' });
    await user.type(within(form).getByLabelText(/E-mail/), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('Give at least one role')).toBeInTheDocument();
    await user.click(within(form).getByRole('checkbox', { name: 'Agent' }));
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(within(form).getByLabelText(/E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(gateway.callsTo('POST', '/api/management/users')).toHaveLength(0);
    // An admin may not grant superadministrator: offered, but not to be ticked.
    expect(within(form).getByRole('checkbox', { name: 'Super administrator' })).toBeDisabled();

    await user.clear(within(form).getByLabelText(/E-mail/));
    await user.type(within(form).getByLabelText(/E-mail/), 'new.manager@demo.test');
    await user.type(within(form).getByLabelText(/Name/), 'Nina New');
    await user.selectOptions(within(form).getByLabelText('Works for'), 'office');
    await user.selectOptions(await within(form).findByLabelText('Office'), 'office-demo-2');
    await user.click(within(form).getByRole('checkbox', { name: 'Staff manager' }));
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByTestId('dev-password')).toHaveTextContent('dev-password-made-once');
    expect(gateway.callsTo('POST', '/api/management/users')[0]?.body).toEqual({
      email: 'new.manager@demo.test',
      name: 'Nina New',
      roles: { 'office-demo-2': ['staffmanager'] },
      allowedOfficeIds: ['office-demo-2'],
    });
  });

  it('shows the service’s reason under the field it names (an e-mail taken)', async () => {
    const user = userEvent.setup();
    const { gateway } = open();
    gateway.answerNext('POST', '/api/management/users', {
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'A user with this e-mail already exists', details: [{ location: 'body', path: 'email', message: 'Already taken' }] },
    });
    await user.click(await screen.findByRole('button', { name: 'Invite a user' }));
    const form = screen.getByRole('form', { name: 'Invite a user' });
    await user.type(within(form).getByLabelText(/E-mail/), 'staff@demo.test');
    await user.type(within(form).getByLabelText(/Name/), 'Again');
    await user.click(within(form).getByRole('checkbox', { name: 'Agent' }));
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('Already taken')).toBeInTheDocument();
    expect(within(form).getByText('A user with this e-mail already exists')).toBeInTheDocument();
  });

  it('an admin deactivates a user after confirming; nobody is offered deactivating themselves', async () => {
    const user = userEvent.setup();
    const { gateway } = open('/management/agents?user=user-staff');
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await user.click(within(screen.getByRole('group', { name: 'Deactivate the user' })).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(gateway.callsTo('PATCH', '/api/management/users/user-staff')[0]?.body).toEqual({ active: false }));
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(screen.getByText('Deactivated')).toBeInTheDocument();
  });

  it('an admin’s own page offers the name only; a super administrator’s is not theirs to change', async () => {
    open('/management/agents?user=user-admin');
    expect(await screen.findByRole('form', { name: 'Change the user' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Company roles' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('an admin does not change a super administrator', async () => {
    open('/management/agents?user=user-superadministrator');
    expect(await screen.findByText('Only a super administrator changes this user.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('an admin changes a user’s company roles: only what changed is sent', async () => {
    const user = userEvent.setup();
    const { gateway } = open('/management/agents?user=user-agent');
    await user.click(await screen.findByRole('checkbox', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gateway.callsTo('PATCH', '/api/management/users/user-agent')[0]?.body).toEqual({ roles: ['agent', 'admin'] }));
  });

  it('agents read: no invitation, no changes', async () => {
    open('/management/agents', agent);
    await rows();
    expect(screen.queryByRole('button', { name: 'Invite a user' })).toBeNull();
    open('/management/agents?user=user-staff', agent);
    expect(await screen.findAllByRole('table', { name: 'The user' })).not.toHaveLength(0);
    expect(screen.queryByRole('form', { name: 'Change the user' })).toBeNull();
  });

  it('an unknown user says so', async () => {
    open('/management/agents?user=user-nobody');
    expect(await screen.findByText('This user does not exist.')).toBeInTheDocument();
  });
});
