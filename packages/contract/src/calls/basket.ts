/** Basket calls (hall-basket-checkout.md 7.4) and the basket-state extension (decision 0001). */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { analyticsTicket, basketStateAnswer, giftCardAnswer, metroStation } from '../entities/basket.js';
import { cypher, selectionAnswer, selectionFailure } from '../entities/hall.js';
import { cashbackAction } from '../entities/order.js';
import { id, list, request, TEXT_MAX, text, zeroOne } from '../wire.js';

const HALL = 'hall-basket-checkout.md';
const SITE = 'site-browsing-account.md';

/** `{error, message}`: error 0 when the value is valid / the action succeeded. */
export const errorMessageAnswer = z.object({ error: z.number().int(), message: z.string().optional() });
const errorMessageFailure = (message: string, code?: number) => ({ error: code ?? 1, message });

export const shopcartResetExclude = defineCall({
  id: 'basket.resetExclude',
  method: 'POST',
  path: '/shopcart/ResetExclude/',
  params: 'form',
  request: request({ isBooking: zeroOne() }),
  answer: 'json',
  response: selectionAnswer,
  failure: selectionFailure,
  spec: `${HALL} 7.4, 8.1 (623/624), 4.4`,
  summary: 'Only-booking conflict: clears the basket except bookings (isBooking=1) or except non-bookings (0).',
});

export const packagesDeselect = defineCall({
  id: 'basket.packagesDeselect',
  method: 'POST',
  path: '/packages/deselect/',
  params: 'form',
  request: request({ cypher: cypher(), packagePerformances: list(id()).optional() }),
  answer: 'json',
  response: selectionAnswer,
  failure: selectionFailure,
  spec: `${HALL} 7.4`,
  summary:
    'Package mode: removes a ticket (with its group or pair) together with its package’s tickets in the listed performances (packagePerformances: performance ids; none: the ticket alone).',
});

export const loadMetroList = defineCall({
  id: 'basket.loadMetroList',
  method: 'GET',
  path: '/shopcart/loadMetroList/',
  params: 'query',
  request: request({}),
  answer: 'json',
  response: z.array(metroStation),
  failure: () => [],
  spec: `${HALL} 7.4, 3.12`,
  summary: 'Metro stations for the courier delivery select.',
});

export const applyPromo = defineCall({
  id: 'basket.applyPromo',
  method: 'GET',
  changesState: true,
  path: '/shopcart/applypromo/',
  params: 'query',
  request: request({ promocode: text(TEXT_MAX.code).trim() }),
  answer: 'json',
  response: errorMessageAnswer,
  failure: errorMessageFailure,
  spec: `${HALL} 7.4, 8.4`,
  summary:
    "Applies a promo code to the basket; error 0 on success, else the message (default 'Промокод не найден'). An empty code removes the applied one.",
});

export const applyGiftCardNoLimits = defineCall({
  id: 'basket.applyGiftCardNoLimits',
  method: 'POST',
  path: '/shopcart/applygiftcardnolimits/',
  params: 'form',
  request: request({
    ftlsid: text(TEXT_MAX.code).optional(),
    /** Empty: the applied gift card is removed. */
    gift_card_number: text(TEXT_MAX.code).trim(),
  }),
  answer: 'json',
  response: giftCardAnswer,
  failure: (message) => ({ success: false, message }),
  spec: `${HALL} 7.4, 3.14, 8.4`,
  summary: 'Applies a gift card to the basket (ftlsid: the session id).',
});

export const applyGiftCard = defineCall({
  id: 'basket.applyGiftCard',
  method: 'POST',
  path: '/shopcart/applygiftcard/',
  params: 'form',
  request: request({ gift_card_number: text(TEXT_MAX.code).trim() }),
  answer: 'json',
  response: giftCardAnswer,
  failure: (message) => ({ success: false, message }),
  spec: `${HALL} 7.4 (gift card form), 3.14`,
  summary:
    'Gift card form variant; concrete path chosen for the spec’s “form’s own action” (the form’s method is POST). Answers cardBalanceRemainAfterApplying.',
});

/**
 * The partner's cashback choice (extension, decision 0034): the checkbox with its accumulate or
 * spend choice (2.3, 3.11), kept with the basket so the basket state's totals and the order agree;
 * an empty action unchecks it.
 */
export const applyCashback = defineCall({
  id: 'basket.applyCashback',
  method: 'POST',
  path: '/shopcart/applycashback/',
  params: 'form',
  request: request({ action: z.union([cashbackAction, z.literal('')]) }),
  answer: 'json',
  response: errorMessageAnswer,
  failure: errorMessageFailure,
  spec: `${HALL} 2.3, 3.11, 4.5, 9 (extension)`,
  summary: "Sets the partner's cashback action of the basket (nakopit_keshbek, spisat_keshbek, or '' for none).",
});

export const registrationValidateField = defineCall({
  id: 'basket.registrationValidateField',
  method: 'GET',
  path: '/registration/validateField/',
  params: 'query',
  request: request({ field: z.literal('email'), value: text(TEXT_MAX.email) }),
  answer: 'json',
  response: errorMessageAnswer,
  failure: errorMessageFailure,
  spec: `${HALL} 7.4, 5.5; ${SITE} 7 Login and registration, 5`,
  summary: 'Synchronous server check of the guest / registration e-mail: error 0 when valid, else the message.',
});

export const basketGetTickets = defineCall({
  id: 'basket.getTickets',
  method: 'POST',
  path: '/basket/gettickets',
  params: 'form',
  request: request({}),
  answer: 'json',
  response: z.object({ data: z.array(analyticsTicket), frame: z.union([z.string(), z.boolean()]).optional() }),
  failure: () => ({ data: [] }),
  spec: `${HALL} 7.4, 3.18`,
  summary: 'Basket tickets for analytics (data[], frame).',
});

export const basketState = defineCall({
  id: 'basket.state',
  method: 'GET',
  path: '/shopcart/state/',
  params: 'query',
  request: request({}),
  answer: 'json',
  response: basketStateAnswer,
  failure: (message) => ({
    tickets: [],
    ticketCount: 0,
    basketPrice: 0,
    holdSecondsLeft: null,
    cannotCreateOrder: true,
    cannotCreateOrderCause: message,
    userIsGuest: true,
  }),
  spec: 'decision 0001 (Basket state)',
  summary: 'The basket with its tickets, totals and hold countdown, for the basket widget.',
  extension: true,
});

export const basketCalls = [
  shopcartResetExclude,
  packagesDeselect,
  loadMetroList,
  applyPromo,
  applyGiftCardNoLimits,
  applyGiftCard,
  applyCashback,
  registrationValidateField,
  basketGetTickets,
  basketState,
] as const;
