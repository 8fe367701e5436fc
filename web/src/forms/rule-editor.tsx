/**
 * A form rule, new or changed (/management/rules): whose answers it reads (every payer of a payer key, DEFAULT
 * being every payer, or one payer by its payer id), which question of the default template and which answer fire
 * it, and which plan field it sets to which value. The answer is entered as the question takes it and the value as
 * the field takes it (the same inputs the ticket's form draws, rule-draft.ts); each problem shows under its part.
 */
import { ApiCallError } from '../http/api-call-error';
import { PAYER_KEYS, type FormQuestion, type FormRule } from '@dv/contracts';
import { Button } from 'antd';
import { useId, useState } from 'react';
import { useCarriers } from '../verification/new/new-verification-api';
import { SelectInput, TextArea, TextInput } from './form-controls';
import { problemOf, useDeleteRule, useSaveRule } from './forms-api';
import { answerableQuestions, changedDraft, fieldKindOf, ruleDraftOf, ruleInputOf, valueQuestion, type RuleDraft } from './rule-draft';
import { targetSuggestions } from './template-draft';
import { TicketFormQuestion } from './ticket-form-question';

const ALL_FIELDS = [...new Set((['currency', 'percent', 'count', 'yesNo', 'limitation', 'waitingPeriod', 'text'] as const).flatMap(targetSuggestions))];
const PAYER_KINDS = [
  { value: 'payerKey', label: 'A payer key (DEFAULT: every payer)' },
  { value: 'payerId', label: 'One payer, by payer id' },
] as const;

type Props = {
  readonly rule: FormRule | null;
  readonly questions: readonly FormQuestion[];
  readonly onDone: () => void;
};

type PartProps = { readonly draft: RuleDraft; readonly change: (change: Partial<RuleDraft>) => void; readonly problem: (path: string) => string | undefined };

/** Whose answers: a payer key, or one payer's id (the carrier catalogue's ids suggested). */
function PayerFields({ draft, change, problem }: PartProps) {
  const listId = useId();
  const carriers = useCarriers();
  return (
    <>
      <SelectInput label="Whose answers" value={draft.payerKind} options={PAYER_KINDS} onChange={(payerKind) => change({ payerKind })} />
      {draft.payerKind === 'payerKey' ? (
        <SelectInput label="Payer key" value={draft.payerKey} problem={problem('payer')} options={PAYER_KEYS.map((key) => ({ value: key, label: key }))} onChange={(payerKey) => change({ payerKey })} />
      ) : (
        <TextInput label="Payer id" value={draft.payerId} maxLength={20} list={listId} problem={problem('payer') ?? problem('payer.payerId')} onChange={(payerId) => change({ payerId })} />
      )}
      <datalist id={listId}>
        {(carriers.data ?? []).map((carrier) => (
          <option key={carrier.payerId} value={carrier.payerId}>
            {carrier.name}
          </option>
        ))}
      </datalist>
    </>
  );
}

export function RuleEditor({ rule, questions, onDone }: Props) {
  const fieldsId = useId();
  const answerable = answerableQuestions(questions);
  const [draft, setDraft] = useState(() => ruleDraftOf(rule, questions));
  const [local, setLocal] = useState<Record<string, string>>({});
  const save = useSaveRule();
  const remove = useDeleteRule();
  const fields = save.error instanceof ApiCallError ? save.error.fields : {};
  const problem = (path: string) => local[path] ?? fields[path];
  const change = (next: Partial<RuleDraft>) => setDraft((current) => changedDraft(current, next, questions));
  const question = answerable.find((candidate) => candidate.key === draft.questionKey);
  const kind = fieldKindOf(draft);

  const submit = () => {
    const made = ruleInputOf(draft, questions);
    setLocal(made.ok ? {} : made.problems);
    if (made.ok) save.mutate({ id: rule?.id ?? null, input: made.input, ...(rule ? { version: rule.version } : {}) }, { onSuccess: onDone });
  };

  return (
    <form
      className="dv-fq-stack dv-card dv-card-body"
      aria-label={rule ? 'Change the rule' : 'New rule'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.isPending) submit();
      }}
    >
      <h2 className="dv-fq-section-title">{rule ? 'Change the rule' : 'New rule'}</h2>
      <div className="dv-fq-grid">
        <PayerFields draft={draft} change={change} problem={problem} />
        <SelectInput
          label="When the question"
          value={draft.questionKey}
          placeholder={question === undefined ? 'Pick a question' : undefined}
          problem={problem('questionKey')}
          options={answerable.map((candidate) => ({ value: candidate.key, label: `${candidate.label} (${candidate.key})` }))}
          onChange={(questionKey) => change({ questionKey })}
        />
        {question ? (
          <TicketFormQuestion question={{ ...question, label: 'is answered' }} draft={draft.answer} onDraft={(answer) => change({ answer })} planValue={null} problem={problem('answer')} showKey={false} disabled={false} />
        ) : null}
        <TextInput
          label="It sets the plan field"
          value={draft.field}
          maxLength={300}
          list={fieldsId}
          placeholder="plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel"
          problem={problem('field')}
          onChange={(field) => change({ field })}
        />
        {kind ? <TicketFormQuestion question={valueQuestion(kind)} draft={draft.value} onDraft={(value) => change({ value })} planValue={null} problem={problem('value')} showKey={false} disabled={false} /> : null}
      </div>
      <TextArea label="Note" value={draft.note} maxLength={500} problem={problem('note')} hint="Why the rule exists (searched with the rules)" onChange={(note) => change({ note })} />
      <datalist id={fieldsId}>
        {ALL_FIELDS.map((path) => (
          <option key={path} value={path} />
        ))}
      </datalist>
      <div className="dv-fq-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {rule ? 'Save rule' : 'Add rule'}
        </Button>
        <Button onClick={onDone}>Cancel</Button>
        {rule ? (
          <Button danger loading={remove.isPending} onClick={() => remove.mutate(rule.id, { onSuccess: onDone })}>
            Delete rule
          </Button>
        ) : null}
        <span className="dv-fq-status dv-fq-status--failed" role="status">
          {save.isError && !(save.error instanceof ApiCallError && save.error.status === 400) ? `Not saved: ${problemOf(save.error)}` : ''}
          {remove.isError ? `Not deleted: ${problemOf(remove.error)}` : ''}
        </span>
      </div>
    </form>
  );
}
