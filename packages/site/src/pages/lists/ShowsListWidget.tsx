/** @jsxRuntime automatic */
import type { AfishaPageData } from './AfishaPage.js';
import { MoreLink } from './MoreLink.js';
import { type ShowsWhen, showsQuery } from './shows-when.js';

const WHEN_LABELS: ReadonlyArray<[ShowsWhen, string]> = [
  ['all', 'Все даты'],
  ['today', 'Сегодня'],
  ['tomorrow', 'Завтра'],
  ['week', 'На неделе'],
  ['month', 'В этом месяце'],
];

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
          <label>
            <span className="visually-hidden">С</span>
            <input
              name="mnd"
              defaultValue={data.mnd}
              placeholder={data.placeholders.from}
              inputMode="numeric"
              maxLength={8}
              aria-label="С"
              data-list-date=""
            />
          </label>
          <span aria-hidden="true">—</span>
          <label>
            <span className="visually-hidden">по</span>
            <input
              name="mxd"
              defaultValue={data.mxd}
              placeholder={data.placeholders.till}
              inputMode="numeric"
              maxLength={8}
              aria-label="по"
              data-list-date=""
            />
          </label>
          <button type="submit" className="button button--small">
            Показать
          </button>
        </div>
      </form>
      <ul
        className="list-grid list-grid--shows"
        data-list-items=""
        data-list-url="/show/jsGetShows/"
        data-list-limit={shows.limit}
        data-list-query={showsQuery(data.chrome.city.subdomain, data.when, data.mnd, data.mxd).toString()}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own items, every value escaped (lists-html.ts)
        dangerouslySetInnerHTML={{ __html: shows.html }}
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
