/**
 * What the 271 preview is asked with: the 271 pasted in a large box (or loaded from a local file, read in the
 * browser), its size against the limit, the carrier if the user picks one (for its payer key and coinsurance
 * convention) and the coinsurance convention itself, then Preview. Problems show under the control they concern,
 * tied to it by aria-describedby: the box's own check, the file's, and the service's 400.
 *
 * The coinsurance choice has three answers, not a two-way switch: the service leaves the convention to the
 * carrier's catalogue unless the tool names one (X271PreviewInput.invertCoinsurance absent).
 * Plain textarea and radios drawn by x271.css: antd's Input brings TextArea, Search, Password and OTP for one box.
 */
import { Button } from 'antd';
import { type FormEvent, lazy, Suspense, useRef } from 'react';
import { maxCharsText, X12_FILE_TYPES } from './x12-text';

// The New Verification form's picker (antd's Select), loaded after the page shows: the carrier is optional.
const CarrierSelect = lazy(() => import('./x271-carrier-select').then((m) => ({ default: m.CarrierSelect })));

export type Coinsurance = 'carrier' | 'patient' | 'insurer';

export const COINSURANCE_CHOICES: readonly { value: Coinsurance; label: string; invert: boolean | undefined }[] = [
  { value: 'carrier', label: "As the carrier's catalogue says", invert: undefined },
  { value: 'patient', label: "EB08 is the patient's share (the X12 standard)", invert: false },
  { value: 'insurer', label: "EB08 is the insurer's share (inverted)", invert: true },
];

export type X271Draft = { readonly x12: string; readonly payerId: string | undefined; readonly coinsurance: Coinsurance };

/** What to show under the box and under the carrier. */
export type FormProblems = { readonly x12: readonly string[]; readonly payerId: readonly string[] };

export type X271FormProps = {
  readonly draft: X271Draft;
  /** The contract's size limit, null until it has loaded (x271-limit.ts). */
  readonly limit: number | null;
  readonly onChange: (change: Partial<X271Draft>) => void;
  readonly onFile: (file: File) => void;
  readonly fileName: string | null;
  readonly problems: FormProblems;
  readonly busy: boolean;
  readonly onPreview: () => void;
  readonly onClear: () => void;
};

function Problems({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} className="dv-x271__problem" role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

function FilePicker({ onFile, fileName, disabled }: Pick<X271FormProps, 'onFile' | 'fileName'> & { disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="dv-x271__file">
      <Button onClick={() => input.current?.click()} disabled={disabled}>
        Load a file…
      </Button>
      {/* The button opens it: a file input cannot be drawn like the app's buttons. */}
      <input
        ref={input}
        type="file"
        accept={X12_FILE_TYPES}
        hidden
        aria-label="271 file"
        data-testid="x271-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <span className="dv-x271__hint">{fileName ? `Loaded from ${fileName}` : '.txt, .x12 or .edi, read in this browser'}</span>
    </div>
  );
}

function CoinsuranceChoice({ value, onChange, disabled }: { value: Coinsurance; onChange: (value: Coinsurance) => void; disabled: boolean }) {
  return (
    <fieldset className="dv-x271__fieldset" disabled={disabled}>
      <legend>Coinsurance (EB08)</legend>
      {COINSURANCE_CHOICES.map((choice) => (
        <label key={choice.value} className="dv-x271__radio">
          <input type="radio" name="x271-coinsurance" value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

function SizeLine({ length, limit }: { length: number; limit: number | null }) {
  const over = limit !== null && length > limit;
  return (
    <p id="x271-size" className={`dv-x271__hint${over ? ' dv-x271__hint--over' : ''}`}>
      {length.toLocaleString('en-US')} {limit === null ? 'characters' : `of ${maxCharsText(limit)}`}
    </p>
  );
}

function CarrierField({ value, onChange, problems, disabled }: { value: string | undefined; onChange: (payerId: string | undefined) => void; problems: readonly string[]; disabled: boolean }) {
  return (
    <div className="dv-x271__carrier">
      <label htmlFor="x271-carrier" className="dv-x271__label">
        Carrier (optional)
      </label>
      <Suspense fallback={<input id="x271-carrier" className="dv-x271__pending" disabled placeholder="Loading carriers…" />}>
        <CarrierSelect
          id="x271-carrier"
          value={value}
          onChange={onChange}
          disabled={disabled}
          invalid={problems.length > 0 ? { 'aria-invalid': true, 'aria-describedby': 'x271-carrier-problem' } : undefined}
        />
      </Suspense>
      <p className="dv-x271__hint">Without one, the payer the 271 names.</p>
      <Problems id="x271-carrier-problem" messages={problems} />
    </div>
  );
}

export function X271Form({ draft, limit, onChange, onFile, fileName, problems, busy, onPreview, onClear }: X271FormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onPreview();
  };
  const x12Described = ['x271-size', problems.x12.length > 0 ? 'x271-x12-problem' : ''].filter(Boolean).join(' ');
  return (
    <form className="dv-x271__form" onSubmit={submit} noValidate aria-label="271 to preview">
      <label htmlFor="x271-x12" className="dv-x271__label">
        271 (X12)
      </label>
      <textarea
        id="x271-x12"
        className={`dv-x271__box${problems.x12.length > 0 ? ' dv-x271__box--invalid' : ''}`}
        rows={14}
        value={draft.x12}
        placeholder="ISA*00*          *00*          *ZZ*…~GS*HB*…~ST*271*…"
        spellCheck={false}
        autoComplete="off"
        aria-invalid={problems.x12.length > 0 ? true : undefined}
        aria-describedby={x12Described}
        disabled={busy}
        onChange={(event) => onChange({ x12: event.target.value })}
      />
      <SizeLine length={draft.x12.length} limit={limit} />
      <Problems id="x271-x12-problem" messages={problems.x12} />
      <FilePicker onFile={onFile} fileName={fileName} disabled={busy} />
      <div className="dv-x271__options">
        <CarrierField value={draft.payerId} onChange={(payerId) => onChange({ payerId })} problems={problems.payerId} disabled={busy} />
        <CoinsuranceChoice value={draft.coinsurance} onChange={(coinsurance) => onChange({ coinsurance })} disabled={busy} />
      </div>
      <div className="dv-x271__actions">
        {/* Disabled with its own words rather than antd's loading icon, whose leave motion can outlast a fast reply
            (the icon, and 'loading' in the button's name, stay until a transition that may never run ends). */}
        <Button type="primary" htmlType="submit" disabled={busy}>
          {busy ? 'Previewing…' : 'Preview'}
        </Button>
        <Button onClick={onClear} disabled={busy || (draft.x12 === '' && fileName === null)}>
          Clear
        </Button>
      </div>
    </form>
  );
}
