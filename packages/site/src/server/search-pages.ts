/**
 * The search results pages (site-browsing-account.md 2.6): /search/performance/, /search/place/,
 * /search/person/, /search/organizer/. The query carries the text and the filter keys; a key with
 * several values joins them with ':' (a form sent without scripts repeats the key instead, and
 * is read the same way).
 */
import {
  addDays,
  type FastifyRequest,
  formatFilterDate,
  localDay,
  parseFilters,
  type ResultsKind,
  searchOf,
  type WireFilters,
} from '@partera/server';
import { SearchPage, type SearchPageData } from '../pages/search/SearchPage.js';
import type { RequestContext } from './context.js';
import { mapTilesOf } from './map-tiles.js';
import { type PageRender, titled } from './render.js';

export const SEARCH_PAGE_KINDS: readonly ResultsKind[] = ['performance', 'place', 'person', 'organizer'];

const TITLES: Record<ResultsKind, string> = {
  performance: 'Поиск событий',
  place: 'Поиск площадок',
  person: 'Поиск персон',
  organizer: 'Поиск организаторов',
};

/** A query value as one string: repeated keys joined with ':' (the spec's way), the rest ignored. */
function joined(value: unknown): string | undefined {
  if (typeof value === 'string') return value.slice(0, 500);
  if (Array.isArray(value))
    return value
      .filter((v) => typeof v === 'string')
      .join(':')
      .slice(0, 500);
  return undefined;
}

/** The hot-date presets (dd.mm.yyyy): today, tomorrow, this weekend, this week (weeks start on Monday). */
export function datePresets(now: Date, timeZone: string) {
  const today = localDay(now, timeZone);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const sunday = addDays(today, 6 - weekday);
  const saturday = weekday >= 5 ? today : addDays(today, 5 - weekday);
  const range = (label: string, from: string, till: string) => ({
    label,
    mnd: formatFilterDate(from),
    mxd: formatFilterDate(till),
  });
  return [
    range('Сегодня', today, today),
    range('Завтра', addDays(today, 1), addDays(today, 1)),
    range('В эти выходные', saturday, sunday),
    range('На этой неделе', today, sunday),
  ];
}

export async function searchResultsPage(
  ctx: RequestContext,
  req: FastifyRequest,
  kind: ResultsKind,
): Promise<PageRender<SearchPageData>> {
  const query = req.query as Record<string, unknown>;
  const wire: WireFilters = {
    text: joined(query.text)?.slice(0, 100),
    g: joined(query.g),
    sg: joined(query.sg),
    mnd: joined(query.mnd),
    mxd: joined(query.mxd),
    bid: joined(query.bid),
    page: Number(joined(query.page) ?? 1),
  };
  const filters = parseFilters(wire);
  const search = searchOf(ctx.deps);
  const cityId = ctx.city?.id ?? null;
  const timeZone = ctx.city?.timezone ?? 'Europe/Moscow';
  const [result, genres] = await Promise.all([search.results(kind, filters, cityId), search.genreTree()]);
  const title = filters.text ? `${TITLES[kind]}: «${filters.text}»` : TITLES[kind];
  const data: SearchPageData = {
    chrome: ctx.chrome,
    kind,
    text: filters.text,
    genres,
    selected: { g: filters.genres, sg: filters.subgenres, venueId: filters.venueId },
    mnd: filters.from ? formatFilterDate(filters.from) : '',
    mxd: filters.till ? formatFilterDate(filters.till) : '',
    presets: datePresets(ctx.deps.clock.now(), timeZone),
    result,
    timeZone,
    mapTiles: mapTilesOf(),
  };
  const { result: _kept, ...rest } = data;
  return {
    entry: 'search',
    Component: SearchPage,
    hydrate: false,
    // The markup is kept while the search cache keeps the results, per everything else shown.
    source: { data: result, chrome: rest },
    data,
    title: titled(title),
    description: `${TITLES[kind]}: ${ctx.chrome.city.name}. Билеты без комиссии и сервисного сбора.`,
    noindex: filters.text !== '' || result.total === 0,
  };
}
