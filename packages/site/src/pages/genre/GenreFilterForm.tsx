/** @jsxRuntime automatic */
import { DatesFieldset, FilterActions, GenreTreeFieldset } from '../search/FilterParts.js';
import type { GenrePageData } from './GenrePage.js';

/**
 * The genre page's filters (spec 2.7): a text box, the genre tree (g a root genre, sg a
 * sub-genre) and the search's date range with its hot dates (mnd, mxd as dd.mm.yyyy). It is the
 * search's filter form in everything the search's client script reads (data-search-filter): the
 * count tooltip after each change from GET /search/performanceCount/, several values joined with
 * ':' on submit. It goes to the page's own address without 'page-N/'.
 */
export function GenreFilterForm({ data }: { data: GenrePageData }) {
  return (
    <form
      className="search-filter genre-filter"
      action={data.basePath}
      method="get"
      data-search-filter=""
      data-count-url="/search/performanceCount/"
      data-city={data.chrome.city.subdomain}
      aria-label="Фильтры"
    >
      <label className="genre-filter__text">
        <span>Поиск</span>
        <input name="text" type="search" defaultValue={data.text} placeholder="Название, площадка, артист" />
      </label>
      <GenreTreeFieldset data={data} />
      <DatesFieldset
        data={data}
        calendarId="genre-dates-calendar"
        resetHref={`${data.basePath}?text=${encodeURIComponent(data.text)}`}
      />
      <FilterActions />
    </form>
  );
}
