import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../../test-support/fake-session';
import { renderApp } from '../../test-support/render-app';
import { DEMO, fakeManagementGateway, office } from '../offices/testing/fake-management-gateway';

const admin = { ...ROLE_CLAIMS.admin!, sub: 'user-admin' };
const agent = { ...ROLE_CLAIMS.agent!, sub: 'user-agent' };

function open(path: string, claims = admin) {
  const gateway = fakeManagementGateway({ offices: [...DEMO.offices(), office('office-elm', 'Elm Street Dental')] });
  const view = renderApp(fakeSession(claims), path, gateway.fetch);
  return { gateway, view };
}

describe('/management/do-groups', () => {
  it('lists the groups with their office counts; an admin creates one and lands on its page', async () => {
    const user = userEvent.setup();
    const { gateway, view } = open('/management/do-groups');
    const table = await screen.findByRole('table', { name: 'Dental Office Groups' });
    await waitFor(() => expect(within(table).getByText('Bright Smiles Dental Group')).toBeInTheDocument());
    expect(within(table).getByText('2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New group' }));
    const form = screen.getByRole('form', { name: 'New group' });
    await user.click(within(form).getByRole('button', { name: 'Create the group' }));
    expect(within(form).getByLabelText(/Group name/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(form).getByLabelText(/Group name/), 'Elm Group');
    await user.click(within(form).getByRole('button', { name: 'Create the group' }));
    await waitFor(() => expect(view.location()).toBe('/management/do-groups/group-new-1'));
    expect(gateway.callsTo('POST', '/api/management/groups')[0]?.body).toEqual({ name: 'Elm Group' });
  });

  it('a group’s page: rename, add an office without a group, remove one', async () => {
    const user = userEvent.setup();
    const { gateway } = open('/management/do-groups/group-demo');
    const table = await screen.findByRole('table', { name: 'Offices of this group' });
    await waitFor(() => expect(within(table).getByText('Bright Smiles Dental – Main St')).toBeInTheDocument());
    const picker = screen.getByLabelText('Add an office');
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose an office', 'Elm Street Dental']);
    await user.selectOptions(picker, 'office-elm');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(gateway.callsTo('POST', '/api/management/groups/group-demo/offices')[0]?.body).toEqual({ officeId: 'office-elm' }));
    await waitFor(() => expect(within(table).getByText('Elm Street Dental')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Remove Bright Smiles Dental – Oak Ave from the group' }));
    await waitFor(() => expect(gateway.callsTo('DELETE', '/api/management/groups/group-demo/offices/office-demo-2')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Rename the group' }));
    const form = screen.getByRole('form', { name: 'Rename the group' });
    await user.clear(within(form).getByLabelText(/Group name/));
    await user.type(within(form).getByLabelText(/Group name/), 'Bright Smiles');
    await user.click(within(form).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(gateway.callsTo('PATCH', '/api/management/groups/group-demo')[0]?.body).toEqual({ name: 'Bright Smiles' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bright Smiles' })).toBeInTheDocument();
  });

  it('agents read, change nothing; an unknown group says so', async () => {
    open('/management/do-groups/group-demo', agent);
    await screen.findByRole('table', { name: 'Offices of this group' });
    expect(screen.queryByRole('button', { name: 'Rename the group' })).toBeNull();
    expect(screen.queryByLabelText('Add an office')).toBeNull();
    open('/management/do-groups/group-nope');
    expect(await screen.findByText('This group does not exist.')).toBeInTheDocument();
  });
});
