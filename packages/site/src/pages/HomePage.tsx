/** @jsxRuntime automatic */
import { POPULAR_PAGE_SIZE } from '@partera/contract';
import { type PerformanceCard, popularFragment } from '@partera/server';
import type { SiteChrome } from './chrome.js';
import { CalendarBar, type CalendarDay } from './home/CalendarBar.js';
import { Layout, NO_FEE_PHRASE } from './Layout.js';

export interface HomeData {
  chrome: SiteChrome;
  cityName: string;
  timeZone: string;
  /** The page's popular shows (services/catalogue/popular.ts), the most wanted first. */
  cards: PerformanceCard[];
  /** 1-based page of the grid; the 'Показать ещё' link asks for the next one. */
  page: number;
  hasMore: boolean;
  /** The calendar bar's days; none: no bar. */
  calendar?: CalendarDay[];
}

/**
 * The main page (site-browsing-account.md 2.4): the popular shows 24 at a time with 'Показать
 * ещё' (an ordinary link to ?page=N+1 without scripts; client/home.ts appends the next 24 from
 * GET /show/jsGetPopular/ and, on mobile, two promo banners per load), each card's preview with
 * the reviews carousel and share counters on hover, and the calendar bar on the right.
 */
export function HomePage({ data }: { data: HomeData }) {
  const { chrome } = data;
  // The cards are the server's fragment, the very markup GET /show/jsGetPopular/ answers for
  // the next ones (decision 0038), every value escaped by its `html` template.
  const gridHtml = popularFragment(data.cards, { timeZone: data.timeZone, session: chrome.urlSession });
  const next = (data.page - 1) * POPULAR_PAGE_SIZE + data.cards.length;
  return (
    <Layout chrome={chrome}>
      <section className="hero">
        <div className="container">
          <h1 className="hero__title">
            Афиша: <span className="hero__city">{data.cityName}</span>
          </h1>
          <p className="hero__lead">Спектакли, концерты и выставки. Выбирайте места на схеме зала. {NO_FEE_PHRASE}.</p>
        </div>
      </section>
      <div className="container home-layout">
        <div className="home-layout__main">
          <h2 className="section-title">Популярное</h2>
          {data.cards.length === 0 ? (
            <p className="empty-note">
              {data.page > 1 ? 'Больше событий нет.' : 'Скоро здесь появятся новые события — загляните позже.'}
            </p>
          ) : (
            <ul
              className="poster-grid"
              data-poster-grid=""
              data-popular-next={next}
              data-city={chrome.city.subdomain}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's escaped fragment (popular-html.ts)
              dangerouslySetInnerHTML={{ __html: gridHtml }}
            />
          )}
          {data.hasMore ? (
            <p className="more">
              <a className="button button--outline more__button" href={`/?page=${data.page + 1}`} data-more="">
                Показать ещё
              </a>
            </p>
          ) : null}
        </div>
        <CalendarBar days={data.calendar ?? []} urlSession={chrome.urlSession} />
      </div>
    </Layout>
  );
}
