import { useId } from 'react';
import {
  CARD_TYPE_BLOCK,
  type CheckoutPayment,
  type ChoiceRules,
  LISTED,
  type PaymentMethod,
} from '../store/checkout-offer.js';

/** More methods than this are offered in a select rather than as radio choices (2.3). */
export const RADIO_LIMIT = 6;

interface PaymentChoiceProps {
  payments: readonly CheckoutPayment[];
  chosen: PaymentMethod | null;
  rules: ChoiceRules;
  /** The 575 px layout: the select is used. */
  mobile: boolean;
  disabled: boolean;
  onChoose: (method: PaymentMethod) => void;
}

/**
 * How to pay (2.3): radio choices, or a select when there are many or on a phone. A method that
 * is shown but cannot be chosen now says why (the server's reason, or a rule of 4.5).
 */
export function PaymentChoice({ payments, chosen, rules, mobile, disabled, onChoose }: PaymentChoiceProps) {
  const id = useId();
  const listed = payments.filter(LISTED);
  if (listed.length === 0) return null;
  const reasonOf = (p: CheckoutPayment) => rules.disabled[p.id];
  if (mobile || listed.length > RADIO_LIMIT) {
    const current = listed.find((p) => p.id === chosen);
    return (
      <fieldset className="pt-choice" disabled={disabled}>
        <legend className="pt-choice__legend">Способ оплаты</legend>
        <label className="pt-field">
          <span className="pt-sr-only">Способ оплаты</span>
          <select
            className="pt-field__input pt-select"
            value={current ? current.id : ''}
            // A browser fires both input and change on a select; preact/compat hears only change as
            // onChange and Testing Library for preact sends input: the choice is idempotent.
            onChange={(e) => onChoose(e.currentTarget.value as PaymentMethod)}
            onInput={(e) => onChoose(e.currentTarget.value as PaymentMethod)}
          >
            {current ? null : <option value="">Выберите способ оплаты</option>}
            {listed.map((p) => (
              <option key={p.id} value={p.id} disabled={reasonOf(p) !== undefined}>
                {reasonOf(p) ? `${p.title} — ${reasonOf(p)}` : p.title}
              </option>
            ))}
          </select>
        </label>
        {current?.hint ? <p className="pt-choice__hint">{current.hint}</p> : null}
      </fieldset>
    );
  }
  return (
    <fieldset className="pt-choice" disabled={disabled}>
      <legend className="pt-choice__legend">Способ оплаты</legend>
      {listed.map((p) => {
        const reason = reasonOf(p);
        const hintId = `${id}-${p.id}-hint`;
        return (
          <label key={p.id} className={`pt-choice__option${reason ? ' pt-choice__option--off' : ''}`}>
            <input
              id={CARD_TYPE_BLOCK[p.id]}
              type="radio"
              name={`${id}-pm`}
              value={p.id}
              checked={chosen === p.id}
              disabled={reason !== undefined}
              aria-describedby={reason || p.hint ? hintId : undefined}
              onChange={() => onChoose(p.id)}
            />
            <span className="pt-choice__text">
              <span>{p.title}</span>
              {reason || p.hint ? (
                <span id={hintId} className="pt-choice__hint">
                  {reason ?? p.hint}
                </span>
              ) : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** The card-type block of card and bonus payment (2.3: radio ids paycard and bonuspay reveal it). */
export function CardTypes({
  payment,
  chosen,
  hidden,
  disabled,
  onChoose,
}: {
  payment: CheckoutPayment | undefined;
  chosen: string | null;
  hidden: boolean;
  disabled: boolean;
  onChoose: (id: string) => void;
}) {
  const block = payment ? CARD_TYPE_BLOCK[payment.id] : undefined;
  const types = payment?.cardTypes ?? [];
  if (hidden || !block || types.length === 0) return null;
  return (
    <fieldset className="pt-choice pt-card-types" data-for={block} disabled={disabled}>
      <legend className="pt-choice__legend">Тип карты</legend>
      {types.map((t) => (
        <label key={t.id} className="pt-choice__option">
          <input
            type="radio"
            name={`${block}-type`}
            value={t.id}
            checked={chosen === t.id}
            onChange={() => onChoose(t.id)}
          />
          <span>{t.title}</span>
        </label>
      ))}
    </fieldset>
  );
}
