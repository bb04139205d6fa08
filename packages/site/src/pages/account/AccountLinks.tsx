/** @jsxRuntime automatic */
import type { SiteChrome } from '../chrome.js';

/**
 * The header's account corner: 'Войти' for a guest (the login popup, or the /login/ page without
 * scripts), the buyer's name (the personal account) and 'Выйти' once signed in.
 */
export function AccountLinks({ chrome }: { chrome: SiteChrome }) {
  if (chrome.account) {
    return (
      <div className="account-links">
        <a className="account-links__name" href="/private/">
          {chrome.account.name}
        </a>
        <form className="account-links__logout" method="post" action="/logout/" data-logout-form="">
          <button type="submit" className="account-links__button">
            Выйти
          </button>
        </form>
      </div>
    );
  }
  return (
    <div className="account-links">
      <a className="account-links__login" href={`/login/?back=${encodeURIComponent(chrome.path)}`} data-login-open="">
        Войти
      </a>
    </div>
  );
}
