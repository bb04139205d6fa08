import { EMBED_COOKIES, iframeConfig, iframeSession } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { SESSION_PARAM } from '../http/names.js';
import { stateChangeAllowed } from '../http/origin.js';
import { route } from '../http/route.js';
import { issueSession, switchSession } from '../http/session.js';
import { confirmFramedSession, getIframeConfig } from '../services/partners/index.js';

/** Embedding calls (hall-basket-checkout.md 7.8, 4.13). */
export const embeddingRoutes: FastifyPluginAsync = async (app) => {
  const { config, db, clock } = app.deps;
  const publicOrigin = new URL(config.publicUrl).origin;

  route(app, iframeConfig, async (input, req, reply) => {
    const liteLayoutExit = input['lite-layout-exit'] ?? false;
    // The answer carries the session id: it must never sit in a shared cache.
    reply.header('cache-control', 'private, no-store');
    if (liteLayoutExit) {
      // Leaving the light layout forgets the session's partner: a change of state, which only
      // this site's own pages may ask for (a GET that anyone could send must change nothing).
      if (!stateChangeAllowed(req, publicOrigin)) {
        return reply.code(403).send(iframeConfig.failure('Сессия устарела, обновите страницу', 403));
      }
      // The page scripts wrote these cookies; inside a partner's frame a browser only accepts the
      // change as SameSite=None (as they were written).
      const secure = req.protocol === 'https';
      for (const name of Object.values(EMBED_COOKIES)) {
        reply.clearCookie(name, { path: '/', sameSite: secure ? 'none' : 'lax', secure });
      }
    }
    return getIframeConfig(db, {
      hash: input.hash || req.cookies[EMBED_COOKIES.iframeHash] || undefined,
      liteLayoutExit,
      session: { name: SESSION_PARAM, id: req.session.id },
      startUrl: req.cookies[EMBED_COOKIES.startUrl],
      publicUrl: config.publicUrl,
      cashbackValue: input.cashback_value,
    });
  });

  route(app, iframeSession, async (input, req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const confirmed = await confirmFramedSession(db, {
      hash: input.hash,
      parentOrigin: input.parentOrigin,
      session: { id: req.session.id, csrfToken: req.session.csrfToken },
      fresh: issueSession(config.csrfSecret),
      cashbackValue: input.cashback_value,
      startPath: input.start_url,
      now: clock.now(),
    });
    if (!confirmed.ok) return reply.code(403).send(iframeSession.failure(confirmed.message, 403));
    if (confirmed.rotated) switchSession(req, reply, confirmed.sessionId, config.csrfSecret);
    return {
      error: 0,
      session: { name: SESSION_PARAM, id: req.session.id },
      csrfToken: req.session.csrfToken,
      rotated: confirmed.rotated,
      cashbackPercent: confirmed.cashbackPercent,
    };
  });
};
