/** @jsxRuntime automatic */
import type { SiteChrome } from '../chrome.js';
import { Popup } from './Popup.js';

export const CONTACT_POPUP_ID = 'contact-popup';
export const CONTACT_TITLE = 'Свяжитесь с нами';
export const FAQ_PATH = '/landing/help_faq/';

/** Spec 2.14: operator hours, 9:00–21:00 Moscow time. */
export const supportHoursText = (hours: string) =>
  `Операторы на связи ежедневно с ${hours.replace('–', ' до ')} по московскому времени`;

/**
 * The contact popup (site-browsing-account.md 2.14): the FAQ link (left out on the FAQ page
 * itself), the messenger support bot, the support e-mail, the city's phone (the capital's
 * differs from the others': the cities table) and the operators' hours.
 */
export function ContactPopup({ chrome, hours }: { chrome: SiteChrome; hours: string }) {
  const phoneHref = `tel:${chrome.supportPhone.replace(/[^\d+]/g, '')}`;
  return (
    <Popup id={CONTACT_POPUP_ID} title={CONTACT_TITLE} closeIcon size="small" className="contact-popup">
      <ul className="contact-popup__list">
        {chrome.path === FAQ_PATH ? null : (
          <li>
            <a href={FAQ_PATH} className="contact-popup__faq">
              Ответы на частые вопросы
            </a>
          </li>
        )}
        {chrome.supportBotUrl ? (
          <li>
            <a href={chrome.supportBotUrl} className="contact-popup__bot" target="_blank" rel="noopener noreferrer">
              Написать в чат-бот поддержки
            </a>
          </li>
        ) : null}
        <li>
          <a href={`mailto:${chrome.supportEmail}`} className="contact-popup__email">
            {chrome.supportEmail}
          </a>
        </li>
        <li>
          <a href={phoneHref} className="contact-popup__phone">
            {chrome.supportPhone}
          </a>
        </li>
      </ul>
      <p className="contact-popup__hours">{supportHoursText(hours)}</p>
    </Popup>
  );
}
