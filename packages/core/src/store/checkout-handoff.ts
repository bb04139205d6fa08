/**
 * What follows a placed order (hall-basket-checkout.md 4.7, 4.8, 8.3, 8.4): the payment session
 * (the bank frame, the card widget, another page, the partner's pay flow), the full gift-card
 * payment, the page of an order paid elsewhere (a booking paid at the box office), a signed-in
 * buyer's bank page on a phone; and a refused order's message, the phone hand-off of 113 and the
 * only-booking conflict of 623/624. Part of the checkout's controller (checkout-flow.ts).
 */
import {
  ANONYMOUS_MOBILE_REDIRECT_DELAY_MS,
  ErrorCode,
  messageOr,
  messages,
  orderErrorAction,
  WALLET_METHODS,
} from '@partera/contract';
import type { Http } from '../api/http.js';
import { type AnonymousOrderAnswer, openPaymentSession, orderIdOfUrl } from '../api/orders.js';
import { type PaymentStart, paymentStartOf } from '../payment/session.js';
import { type Navigation, siteUrl } from '../ui/navigation.js';
import { proceedGiftCardFull } from './checkout-calls.js';
import type { CheckoutNotices, CheckoutState, MobilePayment } from './checkout-flow.js';
import { giftCardOrderId, orderUrlKind } from './checkout-order.js';
import type { After } from './checkout-terms.js';

type SessionParams = Record<string, string | number | boolean>;

export interface HandoffDeps {
  http: Http;
  navigation: Navigation;
  notices: CheckoutNotices;
  state: Pick<CheckoutState, 'processingUntil' | 'frame' | 'conflict'>;
  /** Ends the pay press: the button and the countdown come back. */
  stop(): void;
  isGuest(): boolean;
  isMobile(): boolean;
  /** In a partner's frame (where the partner's own pay flow, the experiment of 4.8, may run). */
  isIframe: boolean;
  /** The host's callback of 4.8 for a guest's order on a phone; see CheckoutDeps. */
  paymentCallback?: (payment: MobilePayment) => void;
  after: After;
  /** The payment method the order was placed with. */
  payment(): string | null;
  askPhoneConfirmation(detail: { code: number; message: string; retry: () => Promise<void> }): boolean;
  /** The pay press again (after the host confirmed the phone). */
  retry(): Promise<void>;
}

export function createHandoff(deps: HandoffDeps) {
  const { http, navigation, notices, state, stop } = deps;
  /** An order whose session failed: a retry opens the session again instead of placing a second order. */
  let createdOrder: { url: string; params: SessionParams } | null = null;
  /** Cancels the 5 s wait of 4.8 before the host's callback. */
  let cancelCallback: (() => void) | null = null;

  /**
   * 4.8: a guest on a phone, outside a partner's frame and not paying by the phone maker's wallet,
   * whose host gave a callback: the callback runs 5 s after the order (the processing countdown
   * shows meanwhile) with the order's payment session; a later press opens that session here.
   */
  const callbackFor = (payment: string | null) =>
    deps.isGuest() && deps.isMobile() && !deps.isIframe && payment !== 'apple_pay' ? deps.paymentCallback : undefined;

  /** A failed order (8.3): 638 is not shown; closing the alert of 620 and 630 reloads the page. */
  const showOrderError = (answer: { error: number; code?: number; message?: string }, fallback: string) => {
    const code = answer.code ?? answer.error;
    if (code === ErrorCode.basketConflictResetBooking || code === ErrorCode.basketConflictResetNotBooking) {
      state.conflict = { message: messageOr(answer.message, messages.bookingAmongPurchases) };
      return;
    }
    const action = orderErrorAction(code);
    if (action.kind === 'silent') return;
    // 113: the host confirms the phone (the site's PIN dialog), then the order is placed again.
    // A host that does not take the request leaves the message shown here.
    if (
      action.kind === 'confirmPhone' &&
      deps.askPhoneConfirmation({ code, message: answer.message ?? '', retry: deps.retry })
    ) {
      return;
    }
    const reload = action.kind === 'alert' && action.reloadOnClose ? () => navigation.reload() : undefined;
    notices.alert(messageOr(answer.message, fallback), reload);
  };

  const startSession = async (url: string, params: SessionParams) => {
    let start: PaymentStart;
    try {
      start = paymentStartOf(await openPaymentSession(http, url, params));
    } catch {
      start = { kind: 'error', message: messages.walletNetworkError };
    }
    if (start.kind === 'error') {
      stop();
      notices.alert(messageOr(start.message, messages.walletNetworkError));
      return;
    }
    createdOrder = null;
    state.processingUntil = null;
    if (start.kind === 'redirect') navigation.go(siteUrl(http, start.url));
    else state.frame = start.kind === 'partner' ? { ...start, params } : start;
  };

  /** Full gift-card payment (7.5, 8.4): the order's url pays it; a page url is followed as it is. */
  const payByGiftCard = async (url: string) => {
    if (orderUrlKind(url) !== 'giftCardFull') {
      navigation.go(siteUrl(http, url));
      return;
    }
    let answer: Awaited<ReturnType<typeof proceedGiftCardFull>>;
    try {
      answer = await proceedGiftCardFull(http, giftCardOrderId(url));
    } catch {
      stop();
      notices.alert(messages.giftCardPayFailed);
      return;
    }
    if (answer.error !== 0 || !answer.url) {
      stop();
      notices.alert(messageOr(answer.message, messages.giftCardPayFailed));
      return;
    }
    navigation.go(siteUrl(http, answer.url));
  };

  /** A placed order's answer: its error, or where the payment goes on. */
  const afterOrder = async (answer: AnonymousOrderAnswer, fallback: string) => {
    if (answer.error !== 0 || !answer.url) {
      stop();
      showOrderError(answer.error !== 0 ? answer : { error: -1 }, fallback);
      return;
    }
    if (answer.isFullGiftCardPayment) {
      await payByGiftCard(answer.url);
      return;
    }
    if (orderUrlKind(answer.url) !== 'session') {
      // A booking paid at the box office, or an order the server already settled: its page.
      navigation.go(siteUrl(http, answer.url));
      return;
    }
    // A device-wallet order is paid on the order's own page, where the wallet's button is (3.17
    // type 1: the order page button), with the card form beside it for a device that lacks the
    // wallet; the order's token opens that page. On a phone a signed-in buyer's order is paid on
    // the same page (4.7), except in a partner's frame: there the payment session opens in place,
    // as for a guest (4.8), so that a partner with its own pay flow is asked to take the payment.
    const wallet = (WALLET_METHODS as readonly (string | null)[]).includes(deps.payment());
    const orderId = orderIdOfUrl(answer.url);
    const phoneBankPage = !deps.isGuest() && deps.isMobile() && !deps.isIframe;
    if (orderId && (wallet || phoneBankPage)) {
      const token = answer.params?.token;
      const query = wallet && token ? `?token=${encodeURIComponent(String(token))}` : '';
      navigation.go(siteUrl(http, `/payment/bank/${orderId}/${query}`));
      return;
    }
    createdOrder = { url: answer.url, params: answer.params ?? {} };
    const callback = callbackFor(deps.payment());
    if (callback) {
      const payment: MobilePayment = { orderId: orderId ?? null, url: answer.url, params: answer.params ?? {} };
      cancelCallback = deps.after(ANONYMOUS_MOBILE_REDIRECT_DELAY_MS, () => {
        cancelCallback = null;
        stop();
        callback(payment);
      });
      return;
    }
    await startSession(answer.url, answer.params ?? {});
  };

  return {
    pending: () => createdOrder,
    startSession,
    afterOrder,
    dispose: () => cancelCallback?.(),
  };
}
