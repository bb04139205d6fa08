/**
 * Paying by the fast-payment system (SBP, beyond the spec; decision 0036), framework-free: the
 * order's QR code is asked of the server, then the payment's state is polled, backing off, until
 * the bank settles it; a paid order opens its page, a declined one can be paid again.
 */
import { messageOr, messages } from '@partera/contract';
import type { Http } from '../api/http.js';
import { readPaymentState } from '../api/orders.js';
import { type Navigation, siteUrl } from '../ui/navigation.js';
import { type OrderRef, startSbp } from './wallet-api.js';

export interface SbpQr {
  size: number;
  path: string;
}

export type SbpState =
  | { phase: 'starting' }
  | { phase: 'waiting'; qr: SbpQr; appUrl: string }
  | { phase: 'declined'; message: string }
  | { phase: 'failed'; message: string };

/** The first poll comes this soon, each next one 1.5 times later, never more than the last. */
export const SBP_POLL_MS = { first: 1500, max: 6000 } as const;

export interface SbpController {
  readonly state: SbpState;
  start(): Promise<void>;
  dispose(): void;
  subscribe(listener: () => void): () => void;
}

export function createSbpController(opts: {
  http: Http;
  navigation: Navigation;
  order: OrderRef;
  pollMs?: { first: number; max: number };
}): SbpController {
  const { http, navigation, order } = opts;
  const poll = opts.pollMs ?? SBP_POLL_MS;
  const listeners = new Set<() => void>();
  let state: SbpState = { phase: 'starting' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  const set = (next: SbpState) => {
    state = next;
    for (const l of listeners) l();
  };
  const go = (url: string) => {
    disposed = true;
    navigation.go(siteUrl(http, url));
  };

  const schedule = (delay: number) => {
    if (disposed) return;
    timer = setTimeout(() => void check(delay), delay);
  };

  const check = async (delay: number) => {
    if (disposed) return;
    const next = Math.min(poll.max, Math.round(delay * 1.5));
    let answer: Awaited<ReturnType<typeof readPaymentState>>;
    try {
      answer = await readPaymentState(http, order.orderId, order.orderToken);
    } catch {
      // The network dropped for a moment: the bank has the payment, ask again later.
      schedule(next);
      return;
    }
    if (disposed) return;
    if (answer.error !== 0) set({ phase: 'failed', message: messageOr(answer.message, messages.walletNetworkError) });
    else if (answer.status === 'paid' && answer.redirectUrl) go(answer.redirectUrl);
    else if (answer.status === 'declined') set({ phase: 'declined', message: messageOr(answer.message, '') });
    else if (answer.status === 'cancelled') set({ phase: 'failed', message: messageOr(answer.message, '') });
    else schedule(next);
  };

  return {
    get state() {
      return state;
    },
    async start() {
      clearTimeout(timer);
      disposed = false;
      set({ phase: 'starting' });
      let answer: Awaited<ReturnType<typeof startSbp>>;
      try {
        answer = await startSbp(http, order);
      } catch {
        set({ phase: 'failed', message: messages.walletNetworkError });
        return;
      }
      if (answer.error !== 0) {
        set({ phase: 'failed', message: messageOr(answer.message, messages.walletNetworkError) });
      } else if (answer.status === 'paid' && answer.redirectUrl) {
        go(answer.redirectUrl);
      } else if (answer.qr && answer.appUrl) {
        set({ phase: 'waiting', qr: answer.qr, appUrl: answer.appUrl });
        schedule(poll.first);
      } else {
        set({ phase: 'failed', message: messages.walletNetworkError });
      }
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
