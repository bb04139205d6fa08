/** @jsxRuntime automatic */
import type { ScheduleAddress } from '@partera/server';
import type { SiteChrome } from '../chrome.js';
import { Layout } from '../Layout.js';
import { ScheduleFilters } from './ScheduleFilters.js';

export interface SchedulePageData {
  chrome: SiteChrome;
  address: ScheduleAddress;
  /** 'dd.mm.yyyy – dd.mm.yyyy'. */
  range: string;
  heading: string;
  /** The page's rows: the server's HTML (the same as the infinite scroll's answers). */
  rows: string;
  empty: boolean;
  /** Page n+1, or null at the end. */
  nextHref: string | null;
  venues: Array<{ id: number; name: string }>;
  genres: Array<{ slug: string; name: string; sub: boolean }>;
}

/**
 * The schedule (spec 2.8): filters, the rows, and a link to the next page that the client
 * script (client/schedule.ts) turns into the infinite scroll, loading {url}page-{n}/?ajax when the
 * buyer is 400 px from the bottom and appending the rows.
 */
export function SchedulePage({ data }: { data: SchedulePageData }) {
  return (
    <Layout chrome={data.chrome}>
      <div className="container schedule-page" data-schedule-page="" data-city={data.chrome.city.subdomain}>
        <h1 className="schedule-page__title">{data.heading}</h1>
        <p className="schedule-page__range">{data.range}</p>
        <ScheduleFilters data={data} />
        {data.empty ? (
          <p className="empty-note">В эти даты событий нет. Выберите другие даты или площадку.</p>
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own rows, every value escaped (schedule-html.ts)
          <ol className="schedule-rows" data-schedule-rows="" dangerouslySetInnerHTML={{ __html: data.rows }} />
        )}
        {data.nextHref ? (
          <p className="schedule-page__more">
            <a className="button button--outline" href={data.nextHref} rel="next" data-schedule-next="">
              Следующая страница
            </a>
          </p>
        ) : null}
        <p className="schedule-page__status" data-schedule-status="" aria-live="polite" />
      </div>
    </Layout>
  );
}
