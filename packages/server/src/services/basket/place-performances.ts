import type { Queryable } from '../../db/index.js';

/** How many places' performances one process keeps before it starts over. */
const KEPT = 200_000;

/**
 * The performance of a place (a cypher, performance_places.id), for the admission gate before a
 * hold: it never changes, so each process keeps what it has read (bounded), and a rush on one
 * performance reads each place once. Undefined for an unknown place.
 */
export function placePerformanceLookup(db: Queryable): (performancePlaceId: number) => Promise<number | undefined> {
  const known = new Map<number, number>();
  return async (performancePlaceId) => {
    const kept = known.get(performancePlaceId);
    if (kept !== undefined) return kept;
    const r = await db.query<{ performance_id: number }>(
      'SELECT performance_id FROM performance_places WHERE id = $1',
      [performancePlaceId],
    );
    const performanceId = r.rows[0]?.performance_id;
    if (performanceId !== undefined) {
      if (known.size >= KEPT) known.clear();
      known.set(performancePlaceId, performanceId);
    }
    return performanceId;
  };
}
