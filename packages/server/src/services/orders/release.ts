/**
 * What happens to an unpaid order that is given up (hall-basket-checkout.md 4.5, 4.7): a newer
 * order of the same basket cancels it, and one that keeps something back expires at its pay_by
 * (migration 0020): a booking's places, held for the order until the box office's deadline, and
 * the bonus points, gift card amount or promo use taken when it was placed. Either way the order
 * becomes 'cancelled' at the app's clock (`cancelled_at`, which the codes' release trigger of
 * migration 0027 takes as its time) and gives back what it took, once.
 */
import { changeBonus } from '../../accounts/bonus.js';
import type { Database, Transaction } from '../../db/index.js';
import { releaseCodesOfOrder } from '../checkout/codes/index.js';

/** At most this many orders expire per sweep, so no sweep holds its locks for long. */
const EXPIRY_BATCH = 200;

/** Kopecks per bonus point: a point pays one rouble. */
export const KOPECKS_PER_POINT = 100;

/**
 * Gives back what the order took at creation: its bonus points to the buyer's ledger and the
 * codes' share (checkout/codes). Idempotent: the order's bonus_amount is zeroed as it is returned.
 */
export async function returnOrderTakings(tx: Transaction, orderId: number, now: Date): Promise<void> {
  const r = await tx.query<{ user_id: number | null; bonus_amount: number }>(
    `UPDATE orders o SET bonus_amount = 0 FROM (SELECT id, user_id, bonus_amount FROM orders WHERE id = $1 FOR UPDATE) old
      WHERE o.id = old.id RETURNING old.user_id, old.bonus_amount`,
    [orderId],
  );
  const row = r.rows[0];
  const points = row ? Math.floor(row.bonus_amount / KOPECKS_PER_POINT) : 0;
  if (row?.user_id && points > 0) await changeBonus(tx, row.user_id, points, `order-returned:${orderId}`, now);
  await releaseCodesOfOrder(tx, orderId, now);
}

/**
 * Cancels the unpaid orders of a basket (its session), giving back what each took: only the
 * newest order of a basket can be paid (a late payment of an older one is refunded).
 */
export async function cancelUnpaidOrdersOf(tx: Transaction, sessionId: string, now: Date): Promise<void> {
  const r = await tx.query<{ id: number }>(
    `UPDATE orders SET status = 'cancelled', cancelled_at = $2 WHERE session_id = $1 AND status = 'new' RETURNING id`,
    [sessionId, now],
  );
  for (const { id } of r.rows) await returnOrderTakings(tx, id, now);
}

/**
 * Expires the unpaid orders whose pay_by has come: each is cancelled and gives back what it took.
 * A booking's places were held until the same instant (held_until = pay_by), so the hold sweeper
 * puts them back on sale; a payment arriving later finds the order closed and is refunded.
 * Orders another transaction has locked (being paid right now) are left for the next sweep.
 */
export async function expireUnpaidOrders(db: Database, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const r = await tx.query<{ id: number }>(
      `WITH due AS (
         SELECT id FROM orders WHERE status = 'new' AND pay_by IS NOT NULL AND pay_by <= $1
          ORDER BY id LIMIT ${EXPIRY_BATCH} FOR UPDATE SKIP LOCKED)
       UPDATE orders o SET status = 'cancelled', cancelled_at = $1 FROM due WHERE o.id = due.id RETURNING o.id`,
      [now],
    );
    const ids = r.rows.map((row) => row.id).sort((a, b) => a - b);
    for (const id of ids) await returnOrderTakings(tx, id, now);
    return ids;
  });
}
