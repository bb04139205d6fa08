import type { Queryable, Transaction } from '../../../db/index.js';

/**
 * The partner's cashback as this product keeps it (decision 0034). The partner's pay-flow API
 * (payments/partner-pay) only reads our orders and tells us of payments: it has no balance to ask.
 * So a buyer's cashback balance is the ledger of the orders this product recorded for their phone
 * under that partner: what paid orders chose to accumulate (the order's cashback percent of what
 * it cost the buyer) less what live orders (unpaid or paid) spent. A cancelled or wholly refunded
 * order drops out of both sums, so nothing has to be moved back.
 *
 * Spending needs a signed-in buyer whose phone is confirmed (a typed phone proves nothing);
 * accumulating records the order's phone (the account's, else the one the guest typed): cashback
 * earned for a number is spent only by whoever confirms that number.
 */

export const CASHBACK_MESSAGES = {
  signInToSpend: 'Списать кешбэк можно, войдя в личный кабинет с подтверждённым номером телефона',
  nothingToSpend: 'На вашем счёте пока нет кешбэка',
  noCashback: 'Кешбэк для этого заказа недоступен',
  forcedByGiftCard: 'С подарочной картой кешбэк только накапливается',
} as const;

/** A phone as the ledger keys it: its digits. */
export const phoneDigits = (phone: string | null | undefined): string | null => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits === '' ? null : digits;
};

/** The confirmed phone of a signed-in buyer, or null. */
export async function confirmedPhone(q: Queryable, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const r = await q.query<{ phone: string | null }>('SELECT phone FROM users WHERE id = $1 AND phone_confirmed', [
    userId,
  ]);
  return phoneDigits(r.rows[0]?.phone);
}

/** The cashback balance of a phone under a partner, in kopecks (never below zero). */
export async function cashbackBalance(q: Queryable, phone: string, partnerId: number): Promise<number> {
  const r = await q.query<{ balance: number }>(
    `SELECT greatest(0,
              coalesce(sum(CASE WHEN status = 'paid' AND cashback_action = 'nakopit_keshbek'
                                THEN floor(total * cashback_percent / 100.0) ELSE 0 END), 0)
            - coalesce(sum(CASE WHEN status IN ('new', 'paid') THEN cashback_spent ELSE 0 END), 0))::int AS balance
       FROM orders WHERE cashback_phone = $1 AND partner_id = $2`,
    [phone, partnerId],
  );
  return r.rows[0]?.balance ?? 0;
}

/** Namespace of the advisory lock that orders two spends of one phone's cashback. */
const CASHBACK_LOCK_SPACE = 34_001;

/** Serialises the spends of one phone's cashback until the transaction ends (the balance is a sum, not a row). */
export async function lockCashback(tx: Transaction, phone: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [CASHBACK_LOCK_SPACE, phone]);
}
