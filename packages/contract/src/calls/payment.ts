/** Payment calls (hall-basket-checkout.md 7.6, 3.15, 4.8–4.10, 8.5). */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { orderAnswer, orderFailure, paymentSessionAnswer } from '../entities/order.js';
import { htmlAnswer, htmlFailure, id, jsonField, malformedAsNull, request, sessionFreeRequest } from '../wire.js';

const HALL = 'hall-basket-checkout.md';

export const paymentSession = defineCall({
  id: 'payment.session',
  method: 'POST',
  path: '/payment/session/:orderId/',
  params: 'form-or-json',
  request: request({ orderId: id(), token: z.string().optional() }),
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
    url: z.string().min(1),
    params: jsonField(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))).optional(),
  }),
  answer: 'json',
  response: z.object({
    uuid: z.string().optional(),
    error: z.number().int().optional(),
    message: z.string().optional(),
  }),
  failure: (message, code) => ({ error: code ?? 1, message }),
  spec: `${HALL} 7.6, 4.8`,
  summary:
    'Telecom partner experiment: hands the payment url to the partner’s pay flow; answers uuid (the orderToken).',
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

export const applePayProceed = defineCall({
  id: 'payment.applePayProceed',
  method: 'POST',
  path: '/pay/applepayproceed/',
  params: 'form-or-json',
  request: request({ orderId: id(), token: jsonField(z.record(z.string(), z.unknown())) }),
  answer: 'json',
  response: orderAnswer,
  failure: orderFailure,
  spec: `${HALL} 7.6, 4.10, 8.5`,
  summary: 'Phone-maker wallet: sends the payment token (JSON); follow url or show message.',
});

export const applePaySession = defineCall({
  id: 'payment.applePaySession',
  method: 'GET',
  path: '/pay/applepaysession/',
  params: 'query',
  request: request({ url: z.string().min(1) }),
  answer: 'json',
  response: z.record(z.string(), z.unknown()),
  failure: (message, code) => ({ error: code ?? 1, message }),
  spec: `${HALL} 7.6, 4.10`,
  summary: 'Validates the merchant with the wallet’s validationURL; answers the merchant session.',
});

export const googlePayProceed = defineCall({
  id: 'payment.googlePayProceed',
  method: 'POST',
  path: '/pay/googlepayproceed/',
  params: 'form-or-json',
  request: request({ orderId: id(), token: z.string().min(1) }),
  answer: 'json',
  /** The original answers a JSON string holding the object; both are accepted. */
  response: jsonField(walletProceedAnswer),
  failure: orderFailure,
  spec: `${HALL} 7.6, 4.10, 8.5`,
  summary:
    'Browser wallet: error=1 shows the message; acsUrl present → 3-D Secure form (MD, PaReq, TermUrl); else url.',
});

// ---------------------------------------------------------------- Acquirer side (extensions)

/** What the shop made of an acquirer's notification. */
export const callbackOutcome = z.enum([
  'unknown-provider',
  'invalid',
  'unknown-payment',
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
    'Server-to-server notification of an acquirer (provider: lowercase letters, digits, _ and -; the sandbox bank posts to /payment/callback/sandbox/). Signed, so no CSRF token; idempotent by the provider’s event id. 200 {ok: true} when applied, ignored or replayed; 403 invalid when the signature fails; 404 for an unknown provider or payment.',
  extension: true,
});

const SANDBOX_BANK = `${HALL} 2.4, 4.9 (the card provider’s payment page; the built-in sandbox bank)`;

/** The sandbox bank’s payment id (its `mdOrder`, as a real acquirer names it). */
const bankPaymentId = z.string().trim().min(1).max(100);
/** A form field of the bank’s pages; absent reads as empty. */
const bankText = (max: number) => z.string().max(max).default('');

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
  request: malformedAsNull(
    sessionFreeRequest({ mdOrder: bankPaymentId, token: z.string().max(100), code: bankText(20) }),
  ),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: SANDBOX_BANK,
  summary:
    'The 3-D Secure confirmation step of the sandbox bank, posted by its own page with the step token it issued (no site CSRF token). Answers the result page (a wrong code declines), the card form again for a stale token, the 404 page for a malformed form.',
  extension: true,
});

export const paymentCalls = [
  paymentSession,
  payNotifyMts,
  applePayProceed,
  applePaySession,
  googlePayProceed,
  paymentCallback,
  sandboxBankPage,
  sandboxBankPay,
  sandboxBank3ds,
] as const;
