/**
 * The appointment panel over a fake schedule API (testing/fake-schedule-gateway.ts): Maria Lopez's recall
 * tomorrow, her cleaning not eligible yet (1 per 6 months, the last one 120 days before), the estimate's parts and
 * totals worked out by hand, the modes, a coverage not verified yet and verifying it, an unknown fee, the
 * secondary left out until verified, and the write-back with its log, written or refused (502).
 */
import { SOCKET_EVENTS } from '@dv/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { connectLatestInAct } from '../../test-support/fake-socket';
import { cellOf, rowHeaders, tableNamed } from '../../verification/ticket/testing/table-queries';
import {
  APPOINTMENT_ID,
  fakeScheduleGateway,
  LAST_CLEANING,
  mariaAppointment,
  mariaVerification,
  TOMORROW,
} from './testing/fake-schedule-gateway';
import { renderPanel } from './testing/render-panel';

const ESTIMATE = 'Treatment plan estimate';
const APPOINTMENT_PATH = `/api/schedule/appointments/${APPOINTMENT_ID}`;

function open(appointment = mariaAppointment(), tickets = [mariaVerification()]) {
  const gateway = fakeScheduleGateway(appointment, tickets);
  return { ...renderPanel(gateway.fetch, APPOINTMENT_ID), gateway };
}

const codes = () => rowHeaders(tableNamed(ESTIMATE)).map((header) => header.slice(0, 5));

describe('the appointment panel', () => {
  it('shows the patient, the appointment and the verified coverage with the way to its verification', async () => {
    const { onClose, user } = open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Maria Lopez' })).toBeInTheDocument();
    expect(screen.getByText(`${TOMORROW.us} at 8:45 AM (45 min) · Jordan Lee, RDH · Hygiene 1`)).toBeInTheDocument();
    const primary = screen.getByTestId('coverage-primary');
    expect(primary).toHaveTextContent('Delta Dental of California');
    expect(within(primary).getByTestId('coverage-chip-primary')).toHaveTextContent('Ready: active');
    expect(within(primary).getByRole('link', { name: 'Open the verification of the primary coverage' })).toHaveAttribute(
      'href',
      `/verification/ver-maria?appointment=${APPOINTMENT_ID}`,
    );
    await user.click(screen.getByRole('button', { name: 'Close the appointment' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('estimates the next appointment: the cleaning not eligible yet, the patient part and what is left of the plan', async () => {
    open();
    const table = await screen.findByRole('table', { name: ESTIMATE });
    expect(codes()).toEqual(['D0120', 'D1110', 'D2391']);

    // The cleaning: 120 days after the last one, under "1 per 6 months": the plan pays nothing, flagged.
    const cleaning = cellOf(table, 'D1110', 'Plan');
    const frequency = cleaning.querySelector('[data-check="frequency"]')!;
    expect(frequency).toHaveAttribute('data-eligibility', 'notEligible');
    expect(frequency).toHaveTextContent('Not eligible');
    expect(frequency.textContent).toMatch(
      new RegExp(`D1110: 1 per 6 months, last ${LAST_CLEANING.us}, next eligible \\d\\d/\\d\\d/\\d{4}: not eligible on ${TOMORROW.us}`),
    );
    expect(cellOf(table, 'D1110', 'Insurance pays')).toHaveTextContent('$0.00');
    expect(cellOf(table, 'D1110', 'Patient pays')).toHaveTextContent('$115.00');

    // The exam (last one 200 days before) is eligible: preventive at 100%, no deductible.
    expect(cellOf(table, 'D0120', 'Plan').querySelector('[data-check="frequency"]')).toHaveAttribute('data-eligibility', 'eligible');
    expect(cellOf(table, 'D0120', 'Plan')).toHaveTextContent('Benefit level 100% (Preventative)');
    expect(cellOf(table, 'D0120', 'Patient pays')).toHaveTextContent('$0.00');

    // The composite: the $25.00 deductible left, then 80% of $160.00 = $128.00; the patient pays $57.00.
    expect(cellOf(table, 'D2391', 'Tooth')).toHaveTextContent('#30 MO');
    expect(cellOf(table, 'D2391', 'Plan')).toHaveTextContent('Benefit level 80% (Restorative)');
    expect(cellOf(table, 'D2391', 'Plan')).toHaveTextContent('Deductible applied: $25.00');
    expect(cellOf(table, 'D2391', 'Insurance pays')).toHaveTextContent('$128.00');
    expect(cellOf(table, 'D2391', 'Patient pays')).toHaveTextContent('$57.00');

    expect(screen.getByTestId('estimate-patient-total')).toHaveTextContent('$172.00');
    const totals = screen.getByRole('table', { name: 'Estimate totals' });
    expect(totals).toHaveTextContent('Fees$365.00');
    expect(totals).toHaveTextContent('Insurance pays$193.00');
    const balances = screen.getByRole('table', { name: 'Plan balances after the treatment plan' });
    expect(balances).toHaveTextContent('$1,110.00 now, $917.00 after this plan');
    expect(balances).toHaveTextContent('$25.00 now, $0.00 after this plan');
    expect(screen.getByText(/This is an estimate from the verified benefits/)).toBeInTheDocument();
  });

  it('changes the lines with the mode: the complete plan adds the crown booked two weeks later', async () => {
    const { user } = open();
    await screen.findByRole('table', { name: ESTIMATE });
    expect(screen.getByRole('radio', { name: 'Next appointment' })).toBeChecked();

    await user.click(screen.getByText('Complete plan'));
    expect(codes()).toEqual(['D0120', 'D1110', 'D2391', 'D2740']);
    // The crown: crowns at 50% of $1,250.00, the deductible already met by the composite.
    expect(cellOf(tableNamed(ESTIMATE), 'D2740', 'Patient pays')).toHaveTextContent('$625.00');
    expect(screen.getByTestId('estimate-patient-total')).toHaveTextContent('$797.00');
    expect(screen.getByRole('table', { name: 'Plan balances after the treatment plan' })).toHaveTextContent('$1,110.00 now, $292.00 after this plan');

    await user.click(screen.getByText('Next appointment'));
    expect(codes()).toEqual(['D0120', 'D1110', 'D2391']);
  });

  it('says the coverage is not verified yet, verifies it, and waits for the sources', async () => {
    const { gateway, user } = open(mariaAppointment({ verificationId: null }), []);
    expect(await screen.findByText('The primary coverage is not verified yet')).toBeInTheDocument();
    expect(screen.getByText(/No estimate without the plan/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: ESTIMATE })).not.toBeInTheDocument();
    expect(screen.getByTestId('coverage-chip-primary')).toHaveTextContent('Not verified');
    expect(screen.getByText(/Verify a coverage first/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify the primary coverage' }));
    await waitFor(() => expect(screen.getByTestId('coverage-chip-primary')).toHaveTextContent('In progress'));
    expect(gateway.calls('POST', `${APPOINTMENT_PATH}/verify`)[0]?.body).toEqual({ coverage: 'primary' });
    expect(screen.getByText('The primary coverage is being verified')).toBeInTheDocument();
  });

  it('shows the estimate once the socket says the verification ended, without polling the ticket', async () => {
    const working = mariaVerification('ver-maria', (draft) => {
      draft.plan = null;
      Object.assign((draft.jobs as Record<string, unknown>[])[1]!, { status: 'processing', outcome: null, finishedAt: null, durationMs: null });
    });
    const { gateway, sockets } = open(mariaAppointment(), [working]);
    expect(await screen.findByText('The primary coverage is being verified')).toBeInTheDocument();
    connectLatestInAct(sockets);
    const reads = () => gateway.calls('GET', '/api/verifications/ver-maria').length;
    const before = reads();

    act(() => sockets.latest().serverEmits(SOCKET_EVENTS.verificationStatus, { verificationId: 'ver-elsewhere', jobs: [] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toBe(before);

    gateway.state.tickets = [mariaVerification()];
    act(() => sockets.latest().serverEmits(SOCKET_EVENTS.verificationStatus, { verificationId: 'ver-maria', jobs: [] }));
    expect(await screen.findByRole('table', { name: ESTIMATE })).toBeInTheDocument();
    expect(screen.getByTestId('estimate-patient-total')).toHaveTextContent('$172.00');
  });

  it('flags a procedure without a fee and counts it as $0.00', async () => {
    const gateway = fakeScheduleGateway(mariaAppointment());
    gateway.state.fees = { D0120: 65, D1110: 115 };
    renderPanel(gateway.fetch, APPOINTMENT_ID);
    const table = await screen.findByRole('table', { name: ESTIMATE });
    expect(cellOf(table, 'D2391', 'Fee')).toHaveTextContent('Fee unknown');
    expect(screen.getByText('A fee is unknown')).toBeInTheDocument();
    expect(screen.getByTestId('estimate-patient-total')).toHaveTextContent('$115.00');
  });

  it('leaves out a secondary coverage that is not verified, and says so', async () => {
    open(mariaAppointment({ secondary: null }));
    await screen.findByRole('table', { name: ESTIMATE });
    expect(screen.getByText(/The secondary coverage is not verified yet: the estimate leaves it out/)).toBeInTheDocument();
    expect(screen.getByTestId('coverage-chip-secondary')).toHaveTextContent('Not verified');
    expect(screen.getByRole('button', { name: 'Verify the secondary coverage' })).toBeInTheDocument();
  });

  it('coordinates a verified secondary: non-duplication pays nothing where the primary paid its own benefit', async () => {
    open(mariaAppointment({ secondary: 'ver-maria-2' }), [mariaVerification(), mariaVerification('ver-maria-2')]);
    const table = await screen.findByRole('table', { name: ESTIMATE });
    expect(cellOf(table, 'D2391', 'Secondary plan')).toHaveTextContent(
      "Non-duplication: its own benefit $128.00 less the primary's payment $128.00, within the $57.00 left: it pays $0.00",
    );
    expect(cellOf(table, 'D2391', 'Insurance pays')).toHaveTextContent('Primary $128.00Secondary $0.00');
    expect(screen.getByRole('table', { name: 'Estimate totals' })).toHaveTextContent('Secondary insurance pays$0.00');
    expect(screen.getByTestId('estimate-patient-total')).toHaveTextContent('$172.00');
  });

  it('writes back the remaining maximum and logs it', async () => {
    const { gateway, user } = open();
    const form = await screen.findByRole('form', { name: 'Values to write back' });
    const write = within(form).getByRole('button', { name: 'Write back' });
    expect(write).toBeDisabled();
    await user.click(within(form).getByRole('checkbox', { name: 'Remaining maximum: $1,110.00' }));
    await user.click(write);
    expect(await screen.findByText('Written to the practice: Remaining maximum.')).toBeInTheDocument();
    expect(gateway.calls('POST', `${APPOINTMENT_PATH}/write-back`)[0]?.body).toEqual({
      coverage: 'primary',
      fields: [{ field: 'insuranceRemaining', value: '$1,110.00' }],
    });
    const log = tableNamed('Write-back log');
    await waitFor(() => expect(log).toHaveTextContent('Remaining maximum: $1,110.00'));
    expect(log).toHaveTextContent('Sam Staff');
    expect(log).toHaveTextContent('Written');
    expect(within(form).getByRole('checkbox', { name: 'Remaining maximum: $1,110.00' })).not.toBeChecked();
  });

  it('shows the practice-management system’s refusal and logs it as failed', async () => {
    const { gateway, user } = open();
    gateway.refuseWriteBack('NexHealth answered 503');
    const form = await screen.findByRole('form', { name: 'Values to write back' });
    await user.click(within(form).getByRole('checkbox', { name: 'Group number: TEST-0001' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Effective date: 03/01/2019' }));
    await user.click(within(form).getByRole('button', { name: 'Write back' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The practice-management system did not take the values: NexHealth answered 503');
    const log = tableNamed('Write-back log');
    await waitFor(() => expect(log).toHaveTextContent('Failed NexHealth answered 503'));
    expect(log).toHaveTextContent('Effective date: 03/01/2019');
    expect(log).toHaveTextContent('Group number: TEST-0001');
  });

  it('says when the appointment is not on the schedule', async () => {
    const gateway = fakeScheduleGateway(mariaAppointment());
    renderPanel(gateway.fetch, 'sbx-elsewhere');
    expect(await screen.findByText('Appointment not found')).toBeInTheDocument();
  });
});
