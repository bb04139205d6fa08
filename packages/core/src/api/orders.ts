/**
 * Order and payment-session calls (hall-basket-checkout.md 7.5, 7.6, 3.13, 3.15). Every answer
 * is parsed with its call's response schema from the contract.
 */
import {
  createAnonymousOrder,
  createSessionOrder,
  type PaymentStateAnswer,
  paymentSession,
  paymentState,
  payNotifyMts,
} from '@partera/contract';
import type { Fields, Http } from './http.js';

export type AnonymousOrderAnswer = ReturnType<(typeof createAnonymousOrder)['response']['parse']>;
export type PaymentSessionAnswer = ReturnType<(typeof paymentSession)['response']['parse']>;
export type PartnerPayAnswer = ReturnType<(typeof payNotifyMts)['response']['parse']>;
export type { PaymentStateAnswer };

/** 3.13 Anonymous (guest) order, card payment. */
export interface AnonymousOrderInput {
  email: string;
  name: string;
  surname: string;
  /** Payment card type. */
  pc: string | null;
  payment: string;
  /** Device-wallet token; empty for card payment. */
  token: string;
  /** Analytics cookies the server attaches to the order. */
  cookies: string;
  /** Visitor id from browser fingerprinting, sent in extra (optional). */
  fingerprint?: string;
  /** The delivery method (the checkout's choice; the call's loose request takes it beside 3.13's fields). */
  delivery?: string;
  /** Culture card and other non-card methods (5.5): patronymic and phone. */
  patronymic?: string;
  phone?: string;
  /** Culture card: the buyer's details as JSON (3.13). */
  pushkinCardInfo?: string;
  /** The cashback action (3.13). */
  cashback?: string;
}

/** POST /order/createAnonymousOrder/ → error, url, isFullGiftCardPayment, params. */
export async function placeAnonymousOrder(http: Http, input: AnonymousOrderInput): Promise<AnonymousOrderAnswer> {
  const { fingerprint, ...fields } = input;
  const body =
    createAnonymousOrder.params === 'json'
      ? await http.postJson(createAnonymousOrder.path, { ...fields, extra: fingerprint ? { fingerprint } : undefined })
      : await http.postForm(createAnonymousOrder.path, {
          ...fields,
          pc: fields.pc ?? '',
          'extra[fingerprint]': fingerprint,
        });
  const answer = createAnonymousOrder.response.parse(body);
  // Placing the order moved the session to a new id: carry on with it.
  if (answer.session) http.adoptSession(answer.session);
  return answer;
}

/** 3.11 Session order of a logged-in buyer. */
export interface SessionOrderInput {
  pm: string;
  dm: string;
  pc: string | null;
  cookies: string;
  /** The cashback action (3.13), sent beside pm and dm. */
  cashback?: string;
}

/** GET /order/createSessionOrder/ → error, url; the order id is the second-to-last path segment of url. */
export async function placeSessionOrder(http: Http, input: SessionOrderInput): Promise<AnonymousOrderAnswer> {
  const answer = createSessionOrder.response.parse(await http.get(createSessionOrder.path, { ...input }));
  // As with the anonymous order, placing it moved the session to a new id.
  if (answer.session) http.adoptSession(answer.session);
  return answer;
}

/** '/payment/session/42/' → '42' (spec 4.7: the second-to-last path segment). */
export function orderIdOfUrl(url: string): string | undefined {
  const segments = new URL(url, 'http://localhost').pathname.split('/');
  return segments[segments.length - 2] || undefined;
}

/**
 * POST {url} {params}: opens the payment session of an order (the url and params come from the
 * order answer; the url is the contract's /payment/session/:orderId/).
 */
export async function openPaymentSession(
  http: Http,
  url: string,
  params: Record<string, unknown> = {},
): Promise<PaymentSessionAnswer> {
  const fields: Fields = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    fields[key] = typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean);
  }
  return paymentSession.response.parse(await http.postForm(sitePath(url), fields));
}

/**
 * POST /pay/notifymts {url, params} → uuid (spec 7.6, 4.8): hands the order of a payment session
 * answered with provider mts_pay to the partner's pay flow; uuid is the orderToken for the parent.
 */
export async function notifyPartnerPay(
  http: Http,
  url: string,
  params: Record<string, unknown> = {},
): Promise<PartnerPayAnswer> {
  return payNotifyMts.response.parse(await http.postForm(payNotifyMts.path, { url, params: JSON.stringify(params) }));
}

/** GET /payment/state/{orderId}/: where the payment of the buyer's order stands. */
export async function readPaymentState(http: Http, orderId: string, token?: string): Promise<PaymentStateAnswer> {
  const path = paymentState.path.replace(':orderId', encodeURIComponent(orderId));
  return paymentState.response.parse(await http.get(path, { token }));
}

/** The Http client adds the site's base URL itself; an absolute URL from an answer loses its origin. */
function sitePath(url: string): string {
  if (!/^([a-z][a-z0-9+.-]*:)?\/\//i.test(url)) return url;
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname + parsed.search;
}
