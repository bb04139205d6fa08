import type { ServerConfig } from '../config.js';
import { withLangPrefix, withoutLangPrefix } from '../http/lang-prefix.js';
import type { ReturnUrls } from './provider.js';

/**
 * Where the site's pages are: its public origin and the language prefix they live under
 * (LANG_PREFIX, decision 0054: with 'en', every page's path starts with /en/). An address the
 * server writes for outside use (an e-mail's link, a bank's return address, a file it fetches
 * from itself) is built from both, so it reaches its page without a redirect.
 */
export type SiteAddress = Pick<ServerConfig, 'publicUrl' | 'langPrefix'>;

/** The spec's {payment url} of an order (7.6): the order answers hand it out with the order's token. */
export function paymentSessionPath(orderId: number): string {
  return `/payment/session/${orderId}/`;
}

/**
 * The order a payment session url names, or null for any other address: the partner pay flow is
 * handed this url back (POST /pay/notifymts). Only the path counts, /payment/session/{orderId}/:
 * the url merely names the order, which the caller then opens only for its own buyer (session or
 * order token). Its origin is not compared with this process's PUBLIC_URL: behind one proxy, the
 * process that answered the payment session may know the site under another address (its own
 * port, an older PUBLIC_URL) than the one that gets the url back.
 */
export function orderIdOfPaymentSessionUrl(url: string, langPrefix = ''): number | null {
  let parsed: URL;
  try {
    // Any base: a path and an absolute url read the same.
    parsed = new URL(url, 'http://site.invalid');
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  // The site's language prefix may stand before the path (absoluteUrl writes it so), or not.
  const path = withoutLangPrefix(langPrefix, parsed.pathname) ?? parsed.pathname;
  const m = /^\/payment\/session\/([1-9]\d{0,9})\/$/.exec(path);
  const id = m ? Number(m[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

/** The order-complete page of the site (decision 0001); the token lets a guest see the order. */
export function orderCompletePath(orderId: number, accessToken: string): string {
  return `/order/complete/?orderId=${orderId}&token=${encodeURIComponent(accessToken)}`;
}

/**
 * The site's bank page of an unpaid order (/payment/bank/{orderId}/, hall 4.7). The token opens
 * it from any session: an account's order was placed in a session the buyer may no longer hold
 * (a sign-out, another device).
 */
export function orderBankPagePath(orderId: number, accessToken: string): string {
  return `/payment/bank/${orderId}/?token=${encodeURIComponent(accessToken)}`;
}

/** The basket page telling the buyer the payment failed; the order stays 'new' to pay again. */
export function paymentFailedPath(orderId: number): string {
  return `/shopcart/?payment=failed&orderId=${orderId}`;
}

export function ticketPdfPath(code: string, accessToken: string): string {
  return `/order/ticket/${encodeURIComponent(code)}.pdf?token=${encodeURIComponent(accessToken)}`;
}

export function orderTicketsPdfPath(orderId: number, accessToken: string): string {
  return `/order/tickets/${orderId}.pdf?token=${encodeURIComponent(accessToken)}`;
}

/** The payment session answer's provider for an SBP order: its url is the SBP call (decision 0036). */
export const SBP_PROVIDER = 'sbp';

/**
 * The SBP call of an order: registers (or shows again) its payment by QR code. With the order's
 * token when given (the payment session answer's, for a buyer who may not hold the order's session).
 */
export function sbpPaymentPath(orderId: number, accessToken?: string): string {
  return `/payment/sbp/${orderId}/${accessToken ? `?token=${encodeURIComponent(accessToken)}` : ''}`;
}

/** Where an acquirer posts its notifications: /payment/callback/{provider}/. */
export function callbackPath(provider: string): string {
  return `/payment/callback/${provider}/`;
}

/**
 * The absolute address of a root-relative path of the site, with the language prefix on it
 * (except where the site answers at the root whatever the prefix: the build's files and the
 * payment notifications, lang-prefix.ts `staysAtRoot`).
 */
export function absoluteUrl(site: SiteAddress, path: string): string {
  return new URL(withLangPrefix(site.langPrefix, path), site.publicUrl).toString();
}

/** Where a bank sends the buyer back after paying the order. */
export function returnUrlsFor(site: SiteAddress, order: { id: number; accessToken: string }): ReturnUrls {
  return {
    successUrl: absoluteUrl(site, orderCompletePath(order.id, order.accessToken)),
    failUrl: absoluteUrl(site, paymentFailedPath(order.id)),
  };
}
