import type { Queryable } from '../../db/index.js';
import { showPath } from '../catalogue/fragments.js';
import { matchSql, readingParams, type SearchKind, trigramSchema } from './match.js';
import type { QueryReading } from './text.js';

/** What every search takes: the readings of the text, the city, the genres and dates of the shows, the page. */
export interface EntitySearch {
  readings: readonly QueryReading[];
  now: Date;
  cityId: number | null;
  genres: readonly number[];
  subgenres: readonly number[];
  from: string | null;
  till: string | null;
  limit: number;
  offset: number;
}

export interface FoundVenue {
  id: number;
  name: string;
  address: string;
  metroName: string;
  /** 'venue' or 'organizer' (labelled 'Организатор'). */
  type: string;
  image: string;
  widescreenImage: string;
  /** Its shows ahead that pass the filters. */
  showCount: number;
}

export interface FoundShowLink {
  name: string;
  url: string;
}

/** A person or an organizer with their shows ahead. */
export interface FoundPeople {
  id: number;
  name: string;
  image: string;
  shows: FoundShowLink[];
}

/** Shows a person's or an organizer's entry lists. */
export const SHOWS_PER_ENTRY = 3;

/**
 * The shows ahead (a performance not closed, in the city and dates) of the genres, as a CTE
 * `ahead(show_id, building_id, organizer_id, first_at)` over parameters $1–$6.
 */
const AHEAD = `ahead AS (
  SELECT s.id AS show_id, h.building_id, s.organizer_id, min(p.starts_at) AS first_at
    FROM performances p
    JOIN shows s ON s.id = p.show_id
    JOIN genres g ON g.id = s.genre_id
    JOIN halls h ON h.id = p.hall_id
    JOIN buildings b ON b.id = h.building_id
    JOIN cities c ON c.id = b.city_id
   WHERE p.starts_at > $1 AND p.sale_state <> 'closed'
     AND ($2::int IS NULL OR b.city_id = $2)
     AND ($3::date IS NULL OR p.starts_at >= ($3::date)::timestamp AT TIME ZONE c.timezone)
     AND ($4::date IS NULL OR p.starts_at < ($4::date + 1)::timestamp AT TIME ZONE c.timezone)
     AND ((cardinality($5::int[]) = 0 AND cardinality($6::int[]) = 0)
          OR g.parent_id = ANY($5::int[]) OR s.genre_id = ANY($5::int[]) OR s.genre_id = ANY($6::int[]))
   GROUP BY s.id, h.building_id, s.organizer_id)`;

/** A page of rows that each carry the count of all (count(*) OVER ()), as total and items. */
function pageOf<R extends { total: number }, T>(rows: R[], item: (row: R) => T): { total: number; items: T[] } {
  return { total: rows[0]?.total ?? 0, items: rows.map(item) };
}

async function prepare(db: Queryable, kind: SearchKind, s: EntitySearch) {
  const params: unknown[] = [s.now, s.cityId, s.from, s.till, [...s.genres], [...s.subgenres], s.limit, s.offset];
  if (s.readings.length === 0) return { params, join: '', relevance: '0' };
  const join = `JOIN (${matchSql(kind, await trigramSchema(db), params.length + 1)}) m ON m.id = x.id`;
  params.push(...readingParams(s.readings));
  return { params, join, relevance: 'm.relevance' };
}

/** Venues with shows ahead that pass the filters, matching the text; by relevance, then name. */
export async function searchVenues(db: Queryable, s: EntitySearch): Promise<{ total: number; items: FoundVenue[] }> {
  const { params, join, relevance } = await prepare(db, 'building', s);
  const { rows } = await db.query<{
    id: number;
    name: string;
    address: string;
    metro_name: string | null;
    type: string;
    image: string | null;
    widescreen_image: string | null;
    show_count: number;
    total: number;
  }>(
    `WITH ${AHEAD}
     SELECT x.id, x.name, x.address, ms.name AS metro_name, x.type, x.image, x.widescreen_image,
            count(DISTINCT a.show_id)::int AS show_count, (count(*) OVER ())::int AS total
       FROM buildings x
       JOIN ahead a ON a.building_id = x.id
       LEFT JOIN metro_stations ms ON ms.id = x.metro_station_id
       ${join}
      GROUP BY x.id, ms.name${relevance === '0' ? '' : ', m.relevance'}
      ORDER BY (${relevance})::float8 DESC, x.name, x.id
      LIMIT $7 OFFSET $8`,
    params,
  );
  return pageOf(rows, (r) => ({
    id: r.id,
    name: r.name,
    address: r.address,
    metroName: r.metro_name ?? '',
    type: r.type,
    image: r.image ?? '',
    widescreenImage: r.widescreen_image ?? r.image ?? '',
    showCount: r.show_count,
  }));
}

/**
 * Persons or organizers matching the text with shows ahead that pass the filters (a person
 * through the casts, an organizer through the shows it organises); each with its first shows
 * by date. Without a text: those with shows ahead, by name.
 */
export async function searchPeople(
  db: Queryable,
  kind: 'person' | 'organizer',
  s: EntitySearch,
): Promise<{ total: number; items: FoundPeople[] }> {
  const { params, join, relevance } = await prepare(db, kind, s);
  const link =
    kind === 'person'
      ? 'JOIN show_persons sp ON sp.person_id = x.id JOIN ahead a ON a.show_id = sp.show_id'
      : 'JOIN ahead a ON a.organizer_id = x.id';
  const image = kind === 'person' ? 'x.image' : 'NULL::text';
  const { rows } = await db.query<{
    id: number;
    name: string;
    image: string | null;
    shows: Array<{ name: string; slug: string }>;
    total: number;
  }>(
    `WITH ${AHEAD},
     found AS (
       SELECT x.id, x.name, ${image} AS image, ${relevance === '0' ? '0' : 'max(m.relevance)'} AS relevance,
              (array_agg(a.show_id ORDER BY a.first_at, a.show_id))[1:${SHOWS_PER_ENTRY}] AS show_ids
         FROM ${kind === 'person' ? 'persons' : 'organizers'} x
         ${link}
         ${join}
        GROUP BY x.id)
     SELECT f.id, f.name, f.image, (count(*) OVER ())::int AS total,
            coalesce((SELECT json_agg(json_build_object('name', s.name, 'slug', s.slug) ORDER BY o.n)
                        FROM unnest(f.show_ids) WITH ORDINALITY AS o(id, n) JOIN shows s ON s.id = o.id), '[]') AS shows
       FROM found f
      ORDER BY f.relevance DESC, f.name, f.id
      LIMIT $7 OFFSET $8`,
    params,
  );
  return pageOf(rows, (r) => ({
    id: r.id,
    name: r.name,
    image: r.image ?? '',
    shows: [...new Map(r.shows.map((x) => [x.slug, { name: x.name, url: showPath(x.slug) }])).values()],
  }));
}

export interface FoundGenre {
  id: number;
  name: string;
  /** A root genre (g=) rather than a sub-genre (sg=). */
  isParent: boolean;
}

/** Genres whose name matches the text, best first. */
export async function searchGenres(db: Queryable, readings: readonly QueryReading[], limit: number) {
  if (readings.length === 0) return [];
  const { rows } = await db.query<{ id: number; name: string; parent_id: number | null }>(
    `SELECT x.id, x.name, x.parent_id
       FROM genres x JOIN (${matchSql('genre', await trigramSchema(db), 2)}) m ON m.id = x.id
      ORDER BY m.relevance DESC, x.name, x.id
      LIMIT $1`,
    [limit, ...readingParams(readings)],
  );
  return rows.map((r): FoundGenre => ({ id: r.id, name: r.name, isParent: r.parent_id === null }));
}

export interface GenreBranch {
  id: number;
  name: string;
  children: Array<{ id: number; name: string }>;
}

/** The genre tree of the filters (g: a root genre, sg: a sub-genre), roots and children by id. */
export async function listGenreTree(db: Queryable): Promise<GenreBranch[]> {
  const { rows } = await db.query<{ id: number; name: string; parent_id: number | null }>(
    'SELECT id, name, parent_id FROM genres ORDER BY id',
  );
  const roots = rows.filter((r) => r.parent_id === null);
  return roots.map((r) => ({
    id: r.id,
    name: r.name,
    children: rows.filter((c) => c.parent_id === r.id).map((c) => ({ id: c.id, name: c.name })),
  }));
}
