/**
 * The 'Verification form' section of /verification/{id}, loaded lazily, shown to those who may fulfil forms
 * (SPEC section 6, contracts canFulfillForm: company users always, office users when the office's
 * ableToFullfillForm is on; nobody else asks for the form, whose refusal would send them away). The questions are
 * the ticket's form as the service resolves it; a question shows while its block and its condition hold with the
 * answers as they are typed (contracts visibleQuestionKeys, as the service decides on save). Save sends the answers
 * of the questions that show, with the ticket's version: the plan's values change with them, and the page shows it.
 */
import { ApiCallError } from '../http/api-call-error';
import { canFulfillForm, visibleQuestionKeys, type FormQuestion, type VerificationDetail, type VerificationForm } from '@dv/contracts';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useDevSetting } from '../dev-tools/use-dev-setting';
import { useInfoBar } from '../info-bar/info-bar';
import { useOffice } from '../office/office-context';
import { LoadError } from '../ui/load-error';
import { PlaceholderLines } from '../ui/placeholder-lines';
import { SectionCard } from '../ui/section-card';
import { answersOf, initialDrafts, planValueWording, submissionOf, type AnswerDraft, type Drafts } from './answer-drafts';
import { FormKey } from './form-controls';
import { problemOf, useSaveTicketForm, useTicketForm } from './forms-api';
import { TicketFormQuestion } from './ticket-form-question';
import './forms.css';

const ANSWER_PATH = /^answers\.(.+)$/;

/** The service's problems of a refused save, by question key; the rest as one message. */
function problemsOfSave(error: unknown): { byKey: Record<string, string>; message: string | null } {
  if (!(error instanceof ApiCallError)) return { byKey: {}, message: 'The answers could not be saved. Try again.' };
  const byKey: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const key = ANSWER_PATH.exec(path)?.[1];
    if (key !== undefined) byKey[key] = message;
  }
  const named = Object.keys(byKey).length > 0;
  return { byKey, message: named && error.status === 400 ? null : error.message };
}

type QuestionsProps = {
  readonly form: VerificationForm;
  readonly visible: ReadonlySet<string>;
  readonly drafts: Drafts;
  readonly problems: Readonly<Record<string, string>>;
  readonly showKeys: boolean;
  readonly disabled: boolean;
  readonly onDraft: (key: string, draft: AnswerDraft) => void;
};

/** The questions that show, in order; a conditional block holds its own questions. */
function FormQuestions({ form, visible, drafts, problems, showKeys, disabled, onDraft }: QuestionsProps) {
  const render = (question: FormQuestion): ReactNode => {
    if (!visible.has(question.key)) return null;
    if (question.type === 'conditionalBlock') {
      return (
        <fieldset key={question.key} className="dv-fq-block" data-question={question.key}>
          <legend>
            {question.label}
            {showKeys ? <FormKey questionKey={question.key} /> : null}
          </legend>
          {question.help ? <p className="dv-fq-hint">{question.help}</p> : null}
          <div className="dv-fq-stack">{form.questions.filter((inner) => inner.block === question.key).map(render)}</div>
        </fieldset>
      );
    }
    return (
      <TicketFormQuestion
        key={question.key}
        question={question}
        draft={drafts[question.key]}
        onDraft={(draft) => onDraft(question.key, draft)}
        planValue={planValueWording(question, form.planValues[question.key])}
        problem={problems[question.key]}
        showKey={showKeys}
        disabled={disabled}
      />
    );
  };
  return <>{form.questions.filter((question) => question.block === undefined).map(render)}</>;
}

type FilledFormProps = { readonly form: VerificationForm; readonly detail: VerificationDetail; readonly showKeys: boolean };

function FilledForm({ form, detail, showKeys }: FilledFormProps) {
  const [drafts, setDrafts] = useState<Drafts>(() => initialDrafts(form));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useSaveTicketForm(form.verificationId);
  const infoBar = useInfoBar();
  const editable = form.editable && detail.status !== 'Completed';
  const visible = visibleQuestionKeys(form.questions, answersOf(form.questions, drafts));

  const setDraft = (key: string, draft: AnswerDraft) => {
    setDrafts((current) => ({ ...current, [key]: draft }));
    setProblems(({ [key]: _gone, ...rest }) => rest);
  };

  const submit = () => {
    const submission = submissionOf(form.questions, drafts);
    if (!submission.ok) {
      setProblems(submission.problems);
      return;
    }
    setMessage(null);
    infoBar.show({ type: 'inprogress' });
    save.mutate(
      { answers: submission.answers, version: detail.version },
      {
        onSuccess: () => infoBar.show({ type: 'saved' }),
        onError: (error) => {
          infoBar.hide();
          const found = problemsOfSave(error);
          setProblems(found.byKey);
          setMessage(found.message);
        },
      },
    );
  };

  return (
    <form
      className="dv-fq-stack"
      aria-label="Verification form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (editable && !save.isPending) submit();
      }}
    >
      <p className="dv-fq-hint">
        {form.templateName}. Answers fill the plan&apos;s fields; a question may show only after another&apos;s answer.
        {form.answeredAt ? ` Last saved ${new Date(form.answeredAt).toLocaleString('en-US')}.` : ''}
      </p>
      <FormQuestions
        form={form}
        visible={visible}
        drafts={drafts}
        problems={problems}
        showKeys={showKeys}
        disabled={!editable || save.isPending}
        onDraft={setDraft}
      />
      {message ? (
        <span className="dv-fq-status dv-fq-status--failed" role="alert">
          {message}
        </span>
      ) : null}
      {editable ? (
        <div className="dv-fq-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save answers
          </Button>
        </div>
      ) : (
        <span className="dv-fq-status">The verification was submitted: its form can no longer change.</span>
      )}
    </form>
  );
}

function FormCard({ detail }: { detail: VerificationDetail }) {
  const form = useTicketForm(detail.id, true);
  const showKeys = useDevSetting('showFormKeys');
  let body;
  if (form.isPending) body = <PlaceholderLines rows={4} label="Loading the verification form" />;
  else if (form.isError) body = <LoadError title={`The verification form could not be loaded: ${problemOf(form.error)}`} onRetry={() => void form.refetch()} />;
  // A new save (here or in another tab) starts the drafts again from what was saved.
  else body = <FilledForm key={`${form.data.templateId}:${form.data.answeredAt ?? ''}`} form={form.data} detail={detail} showKeys={showKeys} />;
  return (
    <SectionCard title="Verification form" data-testid="verification-form">
      {body}
    </SectionCard>
  );
}

export function VerificationFormSection({ detail }: { detail: VerificationDetail }) {
  const { access, currentSettings } = useOffice();
  if (!canFulfillForm(access.effectiveRoles, currentSettings)) return null;
  return <FormCard detail={detail} />;
}
