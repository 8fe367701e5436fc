/**
 * The company's side of an outsourced ticket, on its page: who asked for what, who holds it, Claim, the moves the
 * transition table allows from the status it is in (rules/ticket-transitions.ts: only those are offered), and
 * "Log a payer call" while the ticket is being worked (AGENT_WORK_STATUSES). An agent works the tickets they
 * hold; admins and super administrators may move any (QA, reassignment), as the service rules.
 *
 * There is no read call for one ticket's outsourcing state: the queue's row (found by office and payer) tells the
 * holder and the calls' count, and each reply of this panel's calls replaces it with the whole state.
 */
import {
  COMPANY_ADMIN_ROLES,
  hasAnyRole,
  isAgentWorkStatus,
  isFinishedTicketStatus,
  type OutsourcedTicket,
  type OutsourceQueueItem,
  TICKET_TRANSITIONS,
  type TicketStatus,
  type TicketUser,
  type VerificationDetail,
} from '@dv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { useServices } from '../app/services-context';
import { useSession } from '../auth/session-context';
import { useOffice } from '../office/office-context';
import { SectionCard } from '../ui/section-card';
import { verificationKey } from '../verification/ticket/verification-api';
import { CallForm } from './call-form';
import { claimTicket, logPayerCall, moveTicket, OutsourcingCallError, outsourcedTicketKey, QUEUE_QUERY_KEY, useQueueRow } from './outsourcing-api';
import { localWhen, userName } from './outsourcing-format';
import { TicketStatusChip } from './ticket-status';


/** The moves offered from a status: from Open, Claim stands for the move to Pending. */
export function movesFrom(status: TicketStatus, claimable: boolean): readonly TicketStatus[] {
  return TICKET_TRANSITIONS[status].filter((to) => !(claimable && to === 'Pending'));
}

function useOutsourcedTicket(id: string) {
  // Filled only by this panel's replies (setQueryData); never fetched.
  return useQuery<OutsourcedTicket | null>({ queryKey: outsourcedTicketKey(id), queryFn: () => Promise.resolve(null), enabled: false, staleTime: Infinity });
}

type Known = { assignee: TicketUser | null; calls: OutsourcedTicket['calls'] | null; callCount: number; row: OutsourceQueueItem | null };

function knownState(ticket: OutsourcedTicket | null | undefined, row: OutsourceQueueItem | null | undefined): Known {
  if (ticket) return { assignee: ticket.assignee, calls: ticket.calls, callCount: ticket.calls.length, row: row ?? null };
  return { assignee: row?.assignee ?? null, calls: null, callCount: row?.calls ?? 0, row: row ?? null };
}

function Calls({ known }: { known: Known }) {
  if (known.calls === null || known.calls.length === 0) {
    return <p className="dv-text-secondary">{known.callCount === 0 ? 'No payer call logged yet.' : `Payer calls logged: ${known.callCount}.`}</p>;
  }
  return (
    <ul className="dv-call-list" aria-label="Payer calls">
      {known.calls.map((call) => (
        <li key={call.loggedAt}>
          {localWhen(call.calledAt)}: {call.representative}, reference {call.callReference}
          {call.documentUrl ? (
            <>
              {' '}
              (
              <a href={call.documentUrl} target="_blank" rel="noreferrer noopener">
                document
              </a>
              )
            </>
          ) : null}{' '}
          <span className="dv-text-secondary">logged by {userName(call.loggedBy)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Runs the panel's calls one at a time: a reply becomes the ticket's known state, and the ticket and the queue
 * are read again; a failure is the panel's problem (or, `quiet`, only the answer, for a form to show under it).
 */
function useTicketActions(id: string) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function act(label: string, call: () => Promise<OutsourcedTicket>, quiet = false): Promise<OutsourcedTicket | string> {
    setBusy(label);
    setProblem(null);
    try {
      const reply = await call();
      queryClient.setQueryData(outsourcedTicketKey(id), reply);
      queryClient.setQueryData<VerificationDetail>(verificationKey(id), (current) =>
        current === undefined ? current : { ...current, ticket: { ...current.ticket, status: reply.status } },
      );
      void queryClient.invalidateQueries({ queryKey: verificationKey(id) });
      void queryClient.invalidateQueries({ queryKey: [QUEUE_QUERY_KEY] });
      return reply;
    } catch (error) {
      const message = error instanceof OutsourcingCallError ? error.message : 'The change could not be saved. Try again.';
      if (!quiet) setProblem(message);
      return message;
    } finally {
      setBusy(null);
    }
  }
  return { act, busy, problem, clearProblem: () => setProblem(null) };
}

/** The allowed next statuses as buttons, with an optional note kept as an alert note on the ticket. */
function TicketMoves({ moves, busy, onMove }: { moves: readonly TicketStatus[]; busy: string | null; onMove: (to: TicketStatus, note: string) => Promise<boolean> }) {
  const [note, setNote] = useState('');
  return (
    <div className="dv-ticket-moves" role="group" aria-label="Move the ticket">
      <Input
        className="dv-ticket-move-note"
        aria-label="Note with the move (optional)"
        placeholder="Note with the move (optional)"
        maxLength={2000}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="dv-row">
        {moves.map((to) => (
          <Button
            key={to}
            loading={busy === to}
            disabled={busy !== null}
            onClick={() => void onMove(to, note.trim()).then((moved) => moved && setNote(''))}
          >
            {`Move to ${to}`}
          </Button>
        ))}
      </div>
    </div>
  );
}

export function AgentPanel({ detail }: { detail: VerificationDetail }) {
  const { http } = useServices();
  const session = useSession();
  const { access } = useOffice();
  const ticket = useOutsourcedTicket(detail.id);
  const row = useQueueRow(detail, true);
  const { act, busy, problem, clearProblem } = useTicketActions(detail.id);
  const [logging, setLogging] = useState(false);

  const status = detail.ticket.status;
  const known = knownState(ticket.data, row.data);
  const me = session.status === 'signedIn' ? session.claims.sub : undefined;
  const mine = known.assignee !== null && known.assignee.id === me;
  const admin = hasAnyRole(access.effectiveRoles, COMPANY_ADMIN_ROLES);
  const mayWork = admin || mine;
  const moves = movesFrom(status, status === 'Open' && known.assignee === null);
  const move = async (to: TicketStatus, note: string) =>
    typeof (await act(to, () => moveTicket(http, detail.id, { to, ...(note === '' ? {} : { note }) }))) !== 'string';

  return (
    <SectionCard size="small" title="Outsourced ticket" className="dv-outsourcing" data-testid="agent-panel">
      <div className="dv-row">
        <span>Status:</span>
        <TicketStatusChip status={status} testId="ticket-status" />
        {known.row ? (
          <span className="dv-text-secondary">
            {known.row.type} requested by {userName(known.row.requester)} {localWhen(known.row.requestedAt)}
          </span>
        ) : null}
      </div>
      <p className="dv-row">
        {known.assignee ? <span>Claimed by {mine ? 'you' : userName(known.assignee)}</span> : <span>Nobody has claimed it yet.</span>}
        {known.assignee === null && !isFinishedTicketStatus(status) ? (
          <Button type="primary" loading={busy === 'claim'} disabled={busy !== null} onClick={() => void act('claim', () => claimTicket(http, detail.id))}>
            Claim
          </Button>
        ) : null}
      </p>
      {known.assignee !== null && !mine && !admin ? (
        <Alert type="info" showIcon title="Another agent holds this ticket: only they or an administrator may work it." />
      ) : null}
      {moves.length > 0 && mayWork ? <TicketMoves moves={moves} busy={busy} onMove={move} /> : null}
      {problem ? <Alert type="error" showIcon closable title={problem} onClose={clearProblem} /> : null}
      <h4 className="dv-outsourcing-subtitle">Payer calls</h4>
      <Calls known={known} />
      {isAgentWorkStatus(status) && mayWork ? (
        logging ? (
          <CallForm
            onCancel={() => setLogging(false)}
            onSubmit={async (input) => {
              // The form shows its own call's failure under it.
              const outcome = await act('call', () => logPayerCall(http, detail.id, input), true);
              if (typeof outcome !== 'string') setLogging(false);
              return outcome;
            }}
          />
        ) : (
          <Button onClick={() => setLogging(true)}>Log a payer call</Button>
        )
      ) : null}
    </SectionCard>
  );
}
