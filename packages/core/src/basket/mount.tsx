import type { BasketState } from '../api/basket.js';
import { Http, readSessionFromMeta } from '../api/http.js';
import { type MountCommon, mountWidget } from '../ui/mount.js';
import type { Navigation } from '../ui/navigation.js';
import { Basket } from './Basket.js';
import type { BasketStore } from './store.js';
import { basketCss } from './styles.js';

export interface MountBasketOptions extends MountCommon {
  /** The server-rendered basket; or pass `store` to share it with the checkout widget. */
  initialState?: BasketState;
  store?: BasketStore;
  /** Defaults to the page's session and CSRF meta tags. */
  http?: Http;
  navigation?: Navigation;
}

export function mountBasket(element: Element, options: MountBasketOptions): () => void {
  const http = options.http ?? new Http(readSessionFromMeta(element.ownerDocument));
  return mountWidget(
    element,
    <Basket http={http} initialState={options.initialState} store={options.store} navigation={options.navigation} />,
    { id: 'basket', css: basketCss },
    options,
  );
}
