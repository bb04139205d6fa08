/**
 * The partner's own pay flow without a view (hall-basket-checkout.md 4.8): the order goes to the
 * partner notify endpoint, the orderToken it answers is posted to the partner page around the
 * frame, and the buyer pays in the partner's app. Meanwhile the server is asked every few seconds
 * how the payment stands: a paid order opens the tickets, a declined one lets the buyer hand it
 * over again, a cancelled one can no longer be paid. PartnerPay.tsx draws `state`.
 */
import { messageOr, messages } from '@partera/contract';
import { proxy } from 'valtio/vanilla';
import type { Http } from '../api/http.js';
import { notifyPartnerPay, orderIdOfUrl, readPaymentState } from '../api/orders.js';
import { embedHost, onEmbedHostChange } from '../embed/host.js';
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

export type PartnerPayPhase =
  | { kind: 'handing-over' }
  | { kind: 'waiting' }
  /** The partner declined: the buyer may hand the order over again. */
  | { kind: 'declined'; message: string }
  /** The hand-over itself failed (network, server). */
  | { kind: 'failed'; message: string }
  /** The order can no longer be paid. */
  | { kind: 'cancelled'; message: string };

export interface PartnerPayDeps {
  http: Http;
  navigation: Navigation;
  /** The payment session answer's url (provider mts_pay): this order's /payment/session/{orderId}/. */
  url: string;
  /** The params the payment session was opened with (the order token of a guest). */
  params: Record<string, string | number | boolean>;
  /** Where a paid order leads when the server names no page. */
  successUrl: string;
  pollIntervalMs?: number | undefined;
}

export interface PartnerPayFlow {
  state: { phase: PartnerPayPhase };
  /** The first hand-over (once per flow), or the polling again after a stop. */
  start(): void;
  /** Hands the order over to the partner again (the retry buttons). */
  handOver(): Promise<void>;
  /** Stops the polling (the panel is gone); start() resumes it. */
  stop(): void;
}

export function createPartnerPay(deps: PartnerPayDeps): PartnerPayFlow {
  const { http, navigation, url, params, successUrl } = deps;
  const pollIntervalMs = deps.pollIntervalMs ?? PARTNER_PAY_POLL_MS;
  const state = proxy<{ phase: PartnerPayPhase }>({ phase: { kind: 'handing-over' } });
  let started = false;
  let running = false;
  /** The current polling round; a round's late answer is dropped once another starts or it stops. */
  let round: { active: boolean; timer: ReturnType<typeof setInterval> } | null = null;

  const stopPolling = () => {
    if (!round) return;
    round.active = false;
    clearInterval(round.timer);
    round = null;
  };
  const setPhase = (phase: PartnerPayPhase) => {
    if (!running) return;
    state.phase = phase;
    if (phase.kind === 'waiting') startPolling();
    else stopPolling();
  };

  function startPolling(): void {
    stopPolling();
    const orderId = orderIdOfUrl(url);
    if (!orderId) return;
    const token = typeof params.token === 'string' ? params.token : undefined;
    let asking = false;
    const current = { active: true, timer: setInterval(() => void ask(), pollIntervalMs) };
    round = current;
    async function ask(): Promise<void> {
      if (asking) return;
      asking = true;
      try {
        const answer = await readPaymentState(http, orderId!, token);
        if (!current.active) return;
        if (answer.status === 'paid') {
          stopPolling();
          navigation.go(siteUrl(http, answer.redirectUrl ?? successUrl));
        } else if (answer.status === 'declined') {
          setPhase({ kind: 'declined', message: messageOr(answer.message, PARTNER_PAY_TEXTS.declined) });
        } else if (answer.status === 'cancelled') {
          setPhase({ kind: 'cancelled', message: messageOr(answer.message, PARTNER_PAY_TEXTS.declined) });
        }
      } catch {
        // A lost answer is asked again at the next tick.
      } finally {
        asking = false;
      }
    }
  }

  async function handOver(): Promise<void> {
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
  }

  return {
    state,
    start() {
      running = true;
      // Once per flow: each hand-over posts the orderToken to the partner page again.
      if (!started) {
        started = true;
        void handOver();
      } else if (state.phase.kind === 'waiting') startPolling();
    },
    handOver,
    stop() {
      running = false;
      stopPolling();
    },
  };
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
