/**
 * The promo code and gift card inputs (5.6, 8.4; controller store/codes.ts), with what is applied
 * as the server reports it (decision 0032).
 */
import { formatPrice, GIFT_CARD_MASK, messages } from '@partera/contract';
import { type ReactNode, useId } from 'react';
import { useSnapshot } from 'valtio/react';
import type { CheckoutOffer } from '../store/checkout-offer.js';
import { type CodesController, giftCardApplicable, promoApplicable } from '../store/codes.js';

function CodeInput({
  label,
  value,
  error,
  placeholder,
  disabled,
  canApply,
  onType,
  onApply,
  errorInLabel = false,
  children,
}: {
  label: string;
  value: string;
  error: string | null;
  /** The label itself reads the error (the gift card, 8.4). */
  errorInLabel?: boolean;
  placeholder?: string;
  disabled: boolean;
  canApply: boolean;
  onType: (value: string) => void;
  onApply: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={`pt-field pt-code${error !== null ? ' pt-field--error' : ''}`}>
      <label className="pt-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="pt-code__row">
        <input
          id={id}
          className="pt-field__input"
          type="text"
          autoComplete="off"
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={error !== null || undefined}
          aria-describedby={error !== null && !errorInLabel ? `${id}-error` : undefined}
          value={value}
          onInput={(e) => onType(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onApply();
          }}
        />
        <button type="button" className="pt-button pt-code__apply" disabled={disabled || !canApply} onClick={onApply}>
          Применить
        </button>
      </div>
      <span id={`${id}-error`} className="pt-field__error" role="alert">
        {errorInLabel ? null : error}
      </span>
      {children}
    </div>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="pt-link pt-code__remove" aria-label={label} onClick={onClick}>
      Отменить
    </button>
  );
}

export function CodeInputs({
  codes,
  offer,
  promoDisabled,
  giftCardDisabled,
  disabled,
}: {
  codes: CodesController;
  offer: Pick<CheckoutOffer, 'promo' | 'giftCard' | 'payments'>;
  /** Why the promo code is off now (4.5: cashback spent), or null. */
  promoDisabled: string | null;
  giftCardDisabled: string | null;
  disabled: boolean;
}) {
  const snap = useSnapshot(codes.state);
  return (
    <div className="pt-codes">
      <CodeInput
        label="Промокод"
        value={snap.promo}
        error={snap.promoError}
        disabled={disabled || promoDisabled !== null}
        canApply={promoApplicable(snap)}
        onType={codes.typePromo}
        onApply={() => void codes.applyPromo()}
      >
        {offer.promo ? (
          <p className="pt-code__applied">
            Промокод {offer.promo.code} применён: скидка {formatPrice(offer.promo.discount)}{' '}
            <RemoveButton label={`Отменить промокод ${offer.promo.code}`} onClick={() => void codes.remove('promo')} />
          </p>
        ) : null}
        {promoDisabled ? <p className="pt-code__warning">{promoDisabled}</p> : null}
      </CodeInput>
      {
        <CodeInput
          label={snap.giftCardError ?? 'Номер подарочной карты'}
          value={snap.giftCard}
          error={snap.giftCardError}
          placeholder={GIFT_CARD_MASK.slice(0, 9)}
          disabled={disabled || giftCardDisabled !== null}
          canApply={giftCardApplicable(snap)}
          onType={codes.typeGiftCard}
          onApply={() => void codes.applyGiftCard()}
          errorInLabel
        >
          {giftCardDisabled ? <p className="pt-code__warning">{giftCardDisabled}</p> : null}
          {offer.giftCard ? (
            <p className="pt-code__applied">
              {/* 8.4's form variant, word for word; what the card pays is in the totals. */}
              {messages.giftCardWillApply(formatPrice(offer.giftCard.balance, { sign: null }))}
            </p>
          ) : null}
        </CodeInput>
      }
    </div>
  );
}
