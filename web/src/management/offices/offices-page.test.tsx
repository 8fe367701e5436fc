import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../../test-support/fake-session';
import { renderApp } from '../../test-support/render-app';
import { officeChangesOf, draftOfOffice, officeFieldOf } from './office-form';
import { DEMO, fakeManagementGateway } from './testing/fake-management-gateway';

const admin = { ...ROLE_CLAIMS.admin!, sub: 'user-admin' };
const agent = { ...ROLE_CLAIMS.agent!, sub: 'user-agent' };

function open(path = '/management/do-management', claims = admin) {
  const gateway = fakeManagementGateway();
  const view = renderApp(fakeSession(claims), path, gateway.fetch);
  return { gateway, view };
}

async function rows(name: string) {
  const table = await screen.findByRole('table', { name });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  await waitFor(() => expect(table.querySelector('tr.dv-manage-row')).not.toBeNull());
  return [...table.querySelectorAll('tr.dv-manage-row')].map((row) => row.textContent ?? '');
}

async function fillNewOffice(user: UserEvent, form: HTMLElement) {
  await user.type(within(form).getByLabelText(/Office name/), 'Elm Street Dental');
  await user.selectOptions(within(form).getByLabelText('Plan type'), 'standard');
  await user.selectOptions(within(form).getByLabelText('Payment type'), 'manual');
  await user.selectOptions(within(form).getByLabelText('Integration type'), 'nexHealth');
  await user.selectOptions(within(form).getByLabelText('Practice management system'), 'openDental');
  await user.click(within(form).getByRole('checkbox', { name: 'Outsourcing allowed' }));
  await user.click(within(form).getByRole('checkbox', { name: 'Office users may fulfil forms' }));
}

describe('office changes', () => {
  it('names only what changed, each in the call that changes it; a problem’s path names its field', () => {
    const office = DEMO.offices()[0]!;
    const draft = draftOfOffice(office);
    expect(officeChangesOf(draft, office)).toEqual({});
    expect(officeChangesOf({ ...draft, name: ' Main ', paymentType: 'invoice' }, office)).toEqual({ office: { name: 'Main' }, settings: { paymentType: 'invoice' } });
    expect(officeChangesOf({ ...draft, subdomain: 'main-st' }, office)).toEqual({ office: { integration: { subdomain: 'main-st' } } });
    expect(officeChangesOf({ ...draft, scheduleType: 'manual' }, office)).toEqual({ settings: { scheduleIntegration: { type: 'manual', pmsType: null, integration: null } } });
    expect(officeFieldOf('settings.scheduleIntegration.pmsType')).toBe('pmsType');
    expect(officeFieldOf('integration.subdomain')).toBe('subdomain');
    expect(officeFieldOf('whatever')).toBe('form');
  });
});

describe('/management/do-management', () => {
  it('lists the organization’s offices; an admin creates one with its settings and lands on its page', async () => {
    const user = userEvent.setup();
    const { gateway, view } = open();
    expect(await rows('Dental Office Management')).toEqual([
      expect.stringMatching(/Main St.*Bright Smiles Dental Group.*standard.*auto.*Active/),
      expect.stringMatching(/Oak Ave.*freemium/),
    ]);
    await user.click(screen.getByRole('button', { name: 'New office' }));
    const form = screen.getByRole('form', { name: 'New office' });
    await user.click(within(form).getByRole('button', { name: 'Create the office' }));
    expect(within(form).getByLabelText(/Office name/)).toHaveAttribute('aria-invalid', 'true');
    expect(gateway.callsTo('POST', '/api/management/offices')).toHaveLength(0);
    await fillNewOffice(user, form);
    await user.click(within(form).getByRole('button', { name: 'Create the office' }));
    await waitFor(() => expect(view.location()).toBe('/management/do-management?office=office-new-1'));
    expect(gateway.callsTo('POST', '/api/management/offices')[0]?.body).toEqual({
      name: 'Elm Street Dental',
      planType: 'standard',
      integration: null,
      settings: {
        scheduleIntegration: { type: 'nexHealth', pmsType: 'openDental', integration: null },
        outsource: { outsourceEnabled: true },
        paymentType: 'manual',
        ableToFullfillForm: true,
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Elm Street Dental' })).toBeInTheDocument();
  });

  it('shows the service’s reason under the field it names', async () => {
    const user = userEvent.setup();
    const { gateway } = open();
    gateway.answerNext('POST', '/api/management/offices', {
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'Invalid request', details: [{ location: 'body', path: 'integration.subdomain', message: 'Must be a DNS label (letters, digits, hyphens)' }] },
    });
    await user.click(await screen.findByRole('button', { name: 'New office' }));
    const form = screen.getByRole('form', { name: 'New office' });
    await user.type(within(form).getByLabelText(/Office name/), 'Elm');
    await user.click(within(form).getByRole('button', { name: 'Create the office' }));
    expect(await within(form).findByText('Must be a DNS label (letters, digits, hyphens)')).toBeInTheDocument();
  });

  it('an admin changes an office (two calls, only the changes) and deactivates it after confirming', async () => {
    const user = userEvent.setup();
    const { gateway } = open('/management/do-management?office=office-demo-2');
    await user.click(await screen.findByRole('button', { name: 'Change the office' }));
    const form = screen.getByRole('form', { name: 'Change the office' });
    await user.selectOptions(within(form).getByLabelText('Plan type'), 'premium');
    await user.click(within(form).getByRole('checkbox', { name: 'Outsourcing allowed' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gateway.callsTo('PATCH', '/api/management/offices/office-demo-2/settings')[0]?.body).toEqual({ outsource: { outsourceEnabled: true } }));
    expect(gateway.callsTo('PATCH', '/api/management/offices/office-demo-2')[0]?.body).toEqual({ planType: 'premium' });
    await user.click(await screen.findByRole('button', { name: 'Deactivate the office' }));
    await user.click(within(screen.getByRole('group', { name: 'Deactivate the office' })).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(gateway.callsTo('PATCH', '/api/management/offices/office-demo-2').at(-1)?.body).toEqual({ active: false }));
    expect(await screen.findByRole('button', { name: 'Reactivate the office' })).toBeInTheDocument();
  });

  it('the office’s users: roles here, add an existing user, change roles, remove, invite a staff manager', async () => {
    const user = userEvent.setup();
    const { gateway } = open('/management/do-management?office=office-demo-1');
    const table = await screen.findByRole('table', { name: 'The office’s users' });
    await waitFor(() => expect(within(table).getByText('Morgan Staffmanager')).toBeInTheDocument());
    expect(within(table).getByText('Staff manager')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change roles of Taylor Staff' }));
    const roles = screen.getByRole('form', { name: 'Roles of Taylor Staff here' });
    await user.click(within(roles).getByRole('checkbox', { name: 'Staff manager' }));
    await user.click(within(roles).getByRole('button', { name: 'Save the roles' }));
    await waitFor(() => expect(gateway.callsTo('PUT', '/api/management/offices/office-demo-1/users/user-staff')[0]?.body).toEqual({ roles: ['staff', 'staffmanager'] }));

    await user.click(screen.getByRole('button', { name: 'Remove Morgan Staffmanager' }));
    await user.click(within(screen.getByRole('group', { name: 'Remove Morgan Staffmanager' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(gateway.callsTo('DELETE', '/api/management/offices/office-demo-1/users/user-staffmanager')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Invite a new user' }));
    const invite = screen.getByRole('form', { name: 'Invite a user' });
    expect(within(invite).getByRole('checkbox', { name: 'Staff manager' })).toBeChecked();
    await user.type(within(invite).getByLabelText(/E-mail/), 'elm.manager@demo.test');
    await user.type(within(invite).getByLabelText(/Name/), 'Elliot Elm');
    await user.click(within(invite).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByTestId('dev-password')).toBeInTheDocument();
    expect(gateway.callsTo('POST', '/api/management/users')[0]?.body).toEqual({
      email: 'elm.manager@demo.test',
      name: 'Elliot Elm',
      roles: { 'office-demo-1': ['staffmanager'] },
      allowedOfficeIds: ['office-demo-1'],
    });
  });

  it('adds an existing user who is not a company user', async () => {
    const user = userEvent.setup();
    const { gateway } = open('/management/do-management?office=office-demo-2');
    await user.click(await screen.findByRole('button', { name: 'Add an existing user' }));
    const form = screen.getByRole('form', { name: 'Add an existing user' });
    const picker = within(form).getByLabelText('User');
    await waitFor(() => expect(within(picker).getByRole('option', { name: /Taylor Staff/ })).toBeInTheDocument());
    expect(within(picker).queryByRole('option', { name: /Alex Admin/ })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Add the user' }));
    expect(within(form).getByText('Choose the user')).toBeInTheDocument();
    await user.selectOptions(picker, 'user-staff');
    await user.click(within(form).getByRole('button', { name: 'Add the user' }));
    await waitFor(() => expect(gateway.callsTo('PUT', '/api/management/offices/office-demo-2/users/user-staff')[0]?.body).toEqual({ roles: ['staff'] }));
  });

  it('agents read the offices and an office’s users, and change nothing', async () => {
    open('/management/do-management', agent);
    await rows('Dental Office Management');
    expect(screen.queryByRole('button', { name: 'New office' })).toBeNull();
    open('/management/do-management?office=office-demo-1', agent);
    expect(await screen.findByRole('table', { name: 'The office’s settings' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change the office' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite a new user' })).toBeNull();
  });
});
