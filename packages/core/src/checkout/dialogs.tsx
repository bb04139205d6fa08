/** The checkout's own dialogs: bonus payment's PIN (7.7, 5.6) and the only-booking conflict (4.4). */
import { messages, PIN_LENGTH } from '@partera/contract';
import { useId, useRef } from 'react';
import { useSnapshot } from 'valtio/react';
import type { BonusPin } from '../store/checkout-pin.js';
import { Dialog } from '../ui/dialog.js';

export function PinDialog({ pin }: { pin: BonusPin }) {
  const snap = useSnapshot(pin.state);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  if (!snap.open) return null;
  return (
    <Dialog
      title="Подтверждение оплаты бонусами"
      onDismiss={pin.cancel}
      initialFocus={input}
      actions={
        <>
          <button type="button" className="pt-button pt-button--secondary" onClick={pin.cancel}>
            {messages.cancel}
          </button>
          <button
            type="button"
            className="pt-button pt-button--primary"
            disabled={snap.busy}
            onClick={() => void pin.submit()}
          >
            Подтвердить
          </button>
        </>
      }
    >
      <p>{snap.sentTo ? `Мы отправили SMS с кодом на +${snap.sentTo}.` : 'Мы отправили SMS с кодом на ваш телефон.'}</p>
      <div className={`pt-field${snap.error ? ' pt-field--error' : ''}`}>
        <label className="pt-field__label" htmlFor={id}>
          Код из SMS
        </label>
        <input
          ref={input}
          id={id}
          className="pt-field__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={PIN_LENGTH}
          aria-invalid={snap.error ? true : undefined}
          aria-describedby={snap.error ? `${id}-error` : undefined}
          value={snap.pin}
          onInput={(e) => pin.type(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void pin.submit();
          }}
        />
        <span id={`${id}-error`} className="pt-field__error" role="alert">
          {snap.error}
        </span>
      </div>
    </Dialog>
  );
}

/**
 * Bookings paid at the box office and tickets paid online cannot be one order (4.4): the buyer
 * keeps one kind (ResetExclude), then the page reloads.
 */
export function BookingConflictDialog({
  message,
  onChoose,
}: {
  message: string;
  onChoose: (isBooking: 0 | 1 | null) => void;
}) {
  return (
    <Dialog
      role="alertdialog"
      title="Бронь и покупка — разные заказы"
      onDismiss={() => onChoose(null)}
      actions={
        <>
          <button type="button" className="pt-button pt-button--secondary" onClick={() => onChoose(null)}>
            {messages.cancel}
          </button>
          <button type="button" className="pt-button pt-button--secondary" onClick={() => onChoose(1)}>
            Оставить только бронь
          </button>
          <button type="button" className="pt-button pt-button--primary" onClick={() => onChoose(0)}>
            Оставить только билеты для оплаты
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
