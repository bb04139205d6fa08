/**
 * Performances ahead, in date order, for the schedule (site-browsing-account.md 2.8) and the
 * shows list widget (2.12): one query serves both, each with its own filters. Unlike the search
 * (one entry per show), every performance is a row of its own: the schedule is a timetable.
 */
import type { Queryable } from '../../db/index.js';
import { matchSql, readingParams } from '../search/match.js';
import { readingsOf } from '../search/text.js';
import { loadAvailability } from './availability.js';
import { iso, performancePath, posterUrl, type SaleState, showPath } from './fragments.js';
import { aheadSql } from './upcoming.js';

export interface PerformanceListQuery {
  now: Date;
  /** The city's venues only; null with a venue (the venue names its city). */
  cityId: number | null;
  venueId: number | null;
  /** The widget's c: a hall kind (theatre, concert, club, exhibition, arena, stadium) or a venue type (venue, organizer). */
  venueType: string | null;
  /** Genres whose own shows and whose sub-genres' shows count (g, the schedule's genre). */
  genres: readonly number[];
  /** Sub-genres, their own shows only (sg). */
  subgenres: readonly number[];
  /** Local dates (yyyy-mm-dd) in the venue's time zone, both inclusive. */
  from: string | null;
  till: string | null;
  /** Only performances on sale now (the schedule's 'insale'); otherwise those coming soon too. */
  onSaleOnly: boolean;
  /** Words of the show's name, description or genre (the search's own matching). */
  text: string;
  limit: number;
  offset: number;
}

/** One performance of a list: what a buyer needs to choose it. */
export interface ListedPerformance {
  performanceId: number;
  /** ISO instant. */
  startsAt: string;
  timezone: string;
  saleState: Exclude<SaleState, 'closed'>;
  showId: number;
  showName: string;
  showUrl: string;
  posterUrl: string;
  genreName: string;
  ageMark: number;
  venueId: number;
  venueName: string;
  hallName: string;
  /** The 'от' price in kopecks; null without prices. */
  minPrice: number | null;
  freePlaces: number;
  performanceUrl: string;
}

export interface PerformanceListPage {
  items: ListedPerformance[];
  /** Another page follows. */
  hasMore: boolean;
}

interface Row {
  id: number;
  starts_at: Date;
  timezone: string;
  sale_state: Exclude<SaleState, 'closed'>;
  show_id: number;
  slug: string;
  show_name: string;
  genre_name: string;
  age_mark: number;
  building_id: number;
  building_name: string;
  hall_name: string;
}

/**
 * One page of performances ahead that pass the filters, then their free places and prices from
 * the kept numbers: two queries. Ordered by start, then id, so pages never overlap.
 */
export async function listPerformances(db: Queryable, q: PerformanceListQuery): Promise<PerformanceListPage> {
  const params: unknown[] = [
    q.now,
    q.onSaleOnly ? ['on_sale'] : ['on_sale', 'soon'],
    q.cityId,
    q.venueId,
    q.venueType,
    q.from,
    q.till,
    [...q.genres],
    [...q.subgenres],
    q.limit + 1,
    q.offset,
  ];
  let matched = '';
  const readings = q.text ? readingsOf(q.text) : [];
  if (readings.length > 0) {
    matched = `JOIN (${matchSql('show', params.length + 1)}) m ON m.id = s.id`;
    params.push(...readingParams(readings));
  }
  const { rows } = await db.query<Row>(
    `SELECT p.id, p.starts_at, c.timezone, p.sale_state, s.id AS show_id, s.slug, s.name AS show_name,
            g.name AS genre_name, s.age_mark, b.id AS building_id, b.name AS building_name, h.name AS hall_name
       FROM performances p
       JOIN halls h ON h.id = p.hall_id
       JOIN buildings b ON b.id = h.building_id
       JOIN cities c ON c.id = b.city_id
       JOIN shows s ON s.id = p.show_id
       JOIN genres g ON g.id = s.genre_id
       ${matched}
      WHERE ${aheadSql('p', '$1')} AND p.sale_state = ANY($2::text[])
        AND ($3::int IS NULL OR b.city_id = $3)
        AND ($4::int IS NULL OR b.id = $4)
        AND ($5::text IS NULL OR h.kind = $5 OR b.type = $5)
        AND ($6::date IS NULL OR p.starts_at >= ($6::date)::timestamp AT TIME ZONE c.timezone)
        AND ($7::date IS NULL OR p.starts_at < ($7::date + 1)::timestamp AT TIME ZONE c.timezone)
        AND ((cardinality($8::int[]) = 0 AND cardinality($9::int[]) = 0)
             OR g.parent_id = ANY($8::int[]) OR s.genre_id = ANY($8::int[]) OR s.genre_id = ANY($9::int[]))
      ORDER BY p.starts_at, p.id
      LIMIT $10 OFFSET $11`,
    params,
  );
  const shown = rows.slice(0, q.limit);
  const availability = await loadAvailability(
    db,
    shown.map((r) => r.id),
  );
  return {
    items: shown.map((r) => ({
      performanceId: r.id,
      startsAt: iso(r.starts_at),
      timezone: r.timezone,
      saleState: r.sale_state,
      showId: r.show_id,
      showName: r.show_name,
      showUrl: showPath(r.slug),
      posterUrl: posterUrl(r.show_id),
      genreName: r.genre_name,
      ageMark: r.age_mark,
      venueId: r.building_id,
      venueName: r.building_name,
      hallName: r.hall_name,
      minPrice: availability.get(r.id)?.minPrice ?? null,
      freePlaces: availability.get(r.id)?.freePlaces ?? 0,
      performanceUrl: performancePath(r.id),
    })),
    hasMore: rows.length > q.limit,
  };
}
