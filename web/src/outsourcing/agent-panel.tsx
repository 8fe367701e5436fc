/**
 * The company's side of an outsourced ticket, on its page: who asked for what (with the office's note), who holds
 * it, Claim, the moves the transition table allows from the status it is in (rules/ticket-transitions.ts: only
 * those are offered), and "Log a payer call" while the ticket is being worked (AGENT_WORK_STATUSES). An agent
 * works the tickets they hold; admins and super administrators may move any (QA, reassignment), as the service
 * rules. The ticket's state is its own read (GET /api/management/verifications/{id}), replaced by each reply.
 *
 * While the panel is shown and the ticket is not closed, the page's fields save through the queue with the last
 * logged call as each value's evidence (the service refuses a company user's plain edit then); before any call is
 * logged the panel says so and the fields' save is refused with the same words.
 */
import {
  type CallEvidence,
  type CallLogEntry,
  COMPANY_ADMIN_ROLES,
  hasAnyRole,
  isAgentWorkStatus,
  isClosedTicketStatus,
  isFinishedTicketStatus,
  OUTSOURCE_MESSAGES,
  type OutsourcedTicket,
  TICKET_TRANSITIONS,
  type TicketStatus,
  type VerificationDetail,
} from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useServices } from '../app/services-context';
import { useSession } from '../auth/session-context';
import { ApiCallError } from '../http/api-call-error';
import { type HttpClient } from '../http/http-client';
import { useOffice } from '../office/office-context';
import { SectionCard } from '../ui/section-card';
import { VerificationCallError, verificationKey } from '../verification/ticket/verification-api';
import { type EditSender, useEditSender } from '../verification/ticket/workspace-context';
import { CallForm } from './call-form';
import {
  claimTicket,
  enterAgentValues,
  logPayerCall,
  moveTicket,
  outsourcedTicketKey,
  QUEUE_QUERY_KEY,
  useOutsourcedTicket,
} from './outsourcing-api';
import { localWhen, userName } from './outsourcing-format';
import { TicketStatusChip } from './ticket-status';

/** The moves offered from a status: from Open, Claim stands for the move to Pending. */
export function movesFrom(status: TicketStatus, claimable: boolean): readonly TicketStatus[] {
  return TICKET_TRANSITIONS[status].filter((to) => !(claimable && to === 'Pending'));
}

/** What a logged call says as the evidence of a value entered after it. */
export function evidenceOf(call: CallLogEntry): CallEvidence {
  const { calledAt, representative, callReference, documentUrl } = call;
  return { calledAt, representative, callReference, ...(documentUrl === undefined ? {} : { documentUrl }) };
}

/**
 * The page's saves while the ticket is in the queue (not closed): through the queue with the last call logged,
 * or refused before any (as the service would). Null otherwise: the plain edit, the service's rules.
 */
function useQueueSaves(http: HttpClient, id: string, status: TicketStatus, ticket: OutsourcedTicket | null | undefined): EditSender | null {
  const calls = ticket?.calls;
  return useMemo<EditSender | null>(() => {
    if (ticket === null || isClosedTicketStatus(status)) return null;
    return async (edits, version) => {
      const last = calls?.at(-1);
      if (calls === undefined) throw new VerificationCallError(409, 'The payer calls are still loading: save again in a moment.');
      if (last === undefined) throw new VerificationCallError(409, OUTSOURCE_MESSAGES.logCallFirst);
      return enterAgentValues(http, id, { edits: [...edits], evidence: evidenceOf(last), version });
    };
  }, [http, id, status, ticket, calls]);
}

function Calls({ calls }: { calls: readonly CallLogEntry[] }) {
  if (calls.length === 0) return <p className="dv-text-secondary">No payer call logged yet.</p>;
  return (
    <ul className="dv-call-list" aria-label="Payer calls">
      {calls.map((call) => (
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

/** Which call the values saved now carry as their evidence, or that there is none yet to save them with. */
function EvidenceNote({ calls }: { calls: readonly CallLogEntry[] }) {
  const last = calls.at(-1);
  if (last === undefined) return <Alert type="warning" showIcon title={OUTSOURCE_MESSAGES.logCallFirst} data-testid="evidence-note" />;
  return (
    <p className="dv-text-secondary" data-testid="evidence-note">
      Values you save carry the call of {localWhen(last.calledAt)} with {last.representative}, reference {last.callReference}, as their evidence.
    </p>
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
      const message = error instanceof ApiCallError ? error.message : 'The change could not be saved. Try again.';
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

/** The latest request: its type, who asked and when. */
function RequestLine({ ticket }: { ticket: OutsourcedTicket }) {
  const requester = ticket.requests.at(-1)?.requester;
  return (
    <span className="dv-text-secondary">
      {ticket.type} requested{requester ? ` by ${userName(requester)}` : ''} {localWhen(ticket.requestedAt)}
    </span>
  );
}

export function AgentPanel({ detail }: { detail: VerificationDetail }) {
  const { http } = useServices();
  const session = useSession();
  const { access } = useOffice();
  const ticket = useOutsourcedTicket(detail.id, true);
  const { act, busy, problem, clearProblem } = useTicketActions(detail.id);
  const [logging, setLogging] = useState(false);
  const status = detail.ticket.status;
  useEditSender(useQueueSaves(http, detail.id, status, ticket.data));

  const assignee = ticket.data?.assignee ?? null;
  const calls = ticket.data?.calls ?? [];
  const note = ticket.data?.requests.at(-1)?.note;
  const me = session.status === 'signedIn' ? session.claims.sub : undefined;
  const mine = assignee !== null && assignee.id === me;
  const admin = hasAnyRole(access.effectiveRoles, COMPANY_ADMIN_ROLES);
  const mayWork = admin || mine;
  const moves = movesFrom(status, status === 'Open' && assignee === null);
  const move = async (to: TicketStatus, note: string) =>
    typeof (await act(to, () => moveTicket(http, detail.id, { to, ...(note === '' ? {} : { note }) }))) !== 'string';

  if (ticket.isPending) {
    return (
      <SectionCard size="small" title="Outsourced ticket" className="dv-outsourcing" data-testid="agent-panel" aria-busy="true">
        <TicketStatusChip status={status} testId="ticket-status" />
      </SectionCard>
    );
  }
  if (ticket.isError || ticket.data === null) {
    const why = ticket.isError ? ticket.error.message : OUTSOURCE_MESSAGES.notOutsourced;
    return (
      <SectionCard size="small" title="Outsourced ticket" className="dv-outsourcing" data-testid="agent-panel">
        <Alert type="warning" showIcon title={why} action={ticket.isError ? <Button onClick={() => void ticket.refetch()}>Try again</Button> : undefined} />
      </SectionCard>
    );
  }
  return (
    <SectionCard size="small" title="Outsourced ticket" className="dv-outsourcing" data-testid="agent-panel">
      <div className="dv-row">
        <span>Status:</span>
        <TicketStatusChip status={status} testId="ticket-status" />
        <RequestLine ticket={ticket.data} />
      </div>
      {note ? <p className="dv-outsourcing-note">Note from the office: {note}</p> : null}
      <p className="dv-row">
        {assignee ? <span>Claimed by {mine ? 'you' : userName(assignee)}</span> : <span>Nobody has claimed it yet.</span>}
        {assignee === null && !isFinishedTicketStatus(status) ? (
          <Button type="primary" loading={busy === 'claim'} disabled={busy !== null} onClick={() => void act('claim', () => claimTicket(http, detail.id))}>
            Claim
          </Button>
        ) : null}
      </p>
      {assignee !== null && !mine && !admin ? (
        <Alert type="info" showIcon title="Another agent holds this ticket: only they or an administrator may work it." />
      ) : null}
      {moves.length > 0 && mayWork ? <TicketMoves moves={moves} busy={busy} onMove={move} /> : null}
      {problem ? <Alert type="error" showIcon closable title={problem} onClose={clearProblem} /> : null}
      <h4 className="dv-outsourcing-subtitle">Payer calls</h4>
      <Calls calls={calls} />
      {isAgentWorkStatus(status) && mayWork ? <EvidenceNote calls={calls} /> : null}
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
