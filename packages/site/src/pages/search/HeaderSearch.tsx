/** @jsxRuntime automatic */
import type { SiteChrome } from '../chrome.js';

/**
 * The header's search box on every page (site-browsing-account.md 2.2): a plain form to
 * /search/performance/ that works without scripts; the suggestions (client lib/header-search.ts)
 * fill the list below it as the buyer types. The form's id, searchForm, is the spec's: the older
 * variant points its action at the chosen item's results page.
 */
export function HeaderSearch({ chrome }: { chrome: SiteChrome }) {
  const search = chrome.search ?? { variant: 'grouped', text: '' };
  return (
    <search
      className="header-search"
      data-header-search=""
      data-variant={search.variant}
      data-city={chrome.city.subdomain}
    >
      <form id="searchForm" className="header-search__form" action="/search/performance/" method="get">
        <label className="visually-hidden" htmlFor="header-search-text">
          Поиск
        </label>
        <input
          id="header-search-text"
          className="header-search__input"
          type="search"
          name="text"
          defaultValue={search.text}
          placeholder="Спектакль, концерт, площадка, артист"
          autoComplete="off"
          maxLength={100}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded="false"
          aria-controls="header-search-list"
        />
        <button className="header-search__submit" type="submit" aria-label="Найти">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </form>
      <div id="header-search-list" className="header-search__list" role="listbox" aria-label="Подсказки" hidden />
    </search>
  );
}
