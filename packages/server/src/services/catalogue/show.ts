import type { Queryable } from '../../db/index.js';
import { loadAvailability } from './availability.js';
import { iso, performancePath, posterUrl, type SaleState, showPath } from './fragments.js';
import { aheadSql } from './upcoming.js';

export interface ShowPerson {
  id: number;
  name: string;
  slug: string;
  role: string;
  image: string | null;
}

export interface ShowPerformance {
  performanceId: number;
  startsAt: string;
  saleState: Exclude<SaleState, 'closed'>;
  hallName: string;
  buildingName: string;
  /** Kopecks; null when the performance has no prices yet. */
  minPrice: number | null;
  freePlaces: number;
  performanceUrl: string;
}

export interface ShowVenue {
  id: number;
  name: string;
  slug: string;
  address: string;
  metroName: string | null;
}

export interface ShowPage {
  show: {
    id: number;
    slug: string;
    name: string;
    description: string;
    ageMark: number;
    durationMinutes: number | null;
    rating: number;
    votes: number;
    tags: string[];
    posterUrl: string;
    /** The show's video (the first slide of the show page's slider, decision 0039); null or absent: none. */
    videoId?: string | null;
    url: string;
  };
  genre: { id: number; name: string; slug: string; parentName: string | null };
  venue: ShowVenue;
  /** The city of the show's venue (the page's timezone and regional site). */
  city: { id: number; subdomain: string; name: string; timezone: string };
  organizerName: string | null;
  /** The organizer's slug (its page /organizer/{slug}/); null or absent: none. */
  organizerSlug?: string | null;
  persons: ShowPerson[];
  /** Upcoming performances on sale or coming soon, in date order. */
  performances: ShowPerformance[];
}

/** At most this many performances are listed on a show page; a longer run is rare and paged by the calendar. */
export const SHOW_PAGE_PERFORMANCE_LIMIT = 60;

interface ShowRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  age_mark: number;
  duration_minutes: number | null;
  rating: number;
  votes: number;
  tags: string[];
  video_id: string | null;
  genre_id: number;
  genre_name: string;
  genre_slug: string;
  parent_genre_name: string | null;
  building_id: number;
  building_name: string;
  building_slug: string;
  address: string;
  metro_name: string | null;
  city_id: number;
  city_subdomain: string;
  city_name: string;
  timezone: string;
  organizer_name: string | null;
  organizer_slug: string | null;
}

interface PerformanceRow {
  id: number;
  starts_at: Date;
  sale_state: Exclude<SaleState, 'closed'>;
  hall_name: string;
  building_name: string;
}

/** A show by its slug, with its venue, genre, cast and upcoming performances; null when there is none. */
export async function getShowPage(db: Queryable, slug: string, now: Date): Promise<ShowPage | null> {
  const { rows } = await db.query<ShowRow>(
    `SELECT s.id, s.slug, s.name, s.description, s.age_mark, s.duration_minutes, s.rating, s.votes, s.tags, s.video_id,
            g.id AS genre_id, g.name AS genre_name, g.slug AS genre_slug, pg.name AS parent_genre_name,
            b.id AS building_id, b.name AS building_name, b.slug AS building_slug, b.address,
            m.name AS metro_name, c.id AS city_id, c.subdomain AS city_subdomain, c.name AS city_name,
            c.timezone, o.name AS organizer_name, o.slug AS organizer_slug
       FROM shows s
       JOIN genres g ON g.id = s.genre_id
       LEFT JOIN genres pg ON pg.id = g.parent_id
       JOIN buildings b ON b.id = s.building_id
       JOIN cities c ON c.id = b.city_id
       LEFT JOIN metro_stations m ON m.id = b.metro_station_id
       LEFT JOIN organizers o ON o.id = s.organizer_id
      WHERE s.slug = $1`,
    [slug],
  );
  const s = rows[0];
  if (!s) return null;

  const [persons, performances] = await Promise.all([
    db.query<ShowPerson>(
      `SELECT p.id, p.name, p.slug, sp.role, p.image
         FROM show_persons sp JOIN persons p ON p.id = sp.person_id
        WHERE sp.show_id = $1
        ORDER BY sp.sort, p.name`,
      [s.id],
    ),
    db.query<PerformanceRow>(
      `SELECT p.id, p.starts_at, p.sale_state, h.name AS hall_name, b.name AS building_name
         FROM performances p
         JOIN halls h ON h.id = p.hall_id
         JOIN buildings b ON b.id = h.building_id
        WHERE p.show_id = $1 AND ${aheadSql('p', '$2')}
        ORDER BY p.starts_at, p.id
        LIMIT ${SHOW_PAGE_PERFORMANCE_LIMIT}`,
      [s.id, now],
    ),
  ]);

  const availability = await loadAvailability(
    db,
    performances.rows.map((p) => p.id),
  );
  return {
    show: {
      id: s.id,
      slug: s.slug,
      name: s.name,
      description: s.description,
      ageMark: s.age_mark,
      durationMinutes: s.duration_minutes,
      rating: Number(s.rating),
      votes: s.votes,
      tags: s.tags,
      posterUrl: posterUrl(s.id),
      videoId: s.video_id,
      url: showPath(s.slug),
    },
    genre: { id: s.genre_id, name: s.genre_name, slug: s.genre_slug, parentName: s.parent_genre_name },
    venue: {
      id: s.building_id,
      name: s.building_name,
      slug: s.building_slug,
      address: s.address,
      metroName: s.metro_name,
    },
    city: { id: s.city_id, subdomain: s.city_subdomain, name: s.city_name, timezone: s.timezone },
    organizerName: s.organizer_name,
    organizerSlug: s.organizer_slug,
    persons: persons.rows,
    performances: performances.rows.map((p) => ({
      performanceId: p.id,
      startsAt: iso(p.starts_at),
      saleState: p.sale_state,
      hallName: p.hall_name,
      buildingName: p.building_name,
      minPrice: availability.get(p.id)?.minPrice ?? null,
      freePlaces: availability.get(p.id)?.freePlaces ?? 0,
      performanceUrl: performancePath(p.id),
    })),
  };
}
