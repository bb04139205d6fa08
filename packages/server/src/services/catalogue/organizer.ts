import type { Clock } from '../../clock.js';
import type { Database, Queryable } from '../../db/index.js';
import type { PerformanceCard } from './cards.js';
import { cachedCatalogueOf } from './page-cache.js';
import { previewImageOf, upcomingShowCards } from './person-cards.js';
import { aheadSql } from './upcoming.js';

/** An organizer's own page: /organizer/{slug}/ (site-browsing-account.md 2.5 'organizer page'). */
export const organizerPath = (slug: string) => `/organizer/${encodeURIComponent(slug)}/`;

/** A venue where the organizer's shows are on. */
export interface OrganizerVenue {
  id: number;
  name: string;
  address: string;
  cityName: string;
  metroName: string | null;
  /** How many of the organizer's shows ahead play there. */
  showCount: number;
}

export interface OrganizerPage {
  organizer: { id: number; slug: string; name: string; description: string; url: string };
  /** Their shows ahead as poster cards, one per show, nearest first. */
  cards: PerformanceCard[];
  /** The page's link-preview picture (the nearest show's, decision 0048); null: nothing ahead. */
  previewImage: string | null;
  /** The venues of those shows' performances ahead, the busiest first. */
  venues: OrganizerVenue[];
}

/**
 * The organizer page (site-browsing-account.md 2.5 names it among the banner page types; the
 * organizer search 2.6 and the show page's additional content 2.9 link to it): the organizer, the
 * shows it organises that have performances ahead, as poster cards, and the venues they play in.
 * Null for an unknown slug (the page answers 404).
 */
export async function getOrganizerPage(db: Queryable, slug: string, now: Date): Promise<OrganizerPage | null> {
  const { rows } = await db.query<{ id: number; slug: string; name: string; description: string }>(
    'SELECT id, slug, name, description FROM organizers WHERE slug = $1',
    [slug],
  );
  const o = rows[0];
  if (!o) return null;
  const shows = await db.query<{ id: number }>('SELECT id FROM shows WHERE organizer_id = $1 ORDER BY id', [o.id]);
  const showIds = shows.rows.map((s) => s.id);
  const [cards, venues] = await Promise.all([
    upcomingShowCards(db, showIds, now),
    db.query<{
      id: number;
      name: string;
      address: string;
      city_name: string;
      metro_name: string | null;
      show_count: number;
    }>(
      `SELECT b.id, b.name, b.address, c.name AS city_name, m.name AS metro_name,
              count(DISTINCT p.show_id)::int AS show_count
         FROM performances p
         JOIN halls h ON h.id = p.hall_id
         JOIN buildings b ON b.id = h.building_id
         JOIN cities c ON c.id = b.city_id
         LEFT JOIN metro_stations m ON m.id = b.metro_station_id
        WHERE p.show_id = ANY($1::int[]) AND ${aheadSql('p', '$2')}
        GROUP BY b.id, b.name, b.address, c.name, m.name
        ORDER BY show_count DESC, b.name, b.id`,
      [showIds, now],
    ),
  ]);
  const previewImage = await previewImageOf(db, cards);
  return {
    organizer: { id: o.id, slug: o.slug, name: o.name, description: o.description, url: organizerPath(o.slug) },
    cards,
    previewImage,
    venues: venues.rows.map((v) => ({
      id: v.id,
      name: v.name,
      address: v.address,
      cityName: v.city_name,
      metroName: v.metro_name,
      showCount: v.show_count,
    })),
  };
}

/** The organizer page through the process's catalogue cache (decision 0016), dropped when one of its cards changes. */
export function cachedOrganizerPage(deps: { db: Database; clock: Clock }, slug: string): Promise<OrganizerPage | null> {
  return cachedCatalogueOf(deps).cache.get(
    `organizer:${slug}`,
    () => getOrganizerPage(deps.db, slug, deps.clock.now()),
    (page) => page.cards.map((c) => c.performanceId),
  );
}
