/** @jsxRuntime automatic */
import type { AfishaPageData } from './AfishaPage.js';
import { ListItems } from './ListItems.js';
import { MoreLink } from './MoreLink.js';
import { type ShowsWhen, showsQuery } from './shows-when.js';

const WHEN_LABELS: ReadonlyArray<[ShowsWhen, string]> = [
  ['all', 'Все даты'],
  ['today', 'Сегодня'],
  ['tomorrow', 'Завтра'],
  ['week', 'На неделе'],
  ['month', 'В этом месяце'],
];

/** One end of the widget's date range, typed as dd.mm.yy (client/lists.ts reads data-list-date). */
function RangeInput({
  name,
  label,
  value,
  placeholder,
}: {
  name: string;
  label: string;
  value: string;
  placeholder: string;
}) {
  return (
    <label>
      <span className="visually-hidden">{label}</span>
      <input
        name={name}
        defaultValue={value}
        placeholder={placeholder}
        inputMode="numeric"
        maxLength={8}
        aria-label={label}
        data-list-date=""
      />
    </label>
  );
}

/**
 * The shows list widget (spec 2.12): date filters today, tomorrow, week, month and a range whose
 * placeholders show today and next Sunday (dd.mm.yy); 'more' fetches the next items from
 * GET /show/jsGetShows/ and hides when fewer than the limit come back (client/lists.ts). Without
 * scripts the filters are a GET form and 'more' a link that shows another step.
 */
export function ShowsListWidget({ data }: { data: AfishaPageData }) {
  const { shows } = data;
  return (
    <section className="list-widget" aria-labelledby="shows-list-title" data-list-widget="shows">
      <h2 id="shows-list-title" className="list-widget__title">
        События
      </h2>
      <form className="shows-filter" method="get" action="/afisha/" data-shows-filter="">
        <fieldset className="shows-filter__when">
          <legend className="visually-hidden">Когда</legend>
          {WHEN_LABELS.map(([value, label]) => (
            <label key={value} className="chip shows-filter__chip">
              <input type="radio" name="when" value={value} defaultChecked={data.when === value} /> {label}
            </label>
          ))}
        </fieldset>
        <div className="shows-filter__range">
          <RangeInput name="mnd" label="С" value={data.mnd} placeholder={data.placeholders.from} />
          <span aria-hidden="true">—</span>
          <RangeInput name="mxd" label="по" value={data.mxd} placeholder={data.placeholders.till} />
          <button type="submit" className="button button--small">
            Показать
          </button>
        </div>
      </form>
      <ListItems
        kind="shows"
        url="/show/jsGetShows/"
        query={showsQuery(data.chrome.city.subdomain, data.when, data.mnd, data.mxd)}
        items={shows}
      />
      <p className="empty-note" data-list-empty="" hidden={shows.count > 0}>
        В эти даты событий нет.
      </p>
      <MoreLink
        hidden={shows.count < shows.shown}
        href={`/afisha/?${new URLSearchParams({ when: data.when, mnd: data.mnd, mxd: data.mxd, shows: String(shows.shown + shows.limit) }).toString()}`}
      />
    </section>
  );
}
