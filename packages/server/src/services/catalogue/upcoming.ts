import type { Queryable } from '../../db/index.js';
import { type CardRow, type PerformanceCard, performanceCards } from './cards.js';

export type { PerformanceCard } from './cards.js';

export interface UpcomingQuery {
  cityId: number;
  now: Date;
  offset?: number;
  limit: number;
}

export interface UpcomingPage {
  items: PerformanceCard[];
  /** True when another page follows (the 'Показать ещё' button). */
  hasMore: boolean;
}

/**
 * The one rule of 'ahead' (every list of what is on uses it): a performance starting after `now`
 * and not closed, so on sale or coming soon. `p` names the performances, `now` the parameter.
 */
export const aheadSql = (p: string, now: string) => `${p}.starts_at > ${now} AND ${p}.sale_state <> 'closed'`;

/**
 * The city's performances ahead as the CTE `upcoming` (city and now are parameters $1 and $2):
 * id, show_id, hall_id, starts_at, sale_state, n (1 for the show's nearest, by start then id) and
 * dates (the show's performances ahead). The lists of shows (upcoming, popular, recommendations)
 * take each show's row n = 1.
 */
export const UPCOMING_IN_CITY = `upcoming AS (
       SELECT p.id, p.show_id, p.hall_id, p.starts_at, p.sale_state,
              row_number() OVER (PARTITION BY p.show_id ORDER BY p.starts_at, p.id) AS n,
              count(*) OVER (PARTITION BY p.show_id) AS dates
         FROM performances p
         JOIN halls h ON h.id = p.hall_id
         JOIN buildings b ON b.id = h.building_id
        WHERE b.city_id = $1 AND ${aheadSql('p', '$2')})`;

/**
 * What is on in a city: each show once, by its nearest performance on sale or coming soon, in
 * date order (a daily exhibition would otherwise fill the whole grid). The venue is the hall's
 * building, since a show may tour to other stages.
 */
export async function listUpcomingPerformances(db: Queryable, q: UpcomingQuery): Promise<UpcomingPage> {
  const offset = Math.max(0, Math.floor(q.offset ?? 0));
  const { rows } = await db.query<CardRow>(
    `WITH ${UPCOMING_IN_CITY}
     SELECT p.id, p.starts_at, p.sale_state, s.id AS show_id, s.slug, s.name AS show_name,
            g.name AS genre_name, s.age_mark, b.name AS building_name, h.name AS hall_name,
            (p.dates - 1)::int AS more_dates
       FROM upcoming p
       JOIN shows s ON s.id = p.show_id
       JOIN genres g ON g.id = s.genre_id
       JOIN halls h ON h.id = p.hall_id
       JOIN buildings b ON b.id = h.building_id
      WHERE p.n = 1
      ORDER BY p.starts_at, p.id
      LIMIT $3 OFFSET $4`,
    [q.cityId, q.now, q.limit + 1, offset],
  );
  const shown = rows.slice(0, q.limit);
  return {
    items: await performanceCards(db, shown),
    hasMore: rows.length > q.limit,
  };
}
