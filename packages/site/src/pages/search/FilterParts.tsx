/** @jsxRuntime automatic */
/**
 * The parts of the search's filter form (spec 2.6) that the genre page's form (spec 2.7) has too:
 * the genre tree, the date range with its hot dates, mobile dropdown and calendar, and the submit
 * with the count tooltip. The client script (client/search.ts) reads them by their data attributes.
 */
import { DateRangeCalendar } from './DateRangeCalendar.js';
import { dayOf, rangeLabel } from './DateRangeModel.js';
import type { SearchPageData } from './SearchPage.js';

/** The genre tree as check boxes: g a root genre, sg a sub-genre. */
export function GenreTreeFieldset({ data }: { data: Pick<SearchPageData, 'genres' | 'selected'> }) {
  return (
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
                      <input type="checkbox" name="sg" value={c.id} defaultChecked={data.selected.sg.includes(c.id)} />{' '}
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
  );
}

/**
 * The date range (mnd, mxd as dd.mm.yyyy): the mobile dropdown, the calendar, the hot dates, the
 * two fields and the reset, which goes to `resetHref` ({searchUrl}?text={text}).
 */
export function DatesFieldset({
  data,
  calendarId,
  resetHref,
}: {
  data: Pick<SearchPageData, 'presets' | 'mnd' | 'mxd'>;
  calendarId: string;
  resetHref: string;
}) {
  return (
    <fieldset className="search-filter__dates">
      <legend>Даты</legend>
      <MobileDates data={data} />
      <DateRangeCalendar
        id={calendarId}
        min={data.presets.find((p) => p.label === 'Сегодня')?.mnd ?? ''}
        from={data.mnd}
        till={data.mxd}
      />
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
  );
}

/** 'Показать' and the tooltip with the number of matches after each change (it fades after 1000 ms). */
export function FilterActions() {
  return (
    <div className="search-filter__actions">
      <button type="submit" className="button">
        Показать
      </button>
      <output className="search-filter__tooltip" data-count-tooltip="" aria-live="polite" hidden />
    </div>
  );
}

/** The mobile dropdown's presets (spec 2.6): after 'Любая дата', the weekend and the week. */
const DROPDOWN_PRESETS = ['В эти выходные', 'На этой неделе'];

/**
 * The mobile date dropdown (spec 2.6): 'Любая дата', 'В эти выходные', 'На этой неделе'; a range
 * chosen otherwise (the calendar, the address) shows as one more choice, 'dd.mm - dd.mm'.
 */
function MobileDates({ data }: { data: Pick<SearchPageData, 'presets' | 'mnd' | 'mxd'> }) {
  const presets = data.presets.filter((p) => DROPDOWN_PRESETS.includes(p.label));
  const chosen = data.mnd || data.mxd ? `${data.mnd}-${data.mxd}` : '';
  const custom = chosen !== '' && !presets.some((p) => `${p.mnd}-${p.mxd}` === chosen);
  return (
    <select className="search-filter__mobile-dates" aria-label="Даты" data-date-dropdown="" defaultValue={chosen}>
      <option value="">Любая дата</option>
      {presets.map((p) => (
        <option key={p.label} value={`${p.mnd}-${p.mxd}`}>
          {p.label}
        </option>
      ))}
      {custom ? (
        <option value={chosen} data-date-custom="">
          {rangeLabel({ from: dayOf(data.mnd), till: dayOf(data.mxd) })}
        </option>
      ) : null}
    </select>
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
