/** Payment calls (hall-basket-checkout.md 7.6, 3.15, 4.8–4.10, 8.5). */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { orderAnswer, orderFailure, paymentSessionAnswer } from '../entities/order.js';
import {
  htmlAnswer,
  htmlFailure,
  id,
  jsonField,
  malformedAsNull,
  request,
  sessionFreeRequest,
  TEXT_MAX,
  text,
} from '../wire.js';

const HALL = 'hall-basket-checkout.md';

export const paymentSession = defineCall({
  id: 'payment.session',
  method: 'POST',
  path: '/payment/session/:orderId/',
  params: 'form-or-json',
  request: request({ orderId: id(), token: text(TEXT_MAX.code).optional() }),
  answer: 'json',
  response: paymentSessionAnswer,
  failure: (message, code) => ({ error: code ?? 1, message }),
  spec: `${HALL} 7.6 (POST {payment url}), 3.15, 4.8`,
  summary:
    'Starts a payment session for an order. Concrete path for the spec’s {payment url}: /payment/session/{orderId}/, handed out as url (with params) by the order answers.',
});

export const payNotifyMts = defineCall({
  id: 'payment.notifyMts',
  method: 'POST',
  path: '/pay/notifymts',
  params: 'form-or-json',
  request: request({
    /** The url of the payment session answer (provider mts_pay): this order's /payment/session/{orderId}/. */
    url: text(TEXT_MAX.url).min(1),
    /** The params the payment session was opened with: token, the order's token, for a guest. */
    params: jsonField(
      z.record(text(TEXT_MAX.code), z.union([text(TEXT_MAX.code), z.number(), z.boolean()])),
    ).optional(),
  }),
  answer: 'json',
  response: z.object({
    /** The orderToken the site posts to the partner page, which hands it to its own back end. */
    uuid: z.string().optional(),
    error: z.number().int().optional(),
    message: z.string().optional(),
  }),
  failure: (message, code) => ({ error: code ?? 1, message }),
  spec: `${HALL} 7.6, 4.8`,
  summary:
    'Telecom partner experiment: hands the buyer’s order (the url of a payment session answered with provider mts_pay) to the partner’s own pay flow and answers uuid, the orderToken for the partner page. Only for the buyer’s own order (session, or the order token in params) placed in a frame of a partner with its own pay flow; a second call while that payment is pending answers the same token. Otherwise {error: 1, message}.',
});

const walletProceedAnswer = orderAnswer.extend({
  /** 3-D Secure step of the browser wallet (4.10): submit MD, PaReq, TermUrl to acsUrl. */
  data: z
    .object({
      data: z.object({
        acsUrl: z.string().optional(),
        orderId: z.string().optional(),
        paReq: z.string().optional(),
        termUrl: z.string().optional(),
      }),
    })
    .optional(),
});

/** Extension: a guest's order opened with the order's token (the e-mail link, another device) rather than its session. */
const buyerOrderToken = text(TEXT_MAX.code).optional();

export const applePayProceed = defineCall({
  id: 'payment.applePayProceed',
  method: 'POST',
  path: '/pay/applepayproceed/',
  params: 'form-or-json',
  request: request({
    orderId: id(),
    token: jsonField(z.record(text(TEXT_MAX.code), z.unknown())),
    orderToken: buyerOrderToken,
  }),
  answer: 'json',
  response: orderAnswer,
  failure: orderFailure,
  spec: `${HALL} 7.6, 4.10, 8.5`,
  summary:
    'Phone-maker wallet: sends the payment token (JSON) for the buyer’s own order (session, or orderToken); follow url or show message. The amount is the order’s; the token is passed to the acquirer and neither logged nor stored.',
});

export const applePaySession = defineCall({
  id: 'payment.applePaySession',
  method: 'GET',
  path: '/pay/applepaysession/',
  params: 'query',
  request: request({ url: text(TEXT_MAX.url).min(1) }),
  answer: 'json',
  response: z.record(z.string(), z.unknown()),
  failure: (message, code) => ({ error: code ?? 1, message }),
  spec: `${HALL} 7.6, 4.10`,
  summary:
    'Validates the merchant with the wallet’s validationURL; answers the merchant session. Only the wallet’s own validation hosts (https, default port, /paymentservices/…) are accepted: any other url answers {error: 1, message} and no request is made.',
});

export const googlePayProceed = defineCall({
  id: 'payment.googlePayProceed',
  method: 'POST',
  path: '/pay/googlepayproceed/',
  params: 'form-or-json',
  request: request({ orderId: id(), token: text(TEXT_MAX.text).min(1), orderToken: buyerOrderToken }),
  answer: 'json',
  /** The original answers a JSON string holding the object; both are accepted. */
  response: jsonField(walletProceedAnswer),
  failure: orderFailure,
  spec: `${HALL} 7.6, 4.10, 8.5`,
  summary:
    'Browser wallet: error=1 shows the message; acsUrl present → 3-D Secure form (MD, PaReq, TermUrl); else url. For the buyer’s own order (session, or orderToken); the amount is the order’s.',
});

/** The SBP call's answer (decision 0036). */
export const sbpPaymentAnswer = z.object({
  error: z.number().int(),
  message: z.string().optional(),
  /** pending: show the QR code and poll /payment/state/; paid: follow redirectUrl. */
  status: z.enum(['pending', 'paid']).optional(),
  /** What the QR code says: the acquirer's link, also opened directly on a phone. */
  payload: z.string().optional(),
  appUrl: z.string().optional(),
  /** The QR code drawn: an SVG path of unit squares in a viewBox of size × size (quiet zone included). */
  qr: z.object({ size: z.number().int(), path: z.string() }).optional(),
  redirectUrl: z.string().optional(),
});
export type SbpPaymentAnswer = z.infer<typeof sbpPaymentAnswer>;

export const paymentSbp = defineCall({
  id: 'payment.sbp',
  method: 'POST',
  path: '/payment/sbp/:orderId/',
  params: 'form-or-json',
  request: request({ orderId: id(), token: text(TEXT_MAX.code).optional() }),
  answer: 'json',
  response: sbpPaymentAnswer,
  failure: (message, code) => ({ error: code ?? 1, message }),
  spec: `${HALL} 7.6 (beyond the spec: the fast-payment system, SBP)`,
  summary:
    'Pays the buyer’s own order (session, or token) by SBP: answers the QR code (payload and its drawing) and the link a phone opens its bank app with; the page polls /payment/state/. A second call while the payment is open answers the same QR code (one payment per order). An order already paid answers status paid with redirectUrl; {error: 1, message} otherwise.',
  extension: true,
});

// ---------------------------------------------------------------- Acquirer side (extensions)

/** What the shop made of an acquirer's notification. */
export const callbackOutcome = z.enum([
  'unknown-provider',
  'invalid',
  'unknown-payment',
  'amount-mismatch',
  'replayed',
  'ignored',
  'paid',
  'declined',
  'refunded',
]);

export const paymentCallback = defineCall({
  id: 'payment.callback',
  method: 'POST',
  path: '/payment/callback/:provider/',
  params: 'form-or-json',
  /**
   * The notification is the acquirer's own document: its provider parses it and checks its
   * signature, so the contract reads none of its fields (a field named like the path parameter
   * must not fail or steer it). The provider name comes from the path.
   */
  request: sessionFreeRequest({}),
  answer: 'json',
  response: z.object({ ok: z.boolean(), result: callbackOutcome, message: z.string().optional() }),
  failure: (message) => ({ ok: false, result: 'invalid' as const, message }),
  spec: `${HALL} 7.6 (the acquirer’s side of a payment started by POST {payment url})`,
  summary:
    'Server-to-server notification of an acquirer (provider: lowercase letters, digits, _ and -; the sandbox bank posts to /payment/callback/sandbox/, a partner with its own pay flow to /payment/callback/mts_pay/, see docs/embedding.md). Signed, so no CSRF token; idempotent by the provider’s event id. 200 {ok: true} when applied, ignored or replayed (result refunded: the tickets could not be issued and the money goes back); 403 invalid when the signature fails; 404 for an unknown provider or payment; 422 amount-mismatch when a success reports another amount than the payment’s (nothing recorded).',
  extension: true,
});

/** The state of an order's payment as the buyer's page polls it. */
export const paymentStateAnswer = z.object({
  error: z.number().int(),
  message: z.string().optional(),
  /**
   * paid: follow redirectUrl (the order-complete page); declined: the last payment was declined
   * (message says why) and the order can be paid again; cancelled: the order can no longer be
   * paid (message); pending: still waiting for the payment.
   */
  status: z.enum(['pending', 'paid', 'declined', 'cancelled']).optional(),
  redirectUrl: z.string().optional(),
});
export type PaymentStateAnswer = z.infer<typeof paymentStateAnswer>;

export const paymentState = defineCall({
  id: 'payment.state',
  method: 'GET',
  path: '/payment/state/:orderId/',
  params: 'query',
  request: request({ orderId: id(), token: text(TEXT_MAX.code).optional() }),
  answer: 'json',
  response: paymentStateAnswer,
  failure: (message, code) => ({ error: code ?? 1, message }),
  spec: `${HALL} 4.8 (the checkout waiting for the partner’s pay flow), 8.5`,
  summary:
    'Where the payment of the buyer’s own order stands (their session, or the order’s token): {error: 0, status: pending | paid | declined | cancelled, redirectUrl when paid, message when declined or cancelled}. The checkout polls it while the buyer pays in the partner’s app. {error: 1, message} for an order that is not theirs.',
  extension: true,
});

/** The orderToken handed to the partner (the uuid of payNotifyMts). */
const orderToken = z.uuid();

export const partnerPayOrder = defineCall({
  id: 'payment.partnerPayOrder',
  method: 'GET',
  path: '/partner-pay/orders/:orderToken/',
  params: 'query',
  request: sessionFreeRequest({ orderToken }),
  answer: 'json',
  response: z.object({
    orderToken: z.string().optional(),
    orderNumber: z.string().optional(),
    /** Kopecks: what the partner charges the buyer. */
    amount: z.number().int().optional(),
    currency: z.literal('RUB').optional(),
    description: z.string().optional(),
    /** The partner's cashback for this order, a whole percent of the ticket price (spec 9). */
    cashbackPercent: z.number().int().optional(),
    /** Kopecks: cashbackPercent of amount, rounded down. */
    cashbackAmount: z.number().int().optional(),
    /** refunded: the tickets could not be issued after the payment; the partner returns the money. */
    status: z.enum(['pending', 'succeeded', 'declined', 'refunded']).optional(),
    error: z.number().int().optional(),
    message: z.string().optional(),
  }),
  failure: (message, code) => ({ error: code ?? 1, message }),
  spec: `${HALL} 4.8 (the partner’s back end reading the order behind an orderToken), 9 (cashback)`,
  summary:
    'Server to server, for a partner with its own pay flow: the order behind an orderToken, in kopecks, with the cashback and the payment status. Signed with the partner’s notify secret (headers X-Partera-Partner, X-Partera-Timestamp, X-Partera-Signature; docs/embedding.md). 403 when the signature or timestamp fails, 404 for a token that is not this partner’s.',
  extension: true,
});

const SANDBOX_BANK = `${HALL} 2.4, 4.9 (the card provider’s payment page; the built-in sandbox bank)`;

/** The sandbox bank’s payment id (its `mdOrder`, as a real acquirer names it). */
const bankPaymentId = text(100).trim().min(1);
/** A form field of the bank’s pages; absent reads as empty. */
const bankText = (max: number) => text(max).default('');

export const sandboxBankPage = defineCall({
  id: 'payment.sandboxBankPage',
  method: 'GET',
  path: '/sandbox-bank/pay/',
  params: 'query',
  request: malformedAsNull(sessionFreeRequest({ mdOrder: bankPaymentId })),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: SANDBOX_BANK,
  summary:
    'The sandbox bank’s hosted card page (a real acquirer serves it from its own host); the payment session redirects here with mdOrder. Framed only by this site. 404 “Платёж не найден” page for a malformed or unknown mdOrder.',
  extension: true,
});

export const sandboxBankPay = defineCall({
  id: 'payment.sandboxBankPay',
  method: 'POST',
  path: '/sandbox-bank/pay/',
  params: 'form',
  request: malformedAsNull(
    sessionFreeRequest({
      mdOrder: bankPaymentId,
      pan: bankText(40),
      expiry: bankText(10),
      cvc: bankText(10),
      holder: bankText(60),
    }),
  ),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: SANDBOX_BANK,
  summary:
    'The card form of the sandbox bank page, posted by that page (no site CSRF token). Answers the next page: the form again with field errors (422), the 3-D Secure step, or the result with the link back to the shop; the 404 page for a malformed form.',
  extension: true,
});

export const sandboxBank3ds = defineCall({
  id: 'payment.sandboxBank3ds',
  method: 'POST',
  path: '/sandbox-bank/3ds/',
  params: 'form',
  request: malformedAsNull(sessionFreeRequest({ mdOrder: bankPaymentId, token: text(100), code: bankText(20) })),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: SANDBOX_BANK,
  summary:
    'The 3-D Secure confirmation step of the sandbox bank, posted by its own page with the step token it issued (no site CSRF token). Answers the result page (a wrong code declines), the card form again for a stale token, the 404 page for a malformed form.',
  extension: true,
});

export const sandboxBankSbp = defineCall({
  id: 'payment.sandboxBankSbp',
  method: 'GET',
  path: '/sandbox-bank/sbp/',
  params: 'query',
  request: malformedAsNull(sessionFreeRequest({ mdOrder: bankPaymentId })),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: `${SANDBOX_BANK}; beyond the spec: SBP`,
  summary:
    'The sandbox bank’s app for an SBP payment: what its QR code and the phone’s link open. Shows the amount with the buttons to pay or to decline; the 404 page for an unknown payment.',
  extension: true,
});

export const sandboxBankSbpPay = defineCall({
  id: 'payment.sandboxBankSbpPay',
  method: 'POST',
  path: '/sandbox-bank/sbp/',
  params: 'form',
  request: malformedAsNull(sessionFreeRequest({ mdOrder: bankPaymentId, action: z.enum(['pay', 'decline']) })),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: `${SANDBOX_BANK}; beyond the spec: SBP`,
  summary:
    'The sandbox bank app’s answer to an SBP payment, posted by its own page: pays or declines it and notifies the shop as an acquirer would; answers the result page.',
  extension: true,
});

export const sandboxBankAcs = defineCall({
  id: 'payment.sandboxBankAcs',
  method: 'POST',
  path: '/sandbox-bank/acs/',
  params: 'form',
  request: malformedAsNull(
    sessionFreeRequest({ MD: bankPaymentId, PaReq: text(200).min(1), TermUrl: text(TEXT_MAX.url).default('') }),
  ),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: `${HALL} 4.10 (the 3-D Secure form of the browser wallet: MD, PaReq, TermUrl posted to acsUrl)`,
  summary:
    'The sandbox bank’s 3-D Secure page for a browser-wallet payment, posted by the checkout’s hidden form into the payment frame. A PaReq that is not the bank’s for this MD answers the card-form page of a stale step; the code is then confirmed through /sandbox-bank/3ds/.',
  extension: true,
});

export const paymentCalls = [
  paymentSession,
  payNotifyMts,
  applePayProceed,
  applePaySession,
  googlePayProceed,
  paymentState,
  paymentCallback,
  partnerPayOrder,
  sandboxBankPage,
  sandboxBankPay,
  sandboxBank3ds,
  paymentSbp,
  sandboxBankSbp,
  sandboxBankSbpPay,
  sandboxBankAcs,
] as const;
