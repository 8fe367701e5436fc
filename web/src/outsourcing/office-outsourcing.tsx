/**
 * The office's side of outsourcing on its ticket page: when the office's settings allow it (rules/office.ts
 * `canOutsource`), an "Outsource" control asks for the request type (Breakdown, Re-verification) and an
 * optional note for the agent; once outsourced, the ticket's status in the company's queue shows as a chip that
 * follows the socket. A finished ticket (not an archived one), or one the agent sent back for more information,
 * may be sent again.
 */
import {
  acceptsOutsourceRequest,
  canOutsource,
  OUTSOURCE_TYPES,
  type OutsourceType,
  type VerificationDetail,
  WAITING_FOR_OFFICE_STATUS,
} from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Radio } from 'antd';
import { useId, useState } from 'react';
import { useServices } from '../app/services-context';
import { ApiCallError } from '../http/api-call-error';
import { useOffice } from '../office/office-context';
import { SectionCard } from '../ui/section-card';
import { verificationKey } from '../verification/ticket/verification-api';
import { outsourcedTicketKey, outsourceTicket } from './outsourcing-api';
import { TicketStatusChip } from './ticket-status';

const NOTE_MAX = 2000;

function OutsourceForm({ detail, again, onDone }: { detail: VerificationDetail; again: boolean; onDone: () => void }) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const [type, setType] = useState<OutsourceType>('Breakdown');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const noteId = useId();

  async function send() {
    setBusy(true);
    setProblem(null);
    try {
      const ticket = await outsourceTicket(http, detail.id, { type, ...(note.trim() === '' ? {} : { note }) });
      queryClient.setQueryData(outsourcedTicketKey(detail.id), ticket);
      queryClient.setQueryData<VerificationDetail>(verificationKey(detail.id), (current) =>
        current === undefined ? current : { ...current, ticket: { ...current.ticket, status: ticket.status, requesterId: ticket.requests.at(-1)?.requester.id } },
      );
      void queryClient.invalidateQueries({ queryKey: verificationKey(detail.id) });
      onDone();
    } catch (error) {
      setProblem(error instanceof ApiCallError ? error.message : 'The verification could not be outsourced. Try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="dv-outsource-form"
      aria-label="Outsource this verification"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Radio.Group
        aria-label="What the verification team should do"
        value={type}
        onChange={(event) => setType(event.target.value as OutsourceType)}
        options={OUTSOURCE_TYPES.map((value) => ({ value, label: value }))}
      />
      <label htmlFor={noteId} className="dv-outsource-label">
        Note for the agent (optional)
      </label>
      <Input.TextArea
        id={noteId}
        value={note}
        maxLength={NOTE_MAX}
        rows={3}
        placeholder={again ? 'The information the agent asked for' : 'What is missing, whom to ask'}
        onChange={(event) => setNote(event.target.value)}
      />
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
      <div className="dv-row">
        <Button type="primary" htmlType="submit" loading={busy}>
          {again ? 'Send to the verification team again' : 'Send to the verification team'}
        </Button>
        <Button disabled={busy} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function OfficeOutsourcing({ detail }: { detail: VerificationDetail }) {
  const { currentSettings } = useOffice();
  const [open, setOpen] = useState(false);
  const outsourced = detail.ticket.requesterId !== undefined;
  const status = detail.ticket.status;
  const allowed = canOutsource(currentSettings);
  // As the service takes them: a finished ticket (never an archived one) or one the agent sent back.
  const again = outsourced && acceptsOutsourceRequest(status);
  if (!outsourced && !allowed) return null;

  return (
    <SectionCard size="small" title="Outsourcing" className="dv-outsourcing" data-testid="outsourcing-card">
      {outsourced ? (
        <p className="dv-row">
          <span>Verification team status:</span>
          <TicketStatusChip status={status} testId="ticket-status" />
          {status === WAITING_FOR_OFFICE_STATUS ? <span>The agent needs more information: see the alert notes, then send it back.</span> : null}
        </p>
      ) : (
        <p>Your office may hand this verification to the verification team, who call the payer for you.</p>
      )}
      {open ? (
        <OutsourceForm detail={detail} again={outsourced} onDone={() => setOpen(false)} />
      ) : (outsourced ? again : true) && allowed ? (
        <Button onClick={() => setOpen(true)}>{outsourced ? 'Outsource again' : 'Outsource'}</Button>
      ) : null}
    </SectionCard>
  );
}
