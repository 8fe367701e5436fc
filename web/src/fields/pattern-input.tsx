/**
 * A text input that refuses typing which would not match its pattern (SPEC section 2): the whole new value must
 * match, so /^\d*$/ allows digits only and an empty field.
 */
import { TextInput, type TextInputProps } from './text-input';

export type PatternInputProps = Omit<TextInputProps, 'onChange' | 'value' | 'pattern'> & {
  /** What the whole value may look like. */
  allow: RegExp;
  value: string;
  onChange: (value: string) => void;
};

export function acceptsTyping(pattern: RegExp, next: string): boolean {
  const anchored = new RegExp(`^(?:${pattern.source.replace(/^\^/, '').replace(/\$$/, '')})$`, pattern.flags.replace('g', ''));
  return anchored.test(next);
}

export function PatternInput({ allow, value, onChange, ...rest }: PatternInputProps) {
  return (
    <TextInput
      {...rest}
      value={value}
      onChange={(event) => {
        if (acceptsTyping(allow, event.target.value)) onChange(event.target.value);
      }}
    />
  );
}
