/**
 * "Verify all" on /schedule/{date} over a fake gateway and a fake socket: the batch starts, its bar moves with the
 * socket's progress events (of this day only) and the day is read again, throttled, then the summary; a reload
 * while it runs finds the bar; the 409 of a batch already running; the button waits while one runs. And the
 * schedule settings: managers change them (the service's 400 under the field), staff only read them.
 */
import { SCHEDULE_MESSAGES, SOCKET_EVENTS, type ScheduleDayView } from '@dv/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { connectLatestInAct, fakeSockets } from '../test-support/fake-socket';
import { renderApp } from '../test-support/render-app';
import { appointment, batchOf, coverage, fakeScheduleGateway, READY } from './fake-schedule-gateway';
import { DAY_REFETCH_THROTTLE_MS } from './use-schedule-day';

const DAY = '2026-06-17';
const APPOINTMENTS = [
  appointment({ id: 'a1', start: '08:00' }),
  appointment({ id: 'a2', start: '08:45', patient: { id: 'p2', firstName: 'Diego', lastName: 'Lopez', dob: '05/05/2015', newPatient: false } }),
  appointment({ id: 'a3', start: '09:30', patient: { id: 'p3', firstName: 'Kevin', lastName: 'Patel', dob: '02/02/1990', newPatient: true } }),
  appointment({ id: 'a4', start: '10:15', patient: { id: 'p4', firstName: 'Ruth', lastName: 'Fischer', dob: '10/14/1962', newPatient: false }, coverages: [coverage({ verification: READY })], chip: 'ready' }),
];

function open(gateway = fakeScheduleGateway({ [DAY]: { appointments: APPOINTMENTS } }), role = 'staff') {
  const sockets = fakeSockets();
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), `/schedule/${DAY}`, gateway.fetch, sockets.create);
  return { ...view, gateway, sockets, user: userEvent.setup() };
}

const bar = () => screen.getByRole('progressbar', { name: 'Verify all progress' });
const dayReads = (gateway: ReturnType<typeof fakeScheduleGateway>) => gateway.calls('GET', `/api/schedule/${DAY}`).length;
const progress = (done: number, status: 'running' | 'done' = 'running', batchId = 'batch-new', date = DAY) => ({ batchId, date, status, total: 3, done });

/** The server's side of a step: the day as it is now, the coverage of `id` ended. */
function ended(day: ScheduleDayView, id: string, chip: 'ready' | 'attention'): ScheduleDayView {
  return {
    ...day,
    appointments: day.appointments.map((one) =>
      one.id === id
        ? { ...one, chip, coverages: one.coverages.map((c) => ({ ...c, verification: { ...c.verification, verificationId: `ver-${id}`, chip, coverageStatus: chip === 'ready' ? 'active' : null, attention: chip === 'attention' ? 'Rejected by the payer: subscriber not found' : null } })) }
        : one,
    ),
  };
}

describe('Verify all', () => {
  it('starts the batch, moves the bar live from the socket, reads the day again (throttled) and sums up', async () => {
    const { user, gateway, sockets } = open();
    await user.click(await screen.findByRole('button', { name: 'Verify all' }));
    expect(gateway.calls('POST', `/api/schedule/${DAY}/batch`)).toHaveLength(1);
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuetext', '0 of 3'));
    expect(screen.getByRole('button', { name: 'Verify all' })).toBeDisabled();
    expect(screen.getByTestId('batch-progress')).toHaveTextContent('0 of 3 verified');
    connectLatestInAct(sockets);
    const socket = sockets.latest();

    const before = dayReads(gateway);
    gateway.setDay(DAY, (day) => ({ ...ended(day, 'a1', 'ready'), batch: { ...day.batch!, done: 1 } }));
    act(() => socket.serverEmits(SOCKET_EVENTS.scheduleBatchProgress, progress(1)));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '1'));
    await waitFor(() => expect(within(screen.getAllByTestId('appointment-row')[0]!).getByTestId('coverage-chip')).toHaveTextContent('Ready: active'));
    // Another day's batch is no business of this page.
    act(() => socket.serverEmits(SOCKET_EVENTS.scheduleBatchProgress, progress(3, 'running', 'batch-other', '2026-06-18')));
    // A second step right after the first moves the bar at once; the day is read once more at the interval's end.
    gateway.setDay(DAY, (day) => ({ ...ended(day, 'a2', 'attention'), batch: { ...day.batch!, done: 2 } }));
    act(() => socket.serverEmits(SOCKET_EVENTS.scheduleBatchProgress, progress(2)));
    expect(bar()).toHaveAttribute('aria-valuetext', '2 of 3');
    expect(dayReads(gateway)).toBe(before + 1);
    await waitFor(() => expect(screen.getAllByTestId('attention-reason')[0]).toHaveTextContent('Rejected by the payer: subscriber not found'), { timeout: DAY_REFETCH_THROTTLE_MS * 3 });
    expect(dayReads(gateway)).toBe(before + 2);

    gateway.setDay(DAY, (day) => ({ ...ended(day, 'a3', 'ready'), batch: { ...day.batch!, done: 3, status: 'done', finishedAt: '2026-06-16T20:05:00.000Z', counts: { ready: 2, attention: 1, skipped: 1 } } }));
    act(() => socket.serverEmits(SOCKET_EVENTS.scheduleBatchProgress, progress(3, 'done')));
    expect(await screen.findByTestId('batch-summary')).toHaveTextContent('Verify all finished: 2 ready, 1 needs attention, 1 skipped as fresh.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Verify all' })).toBeEnabled();
    const chips = screen.getAllByTestId('appointment-row').map((row) => row.getAttribute('data-chip'));
    expect(chips).toEqual(['ready', 'attention', 'ready', 'ready']);
  });

  it('shows a batch that runs on the server when the page opens (a reload), and follows it', async () => {
    const gateway = fakeScheduleGateway({ [DAY]: { appointments: APPOINTMENTS, batch: batchOf(DAY, { id: 'batch-new', done: 1 }) } });
    const { sockets } = open(gateway);
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuetext', '1 of 3'));
    expect(screen.getByRole('button', { name: 'Verify all' })).toBeDisabled();
    // A row the batch will verify is not verified a second time beside it.
    expect(screen.getByRole('button', { name: 'Verify Patel, Kevin' })).toBeDisabled();
    connectLatestInAct(sockets);
    act(() => sockets.latest().serverEmits(SOCKET_EVENTS.scheduleBatchProgress, progress(2)));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuetext', '2 of 3'));
    // A read answered after a later event does not move the bar back.
    await waitFor(() => expect(dayReads(gateway)).toBeGreaterThanOrEqual(2));
    expect(bar()).toHaveAttribute('aria-valuenow', '2');
  });

  it('says why when the service refuses (409: a batch already running), and shows that batch', async () => {
    const { user, gateway } = open();
    await screen.findByRole('button', { name: 'Verify all' });
    // Someone else started one meanwhile: the page has not heard yet.
    gateway.setDay(DAY, (day) => ({ ...day, batch: batchOf(DAY, { id: 'batch-theirs', done: 2, startedBy: 'Pat Manager' }) }));
    await user.click(screen.getByRole('button', { name: 'Verify all' }));
    expect(await screen.findByText(SCHEDULE_MESSAGES.batchRunning)).toBeInTheDocument();
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuetext', '2 of 3'));
  });

  it('says when there was nothing to verify', async () => {
    const gateway = fakeScheduleGateway({ [DAY]: { appointments: APPOINTMENTS, batch: batchOf(DAY, { status: 'done', total: 0, counts: { ready: 0, attention: 0, skipped: 4 } }) } });
    open(gateway);
    expect(await screen.findByTestId('batch-summary')).toHaveTextContent('Verify all found nothing to verify: 4 insurances were verified recently.');
  });
});

describe('the schedule settings', () => {
  it('an office manager changes them; the service’s refusal shows under the field', async () => {
    const { user, gateway } = open(undefined, 'staffmanager');
    await user.click(await screen.findByRole('button', { name: 'Schedule settings' }));
    // In tests antd names every dialog by the id 'test-id', which the manager's office switcher has too.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Schedule settings');
    const fresh = within(dialog).getByLabelText('Fresh for (days)');
    expect(fresh).toHaveValue(7);
    await user.clear(fresh);
    await user.type(fresh, '400');
    await user.click(within(dialog).getByRole('checkbox', { name: /every evening/ }));
    await user.selectOptions(within(dialog).getByLabelText('Nightly run at'), '20');
    await user.selectOptions(within(dialog).getByLabelText('Treatment plan estimate covers'), 'completePlan');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const refused = gateway.calls('PUT', '/api/schedule/settings');
    expect(refused).toHaveLength(1);
    await waitFor(() => expect(fresh).toHaveAccessibleDescription(/Too big/));
    expect(fresh).toHaveAttribute('aria-invalid', 'true');
    expect(fresh).toHaveFocus();

    await user.clear(fresh);
    await user.type(fresh, '10');
    await user.clear(within(dialog).getByLabelText('Verifications at once'));
    await user.type(within(dialog).getByLabelText('Verifications at once'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(gateway.state.settings).toEqual({ freshDays: 10, nightlyRun: true, nightlyHour: 20, timeZone: 'America/New_York', concurrency: 1, treatmentPlanMode: 'completePlan' });
  });

  it('staff read them and cannot change them', async () => {
    const { user, gateway } = open();
    await user.click(await screen.findByRole('button', { name: 'Schedule settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule settings' });
    expect(within(dialog).getByText('Only your office manager can change these settings.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Fresh for (days)')).toBeDisabled();
    expect(within(dialog).getByLabelText('Time zone')).toHaveValue('America/New_York');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    await user.click(within(dialog).getByText('Close'));
    expect(gateway.calls('PUT', '/api/schedule/settings')).toHaveLength(0);
  });
});
