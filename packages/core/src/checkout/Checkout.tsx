import { useId, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import type { BasketState } from '../api/basket.js';
import type { Http } from '../api/http.js';
import type { BasketStore } from '../basket/store.js';
import { type CheckoutState, checkoutReady, checkoutStep, type MobilePayment } from '../store/checkout-flow.js';
import { type CheckoutOffer, choiceRules, chosenDelivery, karmaStopOn, offerOf } from '../store/checkout-offer.js';
import { browserNavigation, type Navigation } from '../ui/navigation.js';
import { GuestContacts } from './guest-fields.js';
import { BookingConflictDialog, PinDialog } from './lazy.js';
import { Methods } from './methods.js';
import { PayButton, PaymentPanel, ProcessingStatus } from './pay-panel.js';
import { HelpLinks, Steps, Totals } from './summary.js';
import { useCheckoutFlow } from './use-flow.js';

export interface CheckoutProps {
  http: Http;
  /** The server-rendered basket; ignored when `store` is given. */
  initialState?: BasketState;
  /** The store shared with the basket widget of the same page. */
  store?: BasketStore;
  /** Embedded in a partner's frame: nothing is chosen for the buyer (spec 2.3, 6). */
  isIframe?: boolean;
  /** Overrides the 575 px media query (the select of methods, the mobile pay button and agreement line). */
  mobile?: boolean;
  navigation?: Navigation;
  /** The payment card type sent as pc when the server offers no card-type block. */
  paymentCard?: string;
  /** Analytics cookies sent with the order (default: session storage MetricCookie). */
  cookies?: () => string;
  /** Visitor id for extra[fingerprint]; false sends none. */
  fingerprint?: (() => Promise<string | undefined>) | false;
  /**
   * 4.8: on a phone, a guest's order is handed to this callback 5 s after it is placed (outside a
   * partner's frame, not the phone maker's wallet), instead of the widget opening its payment.
   */
  paymentCallback?: (payment: MobilePayment) => void;
  /** How often the partner's pay flow panel asks whether the partner confirmed (default 3 s). */
  partnerPayPollMs?: number;
  /** Where a paid or failed payment leads when the session answer names no return URL. */
  successUrl?: string;
  failUrl?: string;
  /** Overrides of the promo and gift card delays (tests). */
  promoDebounceMs?: number;
  giftCardDebounceMs?: number;
}

/** What the checkout's parts read in one render. */
export interface CheckoutSnapshot {
  offer: CheckoutOffer;
  hasCheckout: boolean;
  choice: Readonly<CheckoutState>;
}

/**
 * Checkout of /shopcart/: how to pay and get the tickets among what the server offers, the guest
 * and courier forms, codes and cards, the pay button with its processing countdown, and the payment
 * once its session is open. The flow is the controller's (store/checkout-flow.ts); this view reads it.
 */
export function Checkout(props: CheckoutProps) {
  const { http, navigation = browserNavigation, successUrl = '/order/complete/', failUrl = '/shopcart/' } = props;
  const { store, flow, isMobile, notices, root } = useCheckoutFlow(props);
  const [returnUrls] = useState(() => ({ success: successUrl, fail: failUrl }));
  const { state: basket } = useSnapshot(store) as BasketStore;
  const choice = useSnapshot(flow.state);
  const guestSnap = useSnapshot(flow.guest.state);
  const ids = { root: useId(), status: useId() };

  if (basket.tickets.length === 0) return null;
  const offer = offerOf(basket);
  const rules = choiceRules(offer, choice);
  const processing = choice.processingUntil !== null;
  const locked = processing || choice.frame !== null;
  const step = checkoutStep(choice);
  // karmaStop (4.5): the delivery choice starts the payment; the blocks fold and the button hides.
  const karmaStop = karmaStopOn(basket);
  const ready = checkoutReady(basket, choice, guestSnap);

  return (
    <section ref={root} className="pt-widget pt-checkout" aria-labelledby={ids.root}>
      <h2 id={ids.root} className="pt-checkout__title">
        Оформление заказа
      </h2>
      <Steps step={step} />
      {karmaStop && step === 'pay' ? null : (
        <Methods
          flow={flow}
          snap={{ offer, hasCheckout: basket.checkout !== undefined, choice }}
          rules={rules}
          mobile={isMobile}
          locked={locked}
          http={http}
        />
      )}
      {basket.userIsGuest ? <GuestContacts form={flow.guest} disabled={locked} /> : null}
      <Totals totals={offer.totals} deliveryPrice={chosenDelivery(offer, choice)?.price ?? offer.totals.delivery} />
      <ProcessingStatus id={ids.status} until={choice.processingUntil} />
      {choice.frame ? (
        <PaymentPanel
          frame={choice.frame}
          http={http}
          navigation={navigation}
          returnUrls={returnUrls}
          partnerPayPollMs={props.partnerPayPollMs}
        />
      ) : karmaStop ? null : (
        <PayButton
          ready={ready}
          processing={processing}
          mobile={isMobile}
          statusId={ids.status}
          http={http}
          onPay={() => void flow.pay()}
        />
      )}
      <HelpLinks http={http} />
      {choice.pin ? <PinDialog pin={choice.pin} /> : null}
      {choice.conflict ? (
        <BookingConflictDialog message={choice.conflict.message} onChoose={(b) => void flow.resolveConflict(b)} />
      ) : null}
      {notices.view}
    </section>
  );
}
