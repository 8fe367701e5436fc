/**
 * The verification page's treatment plan tab: opened from the schedule (?appointment=), the ticket offers the
 * appointment's estimate beside its benefits, the tab kept in the address; opened otherwise, or by a role without
 * the schedule, the ticket is as it always was and the schedule is not asked.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../../test-support/fake-session';
import { renderApp } from '../../test-support/render-app';
import { cellOf } from '../../verification/ticket/testing/table-queries';
import { APPOINTMENT_ID, fakeScheduleGateway, LAST_CLEANING, mariaAppointment, TOMORROW } from './testing/fake-schedule-gateway';

function openTicket(path: string, role = 'staff') {
  const gateway = fakeScheduleGateway(mariaAppointment());
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), path, gateway.fetch);
  return { ...view, gateway, user: userEvent.setup() };
}

const scheduleCalls = (gateway: ReturnType<typeof openTicket>['gateway']) => gateway.state.calls.filter((call) => call.path.startsWith('/api/schedule'));

describe('the treatment plan tab of the verification page', () => {
  it('shows the appointment’s estimate, the cleaning not eligible yet, in a tab the address keeps', async () => {
    const { user, location } = openTicket(`/verification/ver-maria?appointment=${APPOINTMENT_ID}`);
    const benefits = await screen.findByRole('tab', { name: 'Benefits' });
    expect(benefits).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('benefit-breakdown')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Treatment plan' }));
    const table = await screen.findByRole('table', { name: 'Treatment plan estimate' });
    expect(location()).toBe(`/verification/ver-maria?appointment=${APPOINTMENT_ID}&tab=treatment-plan`);
    expect(screen.getByRole('heading', { name: `Treatment plan for the appointment of ${TOMORROW.us} at 8:45 AM with Jordan Lee, RDH` })).toBeInTheDocument();
    const frequency = cellOf(table, 'D1110', 'Plan').querySelector('[data-check="frequency"]')!;
    expect(frequency).toHaveAttribute('data-eligibility', 'notEligible');
    expect(frequency).toHaveTextContent(`last ${LAST_CLEANING.us}`);
    expect(screen.getByTestId('estimate-patient-total')).toHaveTextContent('$172.00');

    await user.click(screen.getByRole('tab', { name: 'Benefits' }));
    expect(location()).toBe(`/verification/ver-maria?appointment=${APPOINTMENT_ID}`);
  });

  it('opens on the tab the address names', async () => {
    openTicket(`/verification/ver-maria?appointment=${APPOINTMENT_ID}&tab=treatment-plan`);
    expect(await screen.findByRole('table', { name: 'Treatment plan estimate' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Treatment plan' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says so when the appointment is not on the schedule any more', async () => {
    openTicket('/verification/ver-maria?appointment=sbx-gone&tab=treatment-plan');
    expect(await screen.findByText('Appointment not found')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Benefits' })).toBeInTheDocument();
  });

  it('has no tab without an appointment', async () => {
    const { gateway } = openTicket('/verification/ver-maria');
    expect(await screen.findByTestId('benefit-breakdown')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Treatment plan' })).not.toBeInTheDocument();
    expect(scheduleCalls(gateway)).toEqual([]);
  });

  it('has no tab for a role without the schedule, and does not ask the schedule', async () => {
    const { gateway } = openTicket(`/verification/ver-maria?appointment=${APPOINTMENT_ID}&tab=treatment-plan`, 'admin');
    expect(await screen.findByTestId('benefit-breakdown')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Treatment plan' })).not.toBeInTheDocument();
    await waitFor(() => expect(scheduleCalls(gateway)).toEqual([]));
  });
});
