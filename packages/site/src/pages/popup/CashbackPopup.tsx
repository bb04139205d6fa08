/** @jsxRuntime automatic */
import { CASHBACK_PERCENT } from '@partera/contract';
import { Popup } from './Popup.js';

export const CASHBACK_POPUP_ID = 'cashback-popup';
/** Spec 2.14, word for word. */
export const CASHBACK_HEADLINE = `Билеты на все мероприятия с кешбэком ${CASHBACK_PERCENT}%!`;
export const CASHBACK_BUTTON = 'Купить билет с Кешбэком';

/**
 * The cashback promo modal (site-browsing-account.md 2.14): the headline and button as the spec
 * writes them; the three facts between them (credited in the telecom's cashback service for any
 * operator's subscribers, available after the event date, spent on the telecom's goods, mobile
 * service or tickets here) in our words. The button goes to the shows.
 */
export function CashbackPopup() {
  return (
    <Popup
      id={CASHBACK_POPUP_ID}
      title={CASHBACK_HEADLINE}
      closeIcon
      size="small"
      theme="accent"
      className="cashback-popup"
      footerContent={
        <a className="button" href="/" data-popup-close="">
          {CASHBACK_BUTTON}
        </a>
      }
    >
      <ul className="cashback-popup__facts">
        <li>Кешбэк начисляется в сервисе кешбэка оператора связи и доступен абонентам любого оператора.</li>
        <li>Он становится доступен после даты мероприятия.</li>
        <li>Его можно потратить на товары оператора, на оплату мобильной связи или на билеты на нашем сайте.</li>
      </ul>
      <p className="cashback-popup__rules">
        <a href="/landing/cashback_rules/">Правила программы кешбэка</a>
      </p>
    </Popup>
  );
}
