/** Payment calls (hall-basket-checkout.md 7.6, 3.15, 4.8–4.10, 8.5). */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { orderAnswer, orderFailure, paymentSessionAnswer } from '../entities/order.js';
import { id, jsonField, request } from '../wire.js';

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

export const paymentCalls = [paymentSession, payNotifyMts, applePayProceed, applePaySession, googlePayProceed] as const;
