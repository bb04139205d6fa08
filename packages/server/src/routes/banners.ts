import { promoBanners } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route.js';
import { cityOfParam } from '../services/catalogue/popular-city.js';
import { promoBannersOf } from '../services/service/banners.js';

/**
 * Promo banners (site-browsing-account.md 2.5, 7 Promo banners; decision 0038): the slots of a
 * placement for the buyer's regional site. Public, like the pages that show them.
 */
export const bannerRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(
    app,
    promoBanners,
    async (input, _req, reply) => {
      const city = await cityOfParam(deps.db, input);
      // The same for every visitor of a city: the browser may keep it a minute.
      reply.header('cache-control', 'private, max-age=60');
      return promoBannersOf(deps.db, {
        placementId: input.placementId,
        cityId: city?.id ?? null,
        now: deps.clock.now(),
      });
    },
    { csrf: false },
  );
};
