/**
 * One question of the template editor: its key, label, type and help; the options of its type; the plan field it
 * fills (suggested by what the question gives); the block it sits in; its condition. Its head moves it up or down
 * (buttons, so the keyboard does it too) and removes it. Each field shows the service's problem of a refused save.
 */
import {
  ETB_UNITS,
  FORM_QUESTION_TYPES,
  questionKind,
  TIME_PERIODS,
  WAITING_PERIOD_UNITS,
  type FormQuestion,
  type FormQuestionType,
} from '@dv/contracts';
import { Button } from 'antd';
import { type Ref, useId } from 'react';
import { ConditionEditor } from './condition-editor';
import { CheckBox, SelectInput, TextInput } from './form-controls';
import { targetSuggestions, TYPE_LABELS, withType } from './template-draft';
import { PERIOD_NAMES } from './ticket-form-question';

const UNIT_LABELS = { currency: 'Amount of money ($)', percent: 'Percentage (%)', count: 'Count (a whole number)' } as const;

type Props = {
  readonly question: FormQuestion;
  readonly index: number;
  readonly questions: readonly FormQuestion[];
  readonly problems: Readonly<Record<string, string>>;
  readonly onChange: (question: FormQuestion) => void;
  readonly onMove: (delta: -1 | 1) => void;
  readonly onRemove: () => void;
  /** The card, focused after a move so the keyboard stays with the question. */
  readonly ref?: Ref<HTMLDivElement>;
};

/** Toggles a member of a list, keeping the order of `all`. */
function toggled<T>(all: readonly T[], list: readonly T[], member: T, on: boolean): T[] {
  return all.filter((item) => (item === member ? on : list.includes(item)));
}

function TypeOptions({ question, problems, onChange }: Pick<Props, 'question' | 'problems' | 'onChange'>) {
  const problem = problems.options ?? Object.entries(problems).find(([path]) => path.startsWith('options.'))?.[1];
  switch (question.type) {
    case 'ETBField':
      return (
        <SelectInput
          label="Holds"
          value={question.options.unit}
          problem={problem}
          options={ETB_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }))}
          onChange={(unit) => onChange({ ...question, options: { unit } })}
        />
      );
    case 'frequencyPicker':
      return (
        <fieldset className="dv-fq-group">
          <legend>Time periods offered</legend>
          <div className="dv-fq-inline">
            {TIME_PERIODS.map((period) => (
              <CheckBox
                key={period}
                label={PERIOD_NAMES[period]}
                checked={question.options.timePeriods.includes(period)}
                onChange={(on) => onChange({ ...question, options: { timePeriods: toggled(TIME_PERIODS, question.options.timePeriods, period, on) } })}
              />
            ))}
          </div>
          {problem ? <span className="dv-fq-problem" role="alert">{problem}</span> : null}
        </fieldset>
      );
    case 'WaitingPeriod':
      return (
        <fieldset className="dv-fq-group">
          <legend>Units offered</legend>
          <div className="dv-fq-inline">
            {WAITING_PERIOD_UNITS.map((unit) => (
              <CheckBox
                key={unit}
                label={unit}
                checked={question.options.units.includes(unit)}
                onChange={(on) => onChange({ ...question, options: { units: toggled(WAITING_PERIOD_UNITS, question.options.units, unit, on) } })}
              />
            ))}
          </div>
          {problem ? <span className="dv-fq-problem" role="alert">{problem}</span> : null}
        </fieldset>
      );
    case 'expliciteToggleButton':
      return (
        <>
          <TextInput label="Yes says" value={question.options.yesLabel} maxLength={40} problem={problems['options.yesLabel']} onChange={(yesLabel) => onChange({ ...question, options: { ...question.options, yesLabel } })} />
          <TextInput label="No says" value={question.options.noLabel} maxLength={40} problem={problems['options.noLabel']} onChange={(noLabel) => onChange({ ...question, options: { ...question.options, noLabel } })} />
        </>
      );
    case 'textField':
      return (
        <>
          <CheckBox label="Several lines" checked={question.options.multiline} onChange={(multiline) => onChange({ ...question, options: { ...question.options, multiline } })} />
          <TextInput
            label="Longest answer (characters)"
            numeric
            maxLength={4}
            value={String(question.options.maxLength)}
            problem={problems['options.maxLength']}
            onChange={(text) => {
              const maxLength = Number.parseInt(text, 10);
              if (Number.isInteger(maxLength)) onChange({ ...question, options: { ...question.options, maxLength } });
            }}
          />
        </>
      );
    case 'conditionalBlock':
      return <p className="dv-fq-hint">The questions whose block is this one show inside it, and only while it shows.</p>;
  }
}

export function QuestionEditor({ question, index, questions, problems, onChange, onMove, onRemove, ref }: Props) {
  const titleId = useId();
  const listId = useId();
  const blocks = questions.filter((candidate) => candidate.type === 'conditionalBlock' && candidate.key !== question.key);
  const name = question.label.trim() === '' ? question.key : question.label;
  const suggestions = question.type === 'conditionalBlock' ? [] : targetSuggestions(questionKind(question));

  return (
    <div ref={ref} tabIndex={-1} className={`dv-fq-question${question.block ? ' dv-fq-question--inner' : ''}`} aria-labelledby={titleId} role="group" data-question={question.key}>
      <div className="dv-fq-question-head">
        <h3 id={titleId} className="dv-fq-question-title">
          {index + 1}. {name}
        </h3>
        <Button size="small" disabled={index === 0} onClick={() => onMove(-1)} aria-label={`Move ${name} up`} data-move="up">
          Up
        </Button>
        <Button size="small" disabled={index === questions.length - 1} onClick={() => onMove(1)} aria-label={`Move ${name} down`} data-move="down">
          Down
        </Button>
        <Button size="small" danger onClick={onRemove} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      </div>
      <div className="dv-fq-question-body dv-fq-stack">
        {problems[''] ? <span className="dv-fq-problem" role="alert">{problems['']}</span> : null}
        <div className="dv-fq-grid">
          <TextInput label="Label" value={question.label} maxLength={200} problem={problems.label} onChange={(label) => onChange({ ...question, label })} />
          <TextInput label="Key" value={question.key} maxLength={64} problem={problems.key} hint="Letters, digits and _; rules and conditions name it" onChange={(key) => onChange({ ...question, key })} />
          <SelectInput
            label="Type"
            value={question.type}
            options={FORM_QUESTION_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
            onChange={(type: FormQuestionType) => onChange(withType(question, type))}
          />
          <TextInput label="Help" value={question.help ?? ''} maxLength={1000} problem={problems.help} onChange={(help) => onChange({ ...question, help })} />
          {question.type === 'conditionalBlock' ? null : (
            <TextInput
              label="Plan field it fills"
              value={question.target ?? ''}
              maxLength={300}
              list={listId}
              placeholder={suggestions[0] ?? 'plan.benefits.annualMax'}
              problem={problems.target}
              hint="Leave empty for a question that only shows others or fires rules"
              onChange={(target) => onChange({ ...question, target })}
            />
          )}
          <SelectInput
            label="Inside block"
            value={question.block ?? ''}
            placeholder="No block"
            problem={problems.block}
            options={blocks.map((block) => ({ value: block.key, label: block.label }))}
            onChange={(block) => {
              const { block: _old, ...rest } = question;
              onChange((block === '' ? rest : { ...rest, block }));
            }}
          />
        </div>
        <datalist id={listId}>
          {suggestions.map((path) => (
            <option key={path} value={path} />
          ))}
        </datalist>
        <div className="dv-fq-grid">
          <TypeOptions question={question} problems={problems} onChange={onChange} />
        </div>
        <ConditionEditor
          question={question}
          questions={questions}
          problems={problems}
          onChange={(condition) => {
            const { condition: _old, ...rest } = question;
            onChange((condition === undefined ? rest : { ...rest, condition }));
          }}
        />
      </div>
    </div>
  );
}
