/**
 * The 'Verification form' on a ticket's page: for those who may fulfil forms only; a question in a conditional block
 * shows only while its condition holds; Save sends the answers of the questions that show, with the ticket's
 * version; a problem (the page's own or the service's) shows under its question.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { fakeFormsGateway } from './fake-forms-gateway';

function openTicket(role: string, options: Parameters<typeof fakeFormsGateway>[0] = {}) {
  const gateway = fakeFormsGateway(options);
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), `/verification/${gateway.state.ticket.id}`, gateway.fetch);
  return { gateway, view };
}

const section = () => screen.findByRole('form', { name: 'Verification form' }, { timeout: 5_000 });

describe('the verification form on the ticket page', () => {
  it('shows the orthodontics block only while Orthodontics covered is yes, and saves what shows', async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway } = openTicket('agent');
    const form = await section();
    expect(within(form).queryByRole('group', { name: 'Orthodontics' })).toBeNull();
    expect(within(form).getByText(/On the plan: \$1,500\.00/)).toBeInTheDocument();

    await user.click(within(form).getByRole('radio', { name: 'Yes' }));
    const block = within(form).getByRole('group', { name: 'Orthodontics' });
    await user.type(within(block).getByRole('textbox', { name: 'Orthodontic lifetime maximum' }), '2,500');
    await user.click(within(form).getByRole('radio', { name: 'No' }));
    expect(within(form).queryByRole('group', { name: 'Orthodontics' })).toBeNull();
    await user.click(within(form).getByRole('radio', { name: 'Yes' }));
    expect(within(form).getByRole('textbox', { name: 'Orthodontic lifetime maximum' })).toHaveValue('2,500');

    await user.type(within(form).getByRole('textbox', { name: 'Annual maximum' }), '2000');
    await user.type(within(form).getByRole('textbox', { name: 'Periodic exam (D0120) frequency: how many' }), '2');
    await user.type(within(form).getByRole('textbox', { name: 'Periodic exam (D0120) frequency: per how many' }), '12');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Periodic exam (D0120) frequency: time period' }), 'months');
    await user.click(within(form).getByRole('button', { name: 'Save answers' }));

    await waitFor(() => expect(gateway.callsTo('PUT', '/api/verifications/ver-test-1/form')).toHaveLength(1));
    expect(gateway.callsTo('PUT', '/api/verifications/ver-test-1/form')[0]!.body).toEqual({
      answers: { annualMax: 2000, examFrequency: { quantity: 2, frequency: 12, timePeriod: 'mo' }, orthoCovered: true, orthoLifetimeMax: 2500 },
      version: gateway.state.ticket.version - 1,
    });
    expect(await screen.findByText('Your changes has been saved.')).toBeInTheDocument();
    // The form starts again from what was saved.
    expect(await within(await section()).findByText(/Last saved/)).toBeInTheDocument();
    expect(within(await section()).getByRole('textbox', { name: 'Annual maximum' })).toHaveValue('2000');
  });

  it("says what is wrong under the question, the page's own check first, then the service's", async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway } = openTicket('admin');
    const form = await section();
    const amount = within(form).getByRole('textbox', { name: 'Annual maximum' });
    await user.type(amount, 'lots');
    await user.click(within(form).getByRole('button', { name: 'Save answers' }));
    expect(await within(form).findByText('Enter a number')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(gateway.callsTo('PUT', '/api/verifications/ver-test-1/form')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '900');
    gateway.failNext({ status: 400, message: 'Invalid request', details: [{ path: 'answers.annualMax', message: 'The verification has no plan yet' }] });
    await user.click(within(form).getByRole('button', { name: 'Save answers' }));
    expect(await within(form).findByText('The verification has no plan yet')).toBeInTheDocument();
    expect(amount.getAttribute('aria-describedby')).toContain(within(form).getByText('The verification has no plan yet').id);
  });

  it('is not shown to office users whose office does not fill forms, and asks nothing', async () => {
    const { gateway } = openTicket('staff', { offices: [{ id: 'office-demo-1', name: 'Main St', ableToFullfillForm: false }] });
    expect(await screen.findByTestId('benefit-breakdown')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Verification form' })).toBeNull();
    expect(gateway.callsTo('GET', '/api/verifications/ver-test-1/form')).toHaveLength(0);
  });

  it('is shown to office users whose office fills forms', async () => {
    openTicket('staff', { offices: [{ id: 'office-demo-1', name: 'Main St', ableToFullfillForm: true }] });
    expect(await section()).toBeInTheDocument();
  });

  it('offers no Save on a submitted ticket', async () => {
    const { gateway } = openTicket('agent');
    gateway.state.ticket = { ...gateway.state.ticket, status: 'Completed' };
    const form = await section();
    expect(within(form).queryByRole('button', { name: 'Save answers' })).toBeNull();
    expect(within(form).getByText(/can no longer change/)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Annual maximum' })).toBeDisabled();
  });
});
