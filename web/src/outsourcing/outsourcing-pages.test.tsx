/**
 * /management/verifications (the agents' queue) and /management/requesters: rows and counts, filters kept in the
 * address and sent to the service, a row opening its ticket, the live refresh, the roles' gates, and the queue
 * query read leniently from any address.
 */
import { OutsourceQueueQuery, SOCKET_EVENTS } from '@dv/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { fakeSockets } from '../test-support/fake-socket';
import { renderApp } from '../test-support/render-app';
import { fakeOutsourcingGateway, queueRow } from './fake-outsourcing-gateway';
import { ageText } from './queue-page';
import { changeQueueQuery, DEFAULT_QUEUE_QUERY, queueCallParams, queueQueryFromSearch, searchOfQueueQuery } from './queue-query';
import { statusSummary } from './requesters-page';

const QUEUE = [
  queueRow({ verificationId: 'v-1', patientInitials: 'M. L.', ageHours: 30 }),
  queueRow({
    verificationId: 'v-2',
    patientInitials: 'J. W.',
    status: 'Pending',
    officeId: 'office-other',
    carrier: { payerId: '65978', name: 'MetLife Dental' },
    assignee: { id: 'user-agent', email: 'agent@demo.test' },
    calls: 2,
    type: 'Re-verification',
  }),
];

async function rowsShown(): Promise<string[]> {
  await waitFor(() => expect(document.querySelector('.dv-queue__table[aria-busy="false"] tbody')).not.toBeNull());
  return [...document.querySelectorAll('tr.dv-queue__row')].map((row) => row.querySelector('td a')?.textContent ?? '');
}

describe('queue query in the address', () => {
  it('reads what the service accepts and drops what it would refuse', () => {
    const query = queueQueryFromSearch(new URLSearchParams('status=Weird&officeId=office-test&olderThanHours=24&assignee=someone&page=2'));
    expect(query).toEqual({ ...DEFAULT_QUEUE_QUERY, officeId: 'office-test', olderThanHours: 24, page: 2 });
    expect(searchOfQueueQuery(changeQueueQuery(query, { status: ['Open'] })).toString()).toBe('status=Open&officeId=office-test&olderThanHours=24');
  });

  it('never fails on any address, and sends only parameters the service accepts', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('status', 'officeId', 'payerId', 'olderThanHours', 'assignee', 'page', 'pageSize', 'sort', 'order', 'x'), fc.string()), (params) => {
        const query = queueQueryFromSearch(new URLSearchParams(params));
        expect(OutsourceQueueQuery.safeParse(queueCallParams(query)).success).toBe(true);
      }),
    );
  });

  it('says ages in hours and days', () => {
    expect([ageText(5), ageText(24), ageText(50)]).toEqual(['5 h', '1 d', '2 d 2 h']);
    expect(statusSummary({ Open: 2, Resolved: 1 })).toBe('Open 2, Resolved 1');
    expect(statusSummary({})).toBe('—');
  });
});

describe('/management/verifications', () => {
  it("lists the queue with office names, initials only, and a row opens the ticket", async () => {
    const user = userEvent.setup();
    const gateway = fakeOutsourcingGateway({ queue: QUEUE });
    const view = renderApp(fakeSession(ROLE_CLAIMS.agent!), '/management/verifications', gateway.fetch);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifications' })).toBeInTheDocument();
    expect(await rowsShown()).toEqual(['M. L.', 'J. W.']);
    const second = screen.getByTestId('queue-row-v-2');
    await waitFor(() => expect(second).toHaveTextContent('Bright Smiles Elm St'));
    for (const text of ['MetLife Dental', 'Re-verification', 'Pending', 'staff@demo.test', 'agent@demo.test', '5 h', '2']) expect(second).toHaveTextContent(text);
    expect(screen.getByTestId('queue-row-v-1')).toHaveTextContent('1 d 6 h');
    await user.click(within(screen.getByTestId('queue-row-v-2')).getByText('MetLife Dental'));
    await waitFor(() => expect(view.location()).toBe('/verification/v-2'));
  });

  it('filters by status, office and age in the address and the call', async () => {
    const user = userEvent.setup();
    const gateway = fakeOutsourcingGateway({ queue: QUEUE });
    const view = renderApp(fakeSession(ROLE_CLAIMS.admin!), '/management/verifications', gateway.fetch);
    await rowsShown();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending');
    await waitFor(async () => expect(await rowsShown()).toEqual(['J. W.']));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Office' })).toHaveTextContent('Bright Smiles Elm St'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Office' }), 'office-other');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Age' }), '24');
    expect(view.location()).toBe('/management/verifications?status=Pending&officeId=office-other&olderThanHours=24');
    await waitFor(() =>
      expect(gateway.calls.at(-1)?.query).toMatchObject({ status: 'Pending', officeId: 'office-other', olderThanHours: '24', page: '1' }),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(view.location()).toBe('/management/verifications');
  });

  it('says the queue is empty, and reads it again when a ticket moves', async () => {
    const gateway = fakeOutsourcingGateway({ queue: [] });
    const sockets = fakeSockets();
    renderApp(fakeSession(ROLE_CLAIMS.agent!), '/management/verifications', gateway.fetch, sockets.create);
    expect(await screen.findByText('The queue is empty: no office has outsourced a verification.')).toBeInTheDocument();
    gateway.state.queue = [QUEUE[0]!];
    act(() => {
      sockets.latest().serverConnects();
      sockets.latest().serverAuthorizes();
      sockets.latest().serverEmits(SOCKET_EVENTS.ticketStatus, { verificationId: 'v-1', status: 'Open' });
    });
    await waitFor(async () => expect(await rowsShown()).toEqual(['M. L.']));
  });

  it('is not for office staff', async () => {
    const view = renderApp(fakeSession(ROLE_CLAIMS.staff!), '/management/verifications', fakeOutsourcingGateway().fetch);
    await waitFor(() => expect(view.location()).not.toBe('/management/verifications'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Verifications' })).not.toBeInTheDocument();
  });
});

describe('/management/requesters', () => {
  const REQUESTERS = {
    offices: [
      {
        officeId: 'office-test',
        requests: 3,
        byType: { Breakdown: 2, 'Re-verification': 1 },
        byStatus: { Open: 1, Resolved: 1 },
        requesters: [
          { requester: { id: 'u-1', email: 'staff@demo.test' }, requests: 2, byType: { Breakdown: 2, 'Re-verification': 0 }, byStatus: { Resolved: 1 }, lastRequestedAt: '2026-11-24T10:00:00.000Z' },
          { requester: { id: 'u-2', email: null }, requests: 1, byType: { Breakdown: 0, 'Re-verification': 1 }, byStatus: { Open: 1 }, lastRequestedAt: '2026-11-23T10:00:00.000Z' },
        ],
      },
    ],
  };

  it('shows each office with counts, opening onto its requesters', async () => {
    const user = userEvent.setup();
    const gateway = fakeOutsourcingGateway({ requesters: REQUESTERS });
    renderApp(fakeSession(ROLE_CLAIMS.admin!), '/management/requesters', gateway.fetch);
    expect(await screen.findByRole('heading', { level: 1, name: 'Requesters' })).toBeInTheDocument();
    const toggle = await screen.findByRole('button', { name: /Bright Smiles Main St \(2 requesters\)/ });
    const officeRow = toggle.closest('tr')!;
    expect(officeRow).toHaveTextContent('3');
    expect(officeRow).toHaveTextContent('Open 1, Resolved 1');
    // Each status with its count stays on one line when the summary wraps.
    expect(within(officeRow).getByText('Open 1')).toHaveClass('dv-requesters__status');
    expect(screen.queryByText('staff@demo.test')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('staff@demo.test').closest('tr')).toHaveTextContent('Resolved 1');
    expect(screen.getByText('u-2')).toBeInTheDocument();
  });

  it('filters by office in the address and says when an office has none', async () => {
    const user = userEvent.setup();
    const gateway = fakeOutsourcingGateway({ requesters: REQUESTERS });
    const view = renderApp(fakeSession(ROLE_CLAIMS.superadministrator!), '/management/requesters', gateway.fetch);
    await screen.findByRole('button', { name: /Bright Smiles Main St/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Office' }), 'office-other');
    expect(view.location()).toBe('/management/requesters?officeId=office-other');
    expect(await screen.findByText('This office has not outsourced any verification.')).toBeInTheDocument();
    expect(gateway.calls.at(-1)?.query).toEqual({ officeId: 'office-other' });
  });

  it('is not for agents', async () => {
    const view = renderApp(fakeSession(ROLE_CLAIMS.agent!), '/management/requesters', fakeOutsourcingGateway().fetch);
    await waitFor(() => expect(view.location()).not.toBe('/management/requesters'));
  });
});
