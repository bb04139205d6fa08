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
import { flag, id, jsonField, request, TEXT_MAX, text } from '../wire.js';

const HALL = 'hall-basket-checkout.md';

/** A code the checkout passes on: a card kind, a gift card or promo code, a token. */
const optionalCode = () => text(TEXT_MAX.code).optional();
/** The old client's document.cookie, sent along for analytics. */
const cookies = () => text(TEXT_MAX.text).optional();

/** A guest buyer's details (3.13): the courier order of a guest sends them beside delivery[...]. */
const guestFields = {
  email: text(TEXT_MAX.email).optional(),
  name: text(TEXT_MAX.name).optional(),
  surname: text(TEXT_MAX.name).optional(),
  family: text(TEXT_MAX.name).optional(),
  patronymic: text(TEXT_MAX.name).optional(),
  phone: text(TEXT_MAX.phone).optional(),
};

export const orderCreate = defineCall({
  id: 'orders.create',
  method: 'GET',
  changesState: true,
  path: '/order/create/',
  params: 'query',
  request: request({
    payment: paymentMethod,
    delivery: deliveryMethod,
    payment_card: optionalCode(),
    gift_card_number: optionalCode(),
    promocode: optionalCode(),
    is_package: flag().optional(),
    cookies: cookies(),
  }),
  answer: 'json',
  response: anonymousOrderAnswer,
  failure: orderFailure,
  spec: `${HALL} 7.5, 4.7, 8.3`,
  summary:
    'Creates the signed-in buyer’s order from the basket (one reading sends only payment, delivery, payment_card); follow url. Extension: the answer also carries the new session, as the anonymous order’s.',
});

export const orderAddDelivery = defineCall({
  id: 'orders.addDelivery',
  method: 'POST',
  path: '/order/addDelivery/',
  params: 'form',
  request: request({
    payment: paymentMethod,
    delivery: deliveryMethod,
    payment_card: optionalCode(),
    'delivery[name]': text(TEXT_MAX.name),
    'delivery[firstname]': text(TEXT_MAX.name),
    'delivery[patronymic]': text(TEXT_MAX.name),
    /**
     * A station of the basket's city; empty, 0 or below when none is chosen, which the order
     * refuses with 5.4's metro message (the variant's), not as a malformed call.
     */
    'delivery[metro]': z.preprocess(
      (v) => (v === undefined || String(v).trim() === '' || Number(v) < 1 ? undefined : v),
      id().optional(),
    ),
    'delivery[phone]': text(TEXT_MAX.phone),
    'delivery[address]': text(TEXT_MAX.text),
    /** Extension: a guest's own details (3.13), as the anonymous order sends them; a signed-in buyer's come from the account. */
    ...guestFields,
  }),
  answer: 'json',
  response: anonymousOrderAnswer,
  failure: orderFailure,
  spec: `${HALL} 7.5, 3.12, 5.4, 8.3`,
  summary:
    'Creates the order with courier delivery (delivery[name] is the surname); a guest also sends email, name, surname (or family), patronymic, phone. Extension: answers like the anonymous order (url, params, session).',
});

export const createSessionOrder = defineCall({
  id: 'orders.createSessionOrder',
  method: 'GET',
  changesState: true,
  path: '/order/createSessionOrder/',
  params: 'query',
  request: request({ pm: paymentMethod, dm: deliveryMethod, pc: optionalCode(), cookies: cookies() }),
  answer: 'json',
  response: anonymousOrderAnswer,
  failure: orderFailure,
  spec: `${HALL} 7.5, 4.7`,
  summary:
    'Logged-in session order; the order id is the second-to-last path segment of url. Extension: like the anonymous order it answers params and the new session.',
});

/**
 * The anonymous order and the anonymous session pay take the same fields under two spellings
 * (3.13): surname or family, pc or payment_card, payment, pm or method.
 */
const anonymousRequest = request({
  email: text(TEXT_MAX.email).trim().min(1),
  name: text(TEXT_MAX.name).trim().min(1),
  surname: text(TEXT_MAX.name).optional(),
  family: text(TEXT_MAX.name).optional(),
  pc: text(TEXT_MAX.code).nullable().optional(),
  payment_card: text(TEXT_MAX.code).nullable().optional(),
  payment: paymentMethod.optional(),
  pm: paymentMethod.optional(),
  method: paymentMethod.optional(),
  /** The browser wallet's payment token (a JSON document as text). */
  token: text(TEXT_MAX.text).optional(),
  cookies: cookies(),
  callback: text(TEXT_MAX.url).optional(),
  patronymic: text(TEXT_MAX.name).optional(),
  phone: text(TEXT_MAX.phone).optional(),
  pushkinCardInfo: jsonField(z.record(text(TEXT_MAX.code), z.unknown())).optional(),
  extra: jsonField(z.looseObject({ fingerprint: optionalCode() })).optional(),
  'extra[fingerprint]': optionalCode(),
  cashback: cashbackAction.optional(),
  /** Extension: the delivery chosen (3.11; e-ticket when absent). Courier delivery goes through /order/addDelivery/. */
  delivery: deliveryMethod.optional(),
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
  changesState: true,
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
