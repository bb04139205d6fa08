import type { AcquirerCheckoutWidget } from '@partera/contract';
import type { PaymentSessionAnswer } from '../api/orders.js';

/** Where the checkout's pay and fail redirects lead after the bank frame reports. */
export interface ReturnUrls {
  success?: string;
  fail?: string;
}

/** How the payment goes on after the session call (3.15, 3.16, 4.8). */
export type PaymentStart =
  /** The provider wants the whole page. */
  | { kind: 'redirect'; url: string }
  /** Hosted card page: the map is submitted as hidden fields into the bank frame. */
  | { kind: 'form'; action: string; method: 'get' | 'post'; fields: Record<string, string>; returnUrls: ReturnUrls }
  /** Card widget (provider 'widget'): a 300 px frame of the given url. */
  | { kind: 'widget'; src: string; returnUrls: ReturnUrls }
  /** The acquirer's own checkout widget, rendered from its script on this page (decision 0045). */
  | { kind: 'widget'; acquirer: AcquirerCheckoutWidget; returnUrls: ReturnUrls }
  /** Provider mts_pay (4.8): the partner's own pay flow takes the order; url goes to /pay/notifymts. */
  | { kind: 'partner'; url: string }
  /** Provider sbp (decision 0036): the order is paid by QR code; url is its /payment/sbp/{orderId}/. */
  | { kind: 'sbp'; url: string }
  | { kind: 'error'; message?: string };

/** The session answer's provider that hands the payment to the partner's pay flow (4.8). */
export const PARTNER_PAY_PROVIDER = 'mts_pay';
/** The session answer's provider of an SBP order: its url is the SBP call. */
export const SBP_PROVIDER = 'sbp';

export function paymentStartOf(answer: PaymentSessionAnswer): PaymentStart {
  if (answer.error !== 0) return { kind: 'error', message: answer.message };
  if (answer.redirectUrl) return { kind: 'redirect', url: answer.redirectUrl };
  if (answer.widget) {
    const { successUrl, failUrl } = answer.widget;
    return { kind: 'widget', acquirer: answer.widget, returnUrls: { success: successUrl, fail: failUrl } };
  }
  if (!answer.url) return { kind: 'error', message: answer.message };
  const method = answer.post && !answer.get ? 'post' : 'get';
  const fields = { ...(method === 'post' ? answer.post : answer.get) };
  const returnUrls: ReturnUrls = { success: fields.successReturnUrl, fail: fields.failReturnUrl };
  const provider = answer.provider ?? fields.provider;
  if (provider === PARTNER_PAY_PROVIDER) return { kind: 'partner', url: answer.url };
  if (provider === SBP_PROVIDER) return { kind: 'sbp', url: answer.url };
  // The acquirer's page refuses to be framed (decision 0036): the whole page goes there.
  if (answer.target === 'top' && method === 'get') return { kind: 'redirect', url: withQuery(answer.url, fields) };
  if (provider === 'widget') return { kind: 'widget', src: withQuery(answer.url, fields), returnUrls };
  return { kind: 'form', action: answer.url, method, fields, returnUrls };
}

function withQuery(url: string, fields: Record<string, string>): string {
  const query = new URLSearchParams(fields).toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
