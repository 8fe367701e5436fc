/**
 * A list's text search: shows what the address says, and writes what is typed there once typing pauses (Enter
 * searches at once). Used by /management/bugs, /past-verifications and /plan (with a Search button).
 */
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** Long enough to let a word be typed, short enough to feel live; Enter searches at once. */
export const TEXT_SEARCH_DEBOUNCE_MS = 400;

export type SearchBoxProps = {
  readonly value: string;
  readonly onSearch: (text: string) => void;
  /** The accessible name ('Search verifications'). */
  readonly label: string;
  readonly placeholder?: string;
  readonly className?: string;
  readonly maxLength?: number;
  /** For a visible `<label htmlFor>` beside the box. */
  readonly id?: string;
  /** A page that exists to search takes the focus to its box. */
  readonly autoFocus?: boolean;
  /** A button after the box that searches at once, as Enter does ('Search'); none without it. */
  readonly submitLabel?: string;
};

export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  className,
  maxLength = 100,
  id,
  autoFocus,
  submitLabel,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const applied = useRef(value);

  useEffect(() => {
    if (value !== applied.current) {
      applied.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === applied.current) return;
    const timer = setTimeout(() => {
      applied.current = wanted;
      onSearch(wanted);
    }, TEXT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  const searchNow = (typed: string) => {
    applied.current = typed.trim();
    onSearch(applied.current);
  };
  const box = (
    <input
      id={id}
      type="search"
      className={className}
      aria-label={label}
      placeholder={placeholder}
      maxLength={maxLength}
      autoComplete="off"
      autoFocus={autoFocus}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        // Inside a form, Enter would submit it too: the box has searched.
        event.preventDefault();
        searchNow(event.currentTarget.value);
      }}
    />
  );
  if (submitLabel === undefined) return box;
  return (
    <div className="dv-row dv-row-tight">
      {box}
      <Button type="primary" onClick={() => searchNow(text)}>
        {submitLabel}
      </Button>
    </div>
  );
}
