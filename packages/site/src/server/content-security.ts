import { contentSecurityPolicy, type ServerConfig } from '@partera/server';

/**
 * The Content-Security-Policy of the site's pages. What the pages hold, and why each source:
 *
 * - Scripts: the client bundles and their chunks under /assets/ ('self'; modulepreload too), and
 *   nothing else. The documents have no inline script that runs, so none is allowed: no nonce,
 *   no 'unsafe-inline', no 'unsafe-eval'; an injected <script> or event handler does not run.
 *   (A nonce would allow only inline scripts, of which there are none, and would make every
 *   answer different: no entity tag, no reuse of a compressed page.) Every answer is sent with
 *   nosniff, so no other file of this site, a JSON answer or an image, can pass for a script.
 *   The page-data block is <script type="application/json">: data the browser never executes,
 *   so CSP does not govern it (document.ts escapes it so that no value can close the element).
 * - Styles: 'self' (the site stylesheet) and 'unsafe-inline'. Kept because the pages need
 *   inline styles that no nonce could cover: the core widgets inject their <style> elements at
 *   run time (injectCss, the seat map's filter rule), also on partners' pages whose nonce we do
 *   not know; React writes style attributes (poster hues, price swatches) and the hall plan SVG
 *   carries its own; a nonce in style-src would switch 'unsafe-inline' off for all of them.
 *   The risk left is CSS injection, which cannot run code, and cannot send what it reads to
 *   another site either: images, fonts and fetches are limited to this site below.
 * - Images: 'self' (posters under /media/, seat photos, which must be served from this site
 *   too) and data: (the document's empty favicon link); and the maps' tile host when one is
 *   configured (MAP_TILES_URL, map-tiles.ts), never otherwise.
 * - connect-src 'self': every API call of the pages and widgets goes to this site.
 * - frame-src and form-action: the checkout submits the bank form into its frame. The built-in
 *   sandbox bank is served by this same server (/sandbox-bank/), so 'self'; a provider whose
 *   hosted page lives elsewhere adds its origin to PAYMENT_PAGE_SOURCES.
 * - YooKassa's checkout widget (decision 0045), only when the deployment takes card payments
 *   with it (PAYMENT_PROVIDER=yookassa, YOOKASSA_CONFIRMATION=embedded): the checkout loads the
 *   widget's script (YOOKASSA_WIDGET_URL) and the script renders YooKassa's payment form in a
 *   frame served from the script's own origin (https://yookassa.ru for YooKassa's script), so
 *   that one origin is added to script-src and frame-src, and nothing else: what the form frames
 *   in turn (3-D Secure, a bank's page) is governed by YooKassa's own policy, not this one. The
 *   checkout can open on any page that holds a basket, and the policy is one for the whole site,
 *   so the origin is allowed site-wide; any other deployment allows neither.
 * - object-src 'none', base-uri 'none': no plugins, and no injected <base> redirects the
 *   relative script URLs.
 * - frame-ancestors: this site and the registered partners' origins (as before), appended by
 *   the caller from the partner registry.
 */
export const PAYMENT_PAGE_SOURCES: readonly string[] = ["'self'"];

/** The origin of YooKassa's checkout widget when the deployment pays by it; none otherwise. */
export function paymentWidgetSources(payments: Pick<ServerConfig['payments'], 'provider' | 'yookassa'>): string[] {
  const yookassa = payments.yookassa;
  if (payments.provider !== 'yookassa' || yookassa?.confirmation !== 'embedded' || !yookassa.widgetUrl) return [];
  return [new URL(yookassa.widgetUrl).origin];
}

export function sitePagePolicy(
  frameAncestors: string,
  tileSources: readonly string[] = [],
  widgetSources: readonly string[] = [],
): string {
  const own = contentSecurityPolicy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...widgetSources],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...tileSources],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': [...PAYMENT_PAGE_SOURCES, ...widgetSources],
    'form-action': PAYMENT_PAGE_SOURCES,
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
  });
  return `${own}; ${frameAncestors}`;
}
