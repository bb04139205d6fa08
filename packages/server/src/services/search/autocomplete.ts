import {
  type AutocompleteGrouped,
  type AutocompleteOld,
  type AutocompleteSource,
  SEARCH_RESULT_ROUTES,
  shouldAutocomplete,
} from '@partera/contract';
import type { Queryable } from '../../db/index.js';
import { dateFormat } from '../catalogue/fragments.js';
import { searchGenres, searchPeople, searchVenues } from './entities.js';
import { type FoundShow, rankShows, type SearchSource } from './shows.js';
import { type QueryReading, readingsOf } from './text.js';

/** How many of each kind a suggestion list shows (the counts say how many there are). */
export const SUGGESTED = { genres: 5, shows: 5, venues: 3, persons: 3, items: 10 } as const;

export interface SuggestQuery {
  text: string;
  /** 'all' or one source: only that kind is searched. */
  index: string;
}

/** '28 ноября', '19:00' in the venue's time zone. */
export function dayAndTime(show: Pick<FoundShow, 'startsAt' | 'timezone'>): { day: string; time: string } {
  const timeZone = show.timezone;
  const at = new Date(show.startsAt);
  return {
    day: dateFormat('ru-RU', { day: 'numeric', month: 'long', timeZone }).format(at),
    time: dateFormat('ru-RU', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(at),
  };
}

const wants = (index: string, source: AutocompleteSource) => index === 'all' || index === source;

const resultsLink = (path: string, text: string) => `${path}?text=${encodeURIComponent(text)}`;

/**
 * What a variant shows: the kinds asked for (the grouped list has no organizers). `source` is
 * asked only for a text that is searched at all.
 */
async function findAll(
  db: Queryable,
  q: SuggestQuery,
  variant: 'grouped' | 'list',
  source: (readings: readonly QueryReading[]) => Promise<SearchSource>,
) {
  // Spec 5: only a text longer than 2 characters, or of exactly 2 digits, is searched.
  const readings = shouldAutocomplete(q.text) ? readingsOf(q.text) : [];
  const none = { total: 0, items: [] };
  if (readings.length === 0) return { genres: [], shows: none, venues: none, persons: none, organizers: none };
  const src = await source(readings);
  return {
    genres: variant === 'grouped' && q.index === 'all' ? searchGenres(src, SUGGESTED.genres) : [],
    shows: wants(q.index, 'performance') ? await rankShows(db, src, SUGGESTED.shows, 0) : none,
    venues: wants(q.index, 'building') ? searchVenues(src, SUGGESTED.venues, 0) : none,
    persons: wants(q.index, 'person') ? searchPeople(src, 'person', SUGGESTED.persons, 0) : none,
    organizers:
      variant === 'list' && wants(q.index, 'organizer') ? searchPeople(src, 'organizer', SUGGESTED.persons, 0) : none,
  };
}

/**
 * The newer, grouped suggestions (spec 2.2, 3 Autocomplete result (newer)): genre tags, shows
 * with their next date, venues, persons with their shows; each kind's count. Prices in roubles.
 * Also the shown performances, for the cache to drop the answer when their availability changes.
 */
export async function suggestGrouped(
  db: Queryable,
  q: SuggestQuery,
  source: (readings: readonly QueryReading[]) => Promise<SearchSource>,
): Promise<{ answer: AutocompleteGrouped; performances: number[] }> {
  const found = await findAll(db, q, 'grouped', source);
  return {
    performances: found.shows.items.map((s) => s.performanceId),
    answer: {
      count: found.shows.total + found.venues.total + found.persons.total,
      genres: {
        result: found.genres.map((g) => ({ genre_id: g.id, genre_name: g.name, genre_is_parent: g.isParent ? 1 : 0 })),
      },
      performance: {
        count: found.shows.total,
        result: found.shows.items.map((s) => ({
          show_url: s.showUrl,
          image: s.posterUrl,
          genre_name: s.genreName,
          show_name: s.name,
          free_tickets: s.freePlaces,
          date: dayAndTime(s),
          min_price: s.minPrice === null ? 0 : s.minPrice / 100,
          building_name: s.buildingName,
          client_rating: s.rating,
        })),
      },
      building: {
        count: found.venues.total,
        result: found.venues.items.map((v) => ({
          url: `/search/performance/?bid=${v.id}`,
          widescreen_image: v.widescreenImage,
          name: v.name,
          address: v.address,
          type: v.type,
          metro_name: v.metroName,
        })),
      },
      person: {
        count: found.persons.total,
        result: found.persons.items.map((p) => ({
          full_url: resultsLink(SEARCH_RESULT_ROUTES.person, p.name),
          image: p.image,
          name: p.name,
          shows: p.shows.map((s) => ({ show_url: s.url, show_name: s.name })),
        })),
      },
    },
  };
}

/**
 * The older suggestions (spec 2.2, 3 Autocomplete result (older)): labels with their source, the
 * best of each kind in turn (shows, venues, organizers, persons) up to SUGGESTED.items.
 */
export async function suggestList(
  db: Queryable,
  q: SuggestQuery,
  source: (readings: readonly QueryReading[]) => Promise<SearchSource>,
): Promise<{ answer: AutocompleteOld; performances: number[] }> {
  const found = await findAll(db, q, 'list', source);
  const groups: Array<Array<{ source: AutocompleteSource; label: string }>> = [
    found.shows.items.map((s) => ({ source: 'performance', label: s.name })),
    found.venues.items.map((v) => ({ source: 'building', label: v.name })),
    found.organizers.items.map((o) => ({ source: 'organizer', label: o.name })),
    found.persons.items.map((p) => ({ source: 'person', label: p.name })),
  ];
  const items: AutocompleteOld['items'] = [];
  for (let i = 0; items.length < SUGGESTED.items && groups.some((g) => g.length > i); i++) {
    for (const g of groups) {
      const item = g[i];
      if (item && items.length < SUGGESTED.items) items.push(item);
    }
  }
  return {
    performances: found.shows.items.map((s) => s.performanceId),
    answer: {
      count: found.shows.total + found.venues.total + found.organizers.total + found.persons.total,
      items,
    },
  };
}
