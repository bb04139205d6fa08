/** @jsxRuntime automatic */
import type { ReactNode } from 'react';
import { TextField } from '../TextField.js';

/** A field of a cabinet sub-form, with its message under it. */
export function Field(props: {
  form: string;
  name: string;
  label: string;
  value?: string;
  type?: string;
  autoComplete: string;
  inputMode?: 'numeric' | 'email' | 'text';
  maxLength?: number;
  placeholder?: string;
  required?: boolean;
  children?: ReactNode;
}) {
  const id = `${props.form}-${props.name.replace(/\W+/g, '-')}`;
  return (
    <TextField
      id={id}
      field={props.name}
      name={props.name}
      label={props.label}
      type={props.type}
      defaultValue={props.value}
      autoComplete={props.autoComplete}
      inputMode={props.inputMode}
      maxLength={props.maxLength}
      placeholder={props.placeholder}
      required={props.required ?? false}
      describedBy={`${id}-error`}
    >
      {props.children}
      <p className="field__error" id={`${id}-error`} data-field-error={props.name} hidden />
    </TextField>
  );
}

/** A sub-form: hidden until its 'Изменить' opens it, which hides the requisites block. */
export function SubForm(props: { name: string; title: string; submit: string; danger?: boolean; children: ReactNode }) {
  return (
    <form className="auth-form cabinet-subform" data-subform={props.name} hidden noValidate>
      <h2 className="cabinet-subform__title">{props.title}</h2>
      {props.children}
      <p className="auth-form__note" role="status" data-form-note="" hidden />
      <p className="auth-form__error" role="alert" data-form-error="" hidden />
      <div className="auth-form__actions">
        <button type="button" className="button button--outline" data-close="">
          Отмена
        </button>
        <button type="submit" className={props.danger ? 'button button--danger' : 'button'}>
          {props.submit}
        </button>
      </div>
    </form>
  );
}
