import { EMBED_COOKIES, iframeConfig } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { SESSION_PARAM } from '../http/names.js';
import { route } from '../http/route.js';
import { getIframeConfig } from '../services/partners/index.js';

/** Embedding calls (hall-basket-checkout.md 7.8, 4.13). */
export const embeddingRoutes: FastifyPluginAsync = async (app) => {
  route(app, iframeConfig, async (input, req, reply) => {
    const liteLayoutExit = input['lite-layout-exit'] ?? false;
    // The answer carries the session id: it must never sit in a shared cache.
    reply.header('cache-control', 'private, no-store');
    if (liteLayoutExit) {
      // Leaving the light layout: the next pages are the ordinary site. The page scripts wrote
      // these cookies; inside a partner's frame a browser only accepts the change as
      // SameSite=None (as with the session cookie).
      const secure = app.deps.config.production;
      for (const name of Object.values(EMBED_COOKIES)) {
        reply.clearCookie(name, { path: '/', sameSite: secure ? 'none' : 'lax', secure });
      }
    }
    return getIframeConfig(app.deps.db, {
      hash: input.hash || req.cookies[EMBED_COOKIES.iframeHash] || undefined,
      liteLayoutExit,
      session: { name: SESSION_PARAM, id: req.session.id },
      startUrl: req.cookies[EMBED_COOKIES.startUrl],
      publicUrl: app.deps.config.publicUrl,
      cashbackValue: input.cashback_value,
      startPath: input.start_url,
      now: app.deps.clock.now(),
    });
  });
};
