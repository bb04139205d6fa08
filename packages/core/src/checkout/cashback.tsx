import { formatPrice } from '@partera/contract';
import { useId } from 'react';
import type { Http } from '../api/http.js';
import type { CheckoutOffer } from '../store/checkout-offer.js';
import { siteUrl } from '../ui/navigation.js';

const ACTIONS = [
  { id: 'nakopit_keshbek', label: 'Накопить кешбэк' },
  { id: 'spisat_keshbek', label: 'Списать кешбэк' },
] as const;

/**
 * The partner's cashback (2.3, 4.5): a checkbox choosing the cashback payment, and whether to
 * accumulate or spend it. Spending is off while a gift card is applied (accumulating is forced).
 */
export function CashbackChoice({
  cashback,
  alertText,
  on,
  action,
  spendDisabled,
  disabled,
  http,
  onToggle,
  onAction,
}: {
  cashback: NonNullable<CheckoutOffer['cashback']>;
  alertText?: string;
  on: boolean;
  action: 'nakopit_keshbek' | 'spisat_keshbek' | null;
  /** Why spending is off now (4.5: a gift card or promo code applied), or null. */
  spendDisabled: string | null;
  disabled: boolean;
  http: Http;
  onToggle: (on: boolean) => void;
  onAction: (action: 'nakopit_keshbek' | 'spisat_keshbek') => void;
}) {
  const id = useId();
  return (
    <fieldset className="pt-choice pt-cashback" disabled={disabled}>
      <legend className="pt-choice__legend">Кешбэк</legend>
      <label className="pt-choice__option">
        <input type="checkbox" checked={on} onChange={(e) => onToggle(e.currentTarget.checked)} />
        <span>
          Кешбэк {cashback.percent}% · на счёте {formatPrice(cashback.balance)}
        </span>
      </label>
      {on
        ? ACTIONS.map((a) => (
            <label key={a.id} className="pt-choice__option pt-cashback__action">
              <input
                type="radio"
                name={`${id}-cashback`}
                value={a.id}
                checked={action === a.id}
                disabled={a.id === 'spisat_keshbek' && spendDisabled !== null}
                onChange={() => onAction(a.id)}
              />
              <span>{a.label}</span>
            </label>
          ))
        : null}
      {on && spendDisabled ? <p className="pt-choice__note">{spendDisabled}</p> : null}
      {cashback.alert || alertText ? <p className="pt-choice__note">{cashback.alert ?? alertText}</p> : null}
      <a className="pt-link" href={siteUrl(http, '/landing/cashback_rules/')} target="_blank" rel="noopener">
        Правила программы кешбэка
      </a>
    </fieldset>
  );
}
