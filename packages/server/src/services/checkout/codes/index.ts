/**
 * Promo codes, gift cards, the partner's cashback and the culture card applied to a buyer's
 * basket (hall-basket-checkout.md 4.5, 4.11, 5.6, 7.4, 8.4, 9; decision 0034). The basket state
 * and order creation (services/checkout, services/orders) use the four functions below; the apply
 * calls of 7.4 and GiftCardFullProceed of 7.5 are in routes/codes.ts.
 *
 * Order creation, inside its transaction and with the basket locked:
 *   1. cancel the basket's earlier unpaid orders first (their codes go back: migration 0021's
 *      trigger), then codesForBasket(tx, …): it locks the promo's and the card's rows;
 *   2. codesRefusal(applied, payment, { birthDate, now }) → refuse the order with its answer;
 *   3. write the order (total = what is left to pay: applied.toPay plus the delivery), then
 *      recordCodesOnOrder(tx, orderId, applied, now) → a non-null answer: roll back and answer it.
 * An unpaid order that is cancelled (by anyone) gives its codes back by itself.
 */
import type { Queryable } from '../../../db/index.js';
import { priceCodes } from './price.js';
import type { AppliedCodes, CodesInput } from './types.js';

export { type ApplyOutcome, applyGiftCard, applyPromoCode, type CodesDeps, setCashbackAction } from './apply.js';
export { CASHBACK_MESSAGES } from './cashback.js';
export {
  FULL_PAYMENT_MESSAGES,
  type FullPaymentAnswer,
  giftCardFullProceed,
  giftCardPaymentId,
} from './full-payment.js';
export { GIFT_CARD_MESSAGES } from './gift-card.js';
export { type CodesBuyer, codesRefusal, recordCodesOnOrder, releaseCodesOfOrder } from './order.js';
export { CASHBACK_MIN_CARD_PART } from './price.js';
export { PROMO_MESSAGES } from './promo.js';
export { GIFT_CARD_PROVIDER, GiftCardProvider } from './provider.js';
export { PUSHKIN_MESSAGES } from './pushkin.js';
export { returnGiftCardShare } from './refund.js';
export { readBasketCodes } from './store.js';
export { type AppliedCodes, type CodesInput, type CodesRefusal, NOTHING_APPLIED } from './types.js';

/** The codes and cards applied to this session's basket, priced against its lines (inside the caller's transaction, which locks their rows, or on the pool). */
export function codesForBasket(q: Queryable, input: CodesInput): Promise<AppliedCodes> {
  return priceCodes(q, input);
}
