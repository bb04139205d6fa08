import { useEffect, useId, useMemo, useSyncExternalStore } from 'react';
import type { Http } from '../api/http.js';
import { MOBILE_QUERY, useMediaQuery } from '../ui/media.js';
import type { Navigation } from '../ui/navigation.js';
import { createSbpController, type SbpQr } from './sbp.js';
import type { OrderRef } from './wallet-api.js';

export const SBP_TEXTS = {
  title: 'Оплата через СБП',
  scan: 'Отсканируйте QR-код камерой телефона или в приложении банка и подтвердите оплату.',
  waiting: 'Ждём подтверждения от банка — страница сама откроет билеты, как только оплата пройдёт.',
  openApp: 'Открыть приложение банка',
  starting: 'Готовим QR-код…',
  payAgain: 'Оплатить ещё раз',
  qrLabel: 'QR-код для оплаты через СБП',
} as const;

export interface SbpPaymentProps {
  http: Http;
  navigation: Navigation;
  order: OrderRef;
  /** Polling in tests; SBP_POLL_MS by default. */
  pollMs?: { first: number; max: number };
}

/** The QR code, drawn from the server's path of unit squares: sharp at any size, no script or image file. */
function QrCode({ qr }: { qr: SbpQr }) {
  return (
    <svg
      className="pt-sbp__qr"
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      width="220"
      height="220"
      role="img"
      aria-label={SBP_TEXTS.qrLabel}
      shapeRendering="crispEdges"
      style={{ background: '#fff', maxWidth: '100%', height: 'auto' }}
    >
      <path d={qr.path} fill="#000" />
    </svg>
  );
}

/**
 * SBP (decision 0036): the order's QR code and, on a phone, the link that opens the bank's app;
 * the page moves on by itself once the bank has the payment; a declined one may be paid again.
 */
export function SbpPayment({ http, navigation, order, pollMs }: SbpPaymentProps) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const headingId = useId();
  const { orderId, orderToken } = order;
  const first = pollMs?.first;
  const max = pollMs?.max;
  // One controller (one payment) per order, however often the checkout renders.
  const controller = useMemo(
    () =>
      createSbpController({
        http,
        navigation,
        order: { orderId, orderToken },
        ...(first && max ? { pollMs: { first, max } } : {}),
      }),
    [http, navigation, orderId, orderToken, first, max],
  );
  const state = useSyncExternalStore(controller.subscribe, () => controller.state);
  useEffect(() => {
    void controller.start();
    return () => controller.dispose();
  }, [controller]);

  return (
    <section className="pt-sbp" aria-labelledby={headingId}>
      <h3 id={headingId} className="pt-payment__title">
        {SBP_TEXTS.title}
      </h3>
      {state.phase === 'starting' ? (
        <p className="pt-checkout__status" role="status">
          {SBP_TEXTS.starting}
        </p>
      ) : state.phase === 'waiting' ? (
        <>
          <p className="pt-sbp__text">{SBP_TEXTS.scan}</p>
          <QrCode qr={state.qr} />
          {mobile ? (
            <a className="pt-button pt-sbp__app" href={state.appUrl} target="_blank" rel="noopener noreferrer">
              {SBP_TEXTS.openApp}
            </a>
          ) : null}
          <p className="pt-checkout__status" role="status">
            {SBP_TEXTS.waiting}
          </p>
        </>
      ) : (
        <>
          <p className="pt-sbp__error" role="alert">
            {state.message}
          </p>
          {state.phase === 'declined' ? (
            <button type="button" className="pt-button" onClick={() => void controller.start()}>
              {SBP_TEXTS.payAgain}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
