import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { acceptsGzip, contentTag, GzipCache, requestedTags, weakEtag } from '../media/http.js';
import { renderPosterSvg } from '../media/poster.js';

/** `{id}.svg` with a positive id that fits the database's integer ids. */
const svgFile = z
  .string()
  .regex(/^\d{1,10}\.svg$/)
  .transform((file) => Number(file.slice(0, -4)))
  .refine((id) => id >= 1 && id <= 2_147_483_647);

const SVG_TYPE = 'image/svg+xml; charset=utf-8';
/** Generated art changes only when a show is renamed; the validator catches that. */
const CACHE_CONTROL = 'public, max-age=3600';
/** Opened on its own, an SVG document may run nothing and load nothing. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/** Bodies smaller than this are sent as they are. */
const GZIP_FROM_BYTES = 1024;

interface PosterRow {
  id: number;
  name: string;
  age_mark: number;
  genre_name: string;
  genre_slug: string;
  parent_slug: string | null;
  venue_name: string;
}

/**
 * Generated media (decision 0001): GET /media/poster/{showId}.svg, the show's poster art, and
 * GET /media/hall/{hallId}.svg, the hall plan stored with the hall. Both revalidate by ETag.
 * The answers are public and cacheable, so they carry no session cookie.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const db = app.deps.db;
  const gzipped = new GzipCache();

  // The session plugin sets its cookie on every answer; a shared cache must not store one.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.removeHeader('set-cookie');
    return payload;
  });

  app.get<{ Params: { file: string } }>('/media/poster/:file', async (req, reply) => {
    const id = svgFile.safeParse(req.params.file);
    if (!id.success) return badId(reply, 'афиши');
    const r = await db.query<PosterRow>(
      `SELECT s.id, s.name, s.age_mark, g.name AS genre_name, g.slug AS genre_slug, p.slug AS parent_slug,
              b.name AS venue_name
       FROM shows s
       JOIN genres g ON g.id = s.genre_id
       LEFT JOIN genres p ON p.id = g.parent_id
       JOIN buildings b ON b.id = s.building_id
       WHERE s.id = $1`,
      [id.data],
    );
    const show = r.rows[0];
    if (!show) return notFound(reply, 'Афиша не найдена');
    const svg = renderPosterSvg({
      id: show.id,
      name: show.name,
      ageMark: show.age_mark,
      genreName: show.genre_name,
      genreSlugs: show.parent_slug ? [show.genre_slug, show.parent_slug] : [show.genre_slug],
      venueName: show.venue_name,
    });
    const tag = `p${contentTag(svg)}`;
    return sendSvg(req, reply, tag, requestedTags(req.headers['if-none-match']), svg);
  });

  app.get<{ Params: { file: string } }>('/media/hall/:file', async (req, reply) => {
    const id = svgFile.safeParse(req.params.file);
    if (!id.success) return badId(reply, 'схемы зала');
    const wanted = requestedTags(req.headers['if-none-match']);
    // A revalidation that matches reads only the digest, never the (possibly megabytes of) SVG.
    const known = wanted === '*' ? [] : wanted.filter((t) => t.startsWith('h')).map((t) => t.slice(1));
    const r = await db.query<{ digest: string; svg: string | null }>(
      `SELECT md5(svg) AS digest, CASE WHEN md5(svg) = ANY($2::text[]) THEN NULL ELSE svg END AS svg
       FROM halls WHERE id = $1 AND svg IS NOT NULL`,
      [id.data, known],
    );
    const hall = r.rows[0];
    if (!hall) return notFound(reply, 'Схема зала не найдена');
    return sendSvg(req, reply, `h${hall.digest}`, wanted, hall.svg);
  });

  async function sendSvg(
    req: FastifyRequest,
    reply: FastifyReply,
    tag: string,
    wanted: string[] | '*',
    svg: string | null,
  ): Promise<FastifyReply> {
    reply
      .header('etag', weakEtag(tag))
      .header('cache-control', CACHE_CONTROL)
      .header('vary', 'Accept-Encoding')
      .header('x-content-type-options', 'nosniff');
    if (svg === null || wanted === '*' || wanted.includes(tag)) return reply.code(304).send();
    reply.type(SVG_TYPE).header('content-security-policy', SVG_CSP);
    if (svg.length >= GZIP_FROM_BYTES && acceptsGzip(req.headers['accept-encoding'])) {
      return reply.header('content-encoding', 'gzip').send(await gzipped.get(tag, svg));
    }
    return reply.send(svg);
  }
};

function badId(reply: FastifyReply, what: string): FastifyReply {
  return reply
    .code(400)
    .send({ error: 'bad_request', message: `Неверный адрес ${what}: ожидается числовой идентификатор и .svg` });
}

function notFound(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(404).send({ error: 'not_found', message });
}

export default mediaRoutes;
