/**
 * The verification page in the app's routes: loading, not found, the breakdown of a ready ticket, live chips from
 * the socket's status events, what a waiting or rejected job says, retry and submit.
 */
import { SOCKET_EVENTS, type VerificationDetail } from '@dv/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FetchFn } from '../../http/http-client';
import { fakeSession, ROLE_CLAIMS } from '../../test-support/fake-session';
import { fakeSockets } from '../../test-support/fake-socket';
import { renderApp } from '../../test-support/render-app';
import { fixtureDetail } from './testing/workspace-fixture';
import { jsonReply } from '../../test-support/json-reply';

type Call = { method: string; path: string; body: unknown };


/** The shell's calls and the ticket API over a ticket the test changes as the server would. */
function fakeApi(initial: VerificationDetail | null) {
  const state = { ticket: initial, calls: [] as Call[] };
  const fetch: FetchFn = (url, init) => {
    const path = url.split('?')[0] ?? url;
    const method = init.method ?? 'GET';
    state.calls.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    if (path === '/api/features' || path === '/api/dentaloffice/user/all') return Promise.resolve(jsonReply([]));
    if (/^\/api\/dentaloffice\/[^/]+$/.test(path)) return Promise.resolve(jsonReply({ id: 'office-demo-1', planType: 'standard' }));
    if (path === '/api/portals/credentials') return Promise.resolve(jsonReply([]));
    const ticket = state.ticket;
    if (ticket === null || !path.startsWith(`/api/verifications/${ticket.id}`)) {
      return Promise.resolve(jsonReply({ statusCode: 404, error: 'Not Found', message: 'Verification not found' }, 404));
    }
    if (method === 'POST' && path.endsWith('/submit')) {
      state.ticket = { ...ticket, status: 'Completed', submittedAt: '2026-11-24T22:00:00.000Z', version: ticket.version + 1 };
    }
    if (method === 'POST' && path.endsWith('/retry')) {
      state.ticket = { ...ticket, jobs: ticket.jobs.map((job) => (path.includes(job.id) ? { ...job, status: 'pending', outcome: null, reason: null } : job)) };
    }
    return Promise.resolve(jsonReply(state.ticket));
  };
  return { state, fetch };
}

function renderTicket(ticket: VerificationDetail | null, role = 'staff', path = `/verification/${ticket?.id ?? 'missing'}`) {
  const api = fakeApi(ticket);
  const sockets = fakeSockets();
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), path, api.fetch, sockets.create);
  return { ...view, api, sockets };
}

const withJob = (change: Partial<VerificationDetail['jobs'][number]>, index = 1) =>
  fixtureDetail((draft) => {
    Object.assign(draft.jobs[index]!, change);
  });

describe('the verification page', () => {
  it('shows the breakdown of a ready ticket: coverage, plan score, sources done, amounts', async () => {
    renderTicket(fixtureDetail());
    expect(await screen.findByTestId('benefit-breakdown')).toBeInTheDocument();
    expect(screen.getByTestId('coverage-status')).toHaveTextContent('Coverage active since 03/01/2019');
    expect(screen.getByTestId('plan-score')).toHaveTextContent('Plan score 10/10');
    expect(screen.getByTestId('verification-status')).toHaveTextContent('Ready to submit');
    expect(screen.getByTestId('job-status-clearinghouse')).toHaveTextContent('Done');
    expect(screen.getByTestId('job-status-portal')).toHaveTextContent('Done');
    expect(screen.getAllByText('$1,500.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: 'Annual maximum: confidence 3 of 4' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Annual maximum' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View sources' })).toHaveAttribute('href', '/verification/ver-test-1/source');
  });

  it('is headed by the patient, the one top-level heading of the page', async () => {
    renderTicket(fixtureDetail());
    await screen.findByTestId('benefit-breakdown');
    const { patientFirstName, patientLastName } = fixtureDetail().ticket.integrationPatientInfo;
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([`${patientFirstName} ${patientLastName}`]);
  });

  it('says so when the ticket does not exist or is another office’s', async () => {
    renderTicket(null, 'staff', '/verification/1774e952-479c-4a1e-bcdc-2b66a050fd6c');
    expect(await screen.findByText('Verification not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New verification' })).toHaveAttribute('href', '/verification');
  });

  it('moves a chip and shows the breakdown when the socket says a job ended, without a reload', async () => {
    const working = fixtureDetail((draft) => {
      Object.assign(draft.jobs[1]!, { status: 'processing', outcome: null, finishedAt: null, durationMs: null });
      (draft as { plan: unknown }).plan = null;
      draft.readyAt = null as unknown as string;
    });
    const { api, sockets } = renderTicket(working);
    expect(await screen.findByTestId('job-status-portal')).toHaveAttribute('data-status', 'processing');
    expect(screen.queryByTestId('benefit-breakdown')).not.toBeInTheDocument();

    api.state.ticket = fixtureDetail();
    act(() => {
      sockets.latest().serverConnects();
      sockets.latest().serverAuthorizes();
    });
    act(() =>
      sockets.latest().serverEmits(SOCKET_EVENTS.verificationStatus, {
        verificationId: 'ver-test-1',
        jobs: [{ id: 'job-portal', status: 'done', source: 'portal' }],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('job-status-portal')).toHaveAttribute('data-status', 'done'));
    expect(await screen.findByTestId('benefit-breakdown')).toBeInTheDocument();
    expect(screen.getByTestId('job-status-portal')).toHaveTextContent('Done');
  });

  it('ignores the status events of other tickets', async () => {
    const { api, sockets } = renderTicket(fixtureDetail());
    await screen.findByTestId('benefit-breakdown');
    const reads = api.state.calls.filter((call) => call.path === '/api/verifications/ver-test-1').length;
    act(() => {
      sockets.latest().serverConnects();
      sockets.latest().serverAuthorizes();
      sockets.latest().serverEmits(SOCKET_EVENTS.verificationStatus, { verificationId: 'another', jobs: [] });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.state.calls.filter((call) => call.path === '/api/verifications/ver-test-1')).toHaveLength(reads);
  });

  it('leads an office manager to the credentials tab when a portal job waits for a credential', async () => {
    renderTicket(withJob({ status: 'credentialPending', outcome: null, reason: 'No credential for a portal serving this carrier' }), 'staffmanager');
    expect(await screen.findByTestId('job-status-portal')).toHaveTextContent('Needs a portal credential');
    expect(screen.getByRole('link', { name: 'Add the portal credential' })).toHaveAttribute('href', '/dental-office-settings?tab=1');
  });

  it('tells staff, who cannot add credentials, whom to ask', async () => {
    renderTicket(withJob({ status: 'credentialPending', outcome: null, reason: 'No credential for a portal serving this carrier.' }));
    expect(await screen.findByText(/Ask your office manager to add it/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add the portal credential' })).not.toBeInTheDocument();
  });

  it('shows the payer’s rejection in words and runs the job again on Retry', async () => {
    const user = userEvent.setup();
    const rejected = withJob({ outcome: 'rejected', reason: 'AAA 75 Subscriber/insured not found (Please correct and resubmit)' }, 0);
    const { api } = renderTicket(rejected);
    expect(await screen.findByTestId('job-status-clearinghouse')).toHaveTextContent('Rejected by the payer');
    expect(screen.getByText('AAA 75 Subscriber/insured not found (Please correct and resubmit)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry Clearinghouse (sandbox)' }));
    await waitFor(() => expect(screen.getByTestId('job-status-clearinghouse')).toHaveAttribute('data-status', 'pending'));
    expect(api.state.calls.some((call) => call.method === 'POST' && call.path === '/api/verifications/ver-test-1/jobs/job-clearinghouse/retry')).toBe(true);
  });

  it('submits after a confirmation: the ticket is Completed and no longer editable', async () => {
    const user = userEvent.setup();
    const { api } = renderTicket(fixtureDetail());
    await screen.findByTestId('benefit-breakdown');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('verification-status')).toHaveTextContent('Completed'));
    expect(api.state.calls.some((call) => call.method === 'POST' && call.path === '/api/verifications/ver-test-1/submit')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Edit Annual maximum' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });
});
