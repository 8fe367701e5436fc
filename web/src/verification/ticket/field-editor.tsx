/**
 * The editor of one scored value, by its kind: amounts, percentages, yes/no, dates, limitations (quantity per
 * frequency and time period), waiting periods, ages, choices and texts. It edits a draft; the field decides when
 * to save. Every input is labelled with the field's name.
 */
import { TIME_PERIODS } from '@dv/contracts';
import { Input, InputNumber, Select, Space } from 'antd';
import { DateInput } from '../../fields/date-input';
import { type FieldKind } from './breakdown-format';

export type EditorProps = {
  kind: FieldKind;
  label: string;
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  errorId: string;
  invalid: boolean;
};

type Limitation = { quantity: number | null; frequency: number | null; timePeriod: string | null };
type Waiting = { years?: number; months?: number; weeks?: number; days?: number; codes?: string[] };

const TIME_PERIOD_NAMES: Readonly<Record<string, string>> = {
  mo: 'months (mo)',
  yr: 'years (yr)',
  '12m': 'twelve-month periods (12m)',
  '/yr': 'benefit year (/yr)',
  d: 'days (d)',
  '/d': 'calendar day (/d)',
};

function numberOrNull(value: number | string | null): number | null {
  return typeof value === 'number' ? value : null;
}

function LimitationEditor({ label, id, value, onChange, errorId, invalid }: EditorProps) {
  const current = (value ?? { quantity: null, frequency: null, timePeriod: null }) as Limitation;
  const described = invalid ? errorId : undefined;
  return (
    <Space.Compact>
      <InputNumber autoFocus id={id} aria-label={`${label}: how many`} aria-describedby={described} min={0} value={current.quantity} onChange={(next) => onChange({ ...current, quantity: numberOrNull(next) })} />
      <span className="dv-editor-word">per</span>
      <InputNumber aria-label={`${label}: per how many`} aria-describedby={described} min={0} value={current.frequency} onChange={(next) => onChange({ ...current, frequency: numberOrNull(next) })} />
      <Select
        aria-label={`${label}: time period`}
        style={{ minWidth: 150 }}
        value={current.timePeriod}
        onChange={(next: string) => onChange({ ...current, timePeriod: next })}
        options={TIME_PERIODS.map((period) => ({ value: period, label: TIME_PERIOD_NAMES[period] ?? period }))}
      />
    </Space.Compact>
  );
}

function WaitingPeriodEditor({ label, id, value, onChange, errorId, invalid }: EditorProps) {
  const current = (value ?? {}) as Waiting;
  const set = (unit: 'years' | 'months', next: number | string | null) => {
    const copy: Waiting = { ...current };
    if (typeof next === 'number') copy[unit] = next;
    else delete copy[unit];
    onChange(copy);
  };
  return (
    <Space.Compact>
      <InputNumber autoFocus id={id} aria-label={`${label}: years`} aria-describedby={invalid ? errorId : undefined} min={0} value={current.years ?? null} onChange={(next) => set('years', next)} suffix="yr" />
      <InputNumber aria-label={`${label}: months`} min={0} value={current.months ?? null} onChange={(next) => set('months', next)} suffix="mo" />
    </Space.Compact>
  );
}

export function FieldEditor(props: EditorProps) {
  const { kind, label, id, value, onChange, errorId, invalid } = props;
  // The editor opens with the focus in it: the edit button's Enter leads straight to typing.
  const aria = { 'aria-label': label, 'aria-describedby': invalid ? errorId : undefined, 'aria-invalid': invalid || undefined, id, autoFocus: true };
  switch (kind.kind) {
    case 'money':
      return <InputNumber {...aria} min={0} precision={2} prefix="$" value={value as number | null} onChange={(next) => onChange(numberOrNull(next))} />;
    case 'percent':
      return <InputNumber {...aria} min={0} max={100} suffix="%" value={value as number | null} onChange={(next) => onChange(numberOrNull(next))} />;
    case 'number':
    case 'age':
      return <InputNumber {...aria} value={value as number | null} onChange={(next) => onChange(numberOrNull(next))} />;
    case 'boolean':
      return (
        <Select
          {...aria}
          style={{ minWidth: 100 }}
          value={typeof value === 'boolean' ? String(value) : null}
          onChange={(next: string) => onChange(next === 'true')}
          options={[
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
        />
      );
    case 'enum':
      return <Select {...aria} style={{ minWidth: 160 }} value={value as string | null} onChange={(next: string) => onChange(next)} options={kind.options.map((option) => ({ value: option, label: option }))} />;
    case 'date':
      return <DateInput autoFocus id={id} aria-label={label} errorId={errorId} value={typeof value === 'string' ? value : ''} onChange={(next) => onChange(next)} />;
    case 'text':
      return <Input {...aria} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} />;
    case 'limitation':
      return <LimitationEditor {...props} />;
    case 'waitingPeriod':
      return <WaitingPeriodEditor {...props} />;
  }
}
