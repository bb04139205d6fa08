import { vi } from 'vitest';

/**
 * A stand-in for the framed site. Every page happy-dom fetches is an empty document, so the
 * frame gets a (cross-origin) window that runs nothing and no test touches the network; the
 * tests play the site by dispatching MessageEvents on the partner's window, as a browser does for
 * the site's postMessage calls, and read what the loader sent from a spy on the frame window's
 * postMessage.
 */
const happyDOM = (window as unknown as { happyDOM: { settings: { fetch: { interceptor: unknown } } } }).happyDOM;
happyDOM.settings.fetch.interceptor = {
  beforeAsyncRequest: async ({ window: frameWindow }: { window: typeof window }) =>
    new frameWindow.Response('<!doctype html><title>site</title>', { headers: { 'content-type': 'text/html' } }),
};

export const SITE_ORIGIN = 'https://tickets.example';
export const START_URL = `${SITE_ORIGIN}/show/slug/`;
export const PARTNER_HASH = 'demo-partner-hash';

export const frameOf = (element: Element) => element.querySelector('iframe')!;

export const sendFromSite = (
  frame: HTMLIFrameElement,
  data: unknown,
  { origin = SITE_ORIGIN, source = frame.contentWindow as Window | null, ports = [] as MessagePort[] } = {},
) => window.dispatchEvent(new MessageEvent('message', { data, origin, source, ports }));

/** What the loader posted to the frame: [message, targetOrigin or options][]. */
export const spyOnSite = (frame: HTMLIFrameElement) =>
  vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {});

/** Every target origin the loader used; none may be '*'. */
export const targetOrigins = (spy: ReturnType<typeof spyOnSite>) =>
  spy.mock.calls.map(([, target]) =>
    typeof target === 'string' ? target : (target as WindowPostMessageOptions | undefined)?.targetOrigin,
  );

/** Collects the element's 'partera:*' DOM events. */
export const recordDomEvents = (element: Element, names: string[]) => {
  const seen: CustomEvent[] = [];
  for (const name of names) element.addEventListener(name, (event) => seen.push(event as CustomEvent));
  return seen;
};
