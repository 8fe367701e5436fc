/**
 * /reverification/{id} in the app's routes over a fake gateway: what changed (or that nothing did), the
 * eligibility now, the plan kept, every check and the history; the latest check working, waiting for the office
 * (what to do, by role) or unanswered; live from the socket's status events (no polling); Re-verify again with
 * the service's refusal; the PDF; a re-verification that is not the office's.
 */
import { REVERIFICATION_MESSAGES, type ReverificationDetail, SOCKET_EVENTS } from '@dv/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { connectLatestInAct, fakeSockets } from '../test-support/fake-socket';
import { renderApp } from '../test-support/render-app';
import { cellOf, tableNamed } from '../verification/ticket/testing/table-queries';
import { fakeReverificationGateway, recheck, reverification, sourceJob } from './fake-reverification-gateway';

const CHANGE = 'Remaining maximum went from $4,720.00 to $4,470.00';
const FIRST = reverification().checks[0]!;

function open(row: ReverificationDetail, role = 'staff', path = `/reverification/${row.id}`) {
  const gateway = fakeReverificationGateway([row]);
  const sockets = fakeSockets();
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), path, gateway.fetch, sockets.create);
  return { ...view, gateway, sockets, user: userEvent.setup() };
}

/** A re-verification whose latest re-check is in this state. */
const withLatest = (change: Parameters<typeof recheck>[1]) => reverification({ checks: [FIRST, recheck(1, change)] });

const reads = (gateway: ReturnType<typeof open>['gateway'], id: string) => gateway.calls('GET', `/api/reverifications/${id}`).length;

describe('a re-verification', () => {
  it('names the changes, the eligibility now, the plan kept, every check and the history', async () => {
    open(reverification());
    expect(await screen.findByRole('heading', { level: 1, name: 'Ruth Fischer' })).toBeInTheDocument();
    expect(screen.getByTestId('reverification-status')).toHaveTextContent('Done');
    const changes = screen.getByTestId('reverification-changes');
    expect(within(changes).getByRole('heading', { name: 'Changes since the previous check' })).toBeInTheDocument();
    expect(within(changes).getByRole('listitem')).toHaveTextContent(CHANGE);

    const eligibility = tableNamed('Current eligibility');
    for (const text of ['Active', '01/01/2020', 'In Network', '$4,470.00', '$0.00']) expect(eligibility).toHaveTextContent(text);
    const plan = tableNamed('Plan, kept from the verification');
    for (const text of ['GEHAFED', 'GEHA FEDERAL', 'US Office of Personnel Management', '8/10']) expect(plan).toHaveTextContent(text);

    const checks = tableNamed('Checks');
    const rows = within(checks).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(rows).toHaveLength(2);
    expect(cellOf(checks, rows[0]!, 'Kind')).toHaveTextContent('Re-check');
    expect(cellOf(checks, rows[0]!, 'Remaining maximum')).toHaveTextContent('$4,470.00');
    expect(cellOf(checks, rows[0]!, 'By')).toHaveTextContent('staffmanager@demo.test');
    expect(cellOf(checks, rows[1]!, 'Kind')).toHaveTextContent('Verification');
    expect(cellOf(checks, rows[1]!, 'Remaining maximum')).toHaveTextContent('$4,720.00');

    expect(screen.getByRole('table', { name: 'Service history' })).toHaveTextContent('D1110');
    expect(screen.getByRole('link', { name: 'Open the verification' })).toHaveAttribute('href', '/verification/ver-ruth');
    expect(screen.getByRole('link', { name: 'See the whole plan on the verification' })).toHaveAttribute('href', '/verification/ver-ruth');
    expect(screen.getByRole('button', { name: 'Re-verify again' })).toBeEnabled();
  });

  it('says when nothing changed', async () => {
    open(withLatest({ changes: [] }));
    expect(await screen.findByText('Nothing changed since the previous check.')).toBeInTheDocument();
  });

  it('shows the sources at work while a check runs, and Re-verify again waits', async () => {
    open(withLatest({ status: 'checking', finishedAt: null, eligibilityIndex: null, jobs: [sourceJob('processing')] }));
    expect(await screen.findByText('Checking the eligibility with the sources...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Checking the eligibility' })).toBeInTheDocument();
    expect(screen.getByTestId('job-status-clearinghouse')).toHaveTextContent('Working');
    expect(screen.getByRole('button', { name: 'Re-verify again' })).toBeDisabled();
    expect(screen.getByText(/the changes show here once they answer/)).toBeInTheDocument();
    // The eligibility shown meanwhile is the one found before.
    expect(tableNamed('Current eligibility')).toHaveTextContent('$4,720.00');
  });

  it('tells an office manager where to add the portal credential a waiting check needs', async () => {
    const waiting = withLatest({
      status: 'waiting',
      jobs: [sourceJob('done'), sourceJob('credentialPending', { source: 'portal', sourceName: 'deltadental', reason: 'No credential for a portal serving this carrier' })],
    });
    open(waiting, 'staffmanager');
    expect(await screen.findByText('The re-check is waiting for your office')).toBeInTheDocument();
    expect(screen.getByText(/Portal deltadental needs a portal login for this carrier/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the portal credentials' })).toHaveAttribute('href', '/dental-office-settings?tab=1');
    expect(screen.getByTestId('job-status-portal')).toHaveTextContent('Needs a portal credential');
    expect(screen.getByRole('button', { name: 'Re-verify again' })).toBeEnabled();
  });

  it('tells staff, who cannot add credentials, whom to ask', async () => {
    open(withLatest({ status: 'waiting', jobs: [sourceJob('credentialPending', { source: 'portal', sourceName: 'deltadental' })] }));
    expect(await screen.findByText(/Ask your office manager to add it in Dental Office Settings/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the portal credentials' })).not.toBeInTheDocument();
  });

  it('says when no source answered the latest check', async () => {
    open(withLatest({ eligibilityIndex: null, jobs: [sourceJob('done', { outcome: 'error', reason: 'The clearinghouse did not answer' })] }));
    expect(await screen.findByText('No source answered the latest check')).toBeInTheDocument();
    expect(screen.getByText('The clearinghouse did not answer')).toBeInTheDocument();
    expect(cellOf(tableNamed('Checks'), within(tableNamed('Checks')).getAllByRole('rowheader')[0]!.textContent, 'Coverage')).toHaveTextContent('No answer');
  });

  it('refetches when the socket names it, and only then', async () => {
    const running = withLatest({ status: 'checking', finishedAt: null, eligibilityIndex: null, jobs: [sourceJob('processing')] });
    const { gateway, sockets } = open(running);
    await screen.findByText('Checking the eligibility with the sources...');
    connectLatestInAct(sockets);
    const before = reads(gateway, 'rev-ruth');
    act(() => sockets.latest().serverEmits(SOCKET_EVENTS.reverificationStatus, { reverificationId: 'another', verificationId: 'ver-x', status: 'done' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads(gateway, 'rev-ruth')).toBe(before);

    gateway.replace(reverification());
    act(() => sockets.latest().serverEmits(SOCKET_EVENTS.reverificationStatus, { reverificationId: 'rev-ruth', verificationId: 'ver-ruth', status: 'done' }));
    expect(await screen.findByText(CHANGE)).toBeInTheDocument();
    expect(screen.getByTestId('reverification-status')).toHaveTextContent('Done');
    expect(reads(gateway, 'rev-ruth')).toBe(before + 1);
  });

  it('re-verifies again: the new check shows at once, on the same page', async () => {
    const { user, gateway, location } = open(reverification());
    await user.click(await screen.findByRole('button', { name: 'Re-verify again' }));
    await waitFor(() => expect(screen.getByTestId('reverification-status')).toHaveTextContent('Checking'));
    expect(gateway.calls('POST', '/api/reverifications')[0]?.body).toEqual({ verificationId: 'ver-ruth' });
    expect(location()).toBe('/reverification/rev-ruth');
    expect(screen.getByRole('button', { name: 'Re-verify again' })).toBeDisabled();
  });

  it('shows a 409 from Re-verify again under the header', async () => {
    const { user, gateway } = open(reverification());
    gateway.refuse(REVERIFICATION_MESSAGES.alreadyRunning);
    await user.click(await screen.findByRole('button', { name: 'Re-verify again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REVERIFICATION_MESSAGES.alreadyRunning);
  });

  it('downloads the Re-verification PDF', async () => {
    const { user, gateway } = open(reverification());
    const created = jest.fn(() => 'blob:reverification');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    // jsdom cannot follow the download link.
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    clicked.mockRestore();
    expect(created).toHaveBeenCalled();
    expect(gateway.calls('GET', '/api/reverifications/rev-ruth/pdf')[0]?.query.paper).toMatch(/^(letter|a4)$/);
  });

  it('says when it is not the office’s, with the way to the list', async () => {
    open(reverification(), 'staff', '/reverification/rev-elsewhere');
    expect(await screen.findByText('Re-verification not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Re-verification' })).toHaveAttribute('href', '/reverification');
  });
});
