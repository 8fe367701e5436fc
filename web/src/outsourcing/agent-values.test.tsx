/**
 * The agent panel and the values an agent enters on an outsourced ticket's page: the panel reads its own ticket's
 * state (never the queue's list, which stops at 100 rows); while the ticket is in the queue the page's fields save
 * through PATCH /api/management/verifications/{id}/fields with the last logged call as evidence, shown in the
 * field's tooltip; before any call the panel says so and the save is refused without a call; a closed ticket and
 * the office's own edits use the plain edit.
 */
import { OUTSOURCE_MESSAGES, type OutsourcedTicket, type TicketStatus } from '@dv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { fixtureDetail } from '../verification/ticket/testing/workspace-fixture';
import { evidenceOf } from './agent-panel';
import { fakeOutsourcingGateway, queueRow } from './fake-outsourcing-gateway';

const CALL = {
  calledAt: '2026-11-24T09:30:00.000Z',
  representative: 'Dana Rep',
  callReference: 'REF-77',
  documentUrl: 'https://files.example.com/call.png',
  loggedBy: { id: 'user-agent', email: 'agent@demo.test' },
  loggedAt: '2026-11-24T09:35:00.000Z',
};

function outsourced(status: TicketStatus, calls: OutsourcedTicket['calls']): OutsourcedTicket {
  return {
    verificationId: 'ver-test-1',
    officeId: 'office-test',
    status,
    type: 'Breakdown',
    requests: [{ type: 'Breakdown', note: 'Ortho maximum missing', requester: { id: 'user-staff', email: 'staff@demo.test' }, requestedAt: '2026-11-24T08:00:00.000Z' }],
    assignee: { id: 'user-agent', email: 'agent@demo.test' },
    calls,
    requestedAt: '2026-11-24T08:00:00.000Z',
    updatedAt: '2026-11-24T09:35:00.000Z',
  };
}

function renderTicket(role: 'agent' | 'staff', status: TicketStatus, calls: OutsourcedTicket['calls']) {
  const ticket = fixtureDetail((draft) => {
    Object.assign(draft.ticket, { status, requesterId: 'user-staff' });
  });
  const gateway = fakeOutsourcingGateway({ ticket, companyUser: role === 'agent' });
  gateway.state.outsourced = outsourced(status, calls);
  const claims = role === 'agent' ? { ...ROLE_CLAIMS.agent!, sub: 'user-agent' } : ROLE_CLAIMS.staff!;
  renderApp(fakeSession(claims), '/verification/ver-test-1', gateway.fetch);
  return gateway;
}

/** Edits the annual maximum on the page and saves it. */
async function saveAnnualMax(amount: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit Annual maximum' }));
  const input = await screen.findByRole('spinbutton', { name: 'Annual maximum' });
  await user.clear(input);
  await user.type(input, amount);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return user;
}

const edits = (gateway: ReturnType<typeof fakeOutsourcingGateway>) => gateway.calls.filter((call) => call.method === 'PATCH');

describe("the agent panel's own read", () => {
  it("shows the holder, the office's note and the calls from GET .../{id}, never from the queue's list (even past 100 rows)", async () => {
    const ticket = fixtureDetail((draft) => {
      Object.assign(draft.ticket, { status: 'Pending', requesterId: 'user-staff' });
    });
    // 150 rows of the same office and payer, this ticket the last: the old search of the first 100 missed it.
    const queue = Array.from({ length: 150 }, (_, index) => queueRow({ verificationId: index === 149 ? 'ver-test-1' : `other-${index}` }));
    const gateway = fakeOutsourcingGateway({ ticket, queue });
    gateway.state.outsourced = outsourced('Pending', [CALL]);
    renderApp(fakeSession({ ...ROLE_CLAIMS.agent!, sub: 'user-agent' }), '/verification/ver-test-1', gateway.fetch);
    const panel = await screen.findByTestId('agent-panel');
    expect(await within(panel).findByText('Claimed by you')).toBeInTheDocument();
    expect(within(panel).getByText('Note from the office: Ortho maximum missing')).toBeInTheDocument();
    expect(within(panel).getByRole('list', { name: 'Payer calls' })).toHaveTextContent('Dana Rep, reference REF-77');
    expect(gateway.calls.some((call) => call.method === 'GET' && call.path === '/api/management/verifications/ver-test-1')).toBe(true);
    expect(gateway.calls.some((call) => call.path === '/api/management/verifications')).toBe(false);
  });
});

describe("an agent's values on an outsourced ticket", () => {
  it('save through the queue with the last logged call as evidence, shown in the tooltip', async () => {
    const later = { ...CALL, calledAt: '2026-11-24T10:10:00.000Z', representative: 'Lee Rep', callReference: 'REF-78', documentUrl: undefined, loggedAt: '2026-11-24T10:15:00.000Z' };
    const gateway = renderTicket('agent', 'Pending', [CALL, later]);
    const panel = await screen.findByTestId('agent-panel');
    expect(await within(panel).findByTestId('evidence-note')).toHaveTextContent('with Lee Rep, reference REF-78');
    const user = await saveAnnualMax('1750');

    await waitFor(() => expect(edits(gateway)).toHaveLength(1));
    expect(edits(gateway)[0]).toMatchObject({
      path: '/api/management/verifications/ver-test-1/fields',
      body: {
        edits: [{ path: 'plan.benefits.annualMax', value: 1750 }],
        evidence: { calledAt: later.calledAt, representative: 'Lee Rep', callReference: 'REF-78' },
        version: 2,
      },
    });
    expect((edits(gateway)[0]?.body as { evidence: object }).evidence).not.toHaveProperty('documentUrl');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Edit Annual maximum' })).not.toBeInTheDocument());
    await user.hover(screen.getByRole('img', { name: /^Annual maximum: confidence/ }));
    expect(await screen.findByTestId('field-evidence')).toHaveTextContent('with Lee Rep, reference REF-78');
  });

  it('are refused before any call is logged, with the words the panel shows, and nothing is sent', async () => {
    const gateway = renderTicket('agent', 'Pending', []);
    const panel = await screen.findByTestId('agent-panel');
    expect(await within(panel).findByTestId('evidence-note')).toHaveTextContent(OUTSOURCE_MESSAGES.logCallFirst);
    await saveAnnualMax('1750');
    const editor = screen.getByRole('group', { name: 'Edit Annual maximum' });
    expect(await within(editor).findByRole('alert')).toHaveTextContent(OUTSOURCE_MESSAGES.logCallFirst);
    expect(edits(gateway)).toEqual([]);
  });

  it('use the plain edit once the ticket is closed', async () => {
    const gateway = renderTicket('agent', 'Closed', [CALL]);
    await screen.findByTestId('agent-panel');
    await saveAnnualMax('1900');
    await waitFor(() => expect(edits(gateway).map((call) => call.path)).toEqual(['/api/verifications/ver-test-1']));
  });

  it("leave the office's own edits as they were: the plain edit", async () => {
    const gateway = renderTicket('staff', 'Pending', [CALL]);
    await screen.findByTestId('outsourcing-card');
    await saveAnnualMax('1600');
    await waitFor(() => expect(edits(gateway).map((call) => call.path)).toEqual(['/api/verifications/ver-test-1']));
  });

  it('takes the evidence from the call alone: no one who logged it, no document it did not have', () => {
    expect(evidenceOf(CALL)).toEqual({ calledAt: CALL.calledAt, representative: 'Dana Rep', callReference: 'REF-77', documentUrl: CALL.documentUrl });
    expect(evidenceOf({ ...CALL, documentUrl: undefined })).not.toHaveProperty('documentUrl');
  });
});
