/**
 * The bank frame's flow without a view (hall-basket-checkout.md 4.9): the payment session id a
 * framed payment page tells the partner page, and where the buyer goes when the bank's page
 * reports success or failure. BankFrame.tsx draws the frame over it.
 */
import type { Http } from '../api/http.js';
import { embedHost } from '../embed/host.js';
import { type Navigation, siteAbsolute, siteOrigin, siteUrl } from '../ui/navigation.js';
import type { ProviderResult } from './messages.js';
import type { PaymentStart, ReturnUrls } from './session.js';

/** The frames the checkout draws itself: the hosted card page, and the card widget's frame. */
export type FramedStart = Extract<PaymentStart, { kind: 'form' } | { kind: 'widget'; src: string }>;

/** The payment session id of a bank frame: the hosted page's mdOrder or the card widget's sessionId. */
export function paymentSessionIdOf(start: PaymentStart): string | undefined {
  if (start.kind === 'form') return start.fields.mdOrder;
  if (start.kind === 'widget' && 'src' in start)
    return new URL(start.src, 'http://site.invalid').searchParams.get('sessionId') ?? undefined;
  return undefined;
}

/** A path, or an absolute URL on the ticket site the widget talks to. */
function isSiteUrl(http: Http, url: string): boolean {
  try {
    return new URL(url, siteAbsolute(http, '/')).origin === siteOrigin(http);
  } catch {
    return false;
  }
}

/**
 * The bank page's result: the partner page is told (4.9), and the buyer goes to the bank's own
 * return URL, else the session's, else the fallback; only a URL of this site is followed
 * (siteUrl adds the session).
 */
export function followBankResult(
  deps: { http: Http; navigation: Navigation; start: FramedStart; fallbackUrls: Required<ReturnUrls> },
  result: ProviderResult,
  returnUrl: string | undefined,
): void {
  const { http, start, fallbackUrls } = deps;
  const named = result === 'success' ? start.returnUrls.success : start.returnUrls.fail;
  const fallback = result === 'success' ? fallbackUrls.success : fallbackUrls.fail;
  const url = [returnUrl, named].find((u) => u !== undefined && isSiteUrl(http, u)) ?? fallback;
  const info = { paymentSessionId: paymentSessionIdOf(start) };
  if (result === 'success') embedHost()?.paymentSucceeded(info);
  else embedHost()?.paymentFailed(info);
  deps.navigation.go(siteUrl(http, url));
}
