/**
 * What a buyer does at checkout (hall-basket-checkout.md 4.2, 4.4–4.8, 4.11, 3.11–3.16, 8.3, 8.4):
 * choose how to pay and how to get the tickets among what the server offers (store/checkout-offer.ts),
 * fill the guest or courier form, apply codes, press pay. Pressing pay runs the method's own steps
 * first (the culture card's terms question to the parent page, bonus payment's PIN), places one
 * order through the call its delivery and buyer call for (store/checkout-order.ts), and hands the
 * payment on: to the payment session (the bank frame, another page, the partner's pay flow), to the
 * full gift-card payment, or to the page the order answers (a booking paid at the box office).
 * Framework-free: the checkout's components read `state` and call these actions.
 */
import {
  checkoutDeliveryVariant,
  messages,
  ORDER_PROCESSING_SECONDS,
  paymentAfterCashbackOff,
  SESSION_STORAGE_KEYS,
  WALLET_METHODS,
} from '@partera/contract';
import { proxy, ref, subscribe } from 'valtio/vanilla';
import type { BasketState } from '../api/basket.js';
import type { Http } from '../api/http.js';
import type { AnonymousOrderAnswer } from '../api/orders.js';
import type { BasketStore } from '../basket/store.js';
import type { PaymentStart } from '../payment/session.js';
import type { Navigation } from '../ui/navigation.js';
import { resetExclude } from './checkout-calls.js';
import { createHandoff } from './checkout-handoff.js';
import {
  type CheckoutChoice,
  type CheckoutOffer,
  choiceRules,
  type DeliveryMethod,
  deliveryAfterPayment,
  initialChoice,
  isCourier,
  karmaStopOn,
  offerOf,
  orderDelivery,
  type PaymentMethod,
  paymentOf,
} from './checkout-offer.js';
import { placeCheckoutOrder } from './checkout-order.js';
import type { BonusPin } from './checkout-pin.js';
import { type After, PUSHKIN_TERMS_NO_ANSWER, realAfter, termsWithin } from './checkout-terms.js';
import { type CodesController, createCodes } from './codes.js';
import { type CourierField, type CourierForm, createCourierForm } from './courier-form.js';
import {
  createGuestForm,
  type GuestContactField,
  type GuestForm,
  type GuestFormState,
  guestFieldsFor,
  guestValid,
} from './guest-form.js';

export type { DeliveryMethod, PaymentMethod };

type SessionParams = Record<string, string | number | boolean>;

/** What the host's callback of 4.8 receives: the order and its payment session to open. */
export interface MobilePayment {
  orderId: string | null;
  url: string;
  params: SessionParams;
}

/** The bank frame, or the partner's own pay flow with the params the session was opened with (4.8). */
export type FrameStart =
  | Extract<PaymentStart, { kind: 'form' | 'widget' | 'sbp' }>
  | (Extract<PaymentStart, { kind: 'partner' }> & { params: SessionParams });

export interface CheckoutState extends CheckoutChoice {
  /** The payment before the cashback checkbox was ticked (3.11 lastPm). */
  lastPayment: PaymentMethod | null;
  /** While an order is being placed: when the 12 s processing countdown ends (epoch ms). */
  processingUntil: number | null;
  /** Where the payment goes on inside the widget, once its session is open. */
  frame: FrameStart | null;
  /** The only-booking conflict of an order (4.4, codes 623/624): the buyer picks a way out. */
  conflict: { message: string } | null;
  /** The culture card's terms were agreed to on the parent page (4.11): asked on the first pay only. */
  pushkinTermsAgreed: boolean;
  /** Bonus payment's PIN check (7.7), loaded with the first bonus payment. */
  pin: BonusPin | null;
}

/** The steps indicator of 2.3: the methods, the buyer's details, and the final 'pay'. */
export type CheckoutStep = 'methods' | 'details' | 'pay';

/** How the checkout speaks to the buyer; the view passes its notices. */
export interface CheckoutNotices {
  /** A message that stays until closed; `onClose` runs when the buyer closes it. */
  alert(message: string, onClose?: () => void): void;
  /** A short message that goes by itself. */
  toast(message: string, kind?: 'error' | 'success'): void;
}

export interface CheckoutDeps {
  http: Http;
  basket: BasketStore;
  navigation: Navigation;
  notices: CheckoutNotices;
  /** Embedded in a partner's frame: nothing is chosen for the buyer (spec 2.3, 6). */
  isIframe: boolean;
  /** The 575 px layout is on. */
  isMobile: () => boolean;
  /** The payment card type sent as pc when the server offers no card-type block. */
  paymentCard: string;
  /** Analytics cookies sent with the order. */
  cookies: () => string;
  /** Visitor id for extra[fingerprint]; false sends none. */
  fingerprint: (() => Promise<string | undefined>) | false;
  /**
   * Asks the host page to confirm the buyer's phone (code 113; 212 of bonus payment) and then
   * call `retry`; false when no host takes the request.
   */
  askPhoneConfirmation(detail: { code: number; message: string; retry: () => Promise<void> }): boolean;
  /**
   * 4.11: asks the parent page to agree to the culture card's terms; resolves true once it does.
   * One press waits PUSHKIN_TERMS_WAIT_MS for it (checkout-terms.ts).
   */
  pushkinTerms?: () => Promise<boolean>;
  /**
   * 4.8: the host's callback for a guest's order on a phone (outside a partner's frame, not the
   * phone maker's wallet): it runs ANONYMOUS_MOBILE_REDIRECT_DELAY_MS (5 s) after the order, with
   * the order's payment session, instead of the widget opening the session itself.
   */
  paymentCallback?: (payment: MobilePayment) => void;
  /** The clock of the checkout's waits (the terms question, the 5 s of 4.8); tests pass their own. */
  after?: After;
  /** Moves the keyboard to the first failing field. */
  focus(field: GuestContactField | `courier-${CourierField}`): void;
  /** Overrides of the code inputs' delays (tests). */
  promoDebounceMs?: number;
  giftCardDebounceMs?: number;
}

export interface CheckoutFlow {
  state: CheckoutState;
  guest: GuestForm;
  courier: CourierForm;
  codes: CodesController;
  /** The offer as it stands (the basket state's `checkout`, or card and e-ticket). */
  offer(): CheckoutOffer;
  choosePayment(method: PaymentMethod): void;
  chooseDelivery(method: DeliveryMethod): void;
  chooseCardType(id: string): void;
  /** The cashback checkbox: ticking it chooses mts_cashback, unticking restores the previous method (4.5). */
  setCashback(on: boolean): void;
  chooseCashbackAction(action: 'nakopit_keshbek' | 'spisat_keshbek'): void;
  /** The pay button's one action; a press while an order is under way does nothing (4.7). */
  pay(): Promise<void>;
  /** The only-booking conflict's ways out (4.4): keep the bookings (1) or the other tickets (0), then reload. */
  resolveConflict(isBooking: 0 | 1 | null): Promise<void>;
  /** Stops the controller's timers and subscriptions. */
  dispose(): void;
}

type Basket = Pick<BasketState, 'cannotCreateOrder' | 'userIsGuest' | 'basketPrice' | 'checkout'>;

/**
 * The pay button looks active: nothing blocks the order, both methods are chosen and allowed, and
 * a guest's form passes. Reads snapshots, so a view re-renders with it.
 */
export function checkoutReady(
  basket: Basket,
  checkout: Pick<CheckoutState, 'payment' | 'delivery' | 'cardType' | 'cashbackAction'>,
  guest: GuestFormState,
): boolean {
  if (basket.cannotCreateOrder || checkout.payment === null || checkout.delivery === null) return false;
  if (choiceRules(offerOf(basket), checkout).disabled[checkout.payment] !== undefined) return false;
  return !basket.userIsGuest || guestValid(guest);
}

/** Where the steps indicator stands. */
export function checkoutStep(
  checkout: Pick<CheckoutState, 'payment' | 'delivery' | 'processingUntil' | 'frame'>,
): CheckoutStep {
  if (checkout.frame !== null || checkout.processingUntil !== null) return 'pay';
  return checkout.payment !== null && checkout.delivery !== null ? 'details' : 'methods';
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
  const after = deps.after ?? realAfter;
  const basket = () => deps.basket.state;
  const offer = () => offerOf(basket());
  const guest = createGuestForm(http);
  // 5.4 (decision 0055): a signed-in buyer's courier form is checked by variant B, a guest's by A.
  const courier = createCourierForm(http, () => checkoutDeliveryVariant(!basket().userIsGuest));
  const codes = createCodes({
    http,
    basket: deps.basket,
    notices,
    reload: () => navigation.reload(),
    isMobile: deps.isMobile,
    promoDebounceMs: deps.promoDebounceMs,
    giftCardDebounceMs: deps.giftCardDebounceMs,
  });
  const state = proxy<CheckoutState>({
    ...initialChoice(offer(), deps.isIframe),
    lastPayment: null,
    processingUntil: null,
    frame: null,
    conflict: null,
    pushkinTermsAgreed: false,
    pin: null,
  });
  guest.setPayment(state.payment);
  // karmaStop (4.5): the buyer's own delivery choice starts the payment, so none is made for them.
  if (karmaStopOn(basket())) state.delivery = null;
  /** One order and one payment session at a time, whatever the clicks (4.7). */
  let inProgress = false;
  /** The basket state carried the server's offer (else the fallback is shown until it comes). */
  let offered = basket().checkout !== undefined;
  /** The buyer has chosen something: a late offer's preselection does not override it. */
  let touched = false;

  const rules = () => choiceRules(offer(), state);

  const stop = () => {
    inProgress = false;
    state.processingUntil = null;
  };
  const handoff = createHandoff({
    http,
    navigation,
    notices,
    state,
    stop,
    isGuest: () => basket().userIsGuest,
    isMobile: deps.isMobile,
    isIframe: deps.isIframe,
    paymentCallback: deps.paymentCallback,
    after,
    payment: () => state.payment,
    askPhoneConfirmation: (detail) => deps.askPhoneConfirmation(detail),
    retry: () => pay(),
  });

  const setPayment = (method: PaymentMethod | null) => {
    state.payment = method;
    guest.setPayment(method);
    if (method === null) return;
    state.delivery = karmaStopOn(basket()) ? null : deliveryAfterPayment(offer(), method, state.delivery);
    const types = paymentOf(offer(), method)?.cardTypes ?? [];
    if (!types.some((t) => t.id === state.cardType)) state.cardType = types[0]?.id ?? null;
    if (isCourier(state.delivery)) void courier.loadStations();
  };

  /** The order's checks before anything is sent; false when the buyer has something to mend. */
  const mayPlace = async (): Promise<boolean> => {
    if (basket().cannotCreateOrder) {
      notices.alert(basket().cannotCreateOrderCause);
      return false;
    }
    const { payment, delivery } = state;
    if (payment === null || delivery === null) {
      notices.toast(messages.fillAllFields);
      return false;
    }
    const refused = rules().disabled[payment];
    if (refused !== undefined) {
      notices.alert(refused);
      return false;
    }
    if (payment === 'gift_card' && offer().giftCard === null) {
      if (codes.state.giftCard.trim() === '') {
        notices.alert(messages.giftCardNumberEmpty);
        return false;
      }
      await codes.applyGiftCard();
      if (offer().giftCard === null) return false;
    }
    if (basket().userIsGuest) {
      const verdict = await guest.validateAll();
      if (!verdict.valid) {
        // A refused e-mail speaks for itself under its field; the toast is for missing data. 5.5:
        // a device wallet's guest pay asks for the name, surname and e-mail in its own words.
        if (verdict.incomplete)
          notices.toast(WALLET_METHODS.includes(payment) ? messages.walletGuestFormInvalid : messages.fillAllFields);
        const first = verdict.failing[0];
        if (first) deps.focus(first);
        return false;
      }
    }
    if (isCourier(delivery)) {
      const failure = courier.validate();
      if (failure) {
        notices.toast(failure.message);
        deps.focus(`courier-${failure.field}`);
        return false;
      }
    }
    if (payment === 'pushkin_card' && !state.pushkinTermsAgreed && deps.pushkinTerms) {
      // 4.11, with a bounded wait: a parent that never answers does not keep the press locked.
      const answer = await termsWithin(deps.pushkinTerms(), after, () => {
        state.pushkinTermsAgreed = true;
      });
      if (answer === 'silent') notices.alert(PUSHKIN_TERMS_NO_ANSWER);
      if (answer !== 'agreed') return false;
      state.pushkinTermsAgreed = true;
    }
    if (payment === 'bonus' && !(await (await bonusPin()).confirm(pay))) return false;
    return true;
  };

  /** The PIN check's code comes with the first bonus payment. */
  const bonusPin = async (): Promise<BonusPin> => {
    if (state.pin) return state.pin;
    const { createBonusPin } = await import('./checkout-pin.js');
    state.pin ??= ref(
      createBonusPin({
        http,
        alert: (message) => notices.alert(message),
        askPhone: (detail) => deps.askPhoneConfirmation(detail),
      }),
    );
    return state.pin;
  };

  const placeOrder = async (): Promise<AnonymousOrderAnswer> => {
    const payment = state.payment ?? 'card';
    const delivery = orderDelivery(state) ?? 'eticket';
    const isGuest = basket().userIsGuest;
    const fingerprint = isGuest && deps.fingerprint ? await deps.fingerprint() : undefined;
    return placeCheckoutOrder(http, {
      payment,
      delivery,
      paymentCard: payment === 'pushkin_card' ? null : (state.cardType ?? deps.paymentCard),
      cashback: payment === 'mts_cashback' ? state.cashbackAction : null,
      cookies: deps.cookies(),
      guest: isGuest ? { fields: { ...guest.state.fields }, asked: guestFieldsFor(payment), fingerprint } : null,
      courier: isCourier(delivery) ? courier.wireFields() : null,
    });
  };

  async function pay(): Promise<void> {
    if (inProgress || state.frame) return;
    inProgress = true;
    if (!(await mayPlace())) {
      inProgress = false;
      return;
    }
    state.processingUntil = Date.now() + ORDER_PROCESSING_SECONDS * 1000;
    const pending = handoff.pending();
    if (pending) {
      await handoff.startSession(pending.url, pending.params);
      return;
    }
    const fallback = isCourier(state.delivery) ? messages.deliveryError : messages.orderCreateFailed;
    let answer: AnonymousOrderAnswer;
    try {
      answer = await placeOrder();
    } catch {
      stop();
      notices.alert(messages.orderCreateFailed);
      return;
    }
    await handoff.afterOrder(answer, fallback);
  }

  const locked = () => inProgress || state.frame !== null;

  /**
   * The basket state changed (a code applied, a ticket removed): a payment the new offer no longer
   * allows gives way to the gift card when one is applied (4.5), else to none; spending cashback
   * gives way to accumulating when a gift card or promo code is applied.
   */
  const reconcile = () => {
    if (locked()) return;
    // The first offer after a state without one (a page rendered before it): its preselection,
    // unless the buyer has chosen already.
    if (!offered && basket().checkout) {
      offered = true;
      if (!touched) {
        Object.assign(state, initialChoice(offer(), deps.isIframe));
        guest.setPayment(state.payment);
        if (karmaStopOn(basket())) state.delivery = null;
      }
    }
    const now = rules();
    const { payment } = state;
    if (payment !== null && (now.disabled[payment] !== undefined || !paymentOf(offer(), payment))) {
      const byGiftCard = offer().giftCard !== null && paymentOf(offer(), 'gift_card') && !now.disabled.gift_card;
      setPayment(byGiftCard ? 'gift_card' : null);
    }
    if (now.cashbackSpendDisabled && state.cashbackAction === 'spisat_keshbek')
      state.cashbackAction = 'nakopit_keshbek';
    const types = paymentOf(offer(), state.payment)?.cardTypes ?? [];
    if (!types.some((t) => t.id === state.cardType)) state.cardType = types[0]?.id ?? null;
  };
  const unsubscribe = subscribe(deps.basket, reconcile);

  return {
    state,
    guest,
    courier,
    codes,
    offer,
    choosePayment(method) {
      if (locked() || rules().disabled[method] !== undefined) return;
      touched = true;
      if (method !== state.payment) state.lastPayment = state.payment;
      setPayment(method);
    },
    chooseDelivery(method) {
      if (locked()) return;
      touched = true;
      state.delivery = method;
      if (isCourier(method)) void courier.loadStations();
      // karmaStop (4.5): choosing the delivery starts the payment at once.
      if (karmaStopOn(basket()) && state.payment !== null) void pay();
    },
    chooseCardType(id) {
      if (!locked()) state.cardType = id;
    },
    setCashback(on) {
      if (locked()) return;
      touched = true;
      if (on) {
        if (state.payment === 'mts_cashback') return;
        state.lastPayment = state.payment;
        const kept = offer().cashback?.action ?? 'nakopit_keshbek';
        state.cashbackAction = rules().cashbackSpendDisabled ? 'nakopit_keshbek' : kept;
        setPayment('mts_cashback');
        void codes.applyCashback(state.cashbackAction);
        return;
      }
      if (state.payment !== 'mts_cashback') return;
      setPayment(paymentAfterCashbackOff(state.lastPayment));
      void codes.applyCashback('');
    },
    chooseCashbackAction(action) {
      if (locked() || (action === 'spisat_keshbek' && rules().cashbackSpendDisabled)) return;
      state.cashbackAction = action;
      void codes.applyCashback(action);
    },
    pay,
    async resolveConflict(isBooking) {
      if (isBooking === null) {
        state.conflict = null;
        return;
      }
      try {
        await resetExclude(http, isBooking);
      } catch {
        notices.alert(messages.serverError);
        return;
      }
      navigation.reload();
    },
    dispose() {
      handoff.dispose();
      codes.dispose();
      unsubscribe();
    },
  };
}
