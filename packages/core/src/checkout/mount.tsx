import type { BasketState } from '../api/basket.js';
import { Http, readSessionFromMeta } from '../api/http.js';
import type { BasketStore } from '../basket/store.js';
import { type MountCommon, mountWidget } from '../ui/mount.js';
import { Checkout, type CheckoutProps } from './Checkout.js';
import { checkoutCss } from './styles.js';

export interface MountCheckoutOptions extends MountCommon, Omit<CheckoutProps, 'http' | 'initialState' | 'store'> {
  /** The server-rendered basket; or pass `store` to share it with the basket widget. */
  initialState?: BasketState;
  store?: BasketStore;
  /** Defaults to the page's session and CSRF meta tags. */
  http?: Http;
}

export function mountCheckout(element: Element, options: MountCheckoutOptions): () => void {
  const { hydrate, injectStyles, http, ...props } = options;
  return mountWidget(
    element,
    <Checkout {...props} http={http ?? new Http(readSessionFromMeta(element.ownerDocument))} />,
    { id: 'checkout', css: checkoutCss },
    { hydrate, injectStyles },
  );
}
