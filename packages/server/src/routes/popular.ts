import { POPULAR_PAGE_SIZE, showPopular, showReviews, showSocialCounters, siteEvent } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { SESSION_PARAM } from '../http/names.js';
import { originAllowed } from '../http/origin.js';
import { route } from '../http/route.js';
import { clientOf } from '../limits/client-address.js';
import { popularPageOf } from '../services/catalogue/popular.js';
import { cityOfParam } from '../services/catalogue/popular-city.js';
import { popularFragment } from '../services/catalogue/popular-html.js';
import { reviewPreviewsOf } from '../services/catalogue/popular-reviews.js';
import { isShareCode, recordShare, shareVisitorOf, socialCountersOf } from '../services/service/share.js';

/**
 * The main page's calls (site-browsing-account.md 2.4, 7 Browsing 'Popular shows, reviews and
 * sharing'; decision 0038): the next 24 popular shows as HTML, a show's reviews for the preview
 * carousel, its share counters and the share report. Reads ask for no CSRF token (they show
 * what the public pages show); the share report counts only what this site's pages send.
 */
export const popularRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const publicOrigin = new URL(deps.config.publicUrl).origin;

  route(
    app,
    showPopular,
    async (input, req) => {
      const city = await cityOfParam(deps.db, input);
      if (!city) return '';
      const page = await popularPageOf(deps, { cityId: city.id, offset: input.offset, limit: POPULAR_PAGE_SIZE });
      const session = req.session.source === 'url' ? { name: SESSION_PARAM, id: req.session.id } : null;
      return popularFragment(page.items, { timeZone: city.timezone, session });
    },
    { csrf: false },
  );

  route(app, showReviews, async (input) => reviewPreviewsOf(deps.db, input.showId), { csrf: false });

  route(app, showSocialCounters, async (input) => socialCountersOf(deps.db, input.url), { csrf: false });

  route(
    app,
    siteEvent,
    async (input, req, reply) => {
      if (!isShareCode(input.code)) {
        reply.code(400);
        return siteEvent.failure('Неизвестное событие', 400);
      }
      if (input.webObjId === undefined) {
        reply.code(400);
        return siteEvent.failure('Не указано событие: webObjId', 400);
      }
      // A report another site makes a visitor's browser send (an image, a form) counts nothing.
      if (!originAllowed(req, publicOrigin)) {
        reply.code(403);
        return siteEvent.failure('Событие не принято', 403);
      }
      await recordShare(deps.db, {
        showId: input.webObjId,
        code: input.code,
        visitor: shareVisitorOf(req.session.id),
        client: clientOf(req),
        at: deps.clock.now(),
      });
      // Counted or not (a second report, the address's cap), the page learns nothing more.
      return { ok: true };
    },
    { csrf: false },
  );
};
