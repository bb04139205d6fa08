import { ogImagePng } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route.js';
import { OgImageCache, versionOf } from '../media/og-image.js';
import { loadPosterShow } from '../media/poster.js';

/** A versioned picture never changes: a new version is a new address. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Without the version (or with an old one) the answer follows the show. */
const REVALIDATE = 'public, max-age=3600';

/**
 * GET /media/og/{showId}.png?v={version} (decision 0048): a show's link-preview picture, PNG
 * rendered from its poster (media/og-image.ts) and kept in the process. The current version is
 * cached for good; an old one is sent on to the current address. Public: no session cookie.
 */
export const ogImageRoutes: FastifyPluginAsync = async (app) => {
  const db = app.deps.db;
  const pictures = new OgImageCache();

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.removeHeader('set-cookie');
    return payload;
  });

  route(app, ogImagePng, async ({ showId, v }, _req, reply) => {
    const show = await loadPosterShow(db, showId);
    if (!show) return reply.code(404).send(ogImagePng.failure('Афиша не найдена', 404));
    const version = versionOf(show);
    if (v !== undefined && v !== version) {
      return reply.header('cache-control', REVALIDATE).redirect(`/media/og/${showId}.png?v=${version}`, 302);
    }
    const png = await pictures.get(show);
    return reply
      .type('image/png')
      .header('cache-control', v === undefined ? REVALIDATE : IMMUTABLE)
      .header('etag', `"o${version}"`)
      .header('x-content-type-options', 'nosniff')
      .send(png);
  });

  // The router hands the call above only names ending in .png: any other name is malformed too.
  app.get('/media/og/:file', async (_req, reply) =>
    reply.code(400).send(ogImagePng.failure('Неверный адрес картинки: ожидается числовой идентификатор и .png', 400)),
  );
};
