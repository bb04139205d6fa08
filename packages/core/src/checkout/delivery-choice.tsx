import { formatPrice, venueDateTime } from '@partera/contract';
import { useId } from 'react';
import type { CheckoutDelivery, DeliveryMethod } from '../store/checkout-offer.js';

/** A booking's deadline as the buyer reads it: 'Оплатить в кассе до 25.12.2031 19:00'. */
export function payByText(payBy: string): string | null {
  const at = venueDateTime(payBy);
  return at ? `Оплатить в кассе до ${at.date} ${at.time}` : null;
}

/**
 * How to get the tickets (2.3, 4.5): the deliveries the chosen payment allows, each with its
 * price and, for a booking, the deadline to pay at the box office.
 */
export function DeliveryChoice({
  deliveries,
  chosen,
  alertText,
  cash,
  disabled,
  onChoose,
}: {
  /** The payment is cash: self-pickup is a booking paid at the box office. */
  cash: boolean;
  deliveries: readonly CheckoutDelivery[];
  /** The delivery as sent (a booking when self-pickup was chosen with cash, card or bonus). */
  chosen: DeliveryMethod | null;
  /** The server's note on delivery (3.10 deliveryAlertText). */
  alertText?: string;
  disabled: boolean;
  onChoose: (method: DeliveryMethod) => void;
}) {
  const id = useId();
  if (deliveries.length === 0) return null;
  return (
    <fieldset className="pt-choice" disabled={disabled}>
      <legend className="pt-choice__legend">Способ получения</legend>
      {alertText ? <p className="pt-choice__note">{alertText}</p> : null}
      {deliveries.map((d) => {
        // A booking paid at the box office says by when (booking_cash, or self-pickup with cash).
        const deadline = d.payBy && (d.id === 'booking_cash' || (d.id === 'self' && cash)) ? payByText(d.payBy) : null;
        const notes = [d.price > 0 ? formatPrice(d.price) : null, d.hint, deadline].filter(Boolean);
        return (
          <label key={d.id} className="pt-choice__option">
            <input
              type="radio"
              name={`${id}-dm`}
              value={d.id}
              checked={chosen === d.id}
              aria-describedby={notes.length ? `${id}-${d.id}` : undefined}
              onChange={() => onChoose(d.id)}
            />
            <span className="pt-choice__text">
              <span>{d.title}</span>
              {notes.length ? (
                <span id={`${id}-${d.id}`} className="pt-choice__hint">
                  {notes.join(' · ')}
                </span>
              ) : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
