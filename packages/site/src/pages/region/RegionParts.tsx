/** @jsxRuntime automatic */
import type { RegionChrome, SiteChrome } from '../chrome.js';
import { Popup } from '../popup/Popup.js';

export const CITY_CHOOSER_ID = 'city-chooser';
export const REGION_MODAL_ID = 'region-modal';

/** The city /changesd/ switches to (spec 2.1: /changesd/{subdomain}/). */
export const changePath = (subdomain: string) => `/changesd/${encodeURIComponent(subdomain)}/`;

/** The city the visitor is asked about: the one found from the address, else the current one. */
export function offeredCity(chrome: SiteChrome): { subdomain: string; name: string } {
  return chrome.region?.detected ?? chrome.city;
}

/**
 * What client/parts/region.ts reads: the offered city, and the cookies' lifetime and domain (the spec:
 * 'its lifetime and domain come from the page'; the domain spans every city's subdomain, so an
 * answer given on one regional site holds on the others).
 */
export function RegionData({ chrome }: { chrome: SiteChrome }) {
  const region: RegionChrome | undefined = chrome.region;
  if (!region || (!region.askConfirm && !region.askMobile)) return null;
  return (
    <span
      hidden
      id="region-data"
      data-region-offered={offeredCity(chrome).subdomain}
      data-region-current={chrome.city.subdomain}
      data-region-cookie-domain={region.cookieDomain ?? ''}
      data-region-cookie-max-age={String(region.cookieMaxAge)}
      data-region-ask-confirm={region.askConfirm ? '1' : '0'}
      data-region-ask-mobile={region.askMobile ? '1' : '0'}
    />
  );
}

/**
 * The city selector's question (site-browsing-account.md 2.13, 4 City selector): 'Ваш город —
 * {city}?' under the header's city switch, with 'Да' (confirm: the cookie geoip.data.confirm=1,
 * and the offered city's site when it is not this one) and 'Выбрать другой' (the cookie set to 0
 * and the city chooser opens). Shown by client/parts/region.ts on wide screens while unanswered.
 */
export function RegionConfirm({ chrome }: { chrome: SiteChrome }) {
  const region = chrome.region;
  if (!region?.askConfirm) return null;
  const offered = offeredCity(chrome);
  return (
    <div className="region-confirm" id="region-confirm" role="dialog" aria-labelledby="region-confirm-title" hidden>
      <p className="region-confirm__question" id="region-confirm-title">
        Ваш город — {offered.name}?
      </p>
      <div className="region-confirm__actions">
        <a className="button button--small" href={changePath(offered.subdomain)} data-region-confirm="">
          Да
        </a>
        <button type="button" className="button button--small button--outline" data-region-switch="">
          Выбрать другой
        </button>
      </div>
    </div>
  );
}

/**
 * The mobile region modal (site-browsing-account.md 2.13, 4 Mobile region modal): accept the
 * offered region's site, or reject (the city chooser opens), or close. Each sets the cookie
 * geoip_subdomain_selected=1; accepting goes to the region's site when this host is another's.
 */
export function RegionModal({ chrome }: { chrome: SiteChrome }) {
  const region = chrome.region;
  if (!region?.askMobile) return null;
  const offered = offeredCity(chrome);
  return (
    <Popup
      id={REGION_MODAL_ID}
      title="Выберите регион"
      closeIcon
      size="small"
      className="region-modal"
      footerContent={
        <>
          <a className="button" href={changePath(offered.subdomain)} data-region-accept="">
            Да, верно
          </a>
          <button type="button" className="button button--outline" data-region-reject="">
            Нет, выбрать другой
          </button>
        </>
      }
    >
      <p className="region-modal__question">
        Ваш регион — <strong>{offered.name}</strong>?
      </p>
    </Popup>
  );
}

/** The list of regional sites (opened by 'Выбрать другой' and by the mobile modal's rejection). */
export function CityChooser({ chrome }: { chrome: SiteChrome }) {
  return (
    <Popup id={CITY_CHOOSER_ID} title="Выберите город" closeIcon size="small" className="city-chooser">
      <ul className="city-chooser__list">
        {chrome.cities.map((c) => (
          <li key={c.subdomain}>
            <a
              href={changePath(c.subdomain)}
              aria-current={c.subdomain === chrome.city.subdomain ? 'true' : undefined}
              data-city-choice={c.subdomain}
            >
              {c.name}
            </a>
          </li>
        ))}
      </ul>
    </Popup>
  );
}
