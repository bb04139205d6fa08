/** @jsxRuntime automatic */
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
      <fieldset className="search-filter__genres">
        <legend>Жанры</legend>
        <ul className="genre-tree">
          {data.genres.map((g) => (
            <li key={g.id}>
              <label className="genre-tree__root">
                <input type="checkbox" name="g" value={g.id} defaultChecked={data.selected.g.includes(g.id)} /> {g.name}
              </label>
              {g.children.length > 0 ? (
                <ul>
                  {g.children.map((c) => (
                    <li key={c.id}>
                      <label>
                        <input
                          type="checkbox"
                          name="sg"
                          value={c.id}
                          defaultChecked={data.selected.sg.includes(c.id)}
                        />{' '}
                        {c.name}
                      </label>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </fieldset>
      {dates ? (
        <fieldset className="search-filter__dates">
          <legend>Даты</legend>
          <select className="search-filter__mobile-dates" aria-label="Даты" data-date-dropdown="" defaultValue="">
            <option value="">Любая дата</option>
            {data.presets.slice(2).map((p) => (
              <option key={p.label} value={`${p.mnd}-${p.mxd}`}>
                {p.label}
              </option>
            ))}
          </select>
          <div className="search-filter__presets">
            {data.presets.map((p) => (
              <button key={p.label} type="button" className="chip" data-preset-mnd={p.mnd} data-preset-mxd={p.mxd}>
                {p.label}
              </button>
            ))}
          </div>
          <div className="search-filter__range">
            <DateField label="С" name="mnd" value={data.mnd} />
            <DateField label="по" name="mxd" value={data.mxd} />
          </div>
          <a className="search-filter__reset" href={resetHref} data-date-reset="">
            Сбросить даты
          </a>
        </fieldset>
      ) : null}
      <div className="search-filter__actions">
        <button type="submit" className="button">
          Показать
        </button>
        <output className="search-filter__tooltip" data-count-tooltip="" aria-live="polite" hidden />
      </div>
    </form>
  );
}

/** One end of the date range, dd.mm.yyyy (spec 2.6); the client script lets only digits and dots in. */
function DateField({ label, name, value }: { label: string; name: 'mnd' | 'mxd'; value: string }) {
  return (
    <label>
      {label}
      <input
        name={name}
        defaultValue={value}
        placeholder="дд.мм.гггг"
        inputMode="numeric"
        maxLength={10}
        data-date-input=""
      />
    </label>
  );
}
