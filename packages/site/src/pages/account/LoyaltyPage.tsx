/** @jsxRuntime automatic */
import type { SiteChrome } from '../chrome.js';
import { Layout } from '../Layout.js';

export interface LoyaltyData {
  chrome: SiteChrome;
  /** The programme groups a phone may join, the first chosen by default (or ?group=). */
  groups: ReadonlyArray<{ code: string; label: string }>;
  group: string;
}

/**
 * The loyalty phone sign-up /loyalty/ (site-browsing-account.md 3 Loyalty sign-up, 5 Loyalty
 * phone): a programme group and a phone typed as +7(ddd) ddd-dd-dd; the client (client/loyalty.ts)
 * masks the phone, posts the form and goes to /loyalty/thanks?group=.
 */
export function LoyaltyPage({ data }: { data: LoyaltyData }) {
  return (
    <Layout chrome={data.chrome}>
      <div className="container loyalty">
        <h1 className="page-title">Программа лояльности</h1>
        <p className="loyalty__lead">
          Оставьте номер телефона — пришлём приглашение в программу и будем сообщать о закрытых показах и скидках.
        </p>
        <form className="loyalty__form" data-loyalty-form action="/loyalty/signup/" method="post" noValidate>
          <fieldset className="loyalty__groups">
            <legend className="field__label">Программа</legend>
            {data.groups.map((g) => (
              <label key={g.code} className="loyalty__group">
                <input type="radio" name="group" value={g.code} defaultChecked={g.code === data.group} /> {g.label}
              </label>
            ))}
          </fieldset>
          <label className="field">
            <span className="field__label">Телефон</span>
            <input
              className="field__input"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+7(___) ___-__-__"
              maxLength={17}
              required
              data-loyalty-phone=""
            />
          </label>
          <p className="form-error" data-form-error="" role="alert" hidden />
          <button className="button" type="submit">
            Подписаться
          </button>
        </form>
      </div>
    </Layout>
  );
}

/** /loyalty/thanks?group={group}: the thank-you page; its final button goes to /. */
export function LoyaltyThanksPage({ data }: { data: { chrome: SiteChrome; groupLabel: string | null } }) {
  return (
    <Layout chrome={data.chrome}>
      <div className="container loyalty">
        <h1 className="page-title">Спасибо!</h1>
        <p className="loyalty__lead">
          {data.groupLabel
            ? `Вы записались в программу «${data.groupLabel}». Приглашение придёт в SMS.`
            : 'Вы записались в программу лояльности. Приглашение придёт в SMS.'}
        </p>
        <p>
          <a className="button" href="/">
            На главную
          </a>
        </p>
      </div>
    </Layout>
  );
}
