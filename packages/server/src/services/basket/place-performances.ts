import type { Queryable } from '../../db/index.js';

/** How many places' performances one process keeps before it starts over. */
const KEPT = 200_000;

/**
 * The performance of a place, or the look-up that finds it: a function to call when the answer
 * is needed and may cost the database (after the gate has counted the attempt).
 */
export type PerformanceOrLookup = number | (() => Promise<number | undefined>);

export interface PlacePerformances {
  /** The performance of a place: at once when this process knows it, else after reading it. */
  (performancePlaceId: number): number | undefined | Promise<number | undefined>;
  /**
   * For the admission gate: the performance when this process knows it (no cost), otherwise the
   * read to make, not started yet, so that the gate counts the attempt against its rate limits
   * before anything reaches the database (http/route.ts).
   */
  deferred(performancePlaceId: number): PerformanceOrLookup;
}

/**
 * The performance of a place (a cypher, performance_places.id), for the admission gate before a
 * hold. It never changes, so each process keeps what it has read (bounded).
 *
 * - A place this process does not know is read with every place of its performance, in one
 *   query: at a sale's start thousands of buyers ask within a second for the places of one
 *   performance, and the first of them brings all the others' answers (a stadium's 86,000
 *   places are one query of a few tens of milliseconds, once per process).
 * - One read at a time: a miss that comes while another read runs waits for it and looks again
 *   before it asks the database (the place may be among those read). Without that, the first
 *   second of a sale sent the database one look-up per request, the holds queued behind them in
 *   the pool, and buyers reached the gate in the order their look-ups came back.
 *
 * Undefined for an unknown place.
 */
export function placePerformanceLookup(db: Queryable): PlacePerformances {
  const known = new Map<number, number>();
  let reading: Promise<unknown> = Promise.resolve();

  const read = async (performancePlaceId: number): Promise<number | undefined> => {
    const meanwhile = known.get(performancePlaceId);
    if (meanwhile !== undefined) return meanwhile;
    const r = await db.query<{ id: number; performance_id: number }>(
      `SELECT id, performance_id FROM performance_places
        WHERE performance_id = (SELECT performance_id FROM performance_places WHERE id = $1)`,
      [performancePlaceId],
    );
    if (known.size + r.rows.length > KEPT) known.clear();
    for (const row of r.rows) known.set(row.id, row.performance_id);
    return known.get(performancePlaceId);
  };

  const lookUp = (performancePlaceId: number) => {
    const answer = reading.then(() => read(performancePlaceId));
    reading = answer.catch(() => {});
    return answer;
  };

  const performanceOf = (performancePlaceId: number) => known.get(performancePlaceId) ?? lookUp(performancePlaceId);
  return Object.assign(performanceOf, {
    deferred: (performancePlaceId: number): PerformanceOrLookup =>
      known.get(performancePlaceId) ?? (() => lookUp(performancePlaceId)),
  });
}
