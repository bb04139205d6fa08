/** @jsxRuntime automatic */
import type { SiteChrome } from '../chrome.js';
import { Layout } from '../Layout.js';

export interface RecommendationsData {
  chrome: SiteChrome;
  /** The first page of cards and the genre buttons, the server's fragments (every value escaped). */
  cardsHtml: string;
  genresHtml: string;
  /** Recommended shows in all; 0: the empty state, which polls until there are some. */
  count: number;
  /** More than the first page: the load-more button shows. */
  hasMore: boolean;
  signedIn: boolean;
}

/**
 * The recommendations page (site-browsing-account.md 2.11, 4 Recommendations): cards with
 * 'Показать ещё' and the genre buttons; choosing a genre starts again at page 1. The cards and
 * buttons are the markup of GET /recommendations/loadShows/ and /loadGenres/ (client/
 * recommendations.ts asks for the next pages); in the empty state the page asks
 * /recommendations/CheckShows/ every 3 s until there is something to show.
 */
export function RecommendationsPage({ data }: { data: RecommendationsData }) {
  const empty = data.count === 0;
  return (
    <Layout chrome={data.chrome}>
      <div className="container recommendations" data-recommendations="" data-count={data.count}>
        <h1 className="page-title">Рекомендации</h1>
        <p className="recommendations__lead">
          {data.signedIn
            ? 'Подобрали по вашим заказам, избранному и отзывам.'
            : `Самое популярное в городе ${data.chrome.city.name}. Войдите, чтобы рекомендации учитывали ваши заказы и избранное.`}
        </p>
        <p className="empty-note recommendations__empty" hidden={!empty} aria-live="polite">
          Подбираем рекомендации — это займёт немного времени.
        </p>
        <h2 className="visually-hidden">Жанры</h2>
        <div
          className="chips recommendations__genres"
          data-recommendation-genres=""
          hidden={empty}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's escaped fragment (recommendations-html.ts)
          dangerouslySetInnerHTML={{ __html: data.genresHtml }}
        />
        <ul
          className="poster-grid recommendations__list"
          data-recommendation-list=""
          hidden={empty}
          aria-live="polite"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's escaped fragment (popular-html.ts)
          dangerouslySetInnerHTML={{ __html: data.cardsHtml }}
        />
        <p className="recommendations__more">
          <button type="button" className="button button--outline" data-recommendation-more="" hidden={!data.hasMore}>
            Показать ещё
          </button>
        </p>
      </div>
    </Layout>
  );
}
