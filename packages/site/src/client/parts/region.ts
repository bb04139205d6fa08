/**
 * The region question in the browser (site-browsing-account.md 2.13, 4 City selector and Mobile
 * region modal). The page says what to ask (pages/region/RegionParts.tsx, #region-data): the
 * offered city, this site's city, and the cookies' lifetime and domain.
 *
 * - Wide screens: 'Ваш город — {city}?' under the city switch. 'Да' sets geoip.data.confirm=1 and
 *   goes to the offered city's site when it is another; 'Выбрать другой' sets it to 0 and opens
 *   the city chooser.
 * - Up to 575 px: the region modal. Accepting, rejecting or closing sets
 *   geoip_subdomain_selected=1; accepting goes to the offered site when this is another;
 *   rejecting opens the city chooser.
 */
import { COOKIES } from '@partera/contract';
import { MOBILE_QUERY } from '../lib/enhance.js';
import { openPopup } from './popup.js';

function setCookie(doc: Document, name: string, value: string, data: DOMStringMap): void {
  const domain = data.regionCookieDomain ? `; domain=${data.regionCookieDomain}` : '';
  doc.cookie = `${encodeURIComponent(name)}=${value}; path=/; max-age=${data.regionCookieMaxAge}; samesite=lax${domain}`;
}

function openChooser(doc: Document): void {
  const chooser = doc.getElementById('city-chooser');
  if (chooser instanceof HTMLDialogElement) openPopup(chooser);
}

/** Follows the link only when the offered city is another site; otherwise just stays. */
function stayIfHere(event: Event, data: DOMStringMap): void {
  if (data.regionOffered === data.regionCurrent) event.preventDefault();
}

export function startRegion(doc: Document = document): void {
  const data = doc.getElementById('region-data')?.dataset;
  if (!data) return;
  const win = doc.defaultView ?? window;
  const mobile = win.matchMedia(MOBILE_QUERY).matches;

  const modal = doc.getElementById('region-modal');
  if (mobile && data.regionAskMobile === '1' && modal instanceof HTMLDialogElement) {
    let rejected = false;
    modal.querySelector('[data-region-accept]')?.addEventListener('click', (event) => {
      stayIfHere(event, data);
      modal.close();
    });
    modal.querySelector('[data-region-reject]')?.addEventListener('click', () => {
      rejected = true;
      modal.close();
    });
    // Accept, reject and close alike: the question is answered.
    openPopup(modal, {
      onClose: () => {
        setCookie(doc, COOKIES.geoipSubdomainSelected.name, '1', data);
        if (rejected) openChooser(doc);
      },
    });
    return;
  }

  const confirm = doc.getElementById('region-confirm');
  if (mobile || data.regionAskConfirm !== '1' || !confirm) return;
  confirm.hidden = false;
  confirm.querySelector('[data-region-confirm]')?.addEventListener('click', (event) => {
    setCookie(doc, COOKIES.geoipConfirm.name, '1', data);
    stayIfHere(event, data);
    confirm.hidden = true;
  });
  confirm.querySelector('[data-region-switch]')?.addEventListener('click', () => {
    setCookie(doc, COOKIES.geoipConfirm.name, '0', data);
    confirm.hidden = true;
    openChooser(doc);
  });
}
