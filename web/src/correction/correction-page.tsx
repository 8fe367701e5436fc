/**
 * /correction (goduser): the data correction tool for a ticket's raw document. A ticket is found by its id (kept
 * in the address, `?ticket=`), its stored document shown with the contracts' validators' messages, and corrected
 * with a note (correction-editor.tsx); the service keeps an audit record of every correction. Only tickets of the
 * goduser's organization are found.
 */
import { Button } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormField } from '../fields/form-field';
import { TextInput } from '../fields/text-input';
import { ApiCallError } from '../http/api-call-error';
import { LoadError } from '../ui/load-error';
import { Notice } from '../ui/notice';
import { PlaceholderLines } from '../ui/placeholder-lines';
import { useCorrectionTicket } from './correction-api';
import { CorrectionEditor } from './correction-editor';
import './correction.css';

export const CORRECTION_TITLE = 'Data correction';
export const TICKET_ID_LABEL = 'Ticket id';
export const FIND_ACTION = 'Find ticket';

function TicketFinder({ current, onFind }: { current: string | null; onFind: (id: string) => void }) {
  const id = useId();
  const [text, setText] = useState(current ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '') onFind(text.trim());
  };
  return (
    <form className="dv-correction__find" role="search" aria-label="Find a ticket" onSubmit={submit}>
      <FormField htmlFor={id} label={TICKET_ID_LABEL}>
        <TextInput id={id} value={text} maxLength={128} autoComplete="off" spellCheck={false} onChange={(event) => setText(event.target.value)} />
      </FormField>
      <Button type="primary" htmlType="submit">
        {FIND_ACTION}
      </Button>
    </form>
  );
}

export function CorrectionPage() {
  const [params, setParams] = useSearchParams();
  const ticketId = params.get('ticket')?.trim() || null;
  const ticket = useCorrectionTicket(ticketId);

  return (
    <div className="dv-page dv-correction">
      <h1 className="dv-page-title">{CORRECTION_TITLE}</h1>
      <p className="dv-text-secondary">Find a ticket, correct its document, and say why: every correction is recorded with who made it and when.</p>
      <TicketFinder key={ticketId ?? ''} current={ticketId} onFind={(id) => setParams({ ticket: id })} />
      {ticketId === null ? null : ticket.data ? (
        <CorrectionEditor ticket={ticket.data} />
      ) : ticket.error instanceof ApiCallError && ticket.error.status === 404 ? (
        <Notice type="warning" title={ticket.error.message} />
      ) : ticket.error ? (
        <LoadError title={ticket.error.message} onRetry={() => void ticket.refetch()} />
      ) : (
        <PlaceholderLines rows={6} label="Reading the ticket" />
      )}
    </div>
  );
}
