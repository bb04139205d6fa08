/**
 * The schedule (site-browsing-account.md 2.8), the shows list and venue list widgets and the
 * per-city landing (2.12): their reads, kept in the catalogue's page cache (decision 0016) so a
 * page or a widget's next step costs no query while nothing it shows has changed. An answer
 * names the performances it shows: a change of their free places or prices drops it.
 */
import { DEFAULT_TIME_ZONE } from '@partera/contract';
import type { Clock } from '../../clock.js';
import type { Database, Queryable } from '../../db/index.js';
import { parseFilterDate } from '../search/filters.js';
import { CAPITAL_SUBDOMAIN, type City, findCity } from './cities.js';
import { inRowOf, showItemsHtml, venueItemsHtml } from './lists-html.js';
import { cachedCatalogueOf } from './page-cache.js';
import { listPerformances, type PerformanceListPage } from './schedule.js';
import {
  addDays,
  defaultSchedulePath,
  localDay,
  SCHEDULE_PAGE_SIZE,
  type ScheduleAddress,
  schedulePath,
  weekdayOf,
} from './schedule-address.js';
import { scheduleRowsHtml } from './schedule-html.js';
import { aheadSql } from './upcoming.js';

/** Items a widget call returns unless it asks (limit), and the most it may ask for. */
export const LIST_LIMIT_DEFAULT = 12;
export const LIST_LIMIT_MAX = 48;
/** The widgets page at most this deep (offset): a made-up offset reads nothing unbounded. */
export const LIST_OFFSET_MAX = 5_000;

export interface ListedVenue {
  id: number;
  name: string;
  address: string;
  metroName: string;
  /** 'venue' or 'organizer'. */
  type: string;
  /** Its performances ahead (on sale or coming soon). */
  performances: number;
}

export interface GenreEntry {
  id: number;
  name: string;
  slug: string;
  parentId: number | null;
}

/** The venues of a city that have performances ahead, by name. */
export async function listVenues(
  db: Queryable,
  q: { now: Date; cityId: number | null; limit: number; offset: number },
): Promise<{ items: ListedVenue[]; hasMore: boolean }> {
  const { rows } = await db.query<{
    id: number;
    name: string;
    address: string;
    metro_name: string | null;
    type: string;
    performances: number;
  }>(
    `SELECT b.id, b.name, b.address, m.name AS metro_name, b.type, count(*)::int AS performances
       FROM buildings b
       JOIN halls h ON h.building_id = b.id
       JOIN performances p ON p.hall_id = h.id AND ${aheadSql('p', '$1')}
       LEFT JOIN metro_stations m ON m.id = b.metro_station_id
      WHERE ($2::int IS NULL OR b.city_id = $2)
      GROUP BY b.id, m.name
      ORDER BY b.name, b.id
      LIMIT $3 OFFSET $4`,
    [q.now, q.cityId, q.limit + 1, q.offset],
  );
  return {
    items: rows.slice(0, q.limit).map((r) => ({
      id: r.id,
      name: r.name,
      address: r.address,
      metroName: r.metro_name ?? '',
      type: r.type,
      performances: r.performances,
    })),
    hasMore: rows.length > q.limit,
  };
}

export async function listGenres(db: Queryable): Promise<GenreEntry[]> {
  const { rows } = await db.query<{ id: number; name: string; slug: string; parent_id: number | null }>(
    'SELECT id, name, slug, parent_id FROM genres ORDER BY id',
  );
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, parentId: r.parent_id }));
}

/** The shows list widget's request (spec 7: GET /show/jsGetShows/), as the contract parses it. */
export interface ShowsListRequest {
  offset: number;
  limit?: number;
  g?: string;
  sg?: string;
  ontoday?: boolean;
  ontomorrow?: boolean;
  /** The spec's other reading of ontomorrow ('onyesterday or ontomorrow'): a list of shows ahead has no yesterday. */
  onyesterday?: boolean;
  onweek?: boolean;
  onmonth?: boolean;
  inrow?: number;
  c?: string;
  bid?: number;
  mnd?: string;
  mxd?: string;
  text?: string;
}

/**
 * The dates of the shows list (spec 2.12): today; tomorrow; the week, today to Sunday (weeks
 * start on Monday); the month, today to its last day; or the range mnd–mxd (dd.mm.yy as the
 * widget's pickers write it, or dd.mm.yyyy), either end open. A range wins over the flags.
 */
export function showsListDates(
  today: string,
  r: Pick<ShowsListRequest, 'ontoday' | 'ontomorrow' | 'onyesterday' | 'onweek' | 'onmonth' | 'mnd' | 'mxd'>,
): { from: string | null; till: string | null } {
  let from = parseFilterDate(r.mnd);
  let till = parseFilterDate(r.mxd);
  if (from || till) {
    if (from && till && from > till) [from, till] = [till, from];
    return { from, till };
  }
  if (r.ontoday) return { from: today, till: today };
  if (r.ontomorrow || r.onyesterday) return { from: addDays(today, 1), till: addDays(today, 1) };
  if (r.onweek) return { from: today, till: addDays(today, 6 - weekdayOf(today)) };
  if (r.onmonth) {
    const [y, m] = today.split('-').map(Number) as [number, number];
    return { from: today, till: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
  }
  return { from: null, till: null };
}

/** '3:5:x' → [3, 5] (a key's values joined with ':', spec 2.6). */
const ids = (value: string | undefined) =>
  [
    ...new Set(
      (value ?? '')
        .split(':')
        .filter((v) => /^\d{1,9}$/.test(v))
        .map(Number),
    ),
  ].slice(0, 50);

const clampLimit = (limit: number | undefined) =>
  Math.min(Math.max(Math.trunc(limit ?? LIST_LIMIT_DEFAULT), 1), LIST_LIMIT_MAX);
const clampOffset = (offset: number) => Math.min(Math.max(Math.trunc(offset), 0), LIST_OFFSET_MAX);

export interface ListsDeps {
  db: Database;
  clock: Clock;
}

/** A schedule page: its rows, as data and as the HTML the page and the infinite scroll show. */
export interface SchedulePage extends PerformanceListPage {
  html: string;
}

/** A widget's answer: its items as HTML and how many (fewer than the limit hides 'more'). */
export interface ListAnswer {
  html: string;
  count: number;
  limit: number;
}

export interface Lists {
  /** A regional site by its subdomain; the capital when none or unknown (spec 2.13). */
  city(subdomain: string | undefined): Promise<City | null>;
  genres(): Promise<GenreEntry[]>;
  /** The schedule's genre ('all', a URL name or an id): 'all' → null, unknown → undefined. */
  genre(value: string): Promise<GenreEntry | null | undefined>;
  /** A venue's city, null when no such venue. */
  venueCity(venueId: number): Promise<number | null>;
  /** The venues of a city with something ahead (the schedule's select, the venue list). */
  venues(cityId: number | null, offset: number, limit: number): Promise<{ items: ListedVenue[]; hasMore: boolean }>;
  /** A page of the schedule; null when its venue or genre names nothing. */
  schedule(a: ScheduleAddress, city: City | null): Promise<SchedulePage | null>;
  showsList(r: ShowsListRequest, city: City | null): Promise<ListAnswer>;
  venuesList(r: { offset: number; limit?: number; inRow?: number }, city: City | null): Promise<ListAnswer>;
}

const made = new WeakMap<object, Lists>();

/** The app's lists (one per app, so per process), made on first use; reads kept in the catalogue's cache. */
export function listsOf(deps: ListsDeps): Lists {
  const known = made.get(deps);
  if (known) return known;
  const { db, clock } = deps;
  const { cache } = cachedCatalogueOf(deps);
  const noTags = () => [];
  const kept = async <V>(key: string, read: () => Promise<V>, tags: (v: V) => readonly number[] = noTags) =>
    (await cache.get(key, read, tags)) as V;
  const performancesOf = (p: PerformanceListPage) => p.items.map((i) => i.performanceId);

  const lists: Lists = {
    async city(subdomain) {
      const wanted = subdomain?.toLowerCase() || CAPITAL_SUBDOMAIN;
      const city = await cache.get(`lists|city|${wanted}`, () => findCity(db, wanted), noTags);
      if (city || wanted === CAPITAL_SUBDOMAIN) return city;
      return lists.city(CAPITAL_SUBDOMAIN);
    },
    genres: () => kept('lists|genres', () => listGenres(db)),
    async genre(value) {
      if (value === 'all') return null;
      const all = await lists.genres();
      return all.find((g) => g.slug === value || String(g.id) === value);
    },
    async venueCity(venueId) {
      const found = await cache.get(
        `lists|venue|${venueId}`,
        async () =>
          (await db.query<{ city_id: number }>('SELECT city_id FROM buildings WHERE id = $1', [venueId])).rows[0] ??
          null,
        noTags,
      );
      return found?.city_id ?? null;
    },
    venues: (cityId, offset, limit) =>
      kept(`lists|venues|${cityId}|${offset}|${limit}`, () =>
        listVenues(db, { now: clock.now(), cityId, limit, offset }),
      ),
    async schedule(a, city) {
      const genre = await lists.genre(a.genre);
      if (genre === undefined) return null;
      const venueCity = a.place === 'all' ? null : await lists.venueCity(a.place);
      if (a.place !== 'all' && venueCity === null) return null;
      const cityId = a.place === 'all' ? (city?.id ?? null) : venueCity;
      const venueHref = (venueId: number) => schedulePath({ ...a, place: venueId, page: 1 });
      const key = `lists|schedule|${cityId}|${schedulePath(a)}`;
      return kept(
        key,
        async () => {
          const page = await listPerformances(db, {
            now: clock.now(),
            cityId,
            venueId: a.place === 'all' ? null : a.place,
            venueType: null,
            genres: genre ? [genre.id] : [],
            subgenres: [],
            from: a.from,
            till: a.till,
            onSaleOnly: a.sale === 'insale',
            text: '',
            limit: SCHEDULE_PAGE_SIZE,
            offset: (a.page - 1) * SCHEDULE_PAGE_SIZE,
          });
          return { ...page, html: scheduleRowsHtml(page.items, venueHref).markup };
        },
        performancesOf,
      );
    },
    async showsList(r, city) {
      const limit = clampLimit(r.limit);
      const offset = clampOffset(r.offset);
      const inRow = inRowOf(r.inrow);
      const today = localDay(clock.now(), city?.timezone ?? DEFAULT_TIME_ZONE);
      const { from, till } = showsListDates(today, r);
      const venueId = r.bid ?? null;
      const query = {
        now: clock.now(),
        cityId: venueId ? null : (city?.id ?? null),
        venueId,
        venueType: r.c?.trim().toLowerCase() || null,
        genres: ids(r.g),
        subgenres: ids(r.sg),
        from,
        till,
        onSaleOnly: false,
        text: (r.text ?? '').trim().slice(0, 100),
        limit,
        offset,
      };
      const { limit: _l, now: _n, ...keyed } = query;
      const page = await kept(
        `lists|shows|${JSON.stringify({ ...keyed, limit, inRow, text: keyed.text.toLowerCase() })}`,
        async () => {
          const found = await listPerformances(db, query);
          return { ...found, html: showItemsHtml(found.items, inRow).markup };
        },
        performancesOf,
      );
      return { html: page.html, count: page.items.length, limit };
    },
    async venuesList(r, city) {
      const limit = clampLimit(r.limit);
      const inRow = inRowOf(r.inRow);
      const cityId = city?.id ?? null;
      const page = await lists.venues(cityId, clampOffset(r.offset), limit);
      const scheduleHref = (venueId: number) =>
        defaultSchedulePath(clock.now(), city?.timezone ?? DEFAULT_TIME_ZONE, venueId);
      return { html: venueItemsHtml(page.items, inRow, scheduleHref).markup, count: page.items.length, limit };
    },
  };
  made.set(deps, lists);
  return lists;
}
