/**
 * One question of a ticket's form, drawn by its type (SPEC section 3's form question types): an amount, a
 * percentage or a count (ETBField), a frequency (frequencyPicker: how many, per how many, which period), a yes/no
 * that must be chosen (expliciteToggleButton: two radio buttons, none chosen at first), a waiting period in the
 * units the template offers, a text (textField, one line or 3 to 8 rows). Each says the plan's value now under it
 * and its problem, both tied to its inputs; with the developer switch 'Show form keys' its key shows beside it.
 */
import { type FormQuestion, type TimePeriod, type WaitingPeriodUnit } from '@dv/contracts';
import { type ReactNode, useId } from 'react';
import { type AnswerDraft } from './answer-drafts';
import { describedBy, FormKey, Problem, TextArea, TextInput } from './form-controls';

export const PERIOD_NAMES: Readonly<Record<TimePeriod, string>> = {
  mo: 'months',
  yr: 'years',
  '12m': 'twelve-month periods',
  '/yr': 'benefit years',
  d: 'days',
  '/d': 'calendar days',
};

const UNIT_AFFIX = { currency: { prefix: '$' }, percent: { suffix: '%' }, count: {} } as const;

export type QuestionProps = {
  readonly question: FormQuestion;
  readonly draft: AnswerDraft | undefined;
  readonly onDraft: (draft: AnswerDraft) => void;
  readonly planValue: string | null;
  readonly problem: string | undefined;
  readonly showKey: boolean;
  readonly disabled: boolean;
};

function hintOf(question: FormQuestion, planValue: string | null): ReactNode {
  const parts = [question.help, planValue === null ? undefined : `On the plan: ${planValue}`].filter(Boolean);
  return parts.length === 0 ? undefined : parts.join(' · ');
}

/** A question of several inputs: a fieldset named by the question, its hint and problem under it. */
function Group({ question, planValue, problem, showKey, children }: Omit<QuestionProps, 'draft' | 'onDraft' | 'disabled'> & { children: ReactNode }) {
  const id = useId();
  const hint = hintOf(question, planValue);
  return (
    <fieldset className="dv-fq-group" aria-describedby={describedBy(id, hint, problem)} data-question={question.key}>
      <legend>
        {question.label}
        {showKey ? <FormKey questionKey={question.key} /> : null}
      </legend>
      <div className="dv-fq-inline">{children}</div>
      {hint ? (
        <span id={`${id}-hint`} className="dv-fq-hint">
          {hint}
        </span>
      ) : null}
      <Problem id={`${id}-problem`} problem={problem} />
    </fieldset>
  );
}

const numberBox = (label: string, value: string, onChange: (text: string) => void, disabled: boolean, invalid: boolean) => (
  <input
    type="text"
    inputMode="decimal"
    className="dv-fq-input"
    aria-label={label}
    aria-invalid={invalid || undefined}
    value={value}
    disabled={disabled}
    maxLength={12}
    autoComplete="off"
    onChange={(event) => onChange(event.target.value)}
  />
);

export function TicketFormQuestion(props: QuestionProps) {
  const { question, draft, onDraft, planValue, problem, showKey, disabled } = props;
  const after = showKey ? <FormKey questionKey={question.key} /> : undefined;
  const hint = hintOf(question, planValue);
  const invalid = problem !== undefined;
  switch (question.type) {
    case 'ETBField': {
      const text = draft?.kind === 'number' ? draft.text : '';
      return (
        <TextInput
          label={question.label}
          after={after}
          hint={hint}
          problem={problem}
          numeric
          maxLength={16}
          {...UNIT_AFFIX[question.options.unit]}
          value={text}
          disabled={disabled}
          onChange={(next) => onDraft({ kind: 'number', text: next })}
        />
      );
    }
    case 'textField': {
      const text = draft?.kind === 'text' ? draft.text : '';
      const field = { label: question.label, after, hint, problem, value: text, disabled, maxLength: question.options.maxLength, onChange: (next: string) => onDraft({ kind: 'text', text: next }) };
      return question.options.multiline ? <TextArea {...field} /> : <TextInput {...field} />;
    }
    case 'expliciteToggleButton': {
      const value = draft?.kind === 'yesNo' ? draft.value : null;
      return (
        <Group {...props}>
          {([true, false] as const).map((choice) => (
            <label key={String(choice)} className="dv-fq-choice">
              <input type="radio" name={`answer-${question.key}`} checked={value === choice} disabled={disabled} onChange={() => onDraft({ kind: 'yesNo', value: choice })} />
              {choice ? question.options.yesLabel : question.options.noLabel}
            </label>
          ))}
        </Group>
      );
    }
    case 'frequencyPicker': {
      const current = draft?.kind === 'frequency' ? draft : { kind: 'frequency' as const, quantity: '', frequency: '', timePeriod: '' };
      return (
        <Group {...props}>
          {numberBox(`${question.label}: how many`, current.quantity, (quantity) => onDraft({ ...current, quantity }), disabled, invalid)}
          <span>per</span>
          {numberBox(`${question.label}: per how many`, current.frequency, (frequency) => onDraft({ ...current, frequency }), disabled, invalid)}
          <select className="dv-fq-input" aria-label={`${question.label}: time period`} value={current.timePeriod} disabled={disabled} onChange={(event) => onDraft({ ...current, timePeriod: event.target.value })}>
            <option value="">Period</option>
            {question.options.timePeriods.map((period) => (
              <option key={period} value={period}>
                {PERIOD_NAMES[period]}
              </option>
            ))}
          </select>
        </Group>
      );
    }
    case 'WaitingPeriod': {
      const amounts = draft?.kind === 'waiting' ? draft.amounts : {};
      const set = (unit: WaitingPeriodUnit, text: string) => onDraft({ kind: 'waiting', amounts: { ...amounts, [unit]: text } });
      return (
        <Group {...props}>
          {question.options.units.map((unit) => (
            <span key={unit} className="dv-fq-inline">
              {numberBox(`${question.label}: ${unit}`, amounts[unit] ?? '', (text) => set(unit, text), disabled, invalid)}
              <span>{unit}</span>
            </span>
          ))}
        </Group>
      );
    }
    case 'conditionalBlock':
      return null;
  }
}
