/** @jsxRuntime automatic */
import type { GenreBranch, ResultItems, ResultsKind, ResultsPage } from '@partera/server';
import type { SiteChrome } from '../chrome.js';
import { Layout } from '../Layout.js';
import { ResultsColumn } from './ResultParts.js';
import { SearchFilterForm } from './SearchFilterForm.js';
import { SearchMap, type SearchMapProps } from './SearchMap.js';

export interface SearchPageData {
  chrome: SiteChrome;
  kind: ResultsKind;
  text: string;
  genres: GenreBranch[];
  selected: { g: number[]; sg: number[]; venueId: number | null };
  /** dd.mm.yyyy or ''. */
  mnd: string;
  mxd: string;
  presets: Array<{ label: string; mnd: string; mxd: string }>;
  result: ResultsPage<ResultItems[ResultsKind]>;
  timeZone: string;
  /** The venue map's tile source (T4, decision 0041); absent or null: a plain background. */
  mapTiles?: SearchMapProps['tiles'];
}

export const SEARCH_TABS: ReadonlyArray<[ResultsKind, string]> = [
  ['performance', 'События'],
  ['place', 'Площадки'],
  ['person', 'Персоны'],
  ['organizer', 'Организаторы'],
];

export const searchPath = (kind: ResultsKind) => `/search/${kind}/`;

/** The address of a results page with these keys (several values joined with ':'). */
export function searchHref(kind: ResultsKind, keys: Record<string, string | number | number[] | null>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(keys)) {
    const v = Array.isArray(value) ? value.join(':') : value;
    if (key === 'text' || (v !== null && v !== '' && v !== undefined)) q.set(key, String(v ?? ''));
  }
  return `${searchPath(kind)}?${q.toString()}`;
}

/** A results page (spec 2.6): tabs that keep the text, the filters, the results and the pages. */
export function SearchPage({ data }: { data: SearchPageData }) {
  const { kind, text } = data;
  const keys = {
    text,
    g: data.selected.g,
    sg: data.selected.sg,
    mnd: data.mnd,
    mxd: data.mxd,
    bid: data.selected.venueId,
  };
  return (
    <Layout chrome={data.chrome}>
      <div className="container search-page" data-search-page={kind}>
        <h1 className="search-page__title">{text ? `Результаты поиска: «${text}»` : 'Поиск'}</h1>
        <nav className="search-tabs" aria-label="Что искать">
          {SEARCH_TABS.map(([k, label]) => (
            <a
              key={k}
              className={k === kind ? 'search-tabs__tab is-current' : 'search-tabs__tab'}
              href={searchHref(k, { text })}
              aria-current={k === kind ? 'page' : undefined}
            >
              {label}
            </a>
          ))}
        </nav>
        <div className="search-page__grid">
          <SearchFilterForm data={data} />
          <ResultsColumn id="search-found" data={data} pageHref={(n) => searchHref(kind, { ...keys, page: n })}>
            {kind === 'performance' ? (
              <SearchMap city={data.chrome.city.subdomain} tiles={data.mapTiles ?? null} />
            ) : null}
          </ResultsColumn>
        </div>
      </div>
    </Layout>
  );
}
