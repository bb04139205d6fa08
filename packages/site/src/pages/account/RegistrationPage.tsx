/** @jsxRuntime automatic */
import { PASSWORD_MIN_LENGTH, PIN_LENGTH } from '@partera/contract';
import type { ReactNode } from 'react';
import type { SiteChrome } from '../chrome.js';
import { Layout } from '../Layout.js';
import { ConsentCheck } from './ConsentCheck.js';
import { RegistrationPhone } from './RegistrationPhone.js';
import { TextField } from './TextField.js';

export interface RegistrationData {
  chrome: SiteChrome;
  /** Where the buyer goes once registered. */
  back: string;
}

function Field(props: {
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: ReactNode;
  minLength?: number;
}) {
  const id = `registration-${props.name}`;
  return (
    <TextField
      id={id}
      field={props.name}
      name={`RegistrationForm[${props.name}]`}
      label={props.label}
      type={props.type}
      autoComplete={props.autoComplete}
      minLength={props.minLength}
      describedBy={`${id}-error`}
    >
      {props.hint ? <p className="field__hint">{props.hint}</p> : null}
      <p className="field__error" id={`${id}-error`} data-field-error={props.name} hidden />
    </TextField>
  );
}

/**
 * The step after registration (site-browsing-account.md 4, e-mail add): the code sent to the
 * address, at most 4 characters; a resend, or 'later' (the cabinet confirms it too).
 */
function EmailConfirmStep({ back }: { back: string }) {
  return (
    <form className="auth-form" data-email-confirm="" hidden noValidate>
      <p className="auth-form__note" data-email-sent="" role="status" />
      <p className="auth-form__error" role="alert" data-form-error="" hidden />
      <TextField
        id="registration-code"
        name="form[code]"
        label="Код из письма"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={PIN_LENGTH}
      />
      <div className="auth-form__actions">
        <a className="button button--outline" href={back}>
          Подтвердить позже
        </a>
        <button type="button" className="button button--outline" data-email-resend="">
          Отправить код ещё раз
        </button>
        <button type="submit" className="button">
          Подтвердить
        </button>
      </div>
    </form>
  );
}

/**
 * /registration/ (site-browsing-account.md 2.3, 5 E-mail): e-mail (the standard pattern, then
 * the server's field check), password, first name and surname, and a separate consent to the
 * processing of personal data. Once registered the buyer is signed in and confirms the e-mail
 * with the code sent to it.
 */
export function RegistrationPage({ data }: { data: RegistrationData }) {
  return (
    <Layout chrome={data.chrome} loginDialog={false}>
      <div className="container auth-page">
        <h1 className="page-title">Регистрация</h1>
        <form
          className="auth-form"
          method="post"
          action="/registration/"
          data-registration-form=""
          data-back={data.back}
          noValidate
        >
          <p className="auth-form__error" role="alert" data-form-error="" hidden />
          <Field name="email" label="E-mail" type="email" autoComplete="email" />
          <Field
            name="password"
            label="Пароль"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            hint={`Не короче ${PASSWORD_MIN_LENGTH} символов`}
          />
          <Field name="firstname" label="Имя" autoComplete="given-name" />
          <Field name="surname" label="Фамилия" autoComplete="family-name" />
          <RegistrationPhone />
          <div className="field field--check" data-field="consent">
            <ConsentCheck name="RegistrationForm[consent]" describedBy="registration-consent-error" />
            <p className="field__error" id="registration-consent-error" data-field-error="consent" hidden />
          </div>
          <div className="auth-form__actions">
            <a className="button button--outline" href="/login/">
              У меня есть аккаунт
            </a>
            <button type="submit" className="button">
              Зарегистрироваться
            </button>
          </div>
        </form>
        <EmailConfirmStep back={data.back} />
      </div>
    </Layout>
  );
}
