/**
 * A question's condition in the template editor: 'Show only when' another question (a yes/no, a number or a text:
 * what can be answered with one value) is answered with one of some values. A yes/no takes Yes and/or No; a
 * number or a text takes values typed one per line. The service's problem of each part shows under it.
 */
import { type FormCondition, type FormQuestion, type FormScalarValue } from '@dv/contracts';
import { useState } from 'react';
import { CheckBox, SelectInput, TextArea } from './form-controls';

const ANSWERABLE = new Set<FormQuestion['type']>(['expliciteToggleButton', 'ETBField', 'textField']);

type Props = {
  readonly question: FormQuestion;
  readonly questions: readonly FormQuestion[];
  readonly problems: Readonly<Record<string, string>>;
  readonly onChange: (condition: FormCondition | undefined) => void;
};

function firstValues(source: FormQuestion | undefined): FormScalarValue[] {
  return source?.type === 'expliciteToggleButton' ? [true] : [];
}

/** Values typed one per line: numbers for a number question, texts for a text question. */
function TypedValues({ source, values, problem, onChange }: { source: FormQuestion; values: readonly FormScalarValue[]; problem: string | undefined; onChange: (values: FormScalarValue[]) => void }) {
  const numbers = source.type === 'ETBField';
  const [text, setText] = useState(values.map(String).join('\n'));
  return (
    <TextArea
      label={numbers ? 'Values that show it (numbers, one per line)' : 'Answers that show it (one per line, any case)'}
      value={text}
      maxLength={2000}
      problem={problem}
      onChange={(next) => {
        setText(next);
        const lines = next.split('\n').map((line) => line.trim()).filter((line) => line !== '');
        onChange(numbers ? lines.map((line) => Number(line.replace(/[,$%\s]/g, ''))).filter((value) => Number.isFinite(value)) : lines);
      }}
    />
  );
}

export function ConditionEditor({ question, questions, problems, onChange }: Props) {
  const candidates = questions.filter((candidate) => candidate.key !== question.key && ANSWERABLE.has(candidate.type));
  const condition = question.condition;
  const source = questions.find((candidate) => candidate.key === condition?.question);
  const turnOn = (on: boolean) => {
    const first = candidates[0];
    onChange(on && first !== undefined ? { question: first.key, values: firstValues(first) } : undefined);
  };

  return (
    <div className="dv-fq-condition">
      <CheckBox
        label="Show only when another question is answered"
        checked={condition !== undefined}
        disabled={condition === undefined && candidates.length === 0}
        onChange={turnOn}
        hint={candidates.length === 0 && condition === undefined ? 'Add a yes/no, number or text question first.' : undefined}
      />
      {condition === undefined ? null : (
        <>
          <SelectInput
            label="Question"
            value={condition.question}
            problem={problems['condition.question'] ?? problems.condition}
            options={candidates.map((candidate) => ({ value: candidate.key, label: `${candidate.label} (${candidate.key})` }))}
            placeholder={source === undefined ? 'Pick a question' : undefined}
            onChange={(key) => onChange({ question: key, values: firstValues(questions.find((candidate) => candidate.key === key)) })}
          />
          {source?.type === 'expliciteToggleButton' ? (
            <fieldset className="dv-fq-group">
              <legend>Answers that show it</legend>
              <div className="dv-fq-inline">
                {([true, false] as const).map((answer) => (
                  <CheckBox
                    key={String(answer)}
                    label={answer ? source.options.yesLabel : source.options.noLabel}
                    checked={condition.values.includes(answer)}
                    onChange={(on) => onChange({ ...condition, values: on ? [...condition.values.filter((value) => value !== answer), answer] : condition.values.filter((value) => value !== answer) })}
                  />
                ))}
              </div>
              {problems['condition.values'] ? (
                <span className="dv-fq-problem" role="alert">
                  {problems['condition.values']}
                </span>
              ) : null}
            </fieldset>
          ) : source !== undefined ? (
            <TypedValues key={source.key} source={source} values={condition.values} problem={problems['condition.values']} onChange={(values) => onChange({ ...condition, values })} />
          ) : null}
        </>
      )}
    </div>
  );
}
