import type { Database } from '../../db/index.js';
import { lapsedEntranceHold, lapsedHold } from './rule.js';

/**
 * Releases expired holds so the tables stay tidy. Correctness never depends on this: claims treat
 * an expired hold as free already. Expired entrance holds go back to their section's counter in
 * the same statement that deletes them, so no ticket is counted twice.
 */
export async function sweepExpiredHolds(db: Database, now: Date): Promise<{ places: number; entranceTickets: number }> {
  return db.transaction(async (tx) => {
    const places = await tx.query(
      `UPDATE performance_places
          SET state = 0, hold_session_id = NULL, held_until = NULL, tariff_id = NULL, gifts_count = 0, order_id = NULL
        WHERE ${lapsedHold('$1')}`,
      [now],
    );
    const entrance = await tx.query<{ n: number }>(
      `WITH expired AS (
         DELETE FROM entrance_holds WHERE ${lapsedEntranceHold('$1')} RETURNING performance_section_id, ticket_count
       ), per_section AS (
         SELECT performance_section_id, sum(ticket_count)::int AS n FROM expired GROUP BY performance_section_id
       ), returned AS (
         UPDATE performance_sections s SET free_count = s.free_count + per_section.n
           FROM per_section WHERE s.id = per_section.performance_section_id
         RETURNING per_section.n
       )
       SELECT coalesce(sum(n), 0)::int AS n FROM returned`,
      [now],
    );
    return { places: places.rowCount, entranceTickets: entrance.rows[0]?.n ?? 0 };
  });
}
