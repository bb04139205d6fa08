import type { Queryable } from '../../db/index.js';

/** What a page shows of a performance's availability. */
export interface PerformanceAvailability {
  /** Places and entrance tickets a buyer can take now. */
  freePlaces: number;
  /**
   * The 'от' price in kopecks: the cheapest ticket (tariff, or the category's price where it has
   * none) among the price categories that still have free places; the cheapest of all when
   * nothing is free; null when the performance has no prices.
   */
  minPrice: number | null;
}

/**
 * Reads the availability of the given performances from the kept numbers (place_counts and the
 * entrance counters, migration 0006): a few rows per performance, never its places.
 */
export async function loadAvailability(
  db: Queryable,
  performanceIds: readonly number[],
): Promise<Map<number, PerformanceAvailability>> {
  const ids = [...new Set(performanceIds)];
  const result = new Map<number, PerformanceAvailability>();
  if (ids.length === 0) return result;
  const r = await db.query<{ id: number; free_places: number; free_price: number | null; any_price: number | null }>(
    `WITH free_by_category AS (
       SELECT performance_id, price_category_id, sum(free)::int AS free
         FROM place_counts WHERE performance_id = ANY($1::int[]) GROUP BY 1, 2
       UNION ALL
       SELECT performance_id, price_category_id, sum(free_count)::int
         FROM performance_sections WHERE performance_id = ANY($1::int[]) GROUP BY 1, 2
     ), category_price AS (
       SELECT pc.performance_id, pc.id, min(coalesce(t.price, pc.price))::int AS price
         FROM price_categories pc LEFT JOIN tariffs t ON t.price_category_id = pc.id
        WHERE pc.performance_id = ANY($1::int[]) GROUP BY 1, 2
     )
     SELECT w.id,
            coalesce((SELECT sum(f.free) FROM free_by_category f WHERE f.performance_id = w.id), 0)::int AS free_places,
            (SELECT min(cp.price) FROM category_price cp
               JOIN free_by_category f ON f.price_category_id = cp.id AND f.free > 0
              WHERE cp.performance_id = w.id)::int AS free_price,
            (SELECT min(cp.price) FROM category_price cp WHERE cp.performance_id = w.id)::int AS any_price
       FROM unnest($1::int[]) AS w(id)`,
    [ids],
  );
  for (const row of r.rows) {
    result.set(row.id, { freePlaces: row.free_places, minPrice: row.free_price ?? row.any_price });
  }
  return result;
}

/**
 * Rebuilds the kept numbers of these performances from their places, in one statement: for a
 * bulk load that skipped the triggers which keep them (the demo seed). Nothing else needs it.
 * Each key's count goes to one stripe (migration 0019: place_counts sums a key's stripes).
 */
export async function recountPlaces(tx: Queryable, performanceIds: readonly number[]): Promise<void> {
  await tx.query('DELETE FROM place_count_stripes WHERE performance_id = ANY($1::int[])', [[...performanceIds]]);
  await tx.query(
    `INSERT INTO place_count_stripes (performance_id, section_id, price_category_id, free, held, sold)
     SELECT pp.performance_id, pl.section_id, pp.price_category_id, count(*) FILTER (WHERE pp.state = 0),
            count(*) FILTER (WHERE pp.state = 1), count(*) FILTER (WHERE pp.state = 2)
       FROM performance_places pp JOIN places pl ON pl.id = pp.place_id
      WHERE pp.performance_id = ANY($1::int[])
      GROUP BY 1, 2, 3`,
    [[...performanceIds]],
  );
}
