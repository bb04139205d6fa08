/** One labelled input of the checkout's forms, with its error in a red tooltip under it (5.4, 5.5). */
export function TextField({
  id,
  field,
  label,
  type,
  autoComplete,
  placeholder,
  value,
  error,
  onChange,
  onBlur,
}: {
  id: string;
  /** The field's name, for the flow's focus on the first failing field. */
  field: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'date';
  autoComplete: string;
  placeholder?: string;
  value: string;
  /** Shown under the field; '' marks the field without a message. */
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  const invalid = error !== undefined;
  const errorId = `${id}-error`;
  return (
    <div className={`pt-field${invalid ? ' pt-field--error' : ''}`}>
      <label className="pt-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        data-field={field}
        className="pt-field__input"
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        required
        aria-required="true"
        aria-invalid={invalid || undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onInput={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
      />
      <span id={errorId} className="pt-field__error" role="alert">
        {error}
      </span>
    </div>
  );
}
