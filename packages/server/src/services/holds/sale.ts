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
 * of the order becomes free (state 0, claimable by anyone at once), and each section's counter
 * gets back the number of entrance tickets returned. Only places sold to this order change.
 */
export async function returnSoldTickets(
  tx: Transaction,
  orderId: number,
  returned: { placeIds: readonly number[]; sections: ReadonlyArray<{ sectionId: number; count: number }> },
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
  for (const s of [...returned.sections].sort((a, b) => a.sectionId - b.sectionId)) {
    await tx.query('UPDATE performance_sections SET free_count = least(capacity, free_count + $2) WHERE id = $1', [
      s.sectionId,
      s.count,
    ]);
  }
}
