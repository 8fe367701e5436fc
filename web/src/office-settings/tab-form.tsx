/**
 * What every tab of /dental-office-settings shares: a form that says when the user may only read it (and who
 * changes it), shows a failure that names no field above the fields, and saves with the info bar's feedback
 * ('Saving. Wait...', then 'Your changes has been saved.'). A field the service refused shows its message under
 * the field (the tab maps the 400's paths) and gets the focus. Enter in a field saves, as in any form.
 */
import { Button } from 'antd';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiCallError, type FieldIssue } from '../http/api-call-error';
import { useInfoBar } from '../info-bar/info-bar';
import { LoadError } from '../ui/load-error';
import { Notice } from '../ui/notice';
import { PlaceholderLines } from '../ui/placeholder-lines';
import './office-settings.css';

export const SAVE_ACTION = 'Save';

/** The field issues of a refused save, whichever service refused it. */
function issuesOf(error: unknown): readonly FieldIssue[] {
  return error instanceof ApiCallError ? error.issues : [];
}

export type SaveOutcome<F extends string> = { readonly errors: Partial<Record<F, string>>; readonly first?: F };

/**
 * The save cycle of a tab: `save(run)` shows the progress, runs the call, and on a refusal hands its issues to
 * `fieldsOf`, which answers the messages by field; what names no field shows as the form's problem.
 */
export function useTabSave<F extends string>(fieldsOf: (issues: readonly FieldIssue[]) => SaveOutcome<F>, focus: (field: F) => void) {
  const infoBar = useInfoBar();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});

  async function save(run: () => Promise<void>): Promise<void> {
    setSaving(true);
    setProblem(null);
    setErrors({});
    infoBar.show({ type: 'inprogress' });
    try {
      await run();
      infoBar.show({ type: 'saved' });
    } catch (error) {
      infoBar.hide();
      const outcome = fieldsOf(issuesOf(error));
      setErrors(outcome.errors);
      if (outcome.first !== undefined) focus(outcome.first);
      else setProblem(error instanceof Error ? error.message : 'The change could not be saved');
    } finally {
      setSaving(false);
    }
  }

  /** A field the user changes loses its old message. */
  const clearError = (field: F) => setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
  return { saving, problem, setProblem, errors, save, clearError };
}

export type TabFormProps = {
  readonly label: string;
  /** Null: the user may change the values; else why they may only read them. */
  readonly readOnlyReason: string | null;
  readonly problem: string | null;
  readonly saving: boolean;
  readonly onSubmit: () => void;
  readonly children: ReactNode;
};

export function TabForm({ label, readOnlyReason, problem, saving, onSubmit, children }: TabFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnlyReason === null && !saving) onSubmit();
  };
  return (
    <form className="dv-office-settings__form" aria-label={label} onSubmit={submit} noValidate>
      {readOnlyReason === null ? null : <Notice type="info" role="note" title={readOnlyReason} />}
      {problem === null ? null : <Notice type="error" title={problem} />}
      {children}
      {readOnlyReason === null ? (
        <Button type="primary" htmlType="submit" loading={saving}>
          {SAVE_ACTION}
        </Button>
      ) : null}
    </form>
  );
}

/** A tab's data while it loads, or why it could not be read. */
export function TabLoading({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  if (error !== null) return <LoadError title={error.message} onRetry={onRetry} />;
  return <PlaceholderLines rows={4} />;
}
