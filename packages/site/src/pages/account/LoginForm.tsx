/** @jsxRuntime automatic */
import { TextField } from './TextField.js';

/**
 * The login form (site-browsing-account.md 2.3): Контакт and Пароль ('Забыли пароль?' under it:
 * /login/restore/); Отмена, Регистрация and Авторизация. The same markup is the header's popup (a
 * <dialog>, sent by script to the popup call) and the /login/ page (an ordinary form post, the
 * 'html-form' style, when scripts are off).
 */
export interface LoginFormProps {
  /** Where a form login returns to. */
  back: string;
  /** The page's CSRF field, for the form post without scripts (the popup sends it as a header). */
  csrf?: { param: string; token: string };
  error?: string | null;
  /** The id prefix of the inputs (the popup and the page may share a document). */
  idPrefix: string;
  /** The configured outside sign-ins: a 'Войти через …' link each. */
  providers?: { id: string; label: string }[];
}

/** 'Войти через VK ID', 'Войти через Яндекс ID' (decision 0022): links to the provider's redirect. */
export function OAuthButtons({ back, providers }: { back: string; providers: { id: string; label: string }[] }) {
  if (providers.length === 0) return null;
  return (
    <div className="auth-oauth">
      <p className="auth-oauth__or">или</p>
      <ul className="auth-oauth__list">
        {providers.map((p) => (
          <li key={p.id}>
            <a
              className={`button button--outline auth-oauth__button auth-oauth__button--${p.id}`}
              href={`/login/oauth/${encodeURIComponent(p.id)}/?back=${encodeURIComponent(back)}`}
              rel="nofollow"
            >
              {p.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function LoginForm({ back, csrf, error, idPrefix, providers = [] }: LoginFormProps) {
  return (
    <>
      <form className="auth-form" method="post" action="/login/" data-login-form="" data-back={back} noValidate>
        <input type="hidden" name="back" value={back} />
        {csrf ? <input type="hidden" name={csrf.param} value={csrf.token} /> : null}
        <p className="auth-form__error" role="alert" data-form-error="" hidden={!error}>
          {error ?? ''}
        </p>
        <TextField
          id={`${idPrefix}-contact`}
          name="LoginForm[contact]"
          label="Контакт"
          autoComplete="username"
          placeholder="E-mail или телефон"
        />
        <TextField
          id={`${idPrefix}-password`}
          name="LoginForm[password]"
          label="Пароль"
          type="password"
          autoComplete="current-password"
        />
        <p className="auth-form__links">
          <a className="auth-form__link" href={`/login/restore/?back=${encodeURIComponent(back)}`}>
            Забыли пароль?
          </a>
        </p>
        <div className="auth-form__actions">
          <button type="button" className="button button--outline" data-login-cancel="">
            Отмена
          </button>
          <a className="button button--outline" href="/registration/">
            Регистрация
          </a>
          <button type="submit" className="button">
            Авторизация
          </button>
        </div>
      </form>
      <OAuthButtons back={back} providers={providers} />
    </>
  );
}

/** The header's login popup: closed until 'Войти' (or a call that needs a signed-in buyer) opens it. */
export function LoginDialog({ back, providers }: { back: string; providers?: { id: string; label: string }[] }) {
  return (
    <dialog className="auth-dialog" id="login-dialog" aria-labelledby="login-dialog-title">
      <h2 className="auth-dialog__title" id="login-dialog-title">
        Вход
      </h2>
      <LoginForm back={back} idPrefix="login-dialog" providers={providers} />
    </dialog>
  );
}
