/**
 * /schedule and /schedule/{date} in the app's routes over a fake gateway: the day's appointments by time with each
 * verification's chip (and the reason of one needing attention, in words), the sandbox badge, the empty, failed
 * and loading days; the day in the address (previous, next, picked, today) with the focus kept; verifying one
 * coverage opens its verification; a row opens the appointment's panel; offices without the schedule, and the
 * payment gate.
 */
import { FEATURE_FLAGS } from '@dv/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeDevSetting } from '../dev-tools/dev-settings';
import { type FetchFn } from '../http/http-client';
import { DEMO_FEATURE_FLAGS } from '../test-support/demo-flags';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { jsonReply } from '../test-support/json-reply';
import { renderApp } from '../test-support/render-app';
import { appointment, coverage, fakeScheduleGateway, READY } from './fake-schedule-gateway';
import { todayOf } from './schedule-dates';

const DAY = '2026-06-16';

const ruth = appointment({
  id: 'appt-ruth',
  start: '10:30',
  patient: { id: 'p-ruth', firstName: 'Ruth', lastName: 'Fischer', dob: '10/14/1962', newPatient: false },
  coverages: [coverage({ carrierName: 'GEHA Connection Dental', verification: READY })],
  chip: 'ready',
});
const kevin = appointment({
  id: 'appt-kevin',
  start: '08:00',
  provider: 'Jordan Lee, RDH',
  patient: { id: 'p-kevin', firstName: 'Kevin', lastName: 'Patel', dob: '02/02/1990', newPatient: true },
  coverages: [
    coverage({ carrierName: 'UnitedHealthcare Dental', verification: { verificationId: 'ver-kevin', chip: 'attention', attention: 'Needs a portal credential for UnitedHealthcare Dental' } }),
    coverage({ rank: 'secondary', carrierName: 'Delta Dental', memberId: 'DD555', verification: { chip: 'inProgress', verificationId: 'ver-kevin-2' } }),
  ],
  chip: 'attention',
});
const maria = appointment({ id: 'appt-maria', start: '09:30', coverages: [coverage()] });
const noInsurance = appointment({ id: 'appt-none', start: '13:00', patient: { id: 'p-none', firstName: 'Ana', lastName: 'Silva', dob: '01/01/2000', newPatient: false }, coverages: [], chip: 'notVerified' });

function open(path = `/schedule/${DAY}`, role = 'staff', gateway = fakeScheduleGateway({ [DAY]: { appointments: [ruth, kevin, maria, noInsurance] } })) {
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), path, gateway.fetch);
  return { ...view, gateway, user: userEvent.setup() };
}

const rows = () => screen.getAllByTestId('appointment-row');
const rowOf = (name: string) => rows().find((row) => within(row).queryByRole('link', { name }) !== null)!;

describe('the appointment schedule of a day', () => {
  it('opens right after sign-in, with the signed-out render’s office read still in the cache', async () => {
    const { services } = open();
    // What the office provider's first render, before the session was signed in, leaves behind: a query of no
    // user that never ran (pending) and nobody observes any more.
    services.queryClient.getQueryCache().build(services.queryClient, { queryKey: ['user-offices', null] });
    await waitFor(() => expect(rows()).toHaveLength(4));
  });

  it('lists the appointments by time with patient, provider, insurance and each coverage’s status', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointment Schedule' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /Tuesday, June 16, 2026/ })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows().map((row) => within(row).getAllByRole('link')[0]!.textContent)).toEqual(['Patel, Kevin', 'Lopez, Maria', 'Fischer, Ruth', 'Silva, Ana']);
    expect(screen.getByTestId('sandbox-badge')).toHaveTextContent('Sandbox');

    const kevinRow = rowOf('Patel, Kevin');
    for (const text of ['8:00 AM', 'DOB 02/02/1990', 'New patient', 'Jordan Lee, RDH', 'UnitedHealthcare Dental', 'Delta Dental', 'Member ID DD555']) expect(kevinRow).toHaveTextContent(text);
    const chips = within(kevinRow).getAllByTestId('coverage-chip');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Needs attention', 'In progress']);
    // The reason is text on the row, not a tooltip.
    expect(within(kevinRow).getByTestId('attention-reason')).toHaveTextContent('Needs a portal credential for UnitedHealthcare Dental');
    expect(within(kevinRow).getByText('Primary:')).toBeInTheDocument();
    expect(within(kevinRow).getByRole('link', { name: 'Open verification of Patel, Kevin, secondary insurance' })).toHaveAttribute(
      'href',
      '/verification/ver-kevin-2?appointment=appt-kevin',
    );

    const ruthRow = rowOf('Fischer, Ruth');
    expect(within(ruthRow).getByTestId('coverage-chip')).toHaveTextContent('Ready: active');
    expect(ruthRow).toHaveTextContent('Verified 06/15/2026');
    // For this appointment: the ticket then offers its treatment plan tab, as from the panel.
    expect(within(ruthRow).getByRole('link', { name: 'Open verification of Fischer, Ruth' })).toHaveAttribute('href', '/verification/ver-ready?appointment=appt-ruth');
    expect(within(ruthRow).queryByText('New patient')).toBeNull();

    expect(within(rowOf('Lopez, Maria')).getByTestId('coverage-chip')).toHaveTextContent('Not verified');
    expect(within(rowOf('Lopez, Maria')).getByRole('button', { name: 'Verify Lopez, Maria' })).toBeEnabled();
    expect(rowOf('Silva, Ana')).toHaveTextContent('No insurance on file');
    expect(within(rowOf('Silva, Ana')).queryByRole('button', { name: /Verify/ })).toBeNull();
  });

  it('shows no sandbox controls away from the development host, whatever the switch says', async () => {
    writeDevSetting('scheduleTest', true);
    open();
    expect(await screen.findByTestId('sandbox-badge')).toBeInTheDocument();
    expect(screen.queryByTestId('sandbox-controls')).toBeNull();
    writeDevSetting('scheduleTest', false);
  });

  it('says when the day has no appointment, and when it could not be read', async () => {
    open('/schedule/2026-06-20');
    expect(await screen.findByTestId('schedule-empty')).toHaveTextContent('No appointments on this day.');
    expect(screen.getByRole('button', { name: 'Verify all' })).toBeDisabled();

    const gateway = fakeScheduleGateway();
    gateway.state.dayFailure = 502;
    open('/schedule/2026-06-21', 'staff', gateway);
    expect(await screen.findByText(/could not be loaded\. The practice-management system did not answer/)).toBeInTheDocument();
    gateway.state.dayFailure = null;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('schedule-empty')).toHaveLength(2);
  });

  it('shows the loading state while the day is read', async () => {
    const gateway = fakeScheduleGateway();
    const held: FetchFn = (url, init) => (url.startsWith('/api/schedule/') ? new Promise(() => undefined) : gateway.fetch(url, init));
    renderApp(fakeSession(ROLE_CLAIMS.staff!), `/schedule/${DAY}`, held);
    expect(await screen.findByRole('status', { name: 'Loading the appointments' })).toBeInTheDocument();
  });

  it('opens today on /schedule and moves by day in the address, keeping the focus on the button pressed', async () => {
    const { user, location } = open('/schedule');
    const today = todayOf();
    expect(await screen.findByText('· Today')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /Next day/ }));
    await waitFor(() => expect(location()).toMatch(/^\/schedule\/\d{4}-\d\d-\d\d$/));
    expect(location()).not.toBe(`/schedule/${today}`);
    expect(await screen.findByText('· Tomorrow')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /Next day/ })).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('· Tomorrow')).toBeNull());
    await user.click(screen.getByRole('button', { name: /Previous day/ }));
    await user.click(screen.getByRole('button', { name: /Previous day/ }));
    await waitFor(() => expect(location()).toBe(`/schedule/${today}`));

    fireEvent.change(screen.getByLabelText('Day'), { target: { value: DAY } });
    await waitFor(() => expect(location()).toBe(`/schedule/${DAY}`));
    expect(await screen.findByRole('heading', { level: 2, name: /June 16, 2026/ })).toBeInTheDocument();
    // A year half typed is no day to open.
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '0202-06-16' } });
    expect(location()).toBe(`/schedule/${DAY}`);
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(location()).toBe(`/schedule/${today}`));
  });

  it('says so for an address that is not a day', async () => {
    open('/schedule/2026-02-30');
    expect(await screen.findByText('Not a day')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Today's schedule" })).toHaveAttribute('href', `/schedule/${todayOf()}`);
  });

  it('verifies one coverage from its row and opens the verification, for the appointment', async () => {
    const { user, gateway, location } = open();
    await user.click(await screen.findByRole('button', { name: 'Verify Lopez, Maria' }));
    await waitFor(() => expect(location()).toBe('/verification/ver-appt-maria?appointment=appt-maria'));
    expect(gateway.calls('POST', '/api/schedule/appointments/appt-maria/verify')[0]?.body).toEqual({ coverage: 'primary' });
  });

  it('opens the appointment panel for a row, and closes it', async () => {
    const { user, location, gateway } = open();
    await user.click(await screen.findByRole('link', { name: 'Fischer, Ruth' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ruth Fischer, 10:30 AM' });
    // The panel of appointment/, loaded on first open, reads the appointment (not in this fake: not found).
    expect(await within(drawer).findByText('Appointment not found')).toBeInTheDocument();
    expect(location()).toBe(`/schedule/${DAY}?appointment=appt-ruth`);
    expect(gateway.calls('GET', '/api/schedule/appointments/appt-ruth')).not.toHaveLength(0);
    await user.click(within(drawer).getByRole('button', { name: 'Close the appointment' }));
    await waitFor(() => expect(location()).toBe(`/schedule/${DAY}`));

    // A click anywhere on a row opens it too.
    await user.click(within(rowOf('Lopez, Maria')).getByText('Dr. Anika Patel'));
    expect(await screen.findByRole('dialog', { name: 'Maria Lopez, 9:30 AM' })).toBeInTheDocument();
  });

  it('mounts the appointment panel of appointment/ for the row, which closes itself', async () => {
    const { user, location } = open(`/schedule/${DAY}?appointment=appt-ruth`);
    const drawer = await screen.findByRole('dialog', { name: 'Ruth Fischer, 10:30 AM' });
    await user.click(await within(drawer).findByRole('button', { name: 'Close the appointment' }));
    await waitFor(() => expect(location()).toBe(`/schedule/${DAY}`));
  });
});

describe('who gets the schedule', () => {
  it('refuses an office without it (freemium), without asking the schedule service', async () => {
    const gateway = fakeScheduleGateway();
    gateway.state.planType = 'freemium';
    open(`/schedule/${DAY}`, 'staff', gateway);
    expect(await screen.findByText('This office has no Appointment Schedule')).toBeInTheDocument();
    expect(gateway.state.calls).toEqual([]);
  });

  it('sends an office paying by card with an invalid billing to /payment (the payment gate)', async () => {
    const gateway = fakeScheduleGateway();
    const fetch: FetchFn = (url, init) => {
      const path = url.split('?')[0];
      if (path === '/api/features') return Promise.resolve(jsonReply([...DEMO_FEATURE_FLAGS, { name: FEATURE_FLAGS.PAYMENTS_CONTINUOUS.name, type: 'none', value: null, isActive: true }]));
      if (path === '/api/stripe' || path === '/api/stripe/subscription/valid') return Promise.resolve(jsonReply({ valid: path === '/api/stripe/subscription/valid' }));
      return gateway.fetch(url, init);
    };
    const view = renderApp(fakeSession(ROLE_CLAIMS.staff!), '/schedule', fetch);
    await waitFor(() => expect(view.location()).toBe('/payment'));
  });
});
