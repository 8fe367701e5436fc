/**
 * Outsourcing on the verification page: the office outsources its ticket (only when its settings allow it) and
 * sees the status live and the notification when resolved; a company user claims, moves by the transition
 * table only, and logs a payer call whose fields are checked before sending. The field source tooltip shows an
 * agent value's evidence.
 */
import { isAgentWorkStatus, SOCKET_EVENTS, TICKET_STATUSES, TICKET_TRANSITIONS, type TicketStatus, type VerificationDetail } from '@dv/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { fakeSockets } from '../test-support/fake-socket';
import { renderApp } from '../test-support/render-app';
import { fixtureDetail } from '../verification/ticket/testing/workspace-fixture';
import { movesFrom } from './agent-panel';
import { callInputOf, localDateTime } from './call-form';
import { fakeOutsourcingGateway, type OutsourcingGatewayOptions } from './fake-outsourcing-gateway';

const outsourcedDetail = (status: TicketStatus = 'Open') =>
  fixtureDetail((draft) => {
    Object.assign(draft.ticket, { status, requesterId: 'user-staff' });
  });

function renderTicket(role: string, options: OutsourcingGatewayOptions) {
  const gateway = fakeOutsourcingGateway({ ticket: fixtureDetail(), ...options });
  const sockets = fakeSockets();
  const claims = role === 'agent' ? { ...ROLE_CLAIMS.agent!, sub: 'user-agent' } : ROLE_CLAIMS[role]!;
  const view = renderApp(fakeSession(claims), `/verification/${gateway.state.ticket!.id}`, gateway.fetch, sockets.create);
  const connect = () =>
    act(() => {
      sockets.latest().serverConnects();
      sockets.latest().serverAuthorizes();
    });
  return { ...view, gateway, sockets, connect };
}

describe('the office outsources its ticket', () => {
  it('asks for the type and a note, sends them, and shows the status chip', async () => {
    const user = userEvent.setup();
    const { gateway } = renderTicket('staff', {});
    const card = await screen.findByTestId('outsourcing-card');
    await user.click(within(card).getByRole('button', { name: 'Outsource' }));
    await user.click(within(card).getByRole('radio', { name: 'Re-verification' }));
    await user.type(within(card).getByLabelText('Note for the agent (optional)'), 'Check the ortho maximum');
    await user.click(within(card).getByRole('button', { name: 'Send to the verification team' }));
    await waitFor(() => expect(screen.getByTestId('ticket-status')).toHaveTextContent('Open'));
    const sent = gateway.calls.find((call) => call.method === 'POST' && call.path.endsWith('/outsource'));
    expect(sent?.body).toEqual({ type: 'Re-verification', note: 'Check the ortho maximum' });
    expect(within(card).queryByRole('button', { name: 'Outsource' })).not.toBeInTheDocument();
  });

  it('offers nothing when the office settings do not allow outsourcing', async () => {
    renderTicket('staff', { outsourceEnabled: false });
    await screen.findByTestId('benefit-breakdown');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('outsourcing-card')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Outsource' })).not.toBeInTheDocument();
  });

  it("follows the ticket's status live and notifies when it is resolved", async () => {
    const { gateway, sockets, connect } = renderTicket('staff', { ticket: outsourcedDetail('Pending') });
    expect(await screen.findByTestId('ticket-status')).toHaveTextContent('Pending');
    connect();
    gateway.state.ticket = outsourcedDetail('Ready for QA');
    act(() => sockets.latest().serverEmits(SOCKET_EVENTS.ticketStatus, { verificationId: 'ver-test-1', status: 'Ready for QA' }));
    await waitFor(() => expect(screen.getByTestId('ticket-status')).toHaveTextContent('Ready for QA'));
    // Another ticket's event changes nothing here.
    act(() => sockets.latest().serverEmits(SOCKET_EVENTS.ticketStatus, { verificationId: 'another', status: 'Closed' }));
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('Ready for QA');

    gateway.state.ticket = outsourcedDetail('Resolved');
    act(() => {
      sockets.latest().serverEmits(SOCKET_EVENTS.ticketStatus, { verificationId: 'ver-test-1', status: 'Resolved' });
      sockets.latest().serverEmits(SOCKET_EVENTS.ticketResolved, { verificationId: 'ver-test-1', type: 'Breakdown', resolvedAt: '2026-11-24T12:00:00.000Z' });
    });
    expect(await screen.findByText('Outsourced verification resolved')).toBeInTheDocument();
    expect(screen.getByText('The Breakdown request for this verification is resolved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('ticket-status')).toHaveTextContent('Resolved'));
    expect(screen.getByRole('button', { name: 'Outsource again' })).toBeInTheDocument();
  });
});

describe('a company user works the outsourced ticket', () => {
  it('claims it, then offers only the moves the transition table allows', async () => {
    const user = userEvent.setup();
    const gateway = fakeOutsourcingGateway({ ticket: outsourcedDetail('Open') });
    gateway.state.outsourced = {
      verificationId: 'ver-test-1',
      officeId: 'office-test',
      status: 'Open',
      type: 'Breakdown',
      requests: [],
      assignee: null,
      calls: [],
      requestedAt: '2026-11-24T10:00:00.000Z',
      updatedAt: '2026-11-24T10:00:00.000Z',
    };
    renderApp(fakeSession({ ...ROLE_CLAIMS.agent!, sub: 'user-agent' }), '/verification/ver-test-1', gateway.fetch);
    const panel = await screen.findByTestId('agent-panel');
    expect(await within(panel).findByText('Nobody has claimed it yet.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Move to Pending' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(within(panel).getByTestId('ticket-status')).toHaveTextContent('Pending'));
    expect(within(panel).getByText('Claimed by you')).toBeInTheDocument();
    const offered = within(panel)
      .getAllByRole('button', { name: /^Move to / })
      .map((button) => button.textContent?.replace('Move to ', ''));
    expect(offered).toEqual(TICKET_TRANSITIONS.Pending);

    await user.type(within(panel).getByLabelText('Note with the move (optional)'), 'Portal checked');
    await user.click(within(panel).getByRole('button', { name: 'Move to Ready for QA' }));
    await waitFor(() => expect(within(panel).getByTestId('ticket-status')).toHaveTextContent('Ready for QA'));
    const moved = gateway.calls.find((call) => call.path.endsWith('/status'));
    expect(moved?.body).toEqual({ to: 'Ready for QA', note: 'Portal checked' });
    // No call is logged while QA looks at it.
    expect(within(panel).queryByRole('button', { name: 'Log a payer call' })).not.toBeInTheDocument();
  });

  it('logs a payer call: required fields named, then the call listed', async () => {
    const user = userEvent.setup();
    const gateway = fakeOutsourcingGateway({ ticket: outsourcedDetail('Pending') });
    gateway.state.outsourced = {
      verificationId: 'ver-test-1',
      officeId: 'office-test',
      status: 'Pending',
      type: 'Breakdown',
      requests: [],
      assignee: { id: 'user-agent', email: 'agent@demo.test' },
      calls: [],
      requestedAt: '2026-11-24T10:00:00.000Z',
      updatedAt: '2026-11-24T10:00:00.000Z',
    };
    renderApp(fakeSession({ ...ROLE_CLAIMS.agent!, sub: 'user-agent' }), '/verification/ver-test-1', gateway.fetch);
    const panel = await screen.findByTestId('agent-panel');
    await waitFor(() => expect(within(panel).getByText('Claimed by you')).toBeInTheDocument());
    await user.click(within(panel).getByRole('button', { name: 'Log a payer call' }));
    await user.click(within(panel).getByRole('button', { name: 'Log the call' }));
    expect(within(panel).getByLabelText('Payer representative')).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel).getByLabelText('Call reference number')).toHaveAttribute('aria-invalid', 'true');
    expect(gateway.calls.some((call) => call.path.endsWith('/call'))).toBe(false);

    await user.type(within(panel).getByLabelText('Payer representative'), 'Dana Rep');
    await user.type(within(panel).getByLabelText('Call reference number'), 'REF-1');
    await user.type(within(panel).getByLabelText('Screenshot or recording URL (optional)'), 'javascript:alert(1)');
    await user.click(within(panel).getByRole('button', { name: 'Log the call' }));
    expect(within(panel).getByLabelText('Screenshot or recording URL (optional)')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(within(panel).getByLabelText('Screenshot or recording URL (optional)'));
    await user.type(within(panel).getByLabelText('Screenshot or recording URL (optional)'), 'https://files.example.com/a.png');
    await user.click(within(panel).getByRole('button', { name: 'Log the call' }));
    expect(await within(panel).findByRole('list', { name: 'Payer calls' })).toHaveTextContent('Dana Rep, reference REF-1');
    const logged = gateway.calls.find((call) => call.path.endsWith('/call'))?.body as { evidence: { calledAt: string; documentUrl: string } };
    expect(logged.evidence.documentUrl).toBe('https://files.example.com/a.png');
    expect(logged.evidence.calledAt).toMatch(/Z$/);
  });

  it('does not show the panel for a ticket that was never outsourced', async () => {
    renderApp(fakeSession(ROLE_CLAIMS.admin!), '/verification/ver-test-1', fakeOutsourcingGateway({ ticket: fixtureDetail() }).fetch);
    await screen.findByTestId('benefit-breakdown');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('agent-panel')).not.toBeInTheDocument();
  });
});

describe('the rules the panel follows', () => {
  it('offers only moves the transition table allows, from any status', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TICKET_STATUSES), fc.boolean(), (status, claimable) => {
        for (const to of movesFrom(status, claimable)) expect(TICKET_TRANSITIONS[status]).toContain(to);
      }),
    );
  });

  it('sends a call time with its zone, whatever local time the agent picks', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2026-01-01'), noInvalidDate: true }), (date) => {
        const input = callInputOf({ calledAt: localDateTime(date), representative: 'R', callReference: 'C', documentUrl: '', payerAgentName: '', alertNote: '', documents: '' }) as {
          evidence: { calledAt: string };
        };
        expect(input.evidence.calledAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
      }),
    );
  });

  it('logs calls only in the work statuses', () => {
    expect(TICKET_STATUSES.filter(isAgentWorkStatus)).not.toContain('Ready for QA');
  });
});

describe('the field source tooltip', () => {
  it("shows an agent value's payer call", async () => {
    const user = userEvent.setup();
    const detail: VerificationDetail = fixtureDetail();
    detail.fieldSources['plan.benefits.annualMax'] = {
      stated: [{ source: 'user', sourceName: 'agent@demo.test' }],
      disputed: [],
      evidence: {
        calledAt: '2026-11-24T09:30:00.000Z',
        representative: 'Dana Rep',
        callReference: 'REF-77',
        documentUrl: 'https://files.example.com/call.png',
        enteredBy: 'agent@demo.test',
        enteredAt: '2026-11-24T09:45:00.000Z',
      },
    };
    renderApp(fakeSession(ROLE_CLAIMS.staff!), '/verification/ver-test-1', fakeOutsourcingGateway({ ticket: detail }).fetch);
    await screen.findByTestId('benefit-breakdown');
    await user.hover(screen.getByRole('img', { name: 'Annual maximum: confidence 3 of 4' }));
    const evidence = await screen.findByTestId('field-evidence');
    expect(evidence.parentElement).toHaveTextContent('From: A verification agent, from a payer call');
    expect(evidence.parentElement).not.toHaveTextContent('A user of the office');
    expect(evidence).toHaveTextContent('with Dana Rep, reference REF-77');
    expect(evidence).toHaveTextContent('Entered by agent@demo.test');
    expect(within(evidence).getByRole('link', { name: 'document' })).toHaveAttribute('href', 'https://files.example.com/call.png');
  });
});
