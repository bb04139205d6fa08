import type { Transaction } from '../../db/index.js';
import { claimable } from './rule.js';

interface OrderItemRow {
  performance_place_id: number | null;
  performance_section_id: number | null;
  ticket_count: number;
}

/**
 * Turns an order's holds into sales, inside the caller's (payment settlement) transaction.
 *
 * Places: sold if still held by the order's session, or free again, or held by someone whose hold
 * has expired (a late payment re-claims them). Entrance tickets: taken from the session's hold of
 * that section when it still exists, otherwise re-claimed from the counter if enough are free.
 * If anything cannot be had, every change made here is rolled back (savepoint) and { ok: false }
 * tells the caller to refund. An order that is no longer 'new' (cancelled, already paid) is never
 * sold again.
 */
export async function sellOrderHolds(
  tx: Transaction,
  orderId: number,
  now: Date,
): Promise<{ ok: true } | { ok: false }> {
  const order = await tx.query<{ status: string; session_id: string }>(
    'SELECT status, session_id FROM orders WHERE id = $1 FOR UPDATE',
    [orderId],
  );
  const o = order.rows[0];
  if (o?.status !== 'new') return { ok: false };
  const items = await tx.query<OrderItemRow>(
    'SELECT performance_place_id, performance_section_id, ticket_count FROM order_items WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  await tx.query('SAVEPOINT sell_order');
  const fail = async () => {
    await tx.query('ROLLBACK TO SAVEPOINT sell_order');
    return { ok: false } as const;
  };

  const placeIds = items.rows.flatMap((i) => (i.performance_place_id === null ? [] : [i.performance_place_id]));
  placeIds.sort((a, b) => a - b);
  if (placeIds.length > 0) {
    const sold = await tx.query(
      `WITH wanted AS (
         SELECT id FROM performance_places
          WHERE id = ANY($1::int[])
            AND (${claimable('$3')} OR (state = 1 AND hold_session_id = $2))
          ORDER BY id
          FOR UPDATE
       )
       UPDATE performance_places p
          SET state = 2, order_id = $4, hold_session_id = NULL, held_until = NULL
         FROM wanted WHERE p.id = wanted.id`,
      [placeIds, o.session_id, now, orderId],
    );
    if (sold.rowCount < placeIds.length) return fail();
  }

  for (const item of items.rows) {
    if (item.performance_section_id === null) continue;
    const hold = await tx.query<{ id: number; ticket_count: number }>(
      'SELECT id, ticket_count FROM entrance_holds WHERE performance_section_id = $1 AND session_id = $2 FOR UPDATE',
      [item.performance_section_id, o.session_id],
    );
    const h = hold.rows[0];
    const fromHold = Math.min(h?.ticket_count ?? 0, item.ticket_count);
    if (h && fromHold >= h.ticket_count) await tx.query('DELETE FROM entrance_holds WHERE id = $1', [h.id]);
    else if (h && fromHold > 0) {
      await tx.query('UPDATE entrance_holds SET ticket_count = ticket_count - $2 WHERE id = $1', [h.id, fromHold]);
    }
    const missing = item.ticket_count - fromHold;
    if (missing > 0) {
      const taken = await tx.query(
        'UPDATE performance_sections SET free_count = free_count - $2 WHERE id = $1 AND free_count >= $2',
        [item.performance_section_id, missing],
      );
      if (taken.rowCount === 0) return fail();
    }
  }
  await tx.query('RELEASE SAVEPOINT sell_order');
  return { ok: true };
}

/**
 * Puts returned tickets back on sale, inside the caller's (refund) transaction: each sold place
 * of the order becomes free (state 0, claimable by anyone at once; the place's gifts go back to
 * the performance's stock through its trigger, migration 0017), and each entrance ticket goes
 * back to its section's counter with its share of its order item's gifts (below). Only tickets
 * of this order change.
 *
 * An entrance order item's gifts belong to all of its tickets together (5.2: the maximum times
 * the tickets), so a returned ticket gives back its share: once k of the item's n tickets are
 * back, floor(gifts × k / n) of its gifts are, so the item's last ticket returns the rest and
 * returning the tickets one at a time gives back exactly what returning them at once does.
 */
export async function returnSoldTickets(
  tx: Transaction,
  orderId: number,
  returned: { placeIds: readonly number[]; entranceTicketIds: readonly number[] },
): Promise<void> {
  const placeIds = [...new Set(returned.placeIds)].sort((a, b) => a - b);
  if (placeIds.length > 0) {
    await tx.query(
      `UPDATE performance_places
          SET state = 0, order_id = NULL, hold_session_id = NULL, held_until = NULL, tariff_id = NULL, gifts_count = 0
        WHERE id = ANY($1::int[]) AND state = 2 AND order_id = $2`,
      [placeIds, orderId],
    );
  }
  const ticketIds = [...new Set(returned.entranceTicketIds)];
  if (ticketIds.length === 0) return;
  const items = await tx.query<{ section_id: number; performance_id: number; back: number; gifts: number }>(
    `WITH back AS (
       SELECT t.order_item_id, count(*)::int AS back FROM tickets t
        WHERE t.id = ANY($1::int[]) AND t.order_id = $2 AND t.performance_section_id IS NOT NULL
        GROUP BY t.order_item_id)
     SELECT oi.performance_section_id AS section_id, oi.performance_id, b.back,
            oi.gifts_count * (before.n + b.back) / oi.ticket_count - oi.gifts_count * before.n / oi.ticket_count AS gifts
       FROM back b
       JOIN order_items oi ON oi.id = b.order_item_id
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS n FROM tickets x
          WHERE x.order_id = $2 AND x.order_item_id = oi.id AND x.status = 'returned' AND NOT x.id = ANY($1::int[])) before
      ORDER BY oi.performance_section_id`,
    [ticketIds, orderId],
  );
  for (const item of items.rows) {
    await tx.query('UPDATE performance_sections SET free_count = least(capacity, free_count + $2) WHERE id = $1', [
      item.section_id,
      item.back,
    ]);
  }
  const gifts = items.rows.filter((i) => i.gifts > 0);
  if (gifts.length > 0) {
    await tx.query('SELECT gift_stock_return($1::int[], $2::int[])', [
      gifts.map((i) => i.performance_id),
      gifts.map((i) => i.gifts),
    ]);
  }
}
