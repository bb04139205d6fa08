/**
 * The recommendations page's loader (site-browsing-account.md 2.11): the first page of the
 * buyer's recommendations (services/catalogue/recommendations.ts: their orders', wishlist's and
 * reviews' genres, or the city's popular shows for a guest) and the genre buttons.
 */
import {
  countRecommendations,
  listRecommendations,
  RECOMMENDATIONS_PAGE_SIZE,
  recommendationCardsHtml,
  recommendationGenresHtml,
  recommendedGenres,
} from '@partera/server';
import { type RecommendationsData, RecommendationsPage } from '../pages/recommendations/RecommendationsPage.js';
import type { RequestContext } from './context.js';
import { type PageRender, titled } from './render.js';

export async function recommendationsPage(ctx: RequestContext): Promise<PageRender<RecommendationsData>> {
  const q = ctx.city ? { cityId: ctx.city.id, userId: ctx.account?.id ?? null, now: ctx.deps.clock.now() } : null;
  const [count, cards, genres] = q
    ? await Promise.all([
        countRecommendations(ctx.deps.db, q),
        listRecommendations(ctx.deps.db, { ...q, page: 1 }),
        recommendedGenres(ctx.deps.db, q),
      ])
    : [0, [], []];
  const genresHtml = recommendationGenresHtml(genres);
  return {
    entry: 'page',
    Component: RecommendationsPage,
    hydrate: false,
    // A guest's cards are the same object for every guest of the city while the server keeps
    // them (recommendations.ts): the page is rendered once per header and footer meanwhile.
    source: ctx.account ? undefined : { data: cards, chrome: [ctx.chrome, count, genresHtml] },
    data: {
      chrome: ctx.chrome,
      cardsHtml: recommendationCardsHtml(cards, ctx.city?.timezone ?? 'Europe/Moscow', ctx.chrome.urlSession),
      genresHtml,
      count,
      hasMore: count > RECOMMENDATIONS_PAGE_SIZE,
      signedIn: ctx.account !== null,
    },
    title: titled('Рекомендации'),
    description: `Что посмотреть: спектакли, концерты и выставки, подобранные для вас. ${ctx.chrome.city.name}.`,
  };
}
