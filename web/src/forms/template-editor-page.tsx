/**
 * /management/form (superadministrator): a form template edited whole, ?template={id} (without it, the
 * organization's default, the form every ticket gets). Its name and whether it is the default; its questions in
 * order, each in its card (question-editor.tsx): added by type at the end, moved up or down by their buttons (the
 * focus stays on the moved question's button), removed, their options, plan field, block and condition. Save
 * sends the whole template with the version it was read at: a newer one (another administrator) is refused and
 * the page says so; a refused question shows each problem under its field.
 */
import { ApiCallError } from '../http/api-call-error';
import { FORM_QUESTION_TYPES, matchRoute, PATHS, type FormQuestionType, type FormTemplate } from '@dv/contracts';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DetailLoadFailure } from '../ui/detail-load-failure';
import { PlaceholderLines } from '../ui/placeholder-lines';
import { Pill } from '../ui/pill';
import { CheckBox, SelectInput, TextInput } from './form-controls';
import { problemOf, useDeleteTemplate, useSaveTemplate, useTemplate } from './forms-api';
import { editorPath } from './form-paths';
import { QuestionEditor } from './question-editor';
import {
  addQuestion,
  moveQuestion,
  questionProblems,
  removeQuestion,
  replaceQuestion,
  templateInputOf,
  TYPE_LABELS,
  type TemplateDraft,
} from './template-draft';
import '../ui/ui.css';
import './forms.css';

const TITLE = matchRoute(PATHS.managementForm)?.label ?? 'Forms';

type Status = { readonly tone: 'done' | 'failed'; readonly text: string } | null;

/** After a move or an add, the focus goes to the question: its moved button, else its first input. */
function useQuestionFocus() {
  const [focus, setFocus] = useState<{ key: string; move?: 'up' | 'down' } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focus === null) return;
    const card = list.current?.querySelector<HTMLElement>(`[data-question="${CSS.escape(focus.key)}"]`);
    const button = focus.move ? card?.querySelector<HTMLButtonElement>(`[data-move="${focus.move}"]:not(:disabled)`) : null;
    (button ?? card?.querySelector<HTMLElement>('input') ?? card)?.focus();
    setFocus(null);
  }, [focus]);
  return { list, setFocus };
}

/** A new question at the end, of the type picked. */
function AddQuestion({ onAdd }: { onAdd: (type: FormQuestionType) => void }) {
  const [type, setType] = useState<FormQuestionType>('expliciteToggleButton');
  return (
    <div className="dv-fq-toolbar">
      <SelectInput label="New question's type" value={type} options={FORM_QUESTION_TYPES.map((one) => ({ value: one, label: TYPE_LABELS[one] }))} onChange={setType} />
      <Button onClick={() => onAdd(type)}>Add question</Button>
    </div>
  );
}

/** Save, Delete (asked twice; never the default template) and how the last one went. */
function TemplateActions({ template, saving, status }: { template: FormTemplate; saving: boolean; status: Status }) {
  const navigate = useNavigate();
  const remove = useDeleteTemplate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <div className="dv-fq-actions">
      <Button type="primary" htmlType="submit" loading={saving}>
        Save template
      </Button>
      {template.isDefault ? null : confirmDelete ? (
        <>
          <span>Delete this template?</span>
          <Button danger loading={remove.isPending} onClick={() => remove.mutate(template.id, { onSuccess: () => void navigate(PATHS.managementFormTemplates) })}>
            Delete
          </Button>
          <Button onClick={() => setConfirmDelete(false)}>Keep it</Button>
        </>
      ) : (
        <Button danger onClick={() => setConfirmDelete(true)}>
          Delete template
        </Button>
      )}
      <span className={`dv-fq-status${status ? ` dv-fq-status--${status.tone}` : ''}`} role="status">
        {status?.text ?? (remove.isError ? `Not deleted: ${problemOf(remove.error)}` : '')}
      </span>
    </div>
  );
}

function TemplateEditor({ template, justSaved }: { template: FormTemplate; justSaved: boolean }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<TemplateDraft>({ name: template.name, isDefault: template.isDefault, questions: template.questions });
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [status, setStatus] = useState<Status>(justSaved ? { tone: 'done', text: 'Saved.' } : null);
  const { list, setFocus } = useQuestionFocus();
  // Each card keeps its own identity while questions move, and while its key is being retyped.
  const [ids, setIds] = useState(() => template.questions.map((_, index) => `q${index}`));
  const added = useRef(0);
  const save = useSaveTemplate();

  const change = (next: Partial<TemplateDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setFields({});
    setStatus(null);
  };

  const submit = () => {
    save.mutate(
      { id: template.id, input: { ...templateInputOf(draft), version: template.version } },
      {
        onSuccess: (saved) => void navigate(editorPath(saved.id), { replace: true, state: { saved: true } }),
        onError: (error) => {
          setFields(error instanceof ApiCallError ? error.fields : {});
          setStatus({ tone: 'failed', text: error instanceof ApiCallError && error.status === 400 ? 'Not saved: see the problems below.' : `Not saved: ${problemOf(error)}` });
        },
      },
    );
  };

  return (
    <form
      className="dv-fq-stack"
      aria-label="Form template"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.isPending) submit();
      }}
    >
      <div className="dv-fq-grid">
        <TextInput label="Template name" value={draft.name} maxLength={120} problem={fields.name} onChange={(name) => change({ name })} />
        <CheckBox
          label="The organization's default: every ticket gets this form"
          checked={draft.isDefault}
          disabled={template.isDefault}
          hint={template.isDefault ? 'To change it, make another template the default.' : undefined}
          onChange={(isDefault) => change({ isDefault })}
        />
      </div>
      <h2 className="dv-fq-section-title">Questions ({draft.questions.length})</h2>
      {draft.questions.length === 0 ? <p className="dv-fq-hint">No questions yet: add the first one below.</p> : null}
      <ol className="dv-fq-list" ref={list} aria-label="Questions">
        {draft.questions.map((question, index) => (
          <li key={ids[index] ?? question.key}>
            <QuestionEditor
              question={question}
              index={index}
              questions={draft.questions}
              problems={questionProblems(fields, index)}
              onChange={(next) => change({ questions: replaceQuestion(draft.questions, index, next) })}
              onMove={(delta) => {
                change({ questions: moveQuestion(draft.questions, index, delta) });
                setIds((current) => moveQuestion(current, index, delta));
                setFocus({ key: question.key, move: delta === -1 ? 'up' : 'down' });
              }}
              onRemove={() => {
                change({ questions: removeQuestion(draft.questions, index) });
                setIds((current) => current.filter((_, at) => at !== index));
              }}
            />
          </li>
        ))}
      </ol>
      <AddQuestion
        onAdd={(type) => {
          const questions = addQuestion(draft.questions, type);
          change({ questions });
          added.current += 1;
          setIds((current) => [...current, `new${added.current}`]);
          setFocus({ key: questions.at(-1)!.key });
        }}
      />
      {fields.questions ? <span className="dv-fq-problem" role="alert">{fields.questions}</span> : null}
      <TemplateActions template={template} saving={save.isPending} status={status} />
    </form>
  );
}

export function TemplateEditorPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const justSaved = (location.state as { saved?: unknown } | null)?.saved === true;
  const id = search.get('template');
  const template = useTemplate(id);
  let body;
  if (template.isPending) body = <PlaceholderLines rows={8} label="Loading the template" />;
  else if (template.isError) {
    body = (
      <DetailLoadFailure
        thing="Form template"
        status={template.error instanceof ApiCallError ? template.error.status : undefined}
        message={problemOf(template.error)}
        notFoundText="It does not exist, or it belongs to another organization."
        onRetry={() => void template.refetch()}
        way={<Link to={PATHS.managementFormTemplates}>All templates</Link>}
      />
    );
  } else {
    body = (
      <>
        <p className="dv-fq-intro">
          Editing <strong>{template.data.name}</strong> {template.data.isDefault ? <Pill tone="blue">default</Pill> : null} · version {template.data.version} ·{' '}
          <Link to={PATHS.managementFormTemplates}>All templates</Link> · <Link to={PATHS.managementRules}>Rules</Link>
        </p>
        <TemplateEditor key={`${template.data.id}:${template.data.version}`} template={template.data} justSaved={justSaved} />
      </>
    );
  }
  return (
    <section className="dv-page dv-fq-page" aria-labelledby="form-editor-title">
      <h1 id="form-editor-title" className="dv-page-title">
        {TITLE}
      </h1>
      {body}
    </section>
  );
}
