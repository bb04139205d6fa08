/** @jsxRuntime automatic */
import { PASSWORD_MIN_LENGTH, PIN_LENGTH } from '@partera/contract';
import type { ReactNode } from 'react';
import type { SiteChrome } from '../chrome.js';
import { Layout } from '../Layout.js';
import { TextField } from './TextField.js';

export interface RestoreData {
  chrome: SiteChrome;
  /** Where the buyer goes once the new password is set (signed in by then). */
  back: string;
  /** How long a new code waits after the last one (the resend button counts it down). */
  resendSeconds: number;
}

/** A field of the reset forms with its error line ('field::text' answers land there). */
function Field(props: {
  field: string;
  label: string;
  type?: string;
  autoComplete: string;
  inputMode?: 'numeric' | 'email';
  minLength?: number;
  maxLength?: number;
  hint?: ReactNode;
}) {
  const id = `restore-${props.field}`;
  return (
    <TextField
      id={id}
      field={props.field}
      name={props.field}
      label={props.label}
      type={props.type}
      autoComplete={props.autoComplete}
      inputMode={props.inputMode}
      minLength={props.minLength}
      maxLength={props.maxLength}
      describedBy={`${id}-error`}
    >
      {props.hint ? <p className="field__hint">{props.hint}</p> : null}
      <p className="field__error" id={`${id}-error`} data-field-error={props.field} hidden />
    </TextField>
  );
}

/**
 * /login/restore/ ('Забыли пароль?' on the login form): the e-mail, then the code sent to it
 * with the new password typed twice. The answer to the e-mail is the same whether or not an
 * account has it; once the password is set the buyer is signed in and goes back.
 */
export function RestorePage({ data }: { data: RestoreData }) {
  const login = `/login/?back=${encodeURIComponent(data.back)}`;
  return (
    <Layout chrome={data.chrome} loginDialog={false}>
      <div className="container auth-page">
        <h1 className="page-title">Восстановление пароля</h1>
        <p className="auth-page__lead">
          Укажите e-mail, с которым вы регистрировались: мы пришлём на него код, и вы зададите новый пароль.
        </p>
        <form className="auth-form" method="post" action="/login/restore/" data-restore-request="" noValidate>
          <p className="auth-form__error" role="alert" data-form-error="" hidden />
          <Field field="email" label="E-mail" type="email" autoComplete="email" inputMode="email" />
          <div className="auth-form__actions">
            <a className="button button--outline" href={login}>
              Ко входу
            </a>
            <button type="submit" className="button">
              Получить код
            </button>
          </div>
        </form>
        <form
          className="auth-form"
          data-restore-confirm=""
          data-back={data.back}
          data-resend-seconds={data.resendSeconds}
          hidden
          noValidate
        >
          <p className="auth-form__note" role="status" data-restore-sent="" />
          {/* The e-mail for password managers, so the new password is saved under it. */}
          <input type="email" name="username" autoComplete="username" defaultValue="" hidden readOnly />
          <p className="auth-form__error" role="alert" data-form-error="" hidden />
          <Field
            field="code"
            label="Код из письма"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={PIN_LENGTH}
          />
          <p className="auth-form__links">
            <button type="button" className="auth-form__link" data-restore-resend="">
              Отправить код ещё раз
            </button>
            <button type="button" className="auth-form__link" data-restore-restart="">
              Указать другой e-mail
            </button>
          </p>
          <Field
            field="password"
            label="Новый пароль"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            hint={`Не короче ${PASSWORD_MIN_LENGTH} символов`}
          />
          <Field field="password2" label="Повторите пароль" type="password" autoComplete="new-password" />
          <div className="auth-form__actions">
            <button type="submit" className="button">
              Сменить пароль и войти
            </button>
          </div>
        </form>
      </div>
    </Layout>
  );
}
