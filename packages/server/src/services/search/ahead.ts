import type { Queryable } from '../../db/index.js';
import { aheadSql } from '../catalogue/upcoming.js';

/**
 * What a search can find, whatever its text: the shows with a performance ahead that pass the
 * filters (city, genres, dates), the venues they play at, the persons in their casts and their
 * organizers. It does not depend on the text, so one copy per set of filters serves every query
 * (decision 0037): a search then only asks the database which names match its text.
 */
export interface AheadFilters {
  cityId: number | null;
  genres: readonly number[];
  subgenres: readonly number[];
  /** Dates as yyyy-mm-dd in the city's time zone, inclusive. */
  from: string | null;
  till: string | null;
  /** Only this venue's performances make a show's next date (the suggestions' venue links, ?bid=). */
  venueId: number | null;
}

/** A performance of a show that passes the filters. */
export interface AheadPerformance {
  id: number;
  startsAt: Date;
  timezone: string;
  buildingId: number;
  buildingName: string;
}

export interface AheadShow {
  id: number;
  slug: string;
  name: string;
  rating: number;
  genreName: string;
  /** Its performances that pass the filters, by date: the first still ahead is its next. */
  performances: AheadPerformance[];
}

/** A venue, a person or an organizer with shows ahead. */
export interface AheadEntry {
  id: number;
  name: string;
  /** Place in the order of names (the database's collation), for lists without a text. */
  nameRank: number;
  /** Its shows ahead, by their first date. */
  showIds: number[];
}

export interface AheadVenue extends AheadEntry {
  address: string;
  metroName: string;
  type: string;
  image: string;
  widescreenImage: string;
}

export interface AheadPerson extends AheadEntry {
  /** Its page: /person/{slug}/ (decision 0048). */
  slug: string;
  image: string;
}

export interface AheadGenre {
  id: number;
  name: string;
  parentId: number | null;
  nameRank: number;
}

export interface Ahead {
  /** By id; only shows with at least one performance that passes the filters (and the venue). */
  shows: Map<number, AheadShow>;
  /** The name and address part of every show ahead, the venue's or not (an entry's show links). */
  titles: Map<number, { name: string; slug: string }>;
  /** Every genre (their names match a text whatever is ahead). */
  genres: AheadGenre[];
  venues: AheadVenue[];
  persons: AheadPerson[];
  /** With the slug of each one's page, /organizer/{slug}/ (decision 0048). */
  organizers: Array<AheadEntry & { slug: string }>;
}

/**
 * The next performance of a show at `now`: its first one that has not started. A copy is kept for
 * up to 30 s, so a performance may start meanwhile; it is skipped, never shown as ahead.
 */
export function nextPerformance(show: AheadShow, now: Date): AheadPerformance | undefined {
  return show.performances.find((p) => p.startsAt.getTime() > now.getTime());
}

/**
 * Reads what is ahead at `now` in five statements: the performances that pass the filters (a
 * performance not closed, in the city, dates and genres), then the shows', venues', persons',
 * organizers' and genres' names. Performances of other venues still count for venues, persons and
 * organizers; `venueId` only narrows the shows.
 */
export async function loadAhead(db: Queryable, f: AheadFilters, now: Date): Promise<Ahead> {
  const performances = await db.query<{
    id: number;
    show_id: number;
    starts_at: Date;
    timezone: string;
    building_id: number;
    building_name: string;
  }>(
    `SELECT p.id, p.show_id, p.starts_at, c.timezone, b.id AS building_id, b.name AS building_name
       FROM performances p
       JOIN shows s ON s.id = p.show_id
       JOIN genres g ON g.id = s.genre_id
       JOIN halls h ON h.id = p.hall_id
       JOIN buildings b ON b.id = h.building_id
       JOIN cities c ON c.id = b.city_id
      WHERE ${aheadSql('p', '$1')}
        AND ($2::int IS NULL OR b.city_id = $2)
        AND ($3::date IS NULL OR p.starts_at >= ($3::date)::timestamp AT TIME ZONE c.timezone)
        AND ($4::date IS NULL OR p.starts_at < ($4::date + 1)::timestamp AT TIME ZONE c.timezone)
        AND ((cardinality($5::int[]) = 0 AND cardinality($6::int[]) = 0)
             OR g.parent_id = ANY($5::int[]) OR s.genre_id = ANY($5::int[]) OR s.genre_id = ANY($6::int[]))
      ORDER BY p.starts_at, p.id`,
    [now, f.cityId, f.from, f.till, [...f.genres], [...f.subgenres]],
  );
  /** Each show's performances by date, and its first date (for the order of an entry's shows). */
  const byShow = new Map<number, AheadPerformance[]>();
  const venueShows = new Map<number, Set<number>>();
  for (const r of performances.rows) {
    const list = byShow.get(r.show_id) ?? [];
    list.push({
      id: r.id,
      startsAt: new Date(r.starts_at),
      timezone: r.timezone,
      buildingId: r.building_id,
      buildingName: r.building_name,
    });
    byShow.set(r.show_id, list);
    const shows = venueShows.get(r.building_id) ?? new Set<number>();
    shows.add(r.show_id);
    venueShows.set(r.building_id, shows);
  }
  const showIds = [...byShow.keys()];
  const firstAt = (id: number) => byShow.get(id)![0]!.startsAt.getTime();
  /** Show ids in the order an entry lists them: by first date, then id. */
  const byDate = (ids: Iterable<number>) => [...ids].sort((a, b) => firstAt(a) - firstAt(b) || a - b);

  const [shows, venues, persons, organizers, genres] = await Promise.all([
    db.query<{
      id: number;
      slug: string;
      name: string;
      rating: number;
      genre_name: string;
      organizer_id: number | null;
    }>(
      `SELECT s.id, s.slug, s.name, s.rating::float8 AS rating, g.name AS genre_name, s.organizer_id
         FROM shows s JOIN genres g ON g.id = s.genre_id
        WHERE s.id = ANY($1::int[])`,
      [showIds],
    ),
    db.query<{
      id: number;
      name: string;
      address: string;
      metro_name: string | null;
      type: string;
      image: string | null;
      widescreen_image: string | null;
      name_rank: number;
    }>(
      `SELECT x.id, x.name, x.address, ms.name AS metro_name, x.type, x.image, x.widescreen_image,
              (row_number() OVER (ORDER BY x.name, x.id))::int AS name_rank
         FROM buildings x LEFT JOIN metro_stations ms ON ms.id = x.metro_station_id
        WHERE x.id = ANY($1::int[])`,
      [[...venueShows.keys()]],
    ),
    db.query<{ id: number; name: string; slug: string; image: string | null; name_rank: number; show_ids: number[] }>(
      `SELECT x.id, x.name, x.slug, x.image, (row_number() OVER (ORDER BY x.name, x.id))::int AS name_rank,
              array(SELECT sp.show_id FROM show_persons sp WHERE sp.person_id = x.id AND sp.show_id = ANY($1::int[]))
                AS show_ids
         FROM persons x
        WHERE EXISTS (SELECT 1 FROM show_persons sp WHERE sp.person_id = x.id AND sp.show_id = ANY($1::int[]))`,
      [showIds],
    ),
    db.query<{ id: number; name: string; slug: string; name_rank: number }>(
      `SELECT x.id, x.name, x.slug, (row_number() OVER (ORDER BY x.name, x.id))::int AS name_rank
         FROM organizers x
        WHERE x.id IN (SELECT organizer_id FROM shows WHERE id = ANY($1::int[]))`,
      [showIds],
    ),
    db.query<{ id: number; name: string; parent_id: number | null; name_rank: number }>(
      'SELECT id, name, parent_id, (row_number() OVER (ORDER BY name, id))::int AS name_rank FROM genres',
    ),
  ]);

  const organizerShows = new Map<number, number[]>();
  const aheadShows = new Map<number, AheadShow>();
  for (const s of shows.rows) {
    if (s.organizer_id !== null)
      organizerShows.set(s.organizer_id, [...(organizerShows.get(s.organizer_id) ?? []), s.id]);
    const all = byShow.get(s.id)!;
    const own = f.venueId === null ? all : all.filter((p) => p.buildingId === f.venueId);
    if (own.length === 0) continue;
    aheadShows.set(s.id, {
      id: s.id,
      slug: s.slug,
      name: s.name,
      rating: s.rating,
      genreName: s.genre_name,
      performances: own,
    });
  }
  return {
    shows: aheadShows,
    titles: new Map(shows.rows.map((s) => [s.id, { name: s.name, slug: s.slug }])),
    genres: genres.rows.map((g) => ({ id: g.id, name: g.name, parentId: g.parent_id, nameRank: g.name_rank })),
    venues: venues.rows.map((v) => ({
      id: v.id,
      name: v.name,
      nameRank: v.name_rank,
      showIds: byDate(venueShows.get(v.id) ?? []),
      address: v.address,
      metroName: v.metro_name ?? '',
      type: v.type,
      image: v.image ?? '',
      widescreenImage: v.widescreen_image ?? v.image ?? '',
    })),
    persons: persons.rows.map((p) => ({
      id: p.id,
      name: p.name,
      slug: p.slug,
      nameRank: p.name_rank,
      showIds: byDate(new Set(p.show_ids)),
      image: p.image ?? '',
    })),
    organizers: organizers.rows.map((o) => ({
      id: o.id,
      name: o.name,
      slug: o.slug,
      nameRank: o.name_rank,
      showIds: byDate(organizerShows.get(o.id) ?? []),
    })),
  };
}
