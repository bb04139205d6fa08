import { connectSite } from './channel.js';
import {
  CONNECTION_FAILED_TEXT,
  connectingText,
  GIVE_ME_HASH,
  GIVE_UP_AFTER_MS,
  HASH_PARAM,
  INITIAL_HEIGHT,
  PUSHKIN_CARD_TERMS_OF_USE,
  PUSHKIN_CARD_USER_AGREES_TO_TERMS,
  SEND_MY_HASH,
  SHOW_IFRAME,
} from './constants.js';
import { domEventName, type PartneraEvent, type PartneraHandlers } from './protocol.js';
import { askPushkinCardTerms, type Emit, parentMethods } from './routing.js';

export interface MountOptions extends PartneraHandlers {
  /** The partner hash from the partner's registration; answers the site's 'giveMeHash'. */
  partnerHash: string;
  /** Where the frame starts: a show, a performance, the basket. */
  startUrl: string;
  /** The only origin whose messages are heard and to which messages go. Default: the start URL's. */
  siteOrigin?: string;
  /** Called with every event, after its per-event callback. */
  onEvent?: (event: PartneraEvent) => unknown;
  /** Set the frame's height from the site's resize and inventoryHeight messages. Default true. */
  autoHeight?: boolean;
  /** Frame height in CSS pixels until the site reports one. */
  height?: number;
  /** The frame's accessible name. Default: the site's host. */
  title?: string;
}

export interface PartneraWidget {
  element: HTMLElement;
  iframe: HTMLIFrameElement;
  siteOrigin: string;
  /** Removes the frame and every listener; safe to call twice. */
  unmount(): void;
}

const widgets = new WeakMap<Element, PartneraWidget>();

/** The widget mounted on `element`, if any. */
export const widgetOf = (element: Element) => widgets.get(element);

const originOf = (url: string) => {
  const origin = new URL(url).origin;
  // 'null' is the opaque origin of data:, blob: and the like: nothing could be checked against it.
  if (origin === 'null') throw new TypeError(`Partera: no origin in ${url}`);
  return origin;
};

/**
 * Frames the site in `element` and runs the legacy handshake; once the site sends 'showIframe',
 * shows the frame and starts the message API. Mounting on an element that has a widget replaces it.
 */
export const mount = (element: HTMLElement, options: MountOptions): PartneraWidget => {
  const { partnerHash, startUrl } = options;
  if (!partnerHash || !startUrl) throw new TypeError('Partera: partnerHash and startUrl are required');
  widgets.get(element)?.unmount();

  const url = new URL(startUrl, location.href);
  url.searchParams.set(HASH_PARAM, partnerHash);
  const siteOrigin = originOf(options.siteOrigin ?? url.href);
  const host = new URL(siteOrigin).host;

  const doc = element.ownerDocument;
  const root = doc.createElement('div');
  const status = doc.createElement('div');
  const frame = doc.createElement('iframe');
  root.style.position = 'relative';
  status.setAttribute('role', 'status');
  status.textContent = connectingText(host);
  // Hidden, not display:none, so the site lays itself out at the real width while it connects.
  frame.style.cssText = `display:block;width:100%;border:0;height:${options.height ?? INITIAL_HEIGHT}px;visibility:hidden;position:absolute;top:0`;
  frame.title = options.title ?? host;
  // Device wallets (Payment Request, Apple Pay) only work in a frame that allows them.
  frame.setAttribute('allow', 'payment');
  frame.src = url.href;
  root.append(status, frame);
  element.append(root);

  const handlers = options as unknown as Record<string, ((event: PartneraEvent) => unknown) | undefined>;
  const report = (handler: ((event: PartneraEvent) => unknown) | undefined, event: PartneraEvent) => {
    try {
      return handler?.(event);
    } catch (error) {
      // A failing partner callback must not stop the other callbacks or the loader.
      console.error(error);
    }
  };
  const emit: Emit = (type, payload) => {
    const event = { ...payload, type } as PartneraEvent;
    const result = report(handlers[`on${type[0]!.toUpperCase()}${type.slice(1)}`], event);
    report(options.onEvent, event);
    element.dispatchEvent(new CustomEvent(domEventName(type), { detail: event, bubbles: true }));
    return result;
  };
  const setHeight = (height: number) => {
    if (options.autoHeight !== false) frame.style.height = `${Math.ceil(height)}px`;
  };
  // Read at each use: the frame gets a new window when the element is moved in the document.
  const post = (message: string) => frame.contentWindow?.postMessage(message, siteOrigin);

  const methods = parentMethods(emit, setHeight);
  // The site window the message API is connected to: set by 'showIframe', and set anew when the
  // frame gets a new window (a moved element), since penpal is bound to one window.
  let connected: Window | undefined;
  let disconnect: (() => void) | undefined;
  const giveUp = setTimeout(() => {
    status.textContent = CONNECTION_FAILED_TEXT;
    emit('failure', { message: CONNECTION_FAILED_TEXT });
  }, GIVE_UP_AFTER_MS);

  const onMessage = (event: MessageEvent) => {
    // Anything not from our frame's window at the site's origin is ignored, silently.
    const site = frame.contentWindow;
    if (!site || event.source !== site || event.origin !== siteOrigin) return;
    const { data } = event;
    if (data === GIVE_ME_HASH) {
      // Answered on every page load of the site, as the legacy protocol does.
      post(SEND_MY_HASH + partnerHash);
    } else if (data === SHOW_IFRAME && site !== connected) {
      clearTimeout(giveUp);
      status.remove();
      frame.style.visibility = frame.style.position = '';
      disconnect?.();
      connected = site;
      disconnect = connectSite(site, siteOrigin, methods);
      emit('ready', {});
    } else if (data === PUSHKIN_CARD_TERMS_OF_USE && site === connected) {
      askPushkinCardTerms(emit, (agreed) => agreed && post(PUSHKIN_CARD_USER_AGREES_TO_TERMS));
    }
  };
  window.addEventListener('message', onMessage);

  const widget: PartneraWidget = {
    element,
    iframe: frame,
    siteOrigin,
    unmount() {
      window.removeEventListener('message', onMessage);
      clearTimeout(giveUp);
      disconnect?.();
      root.remove();
      if (widgets.get(element) === widget) widgets.delete(element);
    },
  };
  widgets.set(element, widget);
  return widget;
};

/** Mounts every `[data-partera-widget]` under `root` that has no widget yet. */
export const mountAll = (root: ParentNode = document): PartneraWidget[] => {
  const mounted: PartneraWidget[] = [];
  for (const element of root.querySelectorAll<HTMLElement>('[data-partera-widget]')) {
    if (widgets.has(element)) continue;
    const { partner, src, origin } = element.dataset;
    try {
      mounted.push(mount(element, { partnerHash: partner!, startUrl: src!, siteOrigin: origin }));
    } catch (error) {
      console.error(error);
    }
  }
  return mounted;
};
