import { codesConflict, messages, type PaymentMethod, pushkinCardAgeOk } from '@partera/contract';
import { assertTransaction, type Transaction } from '../../../db/index.js';
import { GIFT_CARD_MESSAGES } from './gift-card.js';
import { PROMO_MESSAGES } from './promo.js';
import { PUSHKIN_MESSAGES } from './pushkin.js';
import type { AppliedCodes, CodesRefusal } from './types.js';

/** The buyer as the culture card's rules need them at order time. */
export interface CodesBuyer {
  /** From the card's data (pushkinCardInfo, pushkinCardBirthDate of the contract), else the account's birth date. */
  birthDate?: Date | null;
  now?: Date;
}

const refusal = (message: string): CodesRefusal => ({ code: 1, message });

/**
 * The rules of 4.5 between the chosen payment and what is applied (contract codesConflict), and
 * the culture card's at order time: null when the order may be placed, else the answer. An applied
 * code gone bad since it was applied (expired, used up, the card emptied) refuses first.
 */
export function codesRefusal(
  applied: AppliedCodes,
  payment: PaymentMethod,
  buyer: CodesBuyer = {},
): CodesRefusal | null {
  if (applied.refusal) return applied.refusal;
  const conflict = codesConflict(
    {
      giftCard: applied.giftCard !== null,
      promo: applied.promo !== null,
      cashbackSpend: applied.cashback?.action === 'spisat_keshbek',
    },
    payment,
  );
  if (conflict) return refusal(conflict);
  if (payment === 'gift_card') {
    // Full payment by the card (7.5 GiftCardFullProceed): the card must cover all of it.
    // 5.6: paying by gift card with no card: 'Пожалуйста введите номер подарочной карты.'
    if (!applied.giftCard) return refusal(messages.giftCardNumberEmpty);
    if (applied.toPay > 0) return refusal(GIFT_CARD_MESSAGES.notEnough);
  }
  if (payment === 'pushkin_card') {
    if (!applied.pushkinCard?.eligible) return refusal(applied.pushkinCard?.reason ?? PUSHKIN_MESSAGES.oneTicket);
    if (!buyer.birthDate) return refusal(PUSHKIN_MESSAGES.birthDate);
    if (!pushkinCardAgeOk(buyer.birthDate, buyer.now ?? new Date())) return refusal(PUSHKIN_MESSAGES.age);
  }
  return null;
}

/**
 * At order creation, inside its transaction, after the order row is written and priced with
 * codesForBasket on the same transaction (which locked the promo's and the card's rows): records
 * on the order what its codes take (discount, promo, gift card amount, cashback action, spent and
 * whose) and takes it: the card's balance goes down (a move in its ledger), the promo spends a use.
 * A non-null answer means something ran out after all: the caller rolls its transaction back
 * (throw new Rollback(answer)) and answers it. releaseCodesOfOrder gives everything back.
 */
export async function recordCodesOnOrder(
  tx: Transaction,
  orderId: number,
  applied: AppliedCodes,
  now: Date,
): Promise<CodesRefusal | null> {
  assertTransaction(tx);
  const { held } = applied;
  if (applied.refusal) return applied.refusal;
  if (held.promoCodeId !== null) {
    const used = await tx.query(
      `UPDATE promo_codes SET uses_left = uses_left - 1
        WHERE id = $1 AND (uses_left IS NULL OR uses_left > 0) RETURNING id`,
      [held.promoCodeId],
    );
    if (used.rowCount === 0) return refusal(PROMO_MESSAGES.usedUp);
  }
  if (held.giftCardId !== null && applied.giftCardPaid > 0) {
    const taken = await tx.query(
      'UPDATE gift_cards SET balance = balance - $2 WHERE id = $1 AND balance >= $2 RETURNING id',
      [held.giftCardId, applied.giftCardPaid],
    );
    if (taken.rowCount === 0) return refusal(GIFT_CARD_MESSAGES.changed);
    await tx.query(
      `INSERT INTO gift_card_moves (gift_card_id, order_id, kind, amount, created_at) VALUES ($1, $2, 'take', $3, $4)`,
      [held.giftCardId, orderId, -applied.giftCardPaid, now],
    );
  }
  const action = applied.cashback?.action ?? null;
  await tx.query(
    `UPDATE orders SET discount = $2, promo_code_id = $3, gift_card_id = $4, gift_card_amount = $5,
            cashback_action = $6, cashback_spent = $7,
            cashback_phone = CASE WHEN $6::text IS NULL THEN NULL
                                  ELSE coalesce($8, nullif(regexp_replace(coalesce(phone, ''), '\\D', '', 'g'), '')) END
      WHERE id = $1`,
    [
      orderId,
      applied.discount,
      held.promoCodeId,
      applied.giftCardPaid > 0 ? held.giftCardId : null,
      applied.giftCardPaid,
      action,
      action === 'spisat_keshbek' ? applied.cashbackPaid : 0,
      held.cashbackPhone,
    ],
  );
  return null;
}

/**
 * Gives back what an unpaid order's codes took (the card's amount, the promo's use; the cashback
 * spent counts only while the order lives), once: the database function order_codes_release of
 * migration 0021, which the trigger also runs for every order cancelled while unpaid. Does nothing
 * unless the order is cancelled (a paid order's refund gives the card's share back: returnGiftCardShare).
 */
export async function releaseCodesOfOrder(tx: Transaction, orderId: number, now: Date = new Date()): Promise<void> {
  assertTransaction(tx);
  await tx.query('SELECT order_codes_release($1, $2)', [orderId, now]);
}
