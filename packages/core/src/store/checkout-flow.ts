/**
 * What a buyer does at checkout (spec 4.7, 3.13–3.16, 8.3): choose how to pay and how to get the
 * tickets, fill the guest form, press pay. Pressing pay places one order (the guest's anonymous
 * order, or a signed-in buyer's session order), opens the payment session for it, and hands the
 * payment on: to another page, into the bank frame, or to the partner's own pay flow.
 * Framework-free: the checkout's components read `state` and call these actions (as the hall's
 * components do with hall-actions.ts).
 */
import {
  messageOr,
  messages,
  ORDER_PROCESSING_SECONDS,
  orderErrorAction,
  SESSION_STORAGE_KEYS,
} from '@partera/contract';
import { proxy } from 'valtio/vanilla';
import type { BasketState } from '../api/basket.js';
import type { Http } from '../api/http.js';
import {
  type AnonymousOrderAnswer,
  openPaymentSession,
  orderIdOfUrl,
  placeAnonymousOrder,
  placeSessionOrder,
} from '../api/orders.js';
import type { BasketStore } from '../basket/store.js';
import { type PaymentStart, paymentStartOf } from '../payment/session.js';
import { type Navigation, siteUrl } from '../ui/navigation.js';
import {
  createGuestForm,
  type GuestContactField,
  type GuestForm,
  type GuestFormState,
  guestValid,
} from './guest-form.js';

export type PaymentMethod = 'card';
export type DeliveryMethod = 'eticket';
type SessionParams = Record<string, string | number | boolean>;

/** The bank frame, or the partner's own pay flow with the params the session was opened with (4.8). */
export type FrameStart =
  | Extract<PaymentStart, { kind: 'form' | 'widget' }>
  | (Extract<PaymentStart, { kind: 'partner' }> & { params: SessionParams });

export interface CheckoutState {
  payment: PaymentMethod | null;
  delivery: DeliveryMethod | null;
  /** While an order is being placed: when the 12 s processing countdown ends (epoch ms). */
  processingUntil: number | null;
  /** Where the payment goes on inside the widget, once its session is open. */
  frame: FrameStart | null;
}

/** How the checkout speaks to the buyer; the view passes its notices. */
export interface CheckoutNotices {
  /** A message that stays until closed; `onClose` runs when the buyer closes it. */
  alert(message: string, onClose?: () => void): void;
  /** A short message that goes by itself. */
  toast(message: string): void;
}

export interface CheckoutDeps {
  http: Http;
  basket: BasketStore;
  navigation: Navigation;
  notices: CheckoutNotices;
  /** Embedded in a partner's frame: card and e-ticket are not chosen for the buyer (spec 2.3, 6). */
  isIframe: boolean;
  /** The 575 px layout is on (read when pay is pressed). */
  isMobile: () => boolean;
  /** The payment card type sent as pc. */
  paymentCard: string;
  /** Analytics cookies sent with the order. */
  cookies: () => string;
  /** Visitor id for extra[fingerprint]; false sends none. */
  fingerprint: (() => Promise<string | undefined>) | false;
  /**
   * Asks the host page to confirm the buyer's phone (code 113) and then call `retry`; false when
   * no host takes the request.
   */
  askPhoneConfirmation(detail: { code: number; message: string; retry: () => Promise<void> }): boolean;
  /** Moves the keyboard to the first failing guest field. */
  focus(field: GuestContactField): void;
}

export interface CheckoutFlow {
  state: CheckoutState;
  guest: GuestForm;
  choosePayment(method: PaymentMethod): void;
  chooseDelivery(method: DeliveryMethod): void;
  /** The pay button's one action; a press while an order is under way does nothing (4.7). */
  pay(): Promise<void>;
}

/**
 * The pay button looks active: nothing blocks the order, both methods are chosen and a guest's
 * form passes. Reads snapshots, so a view re-renders with it.
 */
export function checkoutReady(
  basket: Pick<BasketState, 'cannotCreateOrder' | 'userIsGuest'>,
  checkout: Pick<CheckoutState, 'payment' | 'delivery'>,
  guest: GuestFormState,
): boolean {
  if (basket.cannotCreateOrder || checkout.payment === null || checkout.delivery === null) return false;
  return !basket.userIsGuest || guestValid(guest);
}

/** The analytics cookies the site keeps in session storage (MetricCookie). */
export function metricCookies(): string {
  try {
    return window.sessionStorage.getItem(SESSION_STORAGE_KEYS.metricCookie) ?? '';
  } catch {
    return '';
  }
}

export function createCheckoutFlow(deps: CheckoutDeps): CheckoutFlow {
  const { http, navigation, notices } = deps;
  const guest = createGuestForm(http);
  const state = proxy<CheckoutState>({
    payment: deps.isIframe ? null : 'card',
    delivery: deps.isIframe ? null : 'eticket',
    processingUntil: null,
    frame: null,
  });
  const basket = () => deps.basket.state;
  /** One order and one payment session at a time, whatever the clicks (4.7). */
  let inProgress = false;
  /** An order whose session failed: a retry opens the session again instead of placing a second order. */
  let createdOrder: { url: string; params: SessionParams } | null = null;

  const stop = () => {
    inProgress = false;
    state.processingUntil = null;
  };

  /** A failed order (8.3): 638 is not shown; closing the alert of 620 and 630 reloads the page. */
  const showOrderError = (answer: { error: number; code?: number; message?: string }) => {
    const code = answer.code ?? answer.error;
    const action = orderErrorAction(code);
    if (action.kind === 'silent') return;
    // 113: the host confirms the phone (the site's PIN dialog), then the order is placed again.
    // A host that does not take the request leaves the message shown here.
    if (
      action.kind === 'confirmPhone' &&
      deps.askPhoneConfirmation({ code, message: answer.message ?? '', retry: pay })
    ) {
      return;
    }
    const reload = action.kind === 'alert' && action.reloadOnClose ? () => navigation.reload() : undefined;
    notices.alert(messageOr(answer.message, messages.orderCreateFailed), reload);
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

  const placeOrder = async (): Promise<AnonymousOrderAnswer> => {
    if (basket().userIsGuest) {
      const visitor = deps.fingerprint ? await deps.fingerprint() : undefined;
      const { fields } = guest.state;
      return placeAnonymousOrder(http, {
        email: fields.email.trim(),
        name: fields.name.trim(),
        surname: fields.surname.trim(),
        pc: deps.paymentCard,
        payment: state.payment ?? 'card',
        token: '',
        cookies: deps.cookies(),
        fingerprint: visitor,
      });
    }
    return placeSessionOrder(http, {
      pm: state.payment ?? 'card',
      dm: state.delivery ?? 'eticket',
      pc: deps.paymentCard,
      cookies: deps.cookies(),
    });
  };

  /** The order's checks before anything is sent; false when the buyer has something to mend. */
  const mayPlace = async (): Promise<boolean> => {
    if (basket().cannotCreateOrder) {
      notices.alert(basket().cannotCreateOrderCause);
      return false;
    }
    if (state.payment === null || state.delivery === null) {
      notices.toast(messages.fillAllFields);
      return false;
    }
    if (!basket().userIsGuest) return true;
    const verdict = await guest.validateAll();
    if (verdict.valid) return true;
    // A refused e-mail speaks for itself under its field; the toast is for missing data.
    if (verdict.incomplete) notices.toast(messages.fillAllFields);
    const first = verdict.failing[0];
    if (first) deps.focus(first);
    return false;
  };

  async function pay(): Promise<void> {
    if (inProgress || state.frame) return;
    inProgress = true;
    if (!(await mayPlace())) {
      inProgress = false;
      return;
    }
    state.processingUntil = Date.now() + ORDER_PROCESSING_SECONDS * 1000;
    const pending = createdOrder;
    if (pending) {
      await startSession(pending.url, pending.params);
      return;
    }
    let answer: AnonymousOrderAnswer;
    try {
      answer = await placeOrder();
    } catch {
      stop();
      notices.alert(messages.orderCreateFailed);
      return;
    }
    if (answer.error !== 0 || !answer.url) {
      stop();
      showOrderError(answer.error !== 0 ? answer : { error: -1 });
      return;
    }
    if (answer.isFullGiftCardPayment) {
      navigation.go(siteUrl(http, answer.url));
      return;
    }
    if (!basket().userIsGuest && deps.isMobile()) {
      // On a phone a signed-in buyer's order is paid on the bank's own page of the order (4.7).
      const orderId = orderIdOfUrl(answer.url);
      if (orderId) {
        navigation.go(siteUrl(http, `/payment/bank/${orderId}/`));
        return;
      }
    }
    createdOrder = { url: answer.url, params: answer.params ?? {} };
    await startSession(answer.url, answer.params ?? {});
  }

  return {
    state,
    guest,
    choosePayment(method) {
      state.payment = method;
    },
    chooseDelivery(method) {
      state.delivery = method;
    },
    pay,
  };
}
