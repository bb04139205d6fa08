import type { Queryable } from '../../src/db/index.js';

/**
 * Keys where the kept availability numbers (place_counts) differ from a recount of the places;
 * empty when they agree. Each row: the key, then what is kept and what the recount says.
 */
export async function countMismatches(db: Queryable): Promise<unknown[]> {
  const r = await db.query(
    `WITH recount AS (
       SELECT pp.performance_id, pl.section_id, pp.price_category_id,
              count(*) FILTER (WHERE pp.state = 0)::int AS free, count(*) FILTER (WHERE pp.state = 1)::int AS held,
              count(*) FILTER (WHERE pp.state = 2)::int AS sold
         FROM performance_places pp JOIN places pl ON pl.id = pp.place_id
        GROUP BY 1, 2, 3)
     SELECT coalesce(k.performance_id, r.performance_id) AS performance_id,
            coalesce(k.section_id, r.section_id) AS section_id,
            coalesce(k.price_category_id, r.price_category_id) AS price_category_id,
            k.free AS kept_free, r.free, k.held AS kept_held, r.held, k.sold AS kept_sold, r.sold
       FROM place_counts k
       FULL JOIN recount r USING (performance_id, section_id, price_category_id)
      WHERE (k.free, k.held, k.sold) IS DISTINCT FROM (coalesce(r.free, 0), coalesce(r.held, 0), coalesce(r.sold, 0))`,
  );
  return r.rows;
}
