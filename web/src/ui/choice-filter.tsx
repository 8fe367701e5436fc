/** A list filter drawn as a native select with an 'any' choice first, which clears the filter. */
export type ChoiceFilterProps<T extends string> = {
  readonly label: string;
  readonly anyLabel: string;
  readonly options: readonly { value: T; label: string }[];
  readonly value: T | undefined;
  readonly onChange: (value: T | undefined) => void;
  readonly className?: string;
};

export function ChoiceFilter<T extends string>({ label, anyLabel, options, value, onChange, className }: ChoiceFilterProps<T>) {
  // A value the address names that is not (yet) among the options, such as an office before the names load.
  const known = value === undefined || options.some((option) => option.value === value);
  return (
    <select
      className={className}
      aria-label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : (event.target.value as T))}
    >
      <option value="">{anyLabel}</option>
      {known ? null : <option value={value}>{value}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
