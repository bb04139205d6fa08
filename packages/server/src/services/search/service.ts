import type { AutocompleteGrouped, AutocompleteOld } from '@partera/contract';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/index.js';
import { changeFeedOf } from '../catalogue/changes.js';
import { findCity } from '../catalogue/cities.js';
import { PageDataCache } from '../catalogue/page-cache.js';
import { suggestGrouped, suggestList } from './autocomplete.js';
import {
  type FoundPeople,
  type FoundVenue,
  type GenreBranch,
  listGenreTree,
  searchPeople,
  searchVenues,
} from './entities.js';
import { filtersKey, SEARCH_PAGE_SIZE, type SearchFilters } from './filters.js';
import { type FoundShow, searchShows } from './shows.js';
import { readingsOf } from './text.js';

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
 * push out the oldest).
 */
export function searchOf(deps: SearchDeps): Search {
  let search = searches.get(deps);
  if (search) return search;
  const { db, clock } = deps;
  const cache = new PageDataCache(changeFeedOf(db), clock);
  const kept = <V>(key: string, read: () => Promise<V>, tags: (v: V) => readonly number[]) =>
    cache.get(key, read, tags) as Promise<V>;
  const noTags = () => [];

  async function results(kind: ResultsKind, f: SearchFilters, cityId: number | null) {
    const s = {
      readings: readingsOf(f.text),
      now: clock.now(),
      cityId,
      genres: f.genres,
      subgenres: f.subgenres,
      from: f.from,
      till: f.till,
      limit: SEARCH_PAGE_SIZE,
      offset: (f.page - 1) * SEARCH_PAGE_SIZE,
    };
    const found =
      kind === 'performance'
        ? await searchShows(db, { ...s, venueId: f.venueId })
        : kind === 'place'
          ? await searchVenues(db, s)
          : await searchPeople(db, kind, s);
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
          () => suggestGrouped(db, { text, index, cityId, now: clock.now() }),
          (v) => v.performances,
        )
      ).answer,
    list: async (text, index, cityId) =>
      (
        await kept(
          `list|${cityId}|${index}|${text.toLowerCase()}`,
          () => suggestList(db, { text, index, cityId, now: clock.now() }),
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
