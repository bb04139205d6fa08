/** @jsxRuntime automatic */
import { type ShowPage as ShowPageData, type ShowTab, showTabHtml } from '@partera/server';
import { type SiteChrome, withSession } from './chrome.js';
import { Layout } from './Layout.js';
import { EventJsonLd } from './show/EventJsonLd.js';
import { PerformanceCalendar } from './show/PerformanceCalendar.js';
import { ShareButtons } from './show/ShareButtons.js';
import { ShowActions, type ShowViewer } from './show/ShowActions.js';
import { ShowFacts } from './show/ShowFacts.js';
import { ShowGallery } from './show/ShowGallery.js';
import { ShowTabs } from './show/ShowTabs.js';
import { SocialProof } from './show/SocialProof.js';

export interface ShowData {
  chrome: SiteChrome;
  page: ShowPageData;
  /** This visitor's bookmark and vote (the wishlist's show actions); absent: a guest who has not voted. */
  viewer?: ShowViewer;
  /** The tab of the address: {show}/ the description, {show}/reviews/ the reviews; default 'desc'. */
  tab?: ShowTab;
  /** The tab's content from the server's show-tabs module; absent: the description, rendered here. */
  tabHtml?: string;
  /** This site's origin ('https://www.example.ru'), for the absolute addresses of the JSON-LD. */
  origin?: string;
}

/**
 * The show page (site-browsing-account.md 2.9): the slider with the video first, the facts, the
 * rating, wishlist, 'Скоро в продаже' and share buttons, the social-proof popups, the dates with
 * their monthly calendar, and the description and reviews tabs. The parts are in ./show/; what
 * they do in the browser is in client/show.ts.
 */
export function ShowPage({ data }: { data: ShowData }) {
  const { chrome, page } = data;
  const { show, genre } = page;
  const tab = data.tab ?? 'desc';
  const tabHtml = data.tabHtml ?? showTabHtml('desc', page, { mobile: false }).toString();
  const onSale = page.performances.filter((p) => p.saleState === 'on_sale' && p.freePlaces > 0);

  return (
    <Layout chrome={chrome}>
      <article className="container show-page" data-show-id={show.id} data-show-url={show.url} data-active-tab={tab}>
        <nav className="breadcrumbs" aria-label="Навигация">
          <ol>
            <li>
              <a href={withSession('/', chrome.urlSession)}>Афиша</a>
            </li>
            {genre.parentName ? <li>{genre.parentName}</li> : null}
            <li>{genre.name}</li>
          </ol>
        </nav>
        <header className="show-hero">
          <ShowGallery show={show} />
          <div className="show-hero__info">
            <ShowFacts page={page} />
            <ShowActions
              show={show}
              viewer={data.viewer}
              askable={onSale.length === 0 || page.performances.some((p) => p.saleState === 'soon')}
            />
            <ShareButtons
              showId={show.id}
              showName={show.name}
              url={data.origin ? `${data.origin}${show.url}` : show.url}
            />
          </div>
        </header>
        <SocialProof showUrl={show.url} />
        <div className="show-body">
          <PerformanceCalendar page={page} urlSession={chrome.urlSession} />
          <ShowTabs showUrl={show.url} slug={show.slug} tab={tab} html={tabHtml} urlSession={chrome.urlSession} />
        </div>
        <EventJsonLd page={page} origin={data.origin} />
      </article>
    </Layout>
  );
}
