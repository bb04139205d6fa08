import type { Queryable } from '../../src/db/index.js';
import type { Buyer } from './app.js';

/**
 * When a cancelled order gave its gift card's amount back, as epoch milliseconds: the order's
 * cancelled_at, its codes_released_at and the card's 'release' move. All three are the cancelling
 * service's clock when it writes cancelled_at (migration 0027).
 */
export async function giftCardReleaseTimes(db: Queryable, orderId: number): Promise<number[]> {
  const r = await db.query<{ cancelled_at: Date; codes_released_at: Date; moved_at: Date }>(
    `SELECT o.cancelled_at, o.codes_released_at, m.created_at AS moved_at
       FROM orders o JOIN gift_card_moves m ON m.order_id = o.id AND m.kind = 'release' WHERE o.id = $1`,
    [orderId],
  );
  const row = r.rows[0];
  if (!row) return [];
  return [row.cancelled_at, row.codes_released_at, row.moved_at].map((d) => (d ? new Date(d).getTime() : Number.NaN));
}

/** Applies the gift card to the buyer's basket; whether the card was taken. */
export async function applyGiftCard(b: Buyer, number: string): Promise<boolean> {
  return (await b.post('/shopcart/applygiftcard/', { gift_card_number: number })).json().success === true;
}
