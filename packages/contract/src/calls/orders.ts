/** Order creation (hall-basket-checkout.md 7.5, 4.7, 4.8, 8.3). */
import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  anonymousOrderAnswer,
  cashbackAction,
  deliveryMethod,
  orderAnswer,
  orderFailure,
  paymentMethod,
} from '../entities/order.js';
import { flag, id, jsonField, request } from '../wire.js';

const HALL = 'hall-basket-checkout.md';

const optionalText = () => z.string().optional();

export const orderCreate = defineCall({
  id: 'orders.create',
  method: 'GET',
  path: '/order/create/',
  params: 'query',
  request: request({
    payment: paymentMethod,
    delivery: deliveryMethod,
    payment_card: optionalText(),
    gift_card_number: optionalText(),
    promocode: optionalText(),
    is_package: flag().optional(),
    cookies: optionalText(),
  }),
  answer: 'json',
  response: orderAnswer,
  failure: orderFailure,
  spec: `${HALL} 7.5, 4.7, 8.3`,
  summary: 'Creates the order from the basket (one reading sends only payment, delivery, payment_card); follow url.',
});

export const orderAddDelivery = defineCall({
  id: 'orders.addDelivery',
  method: 'POST',
  path: '/order/addDelivery/',
  params: 'form',
  request: request({
    payment: paymentMethod,
    delivery: deliveryMethod,
    payment_card: optionalText(),
    'delivery[name]': z.string(),
    'delivery[firstname]': z.string(),
    'delivery[patronymic]': z.string(),
    'delivery[metro]': id(),
    'delivery[phone]': z.string(),
    'delivery[address]': z.string(),
  }),
  answer: 'json',
  response: orderAnswer,
  failure: orderFailure,
  spec: `${HALL} 7.5, 3.12, 5.4, 8.3`,
  summary: 'Creates the order with courier delivery (delivery[name] is the surname).',
});

export const createSessionOrder = defineCall({
  id: 'orders.createSessionOrder',
  method: 'GET',
  path: '/order/createSessionOrder/',
  params: 'query',
  request: request({ pm: paymentMethod, dm: deliveryMethod, pc: optionalText(), cookies: optionalText() }),
  answer: 'json',
  response: orderAnswer,
  failure: orderFailure,
  spec: `${HALL} 7.5, 4.7`,
  summary: 'Logged-in session order; the order id is the second-to-last path segment of url.',
});

/**
 * The anonymous order and the anonymous session pay take the same fields under two spellings
 * (3.13): surname or family, pc or payment_card, payment, pm or method.
 */
const anonymousRequest = request({
  email: z.string().trim().min(1),
  name: z.string().trim().min(1),
  surname: optionalText(),
  family: optionalText(),
  pc: z.string().nullable().optional(),
  payment_card: z.string().nullable().optional(),
  payment: paymentMethod.optional(),
  pm: paymentMethod.optional(),
  method: paymentMethod.optional(),
  token: optionalText(),
  cookies: optionalText(),
  callback: optionalText(),
  patronymic: optionalText(),
  phone: optionalText(),
  pushkinCardInfo: jsonField(z.record(z.string(), z.unknown())).optional(),
  extra: jsonField(z.looseObject({ fingerprint: z.string().optional() })).optional(),
  'extra[fingerprint]': optionalText(),
  cashback: cashbackAction.optional(),
})
  .refine((v) => Boolean(v.surname?.trim() || v.family?.trim()), {
    message: 'surname (family) обязательна',
    path: ['surname'],
  })
  .refine((v) => Boolean(v.payment ?? v.pm ?? v.method), { message: 'payment (pm) обязателен', path: ['payment'] });

export const createAnonymousOrder = defineCall({
  id: 'orders.createAnonymousOrder',
  method: 'POST',
  path: '/order/createAnonymousOrder/',
  params: 'form',
  request: anonymousRequest,
  answer: 'json',
  response: anonymousOrderAnswer,
  failure: orderFailure,
  spec: `${HALL} 7.5, 3.13, 4.8, 5.5`,
  summary:
    'Guest order: error 0 ok, -1 network, else a code; isFullGiftCardPayment → follow url, else post params to url (the payment session). Needs surname (or family) and payment (or pm, method).',
});

export const anonymousSessionPay = defineCall({
  id: 'orders.anonymousSessionPay',
  method: 'POST',
  path: '/order/anonymousSessionPay/',
  params: 'form',
  request: anonymousRequest,
  answer: 'json',
  response: anonymousOrderAnswer,
  failure: orderFailure,
  spec: `${HALL} 7.5 (anonymous session pay), 3.13`,
  summary:
    'Anonymous session pay (email, name, family, payment_card, pm or method apple_pay, token, callback, extra[fingerprint], cashback); the spec does not show its path, /order/anonymousSessionPay/ is our concrete choice.',
});

export const giftCardFullProceed = defineCall({
  id: 'orders.giftCardFullProceed',
  method: 'GET',
  path: '/order/GiftCardFullProceed/',
  params: 'query',
  request: request({ order_id: id() }),
  answer: 'json',
  response: orderAnswer,
  failure: orderFailure,
  spec: `${HALL} 7.5, 8.4`,
  summary: 'Pays an order (payment gift_card, delivery eticket) fully by the applied gift card; follow url.',
});

export const orderCalls = [
  orderCreate,
  orderAddDelivery,
  createSessionOrder,
  createAnonymousOrder,
  anonymousSessionPay,
  giftCardFullProceed,
] as const;
