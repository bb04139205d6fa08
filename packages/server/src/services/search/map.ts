/**
 * The venue map of the performance search (site-browsing-account.md 2.6, 3 Map search data;
 * decision 0041): the venues of the shows the results list shows, each with those shows. A show
 * stands at the venue of its next performance in the searched dates, as in the list, so the map
 * and the list never disagree. The search itself is the results' own (shows.ts); this only reads
 * where each found performance is and what its show looks like.
 */
import type { Queryable } from '../../db/index.js';
import { posterUrl, showPath } from '../catalogue/fragments.js';
import { filtersKey, type SearchFilters } from './filters.js';
import { type SearchDeps, searchOf } from './service.js';
import { type FoundShow, searchShows } from './shows.js';
import { readingsOf } from './text.js';

/** At most this many shows go on the map: the best of the results, as the list ranks them. */
export const SEARCH_MAP_MAX_SHOWS = 300;

export interface MapShow {
  show_id: number;
  show_name: string;
  show_url: string;
  description: string;
  image_path: string;
  image_widescreen_path: string;
}

/** The spec's map search data: a venue with its shows, keyed by show id. */
export interface MapBuilding {
  building: { lat: number; long: number; name: string; shows: Record<string, MapShow> };
}

interface PlaceRow {
  performance_id: number;
  building_id: number;
  building_name: string;
  lat: number | null;
  long: number | null;
  slug: string;
  description: string;
  image: string | null;
}

/** The shows found for the filters (every page of them, up to the cap). */
export function mapShows(
  db: Queryable,
  f: SearchFilters,
  cityId: number | null,
  now: Date,
): Promise<{ total: number; items: FoundShow[] }> {
  return searchShows(db, {
    readings: readingsOf(f.text),
    now,
    cityId,
    genres: f.genres,
    subgenres: f.subgenres,
    from: f.from,
    till: f.till,
    venueId: f.venueId,
    limit: SEARCH_MAP_MAX_SHOWS,
    offset: 0,
  });
}

/**
 * The venues of the found shows, in the order of their best show; a venue without coordinates is
 * left off (it cannot be placed).
 */
export async function mapBuildings(db: Queryable, found: readonly FoundShow[]): Promise<MapBuilding[]> {
  if (found.length === 0) return [];
  const { rows } = await db.query<PlaceRow>(
    `SELECT p.id AS performance_id, b.id AS building_id, b.name AS building_name,
            b.latitude AS lat, b.longitude AS long, s.slug, s.description, s.image
       FROM performances p
       JOIN halls h ON h.id = p.hall_id
       JOIN buildings b ON b.id = h.building_id
       JOIN shows s ON s.id = p.show_id
      WHERE p.id = ANY($1::int[])`,
    [found.map((f) => f.performanceId)],
  );
  const byPerformance = new Map(rows.map((r) => [r.performance_id, r]));
  const buildings = new Map<number, MapBuilding>();
  for (const show of found) {
    const r = byPerformance.get(show.performanceId);
    if (!r || r.lat === null || r.long === null) continue;
    let entry = buildings.get(r.building_id);
    if (!entry) {
      entry = { building: { lat: r.lat, long: r.long, name: r.building_name, shows: {} } };
      buildings.set(r.building_id, entry);
    }
    entry.building.shows[String(show.showId)] = {
      show_id: show.showId,
      show_name: show.name,
      show_url: showPath(r.slug),
      description: r.description,
      image_path: r.image ?? posterUrl(show.showId),
      // The catalogue keeps no wide pictures of shows: the balloon shows the square one (100×100).
      image_widescreen_path: '',
    };
  }
  return [...buildings.values()];
}

/**
 * The map data of a search, kept with the search's own answers (decision 0037): dropped when one
 * of its performances changes, and after 30 s at most.
 */
export async function searchMapData(deps: SearchDeps, f: SearchFilters, cityId: number | null): Promise<MapBuilding[]> {
  const { cache } = searchOf(deps);
  const kept = await cache.get(
    `map|${cityId}|${filtersKey({ ...f, page: 1 })}`,
    async () => {
      const found = await mapShows(deps.db, f, cityId, deps.clock.now());
      return {
        performances: found.items.map((i) => i.performanceId),
        buildings: await mapBuildings(deps.db, found.items),
      };
    },
    (v) => v.performances,
  );
  return kept?.buildings ?? [];
}
