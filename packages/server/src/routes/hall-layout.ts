import { hallLayout } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { notModified, pickEncoding } from '../http/compression.js';
import { route } from '../http/route.js';
import { HallLayoutCache, hallLayoutCacheOf } from '../services/hall/layout.js';

/** Browsers keep a layout this long before asking again (then a 304 by its entity tag). */
const CACHE_CONTROL = 'public, max-age=600';

/**
 * GET /hallview/layout/{hallId}/ (decision 0025): the static part of a hall's map, the same for
 * every buyer and performance. Public and cacheable, so it carries no session cookie.
 */
export const hallLayoutRoutes: FastifyPluginAsync = async (app) => {
  const layouts = hallLayoutCacheOf(app.deps);

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.removeHeader('set-cookie');
    return payload;
  });

  route(app, hallLayout, async ({ hallId }, req, reply) => {
    const layout = await layouts.get(hallId);
    if (!layout) return reply.code(404).send(hallLayout.failure('Схема зала не найдена', 404));
    reply.header('etag', layout.tag).header('cache-control', CACHE_CONTROL).header('vary', 'accept-encoding');
    if (notModified(req.headers['if-none-match'], layout.tag)) return reply.code(304).send();
    const encoding = pickEncoding(req.headers['accept-encoding']);
    reply.type('application/json; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(HallLayoutCache.body(layout, encoding));
  });
};
