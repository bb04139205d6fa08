import type { Queryable } from '../../db/index.js';
import { loadAvailability } from '../catalogue/availability.js';
import { iso, performancePath, posterUrl, showPath } from '../catalogue/fragments.js';
import type { EntitySearch } from './entities.js';
import { matchSql, readingParams, trigramSchema } from './match.js';

/** A show found, with its next performance in the searched dates (what a result and a suggestion show). */
export interface FoundShow {
  showId: number;
  name: string;
  showUrl: string;
  posterUrl: string;
  genreName: string;
  /** The buyers' average score, 0 when nobody voted. */
  rating: number;
  performanceId: number;
  performanceUrl: string;
  /** ISO instant of the next performance. */
  startsAt: string;
  timezone: string;
  buildingName: string;
  /** Places a buyer can take at that performance now. */
  freePlaces: number;
  /** The 'от' price in kopecks (catalogue/availability.ts); null without prices. */
  minPrice: number | null;
}

export interface ShowSearch extends EntitySearch {
  /** Only the shows on at this venue (the suggestions' venue links, ?bid=). */
  venueId?: number | null;
}

interface Row {
  id: number;
  slug: string;
  name: string;
  rating: number;
  genre_name: string;
  performance_id: number;
  starts_at: Date;
  timezone: string;
  building_name: string;
  total: number;
}

/**
 * Shows with a performance ahead (on sale or coming soon) in the city and dates, of the genres,
 * matching the text: ranked by relevance and then by the nearness of their next date (a day
 * away adds up to 0.5, a month away about 0.2), or by date alone without a text. One query,
 * then the availability of the shown performances from the kept numbers.
 */
export async function searchShows(db: Queryable, s: ShowSearch): Promise<{ total: number; items: FoundShow[] }> {
  const params: unknown[] = [
    s.now,
    s.cityId,
    s.from,
    s.till,
    [...s.genres],
    [...s.subgenres],
    s.limit,
    s.offset,
    s.venueId ?? null,
  ];
  let matched = '';
  let relevance = '0';
  if (s.readings.length > 0) {
    matched = `JOIN (${matchSql('show', await trigramSchema(db), params.length + 1)}) m ON m.id = s.id`;
    params.push(...readingParams(s.readings));
    relevance = 'm.relevance';
  }
  const { rows } = await db.query<Row>(
    `WITH next AS (
       SELECT DISTINCT ON (p.show_id) p.show_id, p.id, p.starts_at, b.name AS building_name, c.timezone
         FROM performances p
         JOIN halls h ON h.id = p.hall_id
         JOIN buildings b ON b.id = h.building_id
         JOIN cities c ON c.id = b.city_id
        WHERE p.starts_at > $1 AND p.sale_state <> 'closed'
          AND ($2::int IS NULL OR b.city_id = $2)
          AND ($9::int IS NULL OR b.id = $9)
          AND ($3::date IS NULL OR p.starts_at >= ($3::date)::timestamp AT TIME ZONE c.timezone)
          AND ($4::date IS NULL OR p.starts_at < ($4::date + 1)::timestamp AT TIME ZONE c.timezone)
        ORDER BY p.show_id, p.starts_at, p.id)
     SELECT s.id, s.slug, s.name, s.rating::float8 AS rating, g.name AS genre_name, n.id AS performance_id,
            n.starts_at, n.timezone, n.building_name, (count(*) OVER ())::int AS total
       FROM next n
       JOIN shows s ON s.id = n.show_id
       JOIN genres g ON g.id = s.genre_id
       ${matched}
      WHERE (cardinality($5::int[]) = 0 AND cardinality($6::int[]) = 0)
         OR g.parent_id = ANY($5::int[]) OR s.genre_id = ANY($5::int[]) OR s.genre_id = ANY($6::int[])
      ORDER BY ${relevance} + 0.5 / (1 + extract(epoch FROM n.starts_at - $1) / 86400 / 14) DESC, n.starts_at, s.id
      LIMIT $7 OFFSET $8`,
    params,
  );
  const availability = await loadAvailability(
    db,
    rows.map((r) => r.performance_id),
  );
  return {
    total: rows[0]?.total ?? (s.offset > 0 ? await countBeyond(db, s) : 0),
    items: rows.map((r) => ({
      showId: r.id,
      name: r.name,
      showUrl: showPath(r.slug),
      posterUrl: posterUrl(r.id),
      genreName: r.genre_name,
      rating: Math.round(r.rating * 10) / 10,
      performanceId: r.performance_id,
      performanceUrl: performancePath(r.performance_id),
      startsAt: iso(r.starts_at),
      timezone: r.timezone,
      buildingName: r.building_name,
      freePlaces: availability.get(r.performance_id)?.freePlaces ?? 0,
      minPrice: availability.get(r.performance_id)?.minPrice ?? null,
    })),
  };
}

/** A page past the end has no rows to carry the total: count once more from the start. */
async function countBeyond(db: Queryable, s: ShowSearch): Promise<number> {
  return (await searchShows(db, { ...s, limit: 1, offset: 0 })).total;
}
