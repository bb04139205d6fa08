/**
 * The one call a host page needs: `mount(element, options)` renders the widget that
 * `options.widget` names into `element` and returns the function that unmounts it.
 *
 * Every widget is imported when first mounted, so a page downloads only the widgets it shows
 * (in the script-tag bundle each is a file of its own, next to a shared runtime file), and the
 * first file a page loads stays small. The entrance (standing-room) counter is part of the seat
 * map: it opens from the plan's entrance sections and from its list view.
 *
 * A page on another origin than the ticket site passes `baseUrl` and the session it was handed
 * (`sessionName`, `sessionId`, `csrfParam`, `csrfToken`); every call then carries the session
 * as a URL parameter, which works where third-party cookies are blocked.
 */
import { messages } from '@partera/contract';
import type { BasketState } from './api/basket.js';
import { Http, readSessionFromMeta, type SessionParams } from './api/http.js';
import type { MountBasketOptions } from './basket/mount.js';
import type { BasketStore } from './basket/store.js';
import type { MountCheckoutOptions } from './checkout/mount.js';
import type { MountPaymentOptions } from './payment/mount.js';
import type { MountHallViewOptions } from './seat-map/mount.js';

/** Where a widget's calls go: the host's own `Http`, or the parts to build one. */
export interface Connection extends Partial<SessionParams> {
  http?: Http;
}

type WidgetOptions<Name extends string, Options> = { widget: Name } & Omit<Options, 'http' | 'api'> & Connection;

export type MountOptions =
  | WidgetOptions<'seat-map', MountHallViewOptions>
  | WidgetOptions<'basket', MountBasketOptions>
  | WidgetOptions<'checkout', MountCheckoutOptions>
  | WidgetOptions<'payment', MountPaymentOptions>;

export type WidgetName = MountOptions['widget'];
export type Unmount = () => void;

/**
 * The transport for a connection. With a `baseUrl` the host page is not the ticket site, so its
 * meta tags say nothing about our session; without one the page's session-* and csrf-* meta
 * tags fill in what the options leave out.
 */
export function connect(options: Connection = {}, doc: Document = document): Http {
  if (options.http) return options.http;
  const overrides = [options.baseUrl, options.sessionName, options.sessionId, options.csrfParam, options.csrfToken];
  // The page's own session object, shared with its other widgets (Http.adoptSession).
  if (overrides.every((o) => o === undefined)) return new Http(readSessionFromMeta(doc));
  const base = options.baseUrl
    ? { sessionName: 'sid', sessionId: '', csrfParam: '_csrf', csrfToken: '', baseUrl: '' }
    : readSessionFromMeta(doc);
  return new Http({
    sessionName: options.sessionName ?? base.sessionName,
    sessionId: options.sessionId ?? base.sessionId,
    csrfParam: options.csrfParam ?? base.csrfParam,
    csrfToken: options.csrfToken ?? base.csrfToken,
    baseUrl: (options.baseUrl ?? base.baseUrl).replace(/\/+$/, ''),
  });
}

/** The basket from the server, as a store that the basket and checkout of one page can share. */
export async function loadBasket(connection: Connection = {}): Promise<BasketStore> {
  const { loadBasketStore } = await import('./basket/store.js');
  return loadBasketStore(connect(connection));
}

/** What the element says when the widget's file (or the basket it needs) cannot be fetched. */
const LOAD_FAILURE: Record<WidgetName, string> = {
  'seat-map': messages.hallMapLoadError,
  basket: messages.serverError,
  checkout: messages.serverError,
  payment: messages.walletNetworkError,
};

export function mount(element: HTMLElement, options: MountOptions): Unmount {
  return whenLoaded(element, LOAD_FAILURE[options.widget], load(element, options));
}

/** Fetches the widget's file (and what it needs); resolves to the call that mounts it. */
function load(element: HTMLElement, options: MountOptions): Promise<() => Unmount> {
  const http = connect(options, element.ownerDocument);
  switch (options.widget) {
    case 'seat-map':
      return mountLater(
        element,
        { ...widgetProps(options), http },
        import('./seat-map/mount.js').then((m) => m.mountHallView),
      );
    case 'basket':
      return mountLater(
        element,
        withBasket({ ...widgetProps(options), http }),
        import('./basket/mount.js').then((m) => m.mountBasket),
      );
    case 'checkout':
      return mountLater(
        element,
        withBasket({ ...widgetProps(options), http }),
        import('./checkout/mount.js').then((m) => m.mountCheckout),
      );
    case 'payment':
      return mountLater(
        element,
        { ...widgetProps(options), http },
        import('./payment/mount.js').then((m) => m.mountPayment),
      );
  }
}

function mountLater<P>(
  element: HTMLElement,
  props: P | Promise<P>,
  mountWidget: Promise<(element: HTMLElement, props: NoInfer<P>) => Unmount>,
): Promise<() => Unmount> {
  return Promise.all([mountWidget, props]).then(
    ([start, ready]) =>
      () =>
        start(element, ready),
  );
}

/** The widget's own options: the mount options less the widget name and the connection. */
function widgetProps<T extends MountOptions>(options: T) {
  const { widget, http, baseUrl, sessionName, sessionId, csrfParam, csrfToken, ...props } = options;
  return props;
}

/** Basket and checkout need the basket; a host that has none of its own gets it from the server. */
async function withBasket<P extends { http: Http; initialState?: BasketState; store?: BasketStore }>(
  props: P,
): Promise<P> {
  if (props.initialState || props.store) return props;
  return { ...props, store: await loadBasket({ http: props.http }) };
}

/**
 * Mounts once `loading` resolves; unmounting before that cancels the mount. A failed load (the
 * widget's file or the basket could not be fetched) is said in the element itself.
 */
function whenLoaded(element: HTMLElement, failure: string, loading: Promise<() => Unmount>): Unmount {
  let unmount: Unmount | null = null;
  let cancelled = false;
  loading.then(
    (start) => {
      if (!cancelled) unmount = start();
    },
    () => {
      if (cancelled) return;
      const note = element.ownerDocument.createElement('p');
      note.className = 'pt-load-error';
      note.setAttribute('role', 'alert');
      note.textContent = failure;
      element.replaceChildren(note);
      unmount = () => note.remove();
    },
  );
  return () => {
    cancelled = true;
    unmount?.();
    unmount = null;
  };
}
