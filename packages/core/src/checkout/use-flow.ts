/** The checkout's controller for a view: created once, wired to the page's notices, host and focus. */
import { useEffect, useRef, useState } from 'react';
import type { BasketState } from '../api/basket.js';
import { createBasketStore, refreshBasket } from '../basket/store.js';
import { visitorId } from '../payment/fingerprint.js';
import { type CheckoutFlow, createCheckoutFlow, metricCookies } from '../store/checkout-flow.js';
import { askPushkinTerms } from '../store/checkout-terms.js';
import { askHost } from '../store/events.js';
import { MOBILE_QUERY, useMediaQuery } from '../ui/media.js';
import { browserNavigation } from '../ui/navigation.js';
import { useNotices } from '../ui/notices.js';
import type { CheckoutProps } from './Checkout.js';

export function useCheckoutFlow(props: CheckoutProps) {
  const { http, navigation = browserNavigation } = props;
  const [store] = useState(() => props.store ?? createBasketStore(requireState(props.initialState)));
  const matchesMobile = useMediaQuery(MOBILE_QUERY);
  const isMobile = props.mobile ?? matchesMobile;
  const mobile = useRef(isMobile);
  mobile.current = isMobile;
  const notices = useNotices();
  const root = useRef<HTMLElement>(null);
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
        toast: (message, kind) => notices.toast(message, kind),
      },
      askPhoneConfirmation: (detail) => askHost(root.current, 'phone-confirmation-required', detail),
      pushkinTerms: () => askPushkinTerms(),
      paymentCallback: props.paymentCallback,
      focus: (field) => root.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus(),
      promoDebounceMs: props.promoDebounceMs,
      giftCardDebounceMs: props.giftCardDebounceMs,
    }),
  );
  useEffect(() => () => flow.dispose(), [flow]);
  // A page rendered with a basket state that predates the checkout's offer (decision 0032) reads
  // the state once more; a server that offers none answers without it again, and card and
  // e-ticket stay.
  useEffect(() => {
    if (store.state.tickets.length > 0 && !store.state.checkout) refreshBasket(store, http).catch(() => {});
  }, [store, http]);
  return { store, flow, isMobile, notices, root };
}

function requireState(state: BasketState | undefined): BasketState {
  if (!state) throw new Error('Checkout: pass initialState or store');
  return state;
}
