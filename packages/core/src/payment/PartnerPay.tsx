import { messageOr, messages } from '@partera/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Http } from '../api/http.js';
import { notifyPartnerPay, orderIdOfUrl, readPaymentState } from '../api/orders.js';
import { embedHost, onEmbedHostChange } from '../embed/host.js';
import { useDomEffect } from '../ui/dom-effect.js';
import { type Navigation, siteUrl } from '../ui/navigation.js';

/** How often the page asks whether the partner has confirmed the payment. */
export const PARTNER_PAY_POLL_MS = 3_000;

export const PARTNER_PAY_TEXTS = {
  title: (partner: string | undefined) =>
    partner ? `Оплатите заказ в приложении ${partner}` : 'Оплатите заказ в приложении партнёра',
  handingOver: 'Передаём заказ на оплату…',
  waiting: 'Ожидаем подтверждения оплаты…',
  instructions:
    'Заказ передан на оплату. Подтвердите платёж в приложении — эта страница сама откроет билеты, как только оплата пройдёт.',
  cashback: (percent: number, partner: string | undefined) =>
    `Кешбэк ${percent}% от стоимости билетов начислит ${partner ?? 'партнёр'}.`,
  declined: 'Оплата не прошла. Попробуйте оплатить заказ ещё раз.',
  payAgain: 'Оплатить ещё раз',
  tryAgain: 'Попробовать снова',
  chooseAgain: 'Выбрать билеты заново',
} as const;

export interface PartnerPayProps {
  http: Http;
  navigation: Navigation;
  /** The payment session answer's url (provider mts_pay): this order's /payment/session/{orderId}/. */
  url: string;
  /** The params the payment session was opened with (the order token of a guest). */
  params: Record<string, string | number | boolean>;
  /** Where a paid order leads when the server names no page. */
  successUrl: string;
  pollIntervalMs?: number;
}

type Phase =
  | { kind: 'handing-over' }
  | { kind: 'waiting' }
  /** The partner declined: the buyer may hand the order over again. */
  | { kind: 'declined'; message: string }
  /** The hand-over itself failed (network, server). */
  | { kind: 'failed'; message: string }
  /** The order can no longer be paid. */
  | { kind: 'cancelled'; message: string };

/**
 * The partner's own pay flow (hall-basket-checkout.md 4.8): the order goes to the partner notify
 * endpoint, the orderToken it answers is posted to the partner page around the frame, and the
 * buyer pays in the partner's app. Meanwhile this panel asks our server every few seconds how the
 * payment stands, and opens the tickets once it is paid, or says it was declined and lets the
 * buyer try again.
 */
export function PartnerPay({
  http,
  navigation,
  url,
  params,
  successUrl,
  pollIntervalMs = PARTNER_PAY_POLL_MS,
}: PartnerPayProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'handing-over' });
  const [partner] = useState(() => embedHost()?.partner);
  const heading = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);
  const headingId = useId();

  const handOver = useCallback(async () => {
    setPhase({ kind: 'handing-over' });
    try {
      const answer = await notifyPartnerPay(http, url, params);
      if (!answer.uuid) {
        setPhase({ kind: 'failed', message: messageOr(answer.message, messages.walletNetworkError) });
        return;
      }
      postOrderToken(answer.uuid);
      setPhase({ kind: 'waiting' });
    } catch {
      setPhase({ kind: 'failed', message: messages.walletNetworkError });
    }
  }, [http, url, params]);

  useDomEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);

  useEffect(() => {
    // Once per panel: each hand-over posts the orderToken to the partner page again.
    if (started.current) return;
    started.current = true;
    void handOver();
  }, [handOver]);

  const waiting = phase.kind === 'waiting';
  useEffect(() => {
    if (!waiting) return;
    const orderId = orderIdOfUrl(url);
    if (!orderId) return;
    const token = typeof params.token === 'string' ? params.token : undefined;
    let active = true;
    let asking = false;
    const ask = async () => {
      if (asking) return;
      asking = true;
      try {
        const state = await readPaymentState(http, orderId, token);
        if (!active) return;
        if (state.status === 'paid') {
          active = false;
          navigation.go(siteUrl(http, state.redirectUrl ?? successUrl));
        } else if (state.status === 'declined') {
          setPhase({ kind: 'declined', message: messageOr(state.message, PARTNER_PAY_TEXTS.declined) });
        } else if (state.status === 'cancelled') {
          setPhase({ kind: 'cancelled', message: messageOr(state.message, PARTNER_PAY_TEXTS.declined) });
        }
      } catch {
        // A lost answer is asked again at the next tick.
      } finally {
        asking = false;
      }
    };
    const timer = setInterval(() => void ask(), pollIntervalMs);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [waiting, http, navigation, url, params, successUrl, pollIntervalMs]);

  return (
    <section className="pt-payment pt-partner-pay" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} className="pt-payment__title" tabIndex={-1}>
        {PARTNER_PAY_TEXTS.title(partner?.name)}
      </h3>
      {partner && partner.cashbackPercent > 0 ? (
        <p className="pt-partner-pay__cashback">{PARTNER_PAY_TEXTS.cashback(partner.cashbackPercent, partner.name)}</p>
      ) : null}
      {waiting ? <p className="pt-partner-pay__text">{PARTNER_PAY_TEXTS.instructions}</p> : null}
      <p className="pt-partner-pay__status" role="status">
        {phase.kind === 'handing-over' ? PARTNER_PAY_TEXTS.handingOver : null}
        {waiting ? PARTNER_PAY_TEXTS.waiting : null}
      </p>
      {phase.kind === 'declined' || phase.kind === 'failed' || phase.kind === 'cancelled' ? (
        <div className="pt-partner-pay__problem">
          <p className="pt-partner-pay__error" role="alert">
            {phase.message}
          </p>
          {phase.kind === 'cancelled' ? (
            <button type="button" className="pt-button" onClick={() => navigation.reload()}>
              {PARTNER_PAY_TEXTS.chooseAgain}
            </button>
          ) : (
            <button type="button" className="pt-button pt-pay" onClick={() => void handOver()}>
              {phase.kind === 'declined' ? PARTNER_PAY_TEXTS.payAgain : PARTNER_PAY_TEXTS.tryAgain}
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}

/**
 * Posts the orderToken to the partner page; if the message channel is still connecting (a buyer
 * who pays within moments of the page loading), as soon as it is connected.
 */
function postOrderToken(token: string): void {
  const host = embedHost();
  if (host) {
    host.orderToken(token);
    return;
  }
  const stop = onEmbedHostChange((connected) => {
    if (!connected) return;
    stop();
    connected.orderToken(token);
  });
}
