/**
 * "Log a payer call": the agent records the call behind the values they enter (when, whom they spoke to, the
 * payer's reference number, optionally a screenshot or recording URL) and what it sets on the ticket (payer agent
 * name and call reference, by default the call's; an alert note; document URLs). Checked with contracts'
 * CallLogInput before it is sent; each problem shows under its field, as the service's 400 would name it.
 */
import { CallLogInput, type OutsourcedTicket } from '@dv/contracts';
import { Alert, Button, Input } from 'antd';
import { useId, useState } from 'react';

type Draft = {
  calledAt: string;
  representative: string;
  callReference: string;
  documentUrl: string;
  payerAgentName: string;
  alertNote: string;
  documents: string;
};

type FieldName = keyof Draft;

/** The local date and time for a datetime-local input ('2026-11-25T09:30'). */
export function localDateTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The draft as the call's body; empty optional texts are left out. */
export function callInputOf(draft: Draft): unknown {
  const when = draft.calledAt === '' ? '' : new Date(draft.calledAt);
  const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());
  const documents = draft.documents
    .split(/\s+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return {
    evidence: {
      calledAt: when instanceof Date ? (Number.isNaN(when.getTime()) ? draft.calledAt : when.toISOString()) : '',
      representative: draft.representative,
      callReference: draft.callReference,
      documentUrl: optional(draft.documentUrl),
    },
    payerAgentName: optional(draft.payerAgentName),
    alertNote: optional(draft.alertNote),
    documents: documents.length === 0 ? undefined : documents,
  };
}

/** Which input a problem belongs to: 'evidence.calledAt' -> calledAt, 'documents.1' -> documents. */
function fieldOf(path: readonly PropertyKey[]): FieldName {
  const [first, second] = path.map(String);
  if (first === 'evidence' && second !== undefined) return second as FieldName;
  return (first ?? 'representative') as FieldName;
}

const LABELS: Readonly<Record<FieldName, string>> = {
  calledAt: 'Call date and time',
  representative: 'Payer representative',
  callReference: 'Call reference number',
  documentUrl: 'Screenshot or recording URL (optional)',
  payerAgentName: 'Payer agent name (default: the representative)',
  alertNote: 'Alert note (optional)',
  documents: 'Document URLs (optional, one per line)',
};

type CallFieldProps = {
  readonly name: FieldName;
  readonly id: string;
  readonly value: string;
  readonly problem: string | undefined;
  readonly onChange: (value: string) => void;
  readonly type?: string;
  readonly multiline?: boolean;
  readonly required?: boolean;
};

/** One labelled input of the form, with its problem under it (and named by aria-describedby). */
function CallField({ name, id, value, problem, onChange, type, multiline, required }: CallFieldProps) {
  const errorId = `${id}-error`;
  const common = { id, value, 'aria-invalid': problem ? true : undefined, 'aria-describedby': problem ? errorId : undefined, 'aria-required': required };
  return (
    <div className="dv-call-field">
      <label htmlFor={id}>{LABELS[name]}</label>
      {multiline ? (
        <Input.TextArea {...common} rows={2} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <Input {...common} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
      {problem ? (
        <span id={errorId} className="dv-field-error dv-text-danger" role="alert">
          {problem}
        </span>
      ) : null}
    </div>
  );
}

export type CallFormProps = {
  readonly onSubmit: (input: CallLogInput) => Promise<OutsourcedTicket | string>;
  readonly onCancel: () => void;
};

export function CallForm({ onSubmit, onCancel }: CallFormProps) {
  const [draft, setDraft] = useState<Draft>(() => ({
    calledAt: localDateTime(new Date()),
    representative: '',
    callReference: '',
    documentUrl: '',
    payerAgentName: '',
    alertNote: '',
    documents: '',
  }));
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit() {
    const parsed = CallLogInput.safeParse(callInputOf(draft));
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) found[fieldOf(issue.path)] ??= issue.message;
      setProblems(found);
      return;
    }
    setProblems({});
    setFailure(null);
    setBusy(true);
    const outcome = await onSubmit(parsed.data);
    setBusy(false);
    if (typeof outcome === 'string') setFailure(outcome);
  }

  const input = (name: FieldName, extra: Omit<CallFieldProps, 'name' | 'id' | 'value' | 'problem' | 'onChange'> = {}) => (
    <CallField {...extra} name={name} id={`${id}-${name}`} value={draft[name]} problem={problems[name]} onChange={(value) => setDraft({ ...draft, [name]: value })} />
  );

  return (
    <form
      className="dv-call-form"
      aria-label="Log a payer call"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="dv-call-grid">
        {input('calledAt', { type: 'datetime-local', required: true })}
        {input('representative', { required: true })}
        {input('callReference', { required: true })}
        {input('documentUrl', { type: 'url' })}
        {input('payerAgentName')}
      </div>
      {input('alertNote', { multiline: true })}
      {input('documents', { multiline: true })}
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
      <div className="dv-row">
        <Button type="primary" htmlType="submit" loading={busy}>
          Log the call
        </Button>
        <Button disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
