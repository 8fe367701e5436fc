/**
 * The day page with the real appointment panel in its drawer, over both fake schedule APIs (the day's and the
 * panel's, testing/fake-schedule-gateway.ts): the drawer shows the panel's heading and close button once; every
 * link and button names itself with its visible words first (axe-core's label-content-name-mismatch); a row's
 * verification opens the ticket for the appointment, with its treatment plan tab; and the settings saved on the
 * page are the panel's, from one reading.
 */
import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FetchFn } from '../http/http-client';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import {
  APPOINTMENT_ID,
  fakeScheduleGateway as fakePanelGateway,
  MARIA_VERIFICATION,
  mariaAppointment,
  TIME_ZONE,
  TOMORROW,
} from './appointment/testing/fake-schedule-gateway';
import { appointment, coverage, fakeScheduleGateway, READY } from './fake-schedule-gateway';

const maria = appointment({
  id: APPOINTMENT_ID,
  date: TOMORROW.iso,
  start: '08:45',
  patient: { id: 'pt-lopez-maria', firstName: 'Maria', lastName: 'Lopez', dob: '04/12/1985', newPatient: false },
  coverages: [coverage({ carrierName: 'Delta Dental of California', verification: { ...READY, verificationId: MARIA_VERIFICATION } })],
  chip: 'ready',
});
const kevin = appointment({
  id: 'appt-kevin',
  date: TOMORROW.iso,
  start: '10:00',
  patient: { id: 'p-kevin', firstName: 'Kevin', lastName: 'Patel', dob: '02/02/1990', newPatient: true },
  coverages: [coverage(), coverage({ rank: 'secondary', carrierName: 'Delta Dental', memberId: 'DD555', verification: { verificationId: 'ver-kevin-2', chip: 'inProgress' } })],
});

/** The day's API for the day, the panel's for the appointment, its fees and the tickets. */
function open(path: string, role = 'staff') {
  const day = fakeScheduleGateway({ [TOMORROW.iso]: { appointments: [maria, kevin] } });
  day.state.settings = { ...day.state.settings, timeZone: TIME_ZONE };
  const panel = fakePanelGateway(mariaAppointment());
  const fetch: FetchFn = (url, init) =>
    /^\/api\/(schedule\/appointments\/[^/?]+(\/write-back)?([?]|$)|schedule\/fees|verifications\/)/.test(url) && !url.endsWith('/verify')
      ? panel.fetch(url, init)
      : day.fetch(url, init);
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), path, fetch);
  return { ...view, day, panel, user: userEvent.setup() };
}

/**
 * Where a control's accessible name leaves out its visible words (WCAG 2.5.3), as the browser check finds it.
 * jsdom draws no canvas, on which axe-core tells an icon font's ligature from words: it is told that no text here
 * is an icon (a context it never draws on, and a font already seen without ligatures).
 */
async function nameMismatches(): Promise<string[]> {
  const getContext = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ canvas: {} } as never);
  axe.configure({ checks: [{ id: 'label-content-name-mismatch', options: { occurrenceThreshold: 0 } }] });
  try {
    const result = await axe.run(document.body, { runOnly: ['label-content-name-mismatch'] });
    return result.violations.flatMap((violation) => violation.nodes.map((node) => node.html));
  } finally {
    getContext.mockRestore();
  }
}

describe('the appointment panel in the day page’s drawer', () => {
  it('shows the patient, the time and a close button once: the panel’s, not the drawer’s too', async () => {
    const { location } = open(`/schedule/${TOMORROW.iso}?appointment=${APPOINTMENT_ID}`);
    const drawer = await screen.findByRole('dialog', { name: 'Maria Lopez, 8:45 AM' });
    expect(await within(drawer).findByRole('heading', { level: 2, name: 'Maria Lopez' })).toBeInTheDocument();
    expect(within(drawer).getAllByText(/Maria Lopez/)).toHaveLength(1);
    expect(within(drawer).getAllByText(/8:45 AM/)).toHaveLength(1);
    const closers = within(drawer).getAllByRole('button', { name: /close/i });
    expect(closers.map((button) => button.getAttribute('aria-label') ?? button.textContent)).toEqual(['Close the appointment']);
    await userEvent.setup().click(closers[0]!);
    await waitFor(() => expect(location()).toBe(`/schedule/${TOMORROW.iso}`));
  });

  it('names every link and button with its visible words, in the rows and in the panel', async () => {
    open(`/schedule/${TOMORROW.iso}?appointment=${APPOINTMENT_ID}`);
    const drawer = await screen.findByRole('dialog', { name: 'Maria Lopez, 8:45 AM' });
    // The panel's coverage with its link, and behind the drawer the rows' links and Verify.
    expect(within(await within(drawer).findByTestId('coverage-primary')).getAllByRole('link')).toHaveLength(1);
    await within(drawer).findByRole('table', { name: 'Treatment plan estimate' });
    await within(drawer).findByRole('form', { name: 'Values to write back' });
    expect(screen.getAllByRole('link', { name: /^Open verification/, hidden: true })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Verify Patel, Kevin/, hidden: true })).toHaveLength(1);
    expect(await nameMismatches()).toEqual([]);
  });

  it('opens a row’s verification for its appointment: the ticket offers the treatment plan tab', async () => {
    const { user, location } = open(`/schedule/${TOMORROW.iso}`);
    await user.click(await screen.findByRole('link', { name: 'Open verification of Lopez, Maria' }));
    await waitFor(() => expect(location()).toBe(`/verification/${MARIA_VERIFICATION}?appointment=${APPOINTMENT_ID}`));
    expect(await screen.findByRole('tab', { name: 'Treatment plan' })).toBeInTheDocument();
  });

  it('takes the treatment plan mode saved in the schedule settings, from the page’s one reading', async () => {
    const { user, day } = open(`/schedule/${TOMORROW.iso}`, 'staffmanager');
    await user.click(await screen.findByRole('button', { name: 'Schedule settings' }));
    // In tests antd names every dialog by the id 'test-id', which the manager's office switcher has too.
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Treatment plan estimate covers'), 'completePlan');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(day.state.settings.treatmentPlanMode).toBe('completePlan');

    await user.click(screen.getByRole('link', { name: 'Lopez, Maria' }));
    expect(await screen.findByRole('radio', { name: 'Complete plan' })).toBeChecked();
    expect(day.calls('GET', '/api/schedule/settings')).toHaveLength(1);
  });
});
