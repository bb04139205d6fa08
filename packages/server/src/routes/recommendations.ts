import {
  type CallDef,
  type CallRequest,
  type CallResponse,
  recommendationsCheck,
  recommendationsLoadGenres,
  recommendationsLoadShows,
} from '@partera/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { accountOfSession } from '../accounts/sessions.js';
import { CITY_COOKIE, citySubdomainOf } from '../geo/region.js';
import { route } from '../http/route.js';
import { type City, listCities } from '../services/catalogue/cities.js';
import {
  countRecommendations,
  listRecommendations,
  type RecommendationQuery,
  recommendedGenres,
} from '../services/catalogue/recommendations.js';
import { recommendationCardsHtml, recommendationGenresHtml } from '../services/catalogue/recommendations-html.js';

/**
 * The recommendations page's calls (site-browsing-account.md 2.11, 4, 7 Recommendations): the
 * count the empty page polls, a page of cards and the genre buttons. The city is the request's
 * regional site (its host, or the city cookie on hosts without city labels) and the buyer is the
 * session's: no parameter names an account or a city, so a forged request or another site learns
 * only what the public pages show a guest, and a buyer's own list only reaches that buyer's
 * session. They change nothing, so they need no CSRF token.
 */
export const recommendationRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  async function queryOf(req: FastifyRequest): Promise<(RecommendationQuery & { city: City }) | null> {
    const cities = await listCities(deps.db);
    const subdomain = citySubdomainOf(
      req.host,
      req.cookies[CITY_COOKIE],
      cities.map((c) => c.subdomain),
    );
    const city = cities.find((c) => c.subdomain === subdomain);
    if (!city) return null;
    const account = req.session.isNew ? null : await accountOfSession(deps.db, req.session.id);
    return { city, cityId: city.id, userId: account?.id ?? null, now: deps.clock.now() };
  }

  /**
   * A call answered for the request's city and buyer, `none` when the site has no such city. The
   * answers are the buyer's own: never kept by a shared cache.
   */
  function recommendationRoute<C extends CallDef>(
    call: C,
    none: CallResponse<C> | string,
    answer: (input: CallRequest<C>, q: RecommendationQuery & { city: City }) => Promise<CallResponse<C> | string>,
  ): void {
    route(
      app,
      call,
      async (input, req, reply) => {
        reply.header('cache-control', 'private, no-store');
        const q = await queryOf(req);
        return q ? answer(input, q) : none;
      },
      { csrf: false },
    );
  }

  recommendationRoute(recommendationsCheck, { count: 0 }, async (_input, q) => ({
    count: await countRecommendations(deps.db, q),
  }));
  recommendationRoute(recommendationsLoadShows, '', async (input, q) => {
    const cards = await listRecommendations(deps.db, { ...q, genreId: input.genreId ?? null, page: input.page });
    return recommendationCardsHtml(cards, q.city.timezone);
  });
  recommendationRoute(recommendationsLoadGenres, '', async (_input, q) =>
    recommendationGenresHtml(await recommendedGenres(deps.db, q)),
  );
};
