/** The steps indicator with its final 'pay' step (2.3), the totals as the server gives them, and the help links. */
import { formatPrice } from '@partera/contract';
import type { Http } from '../api/http.js';
import type { CheckoutStep } from '../store/checkout-flow.js';
import type { CheckoutOffer } from '../store/checkout-offer.js';
import { siteUrl } from '../ui/navigation.js';

const STEPS: readonly { id: CheckoutStep; label: string }[] = [
  { id: 'methods', label: 'Способ оплаты и получения' },
  { id: 'details', label: 'Данные заказа' },
  { id: 'pay', label: 'Оплата' },
];

export function Steps({ step }: { step: CheckoutStep }) {
  const at = STEPS.findIndex((s) => s.id === step);
  return (
    <ol className="pt-steps" aria-label="Шаги оформления заказа">
      {STEPS.map((s, i) => (
        <li
          key={s.id}
          className={`pt-steps__step${i < at ? ' pt-steps__step--done' : ''}${i === at ? ' pt-steps__step--current' : ''}`}
          aria-current={i === at ? 'step' : undefined}
        >
          {s.label}
        </li>
      ))}
    </ol>
  );
}

/** The order's figures: every line the server reports that is not zero, then what the buyer pays. */
export function Totals({ totals, deliveryPrice }: { totals: CheckoutOffer['totals']; deliveryPrice: number }) {
  const lines: [string, number][] = [
    ['Билеты', totals.tickets],
    ['Подарки', totals.gifts],
    ['Доставка', deliveryPrice],
    ['Скидка по промокоду', -totals.discount],
    ['Подарочной картой', -totals.giftCard],
    ['Кешбэком', -totals.cashback],
  ];
  return (
    <dl className="pt-totals">
      {lines
        .filter(([, value]) => value !== 0)
        .map(([label, value]) => (
          <div key={label} className="pt-totals__line">
            <dt>{label}</dt>
            <dd>{value < 0 ? `−${formatPrice(-value)}` : formatPrice(value)}</dd>
          </div>
        ))}
      <div className="pt-totals__line pt-totals__line--sum">
        <dt>К оплате</dt>
        <dd>{formatPrice(totals.toPay - totals.delivery + deliveryPrice)}</dd>
      </div>
    </dl>
  );
}

/** 2.3: the cashback programme's rules and the questions and answers. */
export function HelpLinks({ http }: { http: Http }) {
  return (
    <p className="pt-checkout__links">
      <a className="pt-link" href={siteUrl(http, '/landing/help_faq/')} target="_blank" rel="noopener">
        Вопросы и ответы
      </a>
      <a className="pt-link" href={siteUrl(http, '/landing/cashback_rules/')} target="_blank" rel="noopener">
        Правила программы кешбэка
      </a>
    </p>
  );
}
