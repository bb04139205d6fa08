import type { Database } from '../../db/index.js';
import { expireUnpaidOrders } from '../orders/release.js';
import { lapsedEntranceHold, lapsedHold } from './rule.js';

/** At most this many places are released per statement, so no sweep holds its locks for long. */
const SWEEP_BATCH = 5_000;

/**
 * Releases expired holds. Claims never depend on this (they treat an expired hold as free
 * already), but the availability numbers the pages show do (place_counts, migration 0006): a
 * place counts as held until it is released here, so the server sweeps every few seconds.
 *
 * Places are taken in id order and a place some claim has locked is skipped (SKIP LOCKED, it is
 * being claimed anyway): the sweep never waits for a buyer nor deadlocks with one. Expired
 * entrance holds go back to their section's counter in the same statement that deletes them,
 * so no ticket is counted twice, and their gifts go back to the performance's stock (migration
 * 0017; a lapsed place's gifts go back by its trigger when gifts_count is reset). Returns what
 * went back and the performances it changed (the caller announces them on the change feed).
 */
export async function sweepExpiredHolds(
  db: Database,
  now: Date,
): Promise<{ places: number; entranceTickets: number; performances: number[] }> {
  await expireUnpaidOrders(db, now); // unpaid bookings and orders that took points or codes, at their pay_by
  return db.transaction(async (tx) => {
    const places = await tx.query<{ performance_id: number }>(
      `WITH lapsed AS (
         SELECT id FROM performance_places WHERE ${lapsedHold('$1')} ORDER BY id LIMIT ${SWEEP_BATCH}
            FOR UPDATE SKIP LOCKED)
       UPDATE performance_places p
          SET state = 0, hold_session_id = NULL, held_until = NULL, tariff_id = NULL, gifts_count = 0, order_id = NULL
         FROM lapsed WHERE p.id = lapsed.id
       RETURNING p.performance_id`,
      [now],
    );
    const entrance = await tx.query<{ n: number; performances: number[] | null }>(
      `WITH expired AS (
         DELETE FROM entrance_holds WHERE ${lapsedEntranceHold('$1')}
         RETURNING performance_section_id, ticket_count, gifts_count
       ), per_section AS (
         SELECT performance_section_id, sum(ticket_count)::int AS n, sum(gifts_count)::int AS gifts
           FROM expired GROUP BY performance_section_id
       ), returned AS (
         UPDATE performance_sections s SET free_count = s.free_count + per_section.n
           FROM per_section WHERE s.id = per_section.performance_section_id
         RETURNING per_section.n, per_section.gifts, s.performance_id
       )
       SELECT coalesce(sum(n), 0)::int AS n, array_agg(DISTINCT performance_id) AS performances,
              gift_stock_return(array_agg(performance_id), array_agg(gifts)) AS gifts
         FROM returned`,
      [now],
    );
    const performances = new Set(places.rows.map((r) => r.performance_id));
    for (const id of entrance.rows[0]?.performances ?? []) performances.add(id);
    return {
      places: places.rowCount,
      entranceTickets: entrance.rows[0]?.n ?? 0,
      performances: [...performances].sort((a, b) => a - b),
    };
  });
}
