import { useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import type { BasketState } from '../api/basket.js';
import type { Http } from '../api/http.js';
import { type BasketStore, createBasketStore } from '../basket/store.js';
import { visitorId } from '../payment/fingerprint.js';
import {
  type CheckoutFlow,
  checkoutReady,
  createCheckoutFlow,
  type DeliveryMethod,
  metricCookies,
  type PaymentMethod,
} from '../store/checkout-flow.js';
import { askHost } from '../store/events.js';
import type { GuestContactField } from '../store/guest-form.js';
import { MOBILE_QUERY, useMediaQuery } from '../ui/media.js';
import { browserNavigation, type Navigation } from '../ui/navigation.js';
import { useNotices } from '../ui/notices.js';
import { Choice, type ChoiceOption } from './choice.js';
import { GuestContacts } from './guest-fields.js';
import { PayButton, PaymentPanel, ProcessingStatus } from './pay-panel.js';

export interface CheckoutProps {
  http: Http;
  /** The server-rendered basket; ignored when `store` is given. */
  initialState?: BasketState;
  /** The store shared with the basket widget of the same page. */
  store?: BasketStore;
  /** Embedded in a partner's frame: card and e-ticket are not chosen for the buyer (spec 2.3, 6). */
  isIframe?: boolean;
  /** Overrides the 575 px media query (the mobile pay button and agreement line). */
  mobile?: boolean;
  navigation?: Navigation;
  /** The payment card type sent as pc. */
  paymentCard?: string;
  /** Analytics cookies sent with the order (default: session storage MetricCookie). */
  cookies?: () => string;
  /** Visitor id for extra[fingerprint]; false sends none. */
  fingerprint?: (() => Promise<string | undefined>) | false;
  /** How often the partner's pay flow panel asks whether the partner confirmed (default 3 s). */
  partnerPayPollMs?: number;
  /** Where a paid or failed payment leads when the session answer names no return URL. */
  successUrl?: string;
  failUrl?: string;
}

const PAYMENTS: readonly ChoiceOption<PaymentMethod>[] = [{ value: 'card', label: 'Банковской картой' }];
const DELIVERIES: readonly ChoiceOption<DeliveryMethod>[] = [{ value: 'eticket', label: 'Электронный билет' }];

/**
 * Checkout of /shopcart/: how to pay and get the tickets, the guest form, the pay button with its
 * processing countdown, and the payment once its session is open. The flow is the controller's
 * (store/checkout-flow.ts); this view reads its state.
 */
export function Checkout(props: CheckoutProps) {
  const { http, navigation = browserNavigation, successUrl = '/order/complete/', failUrl = '/shopcart/' } = props;
  const [store] = useState(() => props.store ?? createBasketStore(requireState(props.initialState)));
  const matchesMobile = useMediaQuery(MOBILE_QUERY);
  const isMobile = props.mobile ?? matchesMobile;
  const mobile = useRef(isMobile);
  mobile.current = isMobile;
  const notices = useNotices();
  const root = useRef<HTMLElement>(null);
  const inputs = {
    email: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null),
    surname: useRef<HTMLInputElement>(null),
  } satisfies Record<GuestContactField, unknown>;
  const [flow] = useState<CheckoutFlow>(() =>
    createCheckoutFlow({
      http,
      basket: store,
      navigation,
      isIframe: props.isIframe ?? false,
      isMobile: () => mobile.current,
      paymentCard: props.paymentCard ?? 'bankovskaya_karta',
      cookies: props.cookies ?? metricCookies,
      fingerprint: props.fingerprint ?? visitorId,
      notices: {
        alert: (message, onClose) => notices.alert({ message, persistent: true, onClose }),
        toast: (message) => notices.toast(message),
      },
      askPhoneConfirmation: (detail) => askHost(root.current, 'phone-confirmation-required', detail),
      focus: (field) => inputs[field].current?.focus(),
    }),
  );
  const [returnUrls] = useState(() => ({ success: successUrl, fail: failUrl }));
  const { state: basket } = useSnapshot(store) as BasketStore;
  const checkout = useSnapshot(flow.state);
  const guestSnap = useSnapshot(flow.guest.state);
  const ids = { root: useId(), pm: useId(), dm: useId(), status: useId() };

  if (basket.tickets.length === 0) return null;
  const processing = checkout.processingUntil !== null;
  const locked = processing || checkout.frame !== null;

  return (
    <section ref={root} className="pt-widget pt-checkout" aria-labelledby={ids.root}>
      <h2 id={ids.root} className="pt-checkout__title">
        Оформление заказа
      </h2>
      <Choice
        legend="Способ оплаты"
        name={ids.pm}
        options={PAYMENTS}
        chosen={checkout.payment}
        disabled={locked}
        onChoose={flow.choosePayment}
      />
      <Choice
        legend="Способ получения"
        name={ids.dm}
        options={DELIVERIES}
        chosen={checkout.delivery}
        disabled={locked}
        onChoose={flow.chooseDelivery}
      />
      {basket.userIsGuest ? <GuestContacts form={flow.guest} inputs={inputs} disabled={locked} /> : null}
      <ProcessingStatus id={ids.status} until={checkout.processingUntil} />
      {checkout.frame ? (
        <PaymentPanel
          frame={checkout.frame}
          http={http}
          navigation={navigation}
          returnUrls={returnUrls}
          partnerPayPollMs={props.partnerPayPollMs}
        />
      ) : (
        <PayButton
          ready={checkoutReady(basket, checkout, guestSnap)}
          processing={processing}
          mobile={isMobile}
          statusId={ids.status}
          http={http}
          onPay={() => void flow.pay()}
        />
      )}
      {notices.view}
    </section>
  );
}

function requireState(state: BasketState | undefined): BasketState {
  if (!state) throw new Error('Checkout: pass initialState or store');
  return state;
}
