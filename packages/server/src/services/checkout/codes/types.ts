import type { CashbackAction } from '@partera/contract';
import type { BasketLine } from '../../basket/contents.js';

/** A refusal in the spec's answer shape: the order call's code and message. */
export interface CodesRefusal {
  code: number;
  message: string;
}

/** What is applied to a basket, priced (every amount in kopecks). */
export interface AppliedCodes {
  promo: { code: string; discount: number } | null;
  /** number masked for display (the last group only). */
  giftCard: { number: string; balance: number; applied: number } | null;
  cashback: { percent: number; balance: number; action: CashbackAction | null; alert?: string } | null;
  pushkinCard: { eligible: boolean; reason?: string } | null;
  /** The promo code's discount. */
  discount: number;
  /** What the gift card pays of this basket. */
  giftCardPaid: number;
  /** What the buyer's cashback pays of this basket. */
  cashbackPaid: number;
  /** Tickets and gifts, as the caller priced them. */
  subtotal: number;
  /** subtotal less the discount, the gift card and the cashback (the delivery is the caller's to add). */
  toPay: number;
  /**
   * An applied code that can no longer be used (expired, used up, the card emptied by another
   * order): the basket state may show it; codesRefusal answers it first, so no order is placed on it.
   */
  refusal: CodesRefusal | null;
  /** What recordCodesOnOrder takes: the rows' ids and whose cashback. */
  held: { promoCodeId: number | null; giftCardId: number | null; cashbackPhone: string | null };
}

export interface CodesInput {
  sessionId: string;
  userId: number | null;
  lines: BasketLine[];
  /** Kopecks: tickets and gifts. */
  subtotal: number;
  now: Date;
  /** The cashback action the order call sent, instead of the one kept with the basket (null, undefined: the kept one). */
  cashbackAction?: CashbackAction | null | undefined;
}

export const NOTHING_APPLIED: AppliedCodes = {
  promo: null,
  giftCard: null,
  cashback: null,
  pushkinCard: null,
  discount: 0,
  giftCardPaid: 0,
  cashbackPaid: 0,
  subtotal: 0,
  toPay: 0,
  refusal: null,
  held: { promoCodeId: null, giftCardId: null, cashbackPhone: null },
};
