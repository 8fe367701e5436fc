/**
 * A flag's value editor by its type: integer (digits only, empty for -1), string (a line of text), object (a JSON
 * editor that says why its text is not a JSON object). Plain inputs drawn by features.css: antd's Input brings its
 * TextArea, Search, Password and OTP along for one box.
 */
import { type FeatureFlagType, JSON_STRING_MAX_LENGTH } from '@dv/contracts';
import { useState } from 'react';
import { acceptsIntegerTyping, DRAFT_MESSAGES } from './flag-draft';

/** Multiline fields span 3 to 8 rows (SPEC section 2, shared field behaviour). */
const MIN_ROWS = 3;
const MAX_ROWS = 8;

export type FlagValueEditorProps = {
  readonly name: string;
  readonly type: Exclude<FeatureFlagType, 'none'>;
  readonly text: string;
  readonly onText: (text: string) => void;
  /** Why the text cannot be saved (shown under the box, tied to it), or null. */
  readonly problem: string | null;
  readonly disabled: boolean;
  /** Ctrl+Enter (or Enter on a one-line box) saves. */
  readonly onSubmit: () => void;
};

export function FlagValueEditor({ name, type, text, onText, problem, disabled, onSubmit }: FlagValueEditorProps) {
  // A key the integer box refused: said until the next accepted change, the box keeping its digits.
  const [refused, setRefused] = useState(false);
  const problemId = `flag-${name}-problem`;
  const shown = refused ? DRAFT_MESSAGES.digitsOnly : problem;
  const common = {
    id: `flag-${name}-value`,
    className: `dv-flag__input${shown ? ' dv-flag__input--invalid' : ''}`,
    'aria-label': `Value of ${name}`,
    'aria-invalid': shown ? true : undefined,
    'aria-describedby': shown ? problemId : undefined,
    disabled,
    spellCheck: false,
    autoComplete: 'off',
  } as const;

  let box;
  if (type === 'object') {
    const rows = Math.min(MAX_ROWS, Math.max(MIN_ROWS, text.split('\n').length));
    box = (
      <textarea
        {...common}
        className={`${common.className} dv-flag__json`}
        rows={rows}
        value={text}
        placeholder="{ }  (empty: an empty object)"
        onChange={(event) => onText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) onSubmit();
        }}
      />
    );
  } else {
    box = (
      <input
        {...common}
        type="text"
        inputMode={type === 'integer' ? 'numeric' : undefined}
        maxLength={type === 'string' ? JSON_STRING_MAX_LENGTH : undefined}
        placeholder={type === 'integer' ? 'Empty: -1 (none)' : 'Empty'}
        value={text}
        onChange={(event) => {
          const typed = event.target.value;
          if (type === 'integer' && !acceptsIntegerTyping(typed)) {
            setRefused(true);
            return;
          }
          setRefused(false);
          onText(typed);
        }}
        onBlur={() => setRefused(false)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSubmit();
        }}
      />
    );
  }
  return (
    <>
      {box}
      {shown ? (
        <div id={problemId} className="dv-flag__problem" role="alert">
          {shown}
        </div>
      ) : null}
    </>
  );
}
