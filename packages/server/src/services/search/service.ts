import type { AutocompleteGrouped, AutocompleteOld } from '@partera/contract';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/index.js';
import { changeFeedOf } from '../catalogue/changes.js';
import { findCity } from '../catalogue/cities.js';
import { PageDataCache } from '../catalogue/page-cache.js';
import { type AheadFilters, loadAhead } from './ahead.js';
import { suggestGrouped, suggestList } from './autocomplete.js';
import { keptAvailability } from './availability.js';
import {
  type FoundPeople,
  type FoundVenue,
  type GenreBranch,
  listGenreTree,
  searchPeople,
  searchVenues,
} from './entities.js';
import { filtersKey, SEARCH_PAGE_SIZE, type SearchFilters } from './filters.js';
import { matchAll } from './match.js';
import { type FoundShow, rankShows, type SearchSource } from './shows.js';
import { type QueryReading, readingsOf } from './text.js';

/** What the search needs of the app. */
export interface SearchDeps {
  db: Database;
  clock: Clock;
}

/** The four results pages (spec 2.6): /search/{performance,place,person,organizer}/. */
export type ResultsKind = 'performance' | 'place' | 'person' | 'organizer';

export interface ResultsPage<T> {
  total: number;
  page: number;
  pages: number;
  items: T[];
}

export interface ResultItems {
  performance: FoundShow;
  place: FoundVenue;
  person: FoundPeople;
  organizer: FoundPeople;
}

/** The search of one app (one process), its answers kept in memory (decision 0037). */
export interface Search {
  grouped(text: string, index: string, cityId: number | null): Promise<AutocompleteGrouped>;
  list(text: string, index: string, cityId: number | null): Promise<AutocompleteOld>;
  results<K extends ResultsKind>(
    kind: K,
    f: SearchFilters,
    cityId: number | null,
  ): Promise<ResultsPage<ResultItems[K]>>;
  /** The number of matches of a filter (the tooltip of spec 2.6). */
  count(kind: ResultsKind, f: SearchFilters, cityId: number | null): Promise<number>;
  /** A regional site's city id (spec 2.13), null when none or unknown: every city is searched. */
  cityId(subdomain: string | undefined): Promise<number | null>;
  /** The genre tree of the filters. */
  genreTree(): Promise<GenreBranch[]>;
  readonly cache: PageDataCache;
}

const searches = new WeakMap<object, Search>();

/**
 * The app's search, made on first use. Answers are kept like the catalogue pages' data (decision
 * 0016): an answer names the performances whose free places and prices it shows, and a change of
 * any of them, heard on the change feed, drops it; a change of everything drops all; nothing is
 * kept longer than 30 s (dates move into the past) and at most 2,000 answers (made-up queries
 * push out the oldest). The shown performances' numbers are kept the same way, each on its own
 * and apart from the answers (availability.ts).
 */
export function searchOf(deps: SearchDeps): Search {
  let search = searches.get(deps);
  if (search) return search;
  const { db, clock } = deps;
  const feed = changeFeedOf(db);
  const cache = new PageDataCache(feed, clock);
  const kept = <V>(key: string, read: () => Promise<V>, tags: (v: V) => readonly number[]) =>
    cache.get(key, read, tags) as Promise<V>;
  const noTags = () => [];
  // What is ahead serves every text, so it is kept apart from the answers: among them, which
  // made-up texts keep adding, it would be the oldest, pushed out and read again every thousand.
  const aheadCopies = new PageDataCache(feed, clock);
  const availability = keptAvailability(db, new PageDataCache(feed, clock));

  /**
   * What a search reads (shows.ts SearchSource): what is ahead for its filters, the matches of
   * its text and the shown performances' numbers, each kept apart (decision 0037), so that a new
   * text costs one statement, and a second when it shows a performance not shown lately.
   */
  async function source(filters: AheadFilters, readings: readonly QueryReading[]): Promise<SearchSource> {
    const aheadKey = [
      filters.cityId,
      filters.genres.join(':'),
      filters.subgenres.join(':'),
      filters.from,
      filters.till,
      filters.venueId,
    ].join('|');
    const [ahead, matches] = await Promise.all([
      aheadCopies.get(`ahead|${aheadKey}`, () => loadAhead(db, filters, clock.now()), noTags),
      readings.length > 0
        ? kept(`match|${readings.map((r) => r.key).join('|')}`, () => matchAll(db, readings), noTags)
        : null,
    ]);
    return { ahead: ahead!, matches, now: clock.now(), availability };
  }
  const filtersOf = (f: SearchFilters, cityId: number | null): AheadFilters => ({
    cityId,
    genres: f.genres,
    subgenres: f.subgenres,
    from: f.from,
    till: f.till,
    venueId: f.venueId,
  });
  /** The suggestions' source: what is ahead in the city, whatever the dates and genres. */
  const suggestionSource = (cityId: number | null) => (readings: readonly QueryReading[]) =>
    source({ cityId, genres: [], subgenres: [], from: null, till: null, venueId: null }, readings);

  async function results(kind: ResultsKind, f: SearchFilters, cityId: number | null) {
    // bid narrows the shows only: the other kinds share the copy of what is ahead without it.
    const filters = { ...filtersOf(f, cityId), venueId: kind === 'performance' ? f.venueId : null };
    const src = await source(filters, readingsOf(f.text));
    const offset = (f.page - 1) * SEARCH_PAGE_SIZE;
    const found =
      kind === 'performance'
        ? await rankShows(db, src, SEARCH_PAGE_SIZE, offset)
        : kind === 'place'
          ? searchVenues(src, SEARCH_PAGE_SIZE, offset)
          : searchPeople(src, kind, SEARCH_PAGE_SIZE, offset);
    return { total: found.total, page: f.page, pages: Math.ceil(found.total / SEARCH_PAGE_SIZE), items: found.items };
  }

  const performancesOf = (page: ResultsPage<unknown>) =>
    (page.items as Array<Partial<FoundShow>>).flatMap((i) => (i.performanceId ? [i.performanceId] : []));

  search = {
    cache,
    grouped: async (text, index, cityId) =>
      (
        await kept(
          `grouped|${cityId}|${index}|${text.toLowerCase()}`,
          () => suggestGrouped(db, { text, index }, suggestionSource(cityId)),
          (v) => v.performances,
        )
      ).answer,
    list: async (text, index, cityId) =>
      (
        await kept(
          `list|${cityId}|${index}|${text.toLowerCase()}`,
          () => suggestList(db, { text, index }, suggestionSource(cityId)),
          (v) => v.performances,
        )
      ).answer,
    results: (kind, f, cityId) =>
      kept(`results|${kind}|${cityId}|${filtersKey(f)}`, () => results(kind, f, cityId), performancesOf) as never,
    count: async (kind, f, cityId) =>
      (
        await kept(
          `results|${kind}|${cityId}|${filtersKey({ ...f, page: 1 })}`,
          () => results(kind, { ...f, page: 1 }, cityId),
          performancesOf,
        )
      ).total,
    genreTree: () => kept('genres', () => listGenreTree(db), noTags),
    async cityId(subdomain) {
      if (!subdomain) return null;
      const city = await cache.get(`city|${subdomain}`, () => findCity(db, subdomain), noTags);
      return city?.id ?? null;
    },
  };
  searches.set(deps, search);
  return search;
}
