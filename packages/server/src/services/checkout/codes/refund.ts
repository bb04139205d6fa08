import type { Transaction } from '../../../db/index.js';
import { GIFT_CARD_PROVIDER } from './provider.js';

/**
 * A cabinet return of tickets (payments/refunds.ts, its last step, inside that transaction) gives
 * the gift card back its share of them, once per refund (gift_card_moves.refund_id is unique):
 * - an order the card paid wholly (its payment's provider is gift_card): the refund's amount, which
 *   the refund rules already computed from that payment;
 * - an order the card paid in part: each returned ticket's share of the card's amount (its price
 *   with its gifts over the order's), at the refund's percent, rounded down to the kopeck;
 * never more than the card paid for the order, counting earlier returns. Returns the kopecks given back.
 */
export async function returnGiftCardShare(tx: Transaction, refundId: number, now: Date): Promise<number> {
  const r = await tx.query<{
    order_id: number;
    amount: number;
    provider: string;
    gift_card_id: number | null;
    gift_card_amount: number;
    share: number;
    returned: number;
  }>(
    `SELECT r.order_id, r.amount, p.provider, o.gift_card_id, o.gift_card_amount,
            coalesce((SELECT sum(floor((oi.price + floor(oi.gift_price * oi.gifts_count / greatest(oi.ticket_count, 1)))
                                 * o.gift_card_amount * rt.percent
                                 / nullif(100.0 * (SELECT sum(x.price * x.ticket_count + x.gift_price * x.gifts_count)
                                                     FROM order_items x WHERE x.order_id = o.id), 0)))
                        FROM refund_tickets rt JOIN tickets t ON t.id = rt.ticket_id
                        JOIN order_items oi ON oi.id = t.order_item_id
                       WHERE rt.refund_id = r.id), 0)::int AS share,
            coalesce((SELECT sum(m.amount) FROM gift_card_moves m WHERE m.order_id = o.id AND m.kind = 'refund'), 0)::int
              AS returned
       FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN orders o ON o.id = r.order_id
      WHERE r.id = $1
        FOR UPDATE OF o`,
    [refundId],
  );
  const row = r.rows[0];
  if (!row || row.gift_card_id === null || row.gift_card_amount <= 0) return 0;
  const wanted = row.provider === GIFT_CARD_PROVIDER ? row.amount : row.share;
  const back = Math.max(0, Math.min(wanted, row.gift_card_amount - row.returned));
  if (back === 0) return 0;
  const moved = await tx.query(
    `INSERT INTO gift_card_moves (gift_card_id, order_id, kind, refund_id, amount, created_at)
     VALUES ($1, $2, 'refund', $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
    [row.gift_card_id, row.order_id, refundId, back, now],
  );
  if (moved.rowCount === 0) return 0;
  await tx.query('UPDATE gift_cards SET balance = balance + $2 WHERE id = $1', [row.gift_card_id, back]);
  return back;
}
