/** @jsxRuntime automatic */
import type { ReactNode } from 'react';

/** A labelled input of the account forms; `children` go under it (a hint, an error line). */
export function TextField(props: {
  id: string;
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  placeholder?: string;
  minLength?: number;
  maxLength?: number;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  describedBy?: string;
  children?: ReactNode;
  field?: string;
  /** The value the form opens with (an edit form). */
  defaultValue?: string;
  /** Default true. */
  required?: boolean;
}) {
  return (
    <div className="field" data-field={props.field}>
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        className="field__input"
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        minLength={props.minLength}
        maxLength={props.maxLength}
        inputMode={props.inputMode}
        aria-describedby={props.describedBy}
        defaultValue={props.defaultValue}
        required={props.required ?? true}
      />
      {props.children}
    </div>
  );
}
