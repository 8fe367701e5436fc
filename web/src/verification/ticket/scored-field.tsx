/**
 * One scored value of the ticket as the breakdown shows it: the value in words, its confidence badge (sources,
 * disagreements, change history) and, for a user who may edit, an edit button that opens the field's editor in
 * place. Enter or Save stores it ('Saving. Wait...', then 'Your changes has been saved.'); Escape or Cancel
 * leaves it. A refused value keeps the editor open with the contracts' message under it; a change made meanwhile
 * elsewhere shows the value stored now.
 *
 * Inside <ReadOnlyFields> (a plan of the plan library, /plan/{id}) the same value and badge show without a
 * verification workspace and without an edit.
 */
import EditOutlined from '@ant-design/icons/EditOutlined';
import { Button } from 'antd';
import { type FieldSources } from '@dv/contracts';
import { createContext, type KeyboardEvent, lazy, type ReactNode, Suspense, useContext, useId, useState } from 'react';
import { formatValue, type FieldKind } from './breakdown-format';
import { ScoreBadge } from './score-badge';
import { useWorkspace } from './workspace-context';

// The editors (antd InputNumber, Select, the date input) load when an edit first opens.
const FieldEditor = lazy(() => import('./field-editor').then((m) => ({ default: m.FieldEditor })));

type Scored = { value: unknown; score: number; changeHistory?: readonly { updatedAt: string; value: unknown; oldValue?: unknown }[] };

export type ScoredFieldProps = {
  /** The wrapper path the edit names: 'plan.benefits.annualMax'. */
  path: string;
  field: Scored | undefined | null;
  kind: FieldKind;
  /** The field's name, for the badge, the edit button and the editor. */
  label: string;
  /** Shown instead of the formatted value (e.g. with the remaining amount beside it). */
  render?: (text: string) => React.ReactNode;
};

/** The sources of the values shown read only: set by <ReadOnlyFields>, absent on the verification page. */
const ReadOnlyContext = createContext<FieldSources | null>(null);

/** Scored fields inside show their values and badges only: no workspace, no edit. */
export function ReadOnlyFields({ fieldSources = {}, children }: { fieldSources?: FieldSources; children: ReactNode }) {
  return <ReadOnlyContext.Provider value={fieldSources}>{children}</ReadOnlyContext.Provider>;
}

/** Whether the fields around are read only (outside a verification workspace). */
export function useReadOnlyFields(): boolean {
  return useContext(ReadOnlyContext) !== null;
}

/** The value in words and its badge. */
function ScoredValue({ field, kind, label, render, sources }: Omit<ScoredFieldProps, 'path'> & { sources: FieldSources[string] | undefined }) {
  const text = formatValue(kind, field?.value);
  return (
    <>
      <span className={field?.value === null || field?.value === undefined ? 'dv-field-missing' : undefined}>{render ? render(text) : text}</span>
      {field ? <ScoreBadge score={field.score} kind={kind} label={label} sources={sources} history={field.changeHistory} /> : null}
    </>
  );
}

export function ScoredField(props: ScoredFieldProps) {
  const readOnly = useContext(ReadOnlyContext);
  if (readOnly === null) return <EditableField {...props} />;
  return (
    <span className="dv-field">
      <ScoredValue {...props} sources={readOnly[props.path]} />
    </span>
  );
}

function EditableField({ path, field, kind, label, render }: ScoredFieldProps) {
  const workspace = useWorkspace();
  const { canEdit, fieldSources } = workspace;
  const [draft, setDraft] = useState<{ value: unknown } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;

  function open() {
    setDraft({ value: structuredClone(field?.value ?? null) });
    setProblem(null);
  }

  async function commit() {
    if (draft === null || busy) return;
    setBusy(true);
    const outcome = await workspace.save(path, draft.value === '' ? null : draft.value);
    setBusy(false);
    switch (outcome.kind) {
      case 'saved':
        setDraft(null);
        setProblem(null);
        return;
      case 'conflict':
        setProblem(`${outcome.message} Now: ${formatValue(kind, outcome.current)}.`);
        setDraft({ value: outcome.current });
        return;
      case 'invalid':
      case 'failed':
        setProblem(outcome.message);
        return;
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setDraft(null);
      setProblem(null);
    } else if (event.key === 'Enter' && !(event.target instanceof HTMLElement && event.target.closest('.ant-select'))) {
      event.preventDefault();
      void commit();
    }
  }

  if (draft !== null) {
    return (
      <div className="dv-field-editing" role="group" aria-label={`Edit ${label}`} onKeyDown={onKeyDown}>
        <div className="dv-row dv-row-tight">
          <Suspense fallback={<span className="dv-field-editor-loading" aria-busy="true" />}>
            <FieldEditor kind={kind} label={label} id={`${id}-input`} value={draft.value} onChange={(value) => setDraft({ value })} errorId={errorId} invalid={problem !== null} />
          </Suspense>
          <Button type="primary" size="small" loading={busy} onClick={() => void commit()}>
            Save
          </Button>
          <Button size="small" disabled={busy} onClick={() => setDraft(null)}>
            Cancel
          </Button>
        </div>
        {problem ? (
          <span id={errorId} role="alert" className="dv-field-error dv-text-danger">
            {problem}
          </span>
        ) : null}
      </div>
    );
  }

  return (
    <span className="dv-field">
      <ScoredValue field={field} kind={kind} label={label} render={render} sources={fieldSources[path]} />
      {canEdit ? (
        <Button type="text" size="small" className="dv-field-edit" icon={<EditOutlined />} aria-label={`Edit ${label}`} onClick={open} />
      ) : null}
    </span>
  );
}
