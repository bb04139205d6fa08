/**
 * The checkout's own order calls beyond those of api/orders.ts (hall-basket-checkout.md 7.4, 7.5):
 * the full gift-card payment, the only-booking reset and the add-delivery order. (The code, PIN
 * and metro calls live with their controllers, which load on demand.) Every answer is parsed with
 * its call's schema from the contract.
 */
import { anonymousOrderAnswer, giftCardFullProceed, orderAddDelivery, shopcartResetExclude } from '@partera/contract';
import type { Fields, Http } from '../api/http.js';
import type { AnonymousOrderAnswer } from '../api/orders.js';

export type GiftCardFullAnswer = ReturnType<(typeof giftCardFullProceed)['response']['parse']>;

/** GET /order/GiftCardFullProceed/?order_id → error, message, url (7.5, 8.4). */
export async function proceedGiftCardFull(http: Http, orderId: string): Promise<GiftCardFullAnswer> {
  return giftCardFullProceed.response.parse(await http.get(giftCardFullProceed.path, { order_id: orderId }));
}

/** Whether an order answer's url is the full gift-card payment call rather than a page. */
export function isGiftCardFullUrl(url: string): boolean {
  return new URL(url, 'http://localhost').pathname === giftCardFullProceed.path;
}

/** POST /shopcart/ResetExclude/ {isBooking}: the only-booking conflict's ways out (4.4); the page reloads after. */
export async function resetExclude(http: Http, isBooking: 0 | 1): Promise<void> {
  shopcartResetExclude.response.parse(await http.postForm(shopcartResetExclude.path, { isBooking }));
}

/**
 * POST /order/addDelivery/ (7.5): the order with courier delivery. The answer is read like the
 * anonymous order's (url, and where the server gives them the session's params and new id), a
 * superset of the call's own {error, code, message, url}.
 */
export async function placeDeliveryOrder(http: Http, fields: Fields): Promise<AnonymousOrderAnswer> {
  const body = await http.postForm(orderAddDelivery.path, fields);
  const answer = anonymousOrderAnswer.parse(orderAddDelivery.response.parse(body) && body);
  if (answer.session) http.adoptSession(answer.session);
  return answer;
}
