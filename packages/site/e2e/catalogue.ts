/**
 * Finding the demo's performances the way a visitor or a partner's page would: the home page
 * links the shows, a show page links its dates, a hall page carries the seat map's configuration
 * (spec 3.1) and the hall map (7.1) and layout (decision 0025) are public answers. No test
 * hard-codes a performance id: the demo's ids and dates follow the seed's clock and weekdays.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The parts of the hall page configuration (spec 3.1) these tests read. */
export interface HallConfig {
  performanceId: number;
  hallBasisId: number;
  maxGiftCountPerTicket?: number;
  /** Roubles, per gift. */
  giftPrice?: number;
  allowPay?: boolean;
  isOnlySections?: boolean;
  package?: {
    isPackage: boolean;
    currentPerformanceNumber: number;
    totalPerformances: number;
    ticketsInPerformanceCount: number;
  };
  packageNextUrl?: string;
  performanceInfo?: { show_name: string };
}

/** A place of the JSON hall map (spec 3.3): only places for sale are listed. */
export interface MapPlace {
  id: number;
  countTax: number;
  section: { id: number; name: string };
  row: string;
  place: string;
  /** Roubles: the lowest tariff's price. */
  price: number;
  group: number;
  hasgifts: boolean;
  availableGifts: number;
  taxes: Record<string, { name: string; price: number }>;
}

/** A section line of the JSON hall map (spec 3.4). */
export interface MapSection {
  sectionId: number;
  sectionName: string;
  placeCount: number;
  price: number;
  seatlessSection: boolean;
}

export interface HallMap {
  places: MapPlace[];
  sections: MapSection[];
}

/** A performance found for a test: its hall page's address, configuration and map. */
export interface FoundPerformance {
  path: string;
  config: HallConfig;
  map: HallMap;
  /** Places sold only with others (a group, an exclusive pair): a click on one takes more than one. */
  together: Set<number>;
}

const PAGE_DATA = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/;

async function html(request: APIRequestContext, path: string): Promise<string> {
  const answer = await request.get(path);
  expect(answer.ok(), `GET ${path}`).toBe(true);
  return answer.text();
}

const linksTo = (page: string, prefix: string) =>
  [...page.matchAll(new RegExp(`href="(${prefix}[^"#?]+)"`, 'g'))].map((m) => m[1]!);

/** Hall pages ('/performance/{id}/') the site links from its home page and its show pages, in id order. */
export async function listedPerformances(request: APIRequestContext): Promise<string[]> {
  const home = await html(request, '/');
  const shows = [...new Set(linksTo(home, '/show/'))];
  const found = new Set(linksTo(home, '/performance/'));
  for (const show of shows) for (const path of linksTo(await html(request, show), '/performance/')) found.add(path);
  const id = (path: string) => Number(/\d+/.exec(path)?.[0]);
  return [...found].sort((a, b) => id(a) - id(b));
}

/** The seat map's configuration as the hall page renders it into its page data. */
export async function hallConfig(request: APIRequestContext, path: string): Promise<HallConfig> {
  const data = PAGE_DATA.exec(await html(request, path));
  expect(data, `page data of ${path}`).not.toBeNull();
  return (JSON.parse(data![1]!) as { hall: { config: HallConfig } }).hall.config;
}

/** The configuration of the hall page open in the browser, from its page data. */
export function pageConfig(page: Page): Promise<HallConfig> {
  return page.evaluate(
    () =>
      (JSON.parse(document.getElementById('page-data')!.textContent!) as { hall: { config: HallConfig } }).hall.config,
  );
}

export async function hallMap(request: APIRequestContext, performanceId: number): Promise<HallMap> {
  const answer = await request.get(`/hallview/map/${performanceId}/?json=1`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as HallMap;
}

/** What a test needs of a performance: its configuration, then (read only if that fits) its map. */
export interface Wanted {
  config?: (config: HallConfig) => boolean;
  map?: (map: HallMap, config: HallConfig) => boolean | Promise<boolean>;
}

/**
 * The first performance on sale for payment (allowPay) that fits, in id order. `query` is added
 * to each hall page's address (package mode: '?packageId=2').
 */
export async function findPerformance(
  request: APIRequestContext,
  what: string,
  wanted: Wanted,
  query = '',
): Promise<FoundPerformance> {
  for (const listed of await listedPerformances(request)) {
    const path = `${listed}${query}`;
    const config = await hallConfig(request, path);
    if (!config.allowPay || !(wanted.config?.(config) ?? true)) continue;
    const map = await hallMap(request, config.performanceId);
    if (await (wanted.map?.(map, config) ?? true)) {
      return { path, config, map, together: await soldTogether(request, config, map) };
    }
  }
  throw new Error(`no performance on sale ${what}`);
}

/**
 * The hall's exclusive pairs (spec 4.1: star seats sold with their neighbour), as hall place ids,
 * from its layout (decision 0025: ids delta-coded, pairs as layout indices listed from both ends).
 */
export async function exclusivePairs(request: APIRequestContext, hallId: number): Promise<Array<[number, number]>> {
  const answer = await request.get(`/hallview/layout/${hallId}/`);
  expect(answer.ok()).toBe(true);
  const { places } = (await answer.json()) as { places: { id: number[]; pair: Array<[number, number]> } };
  let id = 0;
  const ids = places.id.map((delta) => {
    id += delta;
    return id;
  });
  return places.pair.filter(([a, b]) => a < b).map(([a, b]) => [ids[a]!, ids[b]!]);
}

/** The places of the map sold only with others: in a group (spec 3.3 group > 0) or an exclusive pair. */
export async function soldTogether(request: APIRequestContext, config: HallConfig, map: HallMap): Promise<Set<number>> {
  const pairs = await exclusivePairs(request, config.hallBasisId);
  return new Set([...map.places.filter((p) => p.group > 0).map((p) => p.id), ...pairs.flat()]);
}
