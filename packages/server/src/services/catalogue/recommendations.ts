/**
 * The recommendations page (site-browsing-account.md 2.11, 4 Recommendations, 7): shows of the
 * buyer's city that are still ahead, in the order the buyer is most likely to want them.
 *
 * - A signed-in buyer's taste is read from their own history: the genres of the shows they bought
 *   tickets for (paid orders, weight 3), put in the wishlist (2) and reviewed without a bad mark
 *   (1; a review rated below 4, the spec's good/bad threshold, counts 0). Each show counts once
 *   per source. A show scores its genre's whole weight and half the weight of its sibling genres
 *   (the same root genre): a drama lover is shown comedies before concerts.
 * - Shows are ordered by that score, then by popularity: places sold for the show's coming
 *   performances (the kept counters, never the places themselves), then rating × votes, then the
 *   nearest date. A guest, or a buyer with no history yet, gets the popular order alone.
 * - Shows the buyer already holds tickets for on a coming date are left out: they have them.
 * - Only performances ahead of now and not closed are shown: never a show that is over.
 */
import type { Queryable } from '../../db/index.js';
import { type CardRow, type PerformanceCard, performanceCards } from './cards.js';
import { UPCOMING_IN_CITY } from './upcoming.js';

/** Cards per page of /recommendations/loadShows/ (the spec does not give one). */
export const RECOMMENDATIONS_PAGE_SIZE = 12;
/** Deeper pages are not worth reading: a buyer does not page through hundreds of suggestions. */
export const RECOMMENDATIONS_MAX_PAGE = 40;

export interface RecommendationQuery {
  cityId: number;
  /** The signed-in buyer, or null for a guest. */
  userId: number | null;
  now: Date;
}

export interface RecommendedGenre {
  id: number;
  name: string;
  /** Recommended shows in this root genre. */
  count: number;
}

/**
 * The ranked shows as a CTE list (`ranked`: show_id, next_id, score, popularity, root_genre_id,
 * next_at), parameters $1 city, $2 now, $3 user (or null).
 */
const RANKED = `
  WITH ${UPCOMING_IN_CITY}, owned AS (
    SELECT DISTINCT p.show_id
      FROM orders o JOIN tickets t ON t.order_id = o.id AND t.status = 'issued'
      JOIN performances p ON p.id = t.performance_id
     WHERE o.user_id = $3 AND o.status = 'paid' AND p.starts_at > $2
  ), signals AS (
    SELECT DISTINCT ON (p.show_id) p.show_id, 3 AS weight
      FROM orders o JOIN tickets t ON t.order_id = o.id JOIN performances p ON p.id = t.performance_id
     WHERE o.user_id = $3 AND o.status = 'paid'
    UNION ALL
    SELECT b.show_id, 2 FROM bookmarks b WHERE b.user_id = $3
    UNION ALL
    SELECT DISTINCT ON (r.show_id) r.show_id, CASE WHEN r.rating IS NULL OR r.rating >= 4 THEN 1 ELSE 0 END
      FROM reviews r WHERE r.user_id = $3
  ), taste AS (
    SELECT s.genre_id, coalesce(g.parent_id, g.id) AS root_id, sum(x.weight)::float8 AS weight
      FROM signals x JOIN shows s ON s.id = x.show_id JOIN genres g ON g.id = s.genre_id
     GROUP BY s.genre_id, coalesce(g.parent_id, g.id)
  ), sold AS (
    SELECT u.show_id, sum(pc.sold)::float8 AS sold
      FROM upcoming u JOIN place_counts pc ON pc.performance_id = u.id
     GROUP BY u.show_id
  ), ranked AS (
    SELECT u.show_id, u.id AS next_id, u.starts_at AS next_at, (u.dates - 1)::int AS more_dates,
           coalesce(g.parent_id, g.id) AS root_genre_id,
           coalesce((SELECT sum(CASE WHEN t.genre_id = s.genre_id THEN t.weight ELSE t.weight / 2 END)
                       FROM taste t WHERE t.root_id = coalesce(g.parent_id, g.id)), 0) AS score,
           coalesce(sd.sold, 0) AS sold,
           s.rating * s.votes AS acclaim
      FROM upcoming u
      JOIN shows s ON s.id = u.show_id
      JOIN genres g ON g.id = s.genre_id
      LEFT JOIN sold sd ON sd.show_id = u.show_id
     WHERE u.n = 1 AND u.show_id NOT IN (SELECT show_id FROM owned)
  )`;

const ORDER = 'ORDER BY r.score DESC, r.sold DESC, r.acclaim DESC, r.next_at, r.show_id';

/**
 * A guest's recommendations are the same for every guest of a city: each answer is kept 30 s
 * (as the search's answers: dates move into the past, sales move the popular order) and at most
 * GUEST_ANSWERS_MAX of them per database. A signed-in buyer's are read each time (their own
 * orders, wishlist and reviews change them at once).
 */
const GUEST_ANSWER_MS = 30_000;
const GUEST_ANSWERS_MAX = 1_000;
const guestAnswers = new WeakMap<Queryable, Map<string, { at: number; value: Promise<unknown> }>>();

function keptForGuests<T>(db: Queryable, q: RecommendationQuery, key: string, read: () => Promise<T>): Promise<T> {
  if (q.userId !== null) return read();
  let kept = guestAnswers.get(db);
  if (!kept) {
    kept = new Map();
    guestAnswers.set(db, kept);
  }
  const now = q.now.getTime();
  const id = `${q.cityId}|${key}`;
  const hit = kept.get(id);
  if (hit && Math.abs(now - hit.at) < GUEST_ANSWER_MS) return hit.value as Promise<T>;
  if (kept.size >= GUEST_ANSWERS_MAX) kept.clear();
  const value = read();
  kept.set(id, { at: now, value });
  // A failed read is not kept.
  value.catch(() => kept.delete(id));
  return value;
}

/** How many shows the page recommends (/recommendations/CheckShows/). */
export function countRecommendations(db: Queryable, q: RecommendationQuery): Promise<number> {
  return keptForGuests(db, q, 'count', async () => {
    const { rows } = await db.query<{ count: number }>(`${RANKED} SELECT count(*)::int AS count FROM ranked`, [
      q.cityId,
      q.now,
      q.userId,
    ]);
    return rows[0]?.count ?? 0;
  });
}

/** One page of recommended shows, each by its nearest performance; genreId: a root genre or a genre. */
export function listRecommendations(
  db: Queryable,
  q: RecommendationQuery & { genreId?: number | null; page: number },
): Promise<PerformanceCard[]> {
  const page = Math.min(Math.max(1, Math.floor(q.page)), RECOMMENDATIONS_MAX_PAGE);
  return keptForGuests(db, q, `shows|${q.genreId ?? ''}|${page}`, () => readPage(db, q, page));
}

async function readPage(
  db: Queryable,
  q: RecommendationQuery & { genreId?: number | null },
  page: number,
): Promise<PerformanceCard[]> {
  const { rows } = await db.query<CardRow>(
    `${RANKED}
     SELECT r.next_id AS id, r.next_at AS starts_at, p.sale_state, s.id AS show_id, s.slug, s.name AS show_name,
            g.name AS genre_name, s.age_mark, b.name AS building_name, h.name AS hall_name, r.more_dates
       FROM ranked r
       JOIN performances p ON p.id = r.next_id
       JOIN shows s ON s.id = r.show_id
       JOIN genres g ON g.id = s.genre_id
       JOIN halls h ON h.id = p.hall_id
       JOIN buildings b ON b.id = h.building_id
      WHERE $4::int IS NULL OR r.root_genre_id = $4 OR s.genre_id = $4
      ${ORDER}
      LIMIT $5 OFFSET $6`,
    [q.cityId, q.now, q.userId, q.genreId ?? null, RECOMMENDATIONS_PAGE_SIZE, (page - 1) * RECOMMENDATIONS_PAGE_SIZE],
  );
  return performanceCards(db, rows);
}

/** The root genres of the recommended shows, the buyer's best first (the page's filter buttons). */
export function recommendedGenres(db: Queryable, q: RecommendationQuery): Promise<RecommendedGenre[]> {
  return keptForGuests(db, q, 'genres', async () => {
    const { rows } = await db.query<{ id: number; name: string; count: number }>(
      `${RANKED}
       SELECT g.id, g.name, count(*)::int AS count
         FROM ranked r JOIN genres g ON g.id = r.root_genre_id
        GROUP BY g.id, g.name
        ORDER BY max(r.score) DESC, count(*) DESC, g.name`,
      [q.cityId, q.now, q.userId],
    );
    return rows;
  });
}
