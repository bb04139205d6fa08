/**
 * The schedule (site-browsing-account.md 2.8), the genre page (2.7) and the per-city landing with
 * the shows list and venue list widgets (2.12). Their rows and items are the server's own HTML
 * (services/catalogue/schedule-html.ts, lists-html.ts): the first page here and every page the
 * scripts fetch later come from the same code. Routes and forms: decision 0040.
 */
import { DEFAULT_TIME_ZONE } from '@partera/contract';
import {
  addDays,
  type City,
  defaultSchedulePath,
  type FastifyRequest,
  formatFilterDate,
  type GenreEntry,
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
  type Lists,
  listsOf,
  localDay,
  parseFilters,
  parseScheduleAddress,
  parseScheduleDate,
  type ScheduleSale,
  schedulePath,
  searchOf,
  weekdayOf,
} from '@partera/server';
import { GenrePage, type GenrePageData } from '../pages/genre/GenrePage.js';
import { AfishaPage, type AfishaPageData } from '../pages/lists/AfishaPage.js';
import { LANDING_IN_ROW, SHOWS_WHEN, WHEN_FLAG } from '../pages/lists/shows-when.js';
import { SchedulePage, type SchedulePageData } from '../pages/schedule/SchedulePage.js';
import type { RequestContext } from './context.js';
import { type PageRender, titled } from './render.js';
import { datePresets } from './search-pages.js';

/** A query value as one string: repeated keys joined with ':' (a form sent without scripts repeats them). */
function queryValue(query: unknown, key: string): string | undefined {
  const value = (query as Record<string, unknown>)[key];
  if (typeof value === 'string') return value.slice(0, 500);
  if (Array.isArray(value))
    return value
      .filter((v) => typeof v === 'string')
      .join(':')
      .slice(0, 500);
  return undefined;
}

/** 'yyyy-mm-dd' → 'dd.mm' (the genre page's header, the schedule's). */
export const dayMonth = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

/** Spec 2.7: the chosen range as dd.mm, or dd.mm - dd.mm; empty without dates. */
export function rangeHeader(from: string | null, till: string | null): string {
  if (from && till) return from === till ? dayMonth(from) : `${dayMonth(from)} - ${dayMonth(till)}`;
  const one = from ?? till;
  return one ? dayMonth(one) : '';
}

/** The filter keys a page link keeps ('text=…&g=1:2'; ':' as it is, spec 2.6), empty ones left out but text. */
function keptQuery(keys: Record<string, string>): string {
  return Object.entries(keys)
    .filter(([key, value]) => key === 'text' || value !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value).replace(/%3A/gi, ':')}`)
    .join('&');
}

const timeZoneOf = (ctx: RequestContext) => ctx.city?.timezone ?? DEFAULT_TIME_ZONE;

/** The genres as the schedule's select lists them: each root, then its sub-genres. */
function genreOptions(genres: readonly GenreEntry[]) {
  return genres
    .filter((g) => g.parentId === null)
    .flatMap((root) => [
      { slug: root.slug, name: root.name, sub: false },
      ...genres.filter((g) => g.parentId === root.id).map((g) => ({ slug: g.slug, name: g.name, sub: true })),
    ]);
}

/**
 * /schedule/ with the filter form's fields (place, from, till, genre, sale; the form without
 * scripts) or none: the schedule's own address, from today for 30 days by default.
 */
export async function scheduleAddressOf(ctx: RequestContext, req: FastifyRequest): Promise<string> {
  const q = req.query;
  const tz = timeZoneOf(ctx);
  const fallback = defaultSchedulePath(ctx.deps.clock.now(), tz);
  const place = queryValue(q, 'place') ?? 'all';
  const from = parseScheduleDate(queryValue(q, 'from') ?? '');
  const till = parseScheduleDate(queryValue(q, 'till') ?? '');
  const today = localDay(ctx.deps.clock.now(), tz);
  const address = parseScheduleAddress({
    placeId: /^\d{1,9}$/.test(place) ? place : 'all',
    from: from ?? today,
    till: till ?? addDays(from ?? today, 30),
    genre: /^[a-z0-9-]{1,60}$/.test(queryValue(q, 'genre') ?? '') ? (queryValue(q, 'genre') as string) : 'all',
    sale: queryValue(q, 'sale') === 'insale' ? 'insale' : 'all',
  });
  return address ? schedulePath(address) : fallback;
}

export interface ScheduleParams {
  placeId: string;
  from: string;
  till: string;
  genre: string;
  sale: string;
  page?: string;
}

/**
 * /schedule/place-{placeID}/{from}/{till}/genre-{genre}/{sale}/[page-{n}/]: null when the address
 * names nothing (a date that is no date, an unknown venue or genre: the 404 page).
 */
export async function schedulePage(
  ctx: RequestContext,
  params: ScheduleParams,
): Promise<PageRender<SchedulePageData> | null> {
  if (!/^(all|\d{1,9})$/.test(params.placeId) || (params.sale !== 'all' && params.sale !== 'insale')) return null;
  const page = params.page === undefined ? 1 : Number(params.page);
  if (!Number.isInteger(page) || page < 1) return null;
  const address = parseScheduleAddress({ ...params, sale: params.sale as ScheduleSale, page });
  if (!address) return null;
  const lists = listsOf(ctx.deps);
  const city = ctx.city;
  const [rows, venues, genres] = await Promise.all([
    lists.schedule(address, city),
    lists.venues(city?.id ?? null, 0, LIST_LIMIT_MAX * 4),
    lists.genres(),
  ]);
  if (!rows) return null;
  const venueName = address.place === 'all' ? null : (venues.items.find((v) => v.id === address.place)?.name ?? null);
  const genreName = genres.find((g) => g.slug === address.genre || String(g.id) === address.genre)?.name ?? null;
  const range = `${formatFilterDate(address.from)} – ${formatFilterDate(address.till)}`;
  const heading = ['Расписание', venueName, genreName].filter(Boolean).join(': ');
  const data: SchedulePageData = {
    chrome: ctx.chrome,
    address: { ...address, genre: genres.find((g) => String(g.id) === address.genre)?.slug ?? address.genre },
    range,
    heading,
    rows: rows.html,
    empty: rows.items.length === 0,
    nextHref: rows.hasMore ? schedulePath({ ...address, page: address.page + 1 }) : null,
    venues: venues.items.map((v) => ({ id: v.id, name: v.name })),
    genres: genreOptions(genres),
  };
  return {
    entry: 'schedule',
    Component: SchedulePage,
    hydrate: false,
    data,
    title: titled(`${heading}, ${range}${address.page > 1 ? `, страница ${address.page}` : ''}`),
    description: `${heading}: ${ctx.chrome.city.name}, ${range}. Билеты без комиссии и сервисного сбора.`,
    noindex: address.page > 1 || rows.items.length === 0,
  };
}

/**
 * /genre/{genre}/ and /genre/{genre}/{subgenre}/, each with 'page-{n}/' after it: the genre's
 * shows ahead with the search's filters (genres g and sg, text, mnd and mxd). Without g and sg in
 * the query, the address's genre is the filter. Null when the address names no genre; a
 * sub-genre named alone is redirected to its address under its parent.
 */
export async function genrePage(
  ctx: RequestContext,
  req: FastifyRequest,
  slugs: { genre: string; subgenre?: string; page?: number },
): Promise<PageRender<GenrePageData> | { redirect: string } | null> {
  const lists = listsOf(ctx.deps);
  const search = searchOf(ctx.deps);
  const genres = await lists.genres();
  const root = genres.find((g) => g.slug === slugs.genre && g.parentId === null);
  // A sub-genre named alone (/genre/drama/) has its address under its parent.
  const child = root ? undefined : genres.find((g) => g.slug === slugs.genre && g.parentId !== null);
  const parent = child && genres.find((g) => g.id === child.parentId);
  if (child && parent && !slugs.subgenre) {
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    return {
      redirect: `/genre/${parent.slug}/${child.slug}/${slugs.page && slugs.page > 1 ? `page-${slugs.page}/` : ''}${query}`,
    };
  }
  const sub = slugs.subgenre ? genres.find((g) => g.slug === slugs.subgenre && g.parentId === root?.id) : undefined;
  if (!root || (slugs.subgenre && !sub)) return null;
  const q = req.query;
  const g = queryValue(q, 'g');
  const sg = queryValue(q, 'sg');
  const own = g === undefined && sg === undefined;
  const filters = parseFilters({
    text: queryValue(q, 'text')?.slice(0, 100),
    g: own && !sub ? String(root.id) : g,
    sg: own && sub ? String(sub.id) : sg,
    mnd: queryValue(q, 'mnd'),
    mxd: queryValue(q, 'mxd'),
    page: slugs.page ?? 1,
  });
  const cityId = ctx.city?.id ?? null;
  const [result, tree] = await Promise.all([search.results('performance', filters, cityId), search.genreTree()]);
  const genre = sub ?? root;
  const basePath = `/genre/${root.slug}/${sub ? `${sub.slug}/` : ''}`;
  const data: GenrePageData = {
    chrome: ctx.chrome,
    kind: 'performance',
    text: filters.text,
    genres: tree,
    selected: { g: filters.genres, sg: filters.subgenres, venueId: null },
    mnd: filters.from ? formatFilterDate(filters.from) : '',
    mxd: filters.till ? formatFilterDate(filters.till) : '',
    presets: datePresets(ctx.deps.clock.now(), timeZoneOf(ctx)),
    result,
    timeZone: timeZoneOf(ctx),
    genre: { name: genre.name, slug: genre.slug, parent: sub ? { name: root.name, slug: root.slug } : null },
    basePath,
    range: rangeHeader(filters.from, filters.till),
    pageQuery: keptQuery({
      text: filters.text,
      g: own ? '' : filters.genres.join(':'),
      sg: own ? '' : filters.subgenres.join(':'),
      mnd: filters.from ? formatFilterDate(filters.from) : '',
      mxd: filters.till ? formatFilterDate(filters.till) : '',
    }),
  };
  return {
    entry: 'genre',
    Component: GenrePage,
    hydrate: false,
    data,
    title: titled(`${genre.name}: билеты${data.range ? `, ${data.range}` : ''}`),
    description: `${genre.name}: ${ctx.chrome.city.name}. Билеты без комиссии и сервисного сбора.`,
    noindex: result.page > 1 || filters.text !== '' || result.total === 0,
  };
}

/** How many more items the landing's 'more' links show without scripts, each step. */
const MORE_STEP = LIST_LIMIT_DEFAULT;

/** A count of items asked for without scripts (?shows=, ?venues=): a step of the widget, at most its most. */
function shownCount(value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < MORE_STEP) return MORE_STEP;
  return Math.min(Math.ceil(n / MORE_STEP) * MORE_STEP, LIST_LIMIT_MAX);
}

/**
 * /afisha/: the city's performances ahead (the shows list widget) and its venues (the venue list
 * widget), for the city of the request's subdomain (spec 2.12: the main city by default, a second
 * city on its own subdomain). Without scripts the date filter is a form and 'more' a link that
 * shows another step.
 */
export async function afishaPage(ctx: RequestContext, req: FastifyRequest): Promise<PageRender<AfishaPageData>> {
  const lists: Lists = listsOf(ctx.deps);
  const city: City | null = ctx.city;
  const q = req.query;
  const whenValue = queryValue(q, 'when');
  const when = SHOWS_WHEN.find((w) => w === whenValue) ?? 'all';
  const mnd = queryValue(q, 'mnd') ?? '';
  const mxd = queryValue(q, 'mxd') ?? '';
  const showCount = shownCount(queryValue(q, 'shows'));
  const venueCount = shownCount(queryValue(q, 'venues'));
  const flag = WHEN_FLAG[when];
  const [shows, venues] = await Promise.all([
    lists.showsList(
      { offset: 0, limit: showCount, inrow: LANDING_IN_ROW, mnd, mxd, ...(flag ? { [flag]: true } : {}) },
      city,
    ),
    lists.venuesList({ offset: 0, limit: venueCount, inRow: LANDING_IN_ROW }, city),
  ]);
  const today = localDay(ctx.deps.clock.now(), timeZoneOf(ctx));
  const sunday = addDays(today, 6 - weekdayOf(today));
  const short = (day: string) => `${dayMonth(day)}.${day.slice(2, 4)}`;
  const cityName = ctx.chrome.city.name;
  return {
    entry: 'lists',
    Component: AfishaPage,
    hydrate: false,
    data: {
      chrome: ctx.chrome,
      cityName,
      when,
      mnd,
      mxd,
      placeholders: { from: short(today), till: short(sunday) },
      shows: { html: shows.html, count: shows.count, limit: MORE_STEP, shown: showCount },
      venues: { html: venues.html, count: venues.count, limit: MORE_STEP, shown: venueCount },
      schedulePath: defaultSchedulePath(ctx.deps.clock.now(), timeZoneOf(ctx)),
    },
    title: titled(`Афиша: ${cityName} — все события и площадки`),
    description: `Афиша: ${cityName}. События по датам и площадки города, билеты без комиссии и сервисного сбора.`,
    noindex: when !== 'all' || mnd !== '' || mxd !== '',
  };
}
