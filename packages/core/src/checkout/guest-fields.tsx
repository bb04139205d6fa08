import type { RefObject } from 'react';
import { useId } from 'react';
import { useSnapshot } from 'valtio/react';
import { type GuestContactField, type GuestForm, guestErrors } from '../store/guest-form.js';

const FIELDS: readonly { field: GuestContactField; label: string; type: 'text' | 'email'; autoComplete: string }[] = [
  { field: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  { field: 'name', label: 'Имя', type: 'text', autoComplete: 'given-name' },
  { field: 'surname', label: 'Фамилия', type: 'text', autoComplete: 'family-name' },
];

/** The guest's contact fields (5.5), with each field's error under it. */
export function GuestContacts({
  form,
  inputs,
  disabled,
}: {
  form: GuestForm;
  inputs: Record<GuestContactField, RefObject<HTMLInputElement | null>>;
  disabled: boolean;
}) {
  const snap = useSnapshot(form.state);
  const errors = guestErrors(snap);
  const id = useId();
  return (
    <fieldset className="pt-guest" disabled={disabled}>
      <legend className="pt-choice__legend">Данные покупателя</legend>
      {FIELDS.map(({ field, label, type, autoComplete }) => (
        <GuestInput
          key={field}
          id={`${id}-${field}`}
          inputRef={inputs[field]}
          label={label}
          type={type}
          autoComplete={autoComplete}
          value={snap.fields[field]}
          error={errors[field]}
          onChange={(v) => form.change(field, v)}
          onBlur={() => form.blur(field)}
        />
      ))}
    </fieldset>
  );
}

function GuestInput({
  id,
  inputRef,
  label,
  type,
  autoComplete,
  value,
  error,
  onChange,
  onBlur,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  label: string;
  type: 'text' | 'email';
  autoComplete: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const invalid = error !== undefined;
  const errorId = `${id}-error`;
  return (
    <div className={`pt-field${invalid ? ' pt-field--error' : ''}`}>
      <label className="pt-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="pt-field__input"
        type={type}
        autoComplete={autoComplete}
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
