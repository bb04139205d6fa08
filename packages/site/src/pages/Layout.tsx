/** @jsxRuntime automatic */
import { CASHBACK_PERCENT, plural, SUPPORT_HOURS, TICKET_FORMS } from '@partera/contract';
import type { ReactNode } from 'react';
import { AccountLinks } from './account/AccountLinks.js';
import { LoginDialog } from './account/LoginForm.js';
import { OAuthCompletionDialog } from './account/OAuthCompletion.js';
import { WishlistHeaderLink } from './account/WishlistHeaderLink.js';
import { PromoBanners } from './banners/PromoBanners.js';
import { type SiteChrome, withSession } from './chrome.js';
import { BrowseLinks } from './lists/BrowseLinks.js';
import { CASHBACK_POPUP_ID, CashbackPopup } from './popup/CashbackPopup.js';
import { CONTACT_POPUP_ID, CONTACT_TITLE, ContactPopup } from './popup/ContactPopup.js';
import { PopupOpener } from './popup/Popup.js';
import { CityChooser, RegionConfirm, RegionData, RegionModal } from './region/RegionParts.js';
import { HeaderSearch } from './search/HeaderSearch.js';

/** The promotional phrase of both specs (site-browsing-account.md 1, hall-basket-checkout.md 1). */
export const NO_FEE_PHRASE = 'Билеты продаются без комиссии и сервисного сбора';
/** Spec 2.14: operator hours, Moscow time. */
export const SUPPORT_HOURS_TEXT = `Ежедневно ${SUPPORT_HOURS} по Москве`;

const FOOTER_LINKS = [
  ['/recommendations/', 'Рекомендации для вас'],
  ['/landing/help_faq/', 'Вопросы и ответы'],
  ['/landing/useragreement/', 'Пользовательское соглашение'],
  ['/landing/cashback_rules/', 'Правила программы кешбэка'],
] as const;

export function Layout({
  chrome,
  children,
  loginDialog = true,
  bare = false,
}: {
  chrome: SiteChrome;
  children: ReactNode;
  /** The header's login popup; the login and registration pages have their own form instead. */
  loginDialog?: boolean;
  /**
   * The header, its dialogs and the page, no banners or footer, the page last (the admission
   * gate's queue page, whose end is the buyer's own: see VisitorSlot).
   */
  bare?: boolean;
}) {
  const dialogs = (
    <>
      {chrome.account || chrome.lite || !loginDialog ? null : (
        <LoginDialog back={chrome.path} providers={chrome.oauthProviders} />
      )}
      {chrome.account && chrome.completion ? <OAuthCompletionDialog completion={chrome.completion} /> : null}
      {chrome.lite ? null : <SitePopups chrome={chrome} />}
    </>
  );
  const main = (
    <main id="main" className="site-main" tabIndex={-1}>
      {children}
    </main>
  );
  return (
    <>
      <a className="skip-link" href="#main">
        Перейти к содержимому
      </a>
      <Header chrome={chrome} />
      {bare ? dialogs : null}
      {main}
      {bare ? null : (
        <>
          <PromoBanners chrome={chrome} />
          {chrome.lite ? <LiteFooter /> : <Footer chrome={chrome} />}
          {dialogs}
        </>
      )}
    </>
  );
}

export function Header({ chrome }: { chrome: SiteChrome }) {
  return (
    <header className="site-header" data-city-name={chrome.city.name}>
      <div className="container site-header__row">
        <a className="logo" href={withSession('/', chrome.urlSession)}>
          <span className="logo__mark" aria-hidden="true">
            P
          </span>
          <span className="logo__word">Partera</span>
        </a>
        {chrome.lite ? null : (
          <div className="city-corner">
            <CitySwitch chrome={chrome} />
            <RegionConfirm chrome={chrome} />
          </div>
        )}
        {chrome.lite ? null : <HeaderSearch chrome={chrome} />}
        {chrome.lite ? null : (
          <PopupOpener popup={CONTACT_POPUP_ID} className="header-contact" label={CONTACT_TITLE}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                d="M6.6 3.5h3l1.5 4.2-2 1.4a11 11 0 0 0 5.8 5.8l1.4-2 4.2 1.5v3a2 2 0 0 1-2.2 2A16.5 16.5 0 0 1 4.6 5.7a2 2 0 0 1 2-2.2z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
            </svg>
          </PopupOpener>
        )}
        <BasketLink count={chrome.basketCount} href={withSession('/shopcart/', chrome.urlSession)} />
        {chrome.lite || !chrome.account ? null : <WishlistHeaderLink />}
        {chrome.lite ? null : <AccountLinks chrome={chrome} />}
      </div>
    </header>
  );
}

function CitySwitch({ chrome }: { chrome: SiteChrome }) {
  if (chrome.cities.length < 2) return <span className="city-switch city-switch--single">{chrome.city.name}</span>;
  return (
    <nav className="city-switch" aria-label="Выбор города">
      <ul>
        {chrome.cities.map((c) => (
          <li key={c.subdomain}>
            {c.subdomain === chrome.city.subdomain ? (
              <span className="city-switch__current" aria-current="true">
                {c.name}
              </span>
            ) : (
              <a href={`/changesd/${encodeURIComponent(c.subdomain)}/`}>{c.name}</a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function BasketLink({ count, href }: { count: number; href: string }) {
  return (
    <a className="basket-link" href={href} data-basket-link="">
      <svg className="basket-link__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d="M3 4h2.2l2.1 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L20.6 8H6.3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="10" cy="19.5" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
      </svg>
      <span className="basket-link__label">Корзина</span>
      <span className={count > 0 ? 'basket-link__count' : 'basket-link__count basket-link__count--empty'}>
        {count}
        <span className="visually-hidden"> {plural(count, TICKET_FORMS)}</span>
      </span>
    </a>
  );
}

/** The light layout's footer (spec 4.13): inside a partner's page, only who sells the tickets. */
function LiteFooter() {
  return (
    <footer className="site-footer site-footer--lite">
      <div className="container">
        <p>Продажа билетов: Partera. {NO_FEE_PHRASE}.</p>
      </div>
    </footer>
  );
}

export function Footer({ chrome }: { chrome: SiteChrome }) {
  const phoneHref = `tel:${chrome.supportPhone.replace(/[^\d+]/g, '')}`;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__logo">Partera</p>
          <p className="site-footer__promise">{NO_FEE_PHRASE}</p>
          <p className="site-footer__about">
            Театр, концерты, выставки и другие события в городах России: выбор мест на схеме зала и электронные билеты
            сразу после оплаты.
          </p>
        </div>
        <section className="site-footer__contacts" aria-labelledby="footer-contacts">
          <h2 id="footer-contacts">Свяжитесь с нами</h2>
          <p>
            <a href={phoneHref}>{chrome.supportPhone}</a>
          </p>
          <p>
            <a href={`mailto:${chrome.supportEmail}`}>{chrome.supportEmail}</a>
          </p>
          <p className="site-footer__hours">{SUPPORT_HOURS_TEXT}</p>
          <p>
            <PopupOpener popup={CONTACT_POPUP_ID} className="link-button">
              Все способы связи
            </PopupOpener>
          </p>
          <p>
            <PopupOpener popup={CASHBACK_POPUP_ID} className="link-button site-footer__cashback">
              {`Кешбэк ${CASHBACK_PERCENT}% на все билеты`}
            </PopupOpener>
          </p>
        </section>
        <nav className="site-footer__links" aria-label="Информация для покупателей">
          <h2>Покупателям</h2>
          <ul>
            {FOOTER_LINKS.map(([href, text]) => (
              <li key={href}>
                <a href={href} aria-current={chrome.path === href ? 'page' : undefined}>
                  {text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <BrowseLinks chrome={chrome} />
      </div>
      <div className="container site-footer__bottom">
        <p>© {chrome.year} Partera. Открытая платформа продажи билетов.</p>
      </div>
    </footer>
  );
}

/**
 * The site-wide popups (site-browsing-account.md 2.13, 2.14), closed until client/parts/popup.ts and
 * client/parts/region.ts open them: contact, cashback promo, the city chooser and the region question.
 */
function SitePopups({ chrome }: { chrome: SiteChrome }) {
  return (
    <>
      <ContactPopup chrome={chrome} hours={SUPPORT_HOURS} />
      <CashbackPopup />
      <CityChooser chrome={chrome} />
      <RegionModal chrome={chrome} />
      <RegionData chrome={chrome} />
    </>
  );
}
