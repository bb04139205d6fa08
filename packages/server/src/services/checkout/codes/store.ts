import type { CashbackAction } from '@partera/contract';
import type { Queryable, Transaction } from '../../../db/index.js';

/** What a session has applied to its basket (table basket_codes, migration 0021). */
export interface BasketCodes {
  promoCodeId: number | null;
  giftCardId: number | null;
  cashbackAction: CashbackAction | null;
}

export const NO_BASKET_CODES: BasketCodes = { promoCodeId: null, giftCardId: null, cashbackAction: null };

export async function readBasketCodes(q: Queryable, sessionId: string): Promise<BasketCodes> {
  const r = await q.query<{
    promo_code_id: number | null;
    gift_card_id: number | null;
    cashback_action: string | null;
  }>('SELECT promo_code_id, gift_card_id, cashback_action FROM basket_codes WHERE session_id = $1', [sessionId]);
  const row = r.rows[0];
  if (!row) return { ...NO_BASKET_CODES };
  return {
    promoCodeId: row.promo_code_id,
    giftCardId: row.gift_card_id,
    cashbackAction: row.cashback_action as CashbackAction | null,
  };
}

/** Sets some of the session's codes (the others stay); a row with nothing left is deleted. */
export async function writeBasketCodes(
  tx: Transaction,
  sessionId: string,
  patch: Partial<BasketCodes>,
  now: Date,
): Promise<BasketCodes> {
  const next = { ...(await readBasketCodes(tx, sessionId)), ...patch };
  if (next.promoCodeId === null && next.giftCardId === null && next.cashbackAction === null) {
    await tx.query('DELETE FROM basket_codes WHERE session_id = $1', [sessionId]);
    return next;
  }
  await tx.query(
    `INSERT INTO basket_codes (session_id, promo_code_id, gift_card_id, cashback_action, updated_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (session_id) DO UPDATE SET promo_code_id = $2, gift_card_id = $3, cashback_action = $4, updated_at = $5`,
    [sessionId, next.promoCodeId, next.giftCardId, next.cashbackAction, now],
  );
  return next;
}
