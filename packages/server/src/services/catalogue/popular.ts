import { POPULAR_PAGE_SIZE } from '@partera/contract';
import type { Clock } from '../../clock.js';
import type { Database, Queryable } from '../../db/index.js';
import { type CardRow, performanceCards } from './cards.js';
import { cachedCatalogueOf } from './page-cache.js';
import { UPCOMING_IN_CITY, type UpcomingPage } from './upcoming.js';

/**
 * Popular shows of a city (site-browsing-account.md 2.4, 7 Browsing; decision 0038): the main
 * page's grid and GET /show/jsGetPopular/?offset=n, 24 at a time (POPULAR_PAGE_SIZE). Each show
 * once, by its nearest performance on sale or coming soon; the most wanted first: the tickets
 * taken (sold and held places, entrance tickets gone) of its performances ahead in the city, then
 * its buyers' rating, then the nearest date.
 */

export interface PopularQuery {
  cityId: number;
  now: Date;
  offset: number;
  limit: number;
}

/** Deeper than this nobody scrolls; an offset past it answers no more (an empty fragment). */
export const POPULAR_MAX_OFFSET = 50 * POPULAR_PAGE_SIZE;

export async function listPopularShows(db: Queryable, q: PopularQuery): Promise<UpcomingPage> {
  const offset = Math.max(0, Math.floor(q.offset));
  if (offset >= POPULAR_MAX_OFFSET || q.limit <= 0) return { items: [], hasMore: false };
  const { rows } = await db.query<CardRow>(
    `WITH ${UPCOMING_IN_CITY},
     taken AS (
       SELECT u.show_id, sum(c.sold + c.held)::int AS n
         FROM upcoming u JOIN place_count_stripes c ON c.performance_id = u.id GROUP BY 1
       UNION ALL
       SELECT u.show_id, sum(ps.capacity - ps.free_count)::int
         FROM upcoming u JOIN performance_sections ps ON ps.performance_id = u.id GROUP BY 1),
     demand AS (SELECT show_id, sum(n)::int AS n FROM taken GROUP BY 1)
     SELECT p.id, p.starts_at, p.sale_state, s.id AS show_id, s.slug, s.name AS show_name,
            g.name AS genre_name, s.age_mark, b.name AS building_name, h.name AS hall_name,
            (p.dates - 1)::int AS more_dates
       FROM upcoming p
       JOIN shows s ON s.id = p.show_id
       JOIN genres g ON g.id = s.genre_id
       JOIN halls h ON h.id = p.hall_id
       JOIN buildings b ON b.id = h.building_id
       LEFT JOIN demand d ON d.show_id = p.show_id
      WHERE p.n = 1
      ORDER BY coalesce(d.n, 0) DESC, s.rating DESC, p.starts_at, p.id
      LIMIT $3 OFFSET $4`,
    [q.cityId, q.now, q.limit + 1, offset],
  );
  const shown = rows.slice(0, q.limit);
  const items = await performanceCards(db, shown);
  return { items, hasMore: rows.length > q.limit && offset + q.limit < POPULAR_MAX_OFFSET };
}

/**
 * The popular list through the catalogue's page cache (decision 0016): kept until one of its
 * performances changes (a sale moves the order and the prices), so the page and the 'more' calls
 * read the database once per change, not per visitor.
 */
export async function popularPageOf(
  deps: { db: Database; clock: Clock },
  q: Omit<PopularQuery, 'now'>,
): Promise<UpcomingPage> {
  const offset = Math.max(0, Math.floor(q.offset));
  const page = await cachedCatalogueOf(deps).cache.get(
    `popular:${q.cityId}:${offset}:${q.limit}`,
    () => listPopularShows(deps.db, { ...q, offset, now: deps.clock.now() }),
    (p) => p.items.map((i) => i.performanceId),
  );
  return page ?? { items: [], hasMore: false };
}
