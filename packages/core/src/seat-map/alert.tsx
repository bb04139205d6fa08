/**
 * Messages of the hall page (spec 8.1, 8.2): an alert that closes by itself after 4 s, or, for
 * the only-booking conflict (623/624), a dialog offering 'Отмена' and 'Очистить корзину'.
 */
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio/react';
import { dismissAlert, type HallContext, resolveBookingConflict } from '../store/hall-actions.js';
import type { HallState } from '../store/hall-store.js';
import { ALERT_AUTO_CLOSE_MS, MSG } from '../store/spec.js';

export function HallAlertBox(props: { state: HallState; ctx: HallContext | null }) {
  const { alert } = useSnapshot(props.state);
  const firstButton = useRef<HTMLButtonElement>(null);
  const id = alert?.id;
  const kind = alert?.kind;

  useEffect(() => {
    if (id === undefined) return;
    if (kind === 'dialog') {
      firstButton.current?.focus();
      return;
    }
    const timer = setTimeout(() => dismissAlert(props.state, id), ALERT_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [id, kind, props.state]);

  if (!alert) return null;
  if (alert.kind === 'alert') {
    return (
      <div className="pt-alert" role="alert">
        <p>{alert.message}</p>
      </div>
    );
  }
  const isBooking = alert.resetIsBooking ?? 1;
  return (
    <div className="pt-alert" role="alertdialog" aria-modal="false" aria-describedby={`pt-alert-${alert.id}`}>
      <p id={`pt-alert-${alert.id}`}>{alert.message}</p>
      <div className="pt-alert-actions">
        <button ref={firstButton} type="button" onClick={() => dismissAlert(props.state, alert.id)}>
          {MSG.cancel}
        </button>
        <button
          type="button"
          disabled={!props.ctx}
          onClick={() => props.ctx && void resolveBookingConflict(props.ctx, isBooking)}
        >
          {MSG.clearBasket}
        </button>
      </div>
    </div>
  );
}
