/**
 * A list's text search: shows what the address says, and writes what is typed there once typing pauses (Enter
 * searches at once). Used by /management/bugs and /past-verifications.
 */
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
};

export function SearchBox({ value, onSearch, label, placeholder, className, maxLength = 100 }: SearchBoxProps) {
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

  return (
    <input
      type="search"
      className={className}
      aria-label={label}
      placeholder={placeholder}
      maxLength={maxLength}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        const typed = event.currentTarget.value.trim();
        applied.current = typed;
        onSearch(typed);
      }}
    />
  );
}
