/**
 * One ticket on /correction: its stored document (read-only, with what the validator of its schema version says),
 * the editor of the correction (validated with the contracts' strict version 3 validator before anything is
 * sent), the note that says why, and the corrections made so far. A refusal of the service (its validator's
 * messages, a newer version of the ticket) shows where the validation's messages show.
 */
import { CORRECTION_MESSAGES, type CorrectionTicket } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { useServices } from '../app/services-context';
import { ApiCallError, type FieldIssue } from '../http/api-call-error';
import { useInfoBar } from '../info-bar/info-bar';
import { DescriptionList } from '../ui/description-list';
import { Notice } from '../ui/notice';
import { SectionCard } from '../ui/section-card';
import { correctionKey, saveCorrection } from './correction-api';
import { checkDocument, documentText } from './document-check';
import './correction.css';

export const VALIDATE_ACTION = 'Validate';
export const SAVE_ACTION = 'Save correction';
export const NOTE_LABEL = 'Why is the ticket corrected?';
export const EDITOR_LABEL = 'Corrected document (version 3)';
export const STORED_LABEL = 'Stored document';
export const VALID_MESSAGE = 'The document is a valid version 3 ticket.';

/** The paths of the body ('document.plan.x') read as paths of the document ('plan.x'). */
const inDocument = (path: string) => (path === 'document' ? '' : path.replace(/^document\./, ''));

function ProblemList({ id, problems, title }: { id: string; problems: readonly FieldIssue[]; title: string }) {
  return (
    <div id={id} className="dv-correction__problems" role="alert">
      <strong>{title}</strong>
      <ul>
        {problems.map((problem, index) => (
          <li key={`${problem.path}-${index}`}>
            {problem.path === '' ? null : <code>{problem.path}</code>} {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function StoredDocument({ ticket }: { ticket: CorrectionTicket }) {
  const id = useId();
  const findings = ticket.schemaVersion === null ? 'What the validators say' : `What the version ${ticket.schemaVersion} validator says`;
  return (
    <SectionCard title={STORED_LABEL}>
      <DescriptionList
        aria-label="The ticket"
        items={[
          { key: 'id', label: 'Ticket', children: ticket.id },
          { key: 'office', label: 'Office', children: ticket.officeId },
          { key: 'status', label: 'Status', children: ticket.status },
          { key: 'schema', label: 'Schema version', children: ticket.schemaVersion ?? 'unknown' },
          { key: 'version', label: 'Version', children: ticket.version },
          { key: 'updated', label: 'Last changed', children: new Date(ticket.updatedAt).toLocaleString('en-US') },
        ]}
      />
      <label htmlFor={`${id}-stored`} className="dv-correction__label">
        {STORED_LABEL} (read-only)
      </label>
      <textarea id={`${id}-stored`} className="dv-correction__json" readOnly rows={14} spellCheck={false} value={documentText(ticket.document)} aria-describedby={`${id}-findings`} />
      {ticket.problems.length === 0 ? (
        <p id={`${id}-findings`} className="dv-text-secondary">
          {findings}: no problem.
        </p>
      ) : (
        <ProblemList id={`${id}-findings`} problems={ticket.problems} title={`${findings}:`} />
      )}
    </SectionCard>
  );
}

type Check = { kind: 'none' } | { kind: 'valid' } | { kind: 'problems'; title: string; problems: readonly FieldIssue[] } | { kind: 'stale'; message: string };

/** The check a refusal of the service amounts to: a newer version (409), or its messages at document paths. */
function checkOfRefusal(error: unknown): Check {
  if (error instanceof ApiCallError && error.status === 409) return { kind: 'stale', message: error.message };
  if (error instanceof ApiCallError && error.issues.length > 0) {
    return { kind: 'problems', title: `${error.message}:`, problems: error.issues.map((issue) => ({ ...issue, path: inDocument(issue.path) })) };
  }
  return { kind: 'problems', title: 'The correction was not saved:', problems: [{ path: '', message: error instanceof Error ? error.message : String(error) }] };
}

/**
 * The correction's state: the edited text, the note, what the last check found; `validate` checks the text with
 * the contracts' validator, `submit` checks it and the note, then saves (the info bar says how it went).
 */
function useCorrection(ticket: CorrectionTicket, focus: (what: 'editor' | 'note') => void) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const infoBar = useInfoBar();
  const [text, setText] = useState(() => documentText(ticket.document));
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [check, setCheck] = useState<Check>({ kind: 'none' });
  const [saving, setSaving] = useState(false);

  function validate(): ReturnType<typeof checkDocument> {
    const result = checkDocument(text);
    setCheck(result.ok ? { kind: 'valid' } : { kind: 'problems', title: 'The contracts’ validator refuses it:', problems: result.problems });
    return result;
  }

  async function submit() {
    const result = validate();
    if (note.trim() === '') setNoteError(CORRECTION_MESSAGES.noteRequired);
    if (!result.ok || note.trim() === '') {
      focus(result.ok ? 'note' : 'editor');
      return;
    }
    setSaving(true);
    infoBar.show({ type: 'inprogress' });
    try {
      const saved = await saveCorrection(http, ticket.id, { document: result.document, note, expectedVersion: ticket.version });
      queryClient.setQueryData(correctionKey(ticket.id), saved);
      infoBar.show({ type: 'saved' });
    } catch (error) {
      infoBar.hide();
      setCheck(checkOfRefusal(error));
    } finally {
      setSaving(false);
    }
  }

  const edit = (next: string) => {
    setText(next);
    setCheck({ kind: 'none' });
  };
  const changeNote = (next: string) => {
    setNote(next);
    setNoteError(null);
  };
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: correctionKey(ticket.id) });
  return { text, edit, note, changeNote, noteError, check, saving, validate, submit, readAgain };
}

function CheckOutcome({ id, check, readAgain }: { id: string; check: Check; readAgain: () => void }) {
  switch (check.kind) {
    case 'none':
      return null;
    case 'valid':
      return (
        <p id={id} className="dv-correction__valid" role="status">
          {VALID_MESSAGE}
        </p>
      );
    case 'problems':
      return <ProblemList id={id} problems={check.problems} title={check.title} />;
    case 'stale':
      return (
        <Notice
          id={id}
          type="warning"
          title={check.message}
          description={
            <Button size="small" onClick={readAgain}>
              Read the ticket again
            </Button>
          }
        />
      );
  }
}

function CorrectionForm({ ticket }: { ticket: CorrectionTicket }) {
  const id = useId();
  const correction = useCorrection(ticket, (what) => document.getElementById(`${id}-${what}`)?.focus());
  const { check, noteError } = correction;
  const checkId = `${id}-check`;
  return (
    <SectionCard title="Correction">
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void correction.submit();
        }}
        noValidate
        aria-label="Correction"
      >
        <label htmlFor={`${id}-editor`} className="dv-correction__label">
          {EDITOR_LABEL}
        </label>
        <textarea
          id={`${id}-editor`}
          className="dv-correction__json"
          rows={20}
          spellCheck={false}
          value={correction.text}
          aria-invalid={check.kind === 'problems' ? true : undefined}
          aria-describedby={check.kind === 'none' ? undefined : checkId}
          onChange={(event) => correction.edit(event.target.value)}
        />
        <CheckOutcome id={checkId} check={check} readAgain={correction.readAgain} />
        <label htmlFor={`${id}-note`} className="dv-correction__label dv-form-label-required">
          {NOTE_LABEL}
        </label>
        <textarea
          id={`${id}-note`}
          className="dv-correction__note dv-input"
          rows={3}
          maxLength={1000}
          value={correction.note}
          aria-required
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${id}-note-error` : undefined}
          onChange={(event) => correction.changeNote(event.target.value)}
        />
        {noteError ? (
          <div id={`${id}-note-error`} className="dv-form-error">
            {noteError}
          </div>
        ) : null}
        <div className="dv-correction__actions">
          <Button onClick={() => void correction.validate()}>{VALIDATE_ACTION}</Button>
          <Button type="primary" htmlType="submit" loading={correction.saving}>
            {SAVE_ACTION}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

function CorrectionHistory({ ticket }: { ticket: CorrectionTicket }) {
  if (ticket.corrections.length === 0) return <p className="dv-text-secondary">No correction has been made to this ticket.</p>;
  return (
    <SectionCard title="Corrections made">
      <ol className="dv-correction__history">
        {ticket.corrections.map((record) => (
          <li key={record.id}>
            <strong>{new Date(record.at).toLocaleString('en-US')}</strong> by {record.userEmail ?? record.userId} (version {record.fromVersion} to{' '}
            {record.toVersion}): {record.note}
            <div className="dv-text-secondary">
              Changed: {record.fields.join(', ')}
              {record.fieldCount > record.fields.length ? ` and ${record.fieldCount - record.fields.length} more` : ''}
            </div>
          </li>
        ))}
      </ol>
    </SectionCard>
  );
}

export function CorrectionEditor({ ticket }: { ticket: CorrectionTicket }) {
  return (
    <div className="dv-correction__ticket">
      <StoredDocument ticket={ticket} />
      {/* A saved correction is a new version: the editor starts again from it. */}
      <CorrectionForm key={ticket.version} ticket={ticket} />
      <CorrectionHistory ticket={ticket} />
    </div>
  );
}
