import type { Queryable } from '../../db/index.js';
import { ogImagePathOf } from '../../media/og-image.js';
import { loadPosterShow } from '../../media/poster.js';
import { type CardRow, type PerformanceCard, performanceCards } from './cards.js';
import { aheadSql } from './upcoming.js';

/** At most this many shows are listed on a person's or an organizer's page. */
export const PEOPLE_PAGE_SHOW_LIMIT = 48;

/**
 * The poster cards of a person's or an organizer's page: each of the given shows once, by its
 * nearest performance on sale or coming soon in any city, in date order; shows with nothing ahead
 * are left out. `moreDates` counts the show's other performances ahead.
 */
export async function upcomingShowCards(
  db: Queryable,
  showIds: readonly number[],
  now: Date,
): Promise<PerformanceCard[]> {
  if (showIds.length === 0) return [];
  // Each show's nearest performance ahead (DISTINCT ON keeps the first of each show's rows in
  // date order; the window counts the show's rows before it does), then the shows by that date.
  const { rows } = await db.query<CardRow>(
    `SELECT * FROM (
       SELECT DISTINCT ON (p.show_id)
              p.id, p.starts_at, p.sale_state, p.show_id, s.slug, s.name AS show_name, g.name AS genre_name,
              s.age_mark, b.name AS building_name, h.name AS hall_name,
              (count(*) OVER (PARTITION BY p.show_id) - 1)::int AS more_dates
         FROM performances p
         JOIN shows s ON s.id = p.show_id
         JOIN genres g ON g.id = s.genre_id
         JOIN halls h ON h.id = p.hall_id
         JOIN buildings b ON b.id = h.building_id
        WHERE p.show_id = ANY($1::int[]) AND ${aheadSql('p', '$2')}
        ORDER BY p.show_id, p.starts_at, p.id) nearest
      ORDER BY starts_at, id
      LIMIT ${PEOPLE_PAGE_SHOW_LIMIT}`,
    [showIds, now],
  );
  return performanceCards(db, rows);
}

/** The link-preview picture of a person's or an organizer's page: their nearest show's (decision 0048). */
export async function previewImageOf(db: Queryable, cards: readonly PerformanceCard[]): Promise<string | null> {
  const first = cards[0];
  if (!first) return null;
  const show = await loadPosterShow(db, first.showId);
  return show ? ogImagePathOf(show) : null;
}
