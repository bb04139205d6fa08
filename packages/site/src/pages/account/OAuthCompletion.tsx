/** @jsxRuntime automatic */
import { ConsentCheck } from './ConsentCheck.js';

/**
 * The OAuth e-mail completion form (site-browsing-account.md 2.3; decision 0022): after an outside
 * sign-in that made a new account, the page opens with ?oauth=complete and this dialog asks for the
 * personal-data consent and, when the provider gave no verified e-mail, for one: the e-mail, a code
 * sent (the inputs are then disabled), the PIN; on success the page reloads at its address without
 * the query string (client/lib/oauth-completion.ts).
 */
export function OAuthCompletionDialog({ completion }: { completion: { needsEmail: boolean; needsConsent: boolean } }) {
  return (
    <dialog className="auth-dialog oauth-completion" id="oauth-completion" aria-labelledby="oauth-completion-title">
      <h2 className="auth-dialog__title" id="oauth-completion-title">
        Завершение регистрации
      </h2>
      <form className="auth-form" data-oauth-completion="" noValidate>
        <p className="auth-page__lead">
          {completion.needsEmail
            ? 'Вы вошли через внешний аккаунт. Укажите e-mail: на него придут билеты и код подтверждения.'
            : 'Вы вошли через внешний аккаунт. Осталось дать согласие на обработку персональных данных.'}
        </p>
        <p className="auth-form__error" role="alert" data-form-error="" hidden />
        {completion.needsEmail ? (
          <div className="field">
            <label className="field__label" htmlFor="oauth-completion-email">
              E-mail
            </label>
            <input
              id="oauth-completion-email"
              className="field__input"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="name@example.ru"
              required
            />
          </div>
        ) : null}
        {completion.needsConsent ? (
          <div className="field field--check">
            <ConsentCheck name="consent" />
          </div>
        ) : null}
        <div className="auth-form__actions">
          <button type="submit" className="button">
            {completion.needsEmail ? 'Получить код' : 'Продолжить'}
          </button>
        </div>
      </form>
      {completion.needsEmail ? (
        <form className="auth-form" data-oauth-completion-code="" hidden noValidate>
          <p className="auth-form__note" data-code-sent="" role="status" />
          <p className="auth-form__error" role="alert" data-form-error="" hidden />
          <div className="field">
            <label className="field__label" htmlFor="oauth-completion-code">
              Код из письма
            </label>
            <input
              id="oauth-completion-code"
              className="field__input"
              name="form[code]"
              type="text"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={4}
              placeholder="4 цифры"
              required
            />
          </div>
          <div className="auth-form__actions">
            <button type="submit" className="button">
              Подтвердить
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
