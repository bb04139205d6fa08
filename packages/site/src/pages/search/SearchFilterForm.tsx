/** @jsxRuntime automatic */
import { DatesFieldset, FilterActions, GenreTreeFieldset } from './FilterParts.js';
import type { SearchPageData } from './SearchPage.js';
import { searchPath } from './SearchPage.js';

const COUNT_CALLS = {
  performance: '/search/performanceCount/',
  place: '/search/placeCount/',
  person: '/search/personCount/',
  organizer: '/search/personCount/?index=organizer',
} as const;

/**
 * The filters of a results page (spec 2.6): the genre tree as check boxes (g a root genre, sg a
 * sub-genre) and, on /search/performance/, the date range (mnd, mxd as dd.mm.yyyy) with the hot
 * dates, the mobile date dropdown and the reset, which goes to {searchUrl}?text={text}. A plain
 * GET form without scripts; the client script (client/search.ts) joins several values with ':'
 * and shows the count of matches after each change.
 */
export function SearchFilterForm({ data }: { data: SearchPageData }) {
  const { kind, text } = data;
  const dates = kind === 'performance';
  const resetHref = `${searchPath(kind)}?text=${encodeURIComponent(text)}`;
  return (
    <form
      className="search-filter"
      action={searchPath(kind)}
      method="get"
      data-search-filter=""
      data-count-url={COUNT_CALLS[kind]}
      data-city={data.chrome.city.subdomain}
      aria-label="Фильтры"
    >
      <input type="hidden" name="text" value={text} />
      {data.selected.venueId ? <input type="hidden" name="bid" value={data.selected.venueId} /> : null}
      <GenreTreeFieldset data={data} />
      {dates ? <DatesFieldset data={data} calendarId="search-dates-calendar" resetHref={resetHref} /> : null}
      <FilterActions />
    </form>
  );
}
