import { type CallDef, hallSeatView, hallSvg, posterSvg } from '@partera/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../http/route.js';
import { acceptsGzip, contentTag, GzipCache, requestedTags, weakEtag } from '../media/http.js';
import { loadPosterShow, renderPosterSvg } from '../media/poster.js';
import { renderSeatView, rowBands, type StageBox } from '../media/seat-view.js';

const SVG_TYPE = 'image/svg+xml; charset=utf-8';
/** Generated art changes only when a show is renamed; the validator catches that. */
const CACHE_CONTROL = 'public, max-age=3600';
/** Opened on its own, an SVG document may run nothing and load nothing. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/** Bodies smaller than this are sent as they are. */
const GZIP_FROM_BYTES = 1024;

/**
 * Generated media (decision 0001): GET /media/poster/{showId}.svg, the show's poster art,
 * GET /media/hall/{hallId}.svg, the hall plan stored with the hall, and GET
 * /media/seat-view/{placeId}.svg, the view from a band of seats (decision 0029). All revalidate by
 * ETag. The answers are public and cacheable, so they carry no session cookie.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const db = app.deps.db;
  const gzipped = new GzipCache();

  // The session plugin sets its cookie on every answer; a shared cache must not store one.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.removeHeader('set-cookie');
    return payload;
  });

  route(app, posterSvg, async ({ showId }, req, reply) => {
    const show = await loadPosterShow(db, showId);
    if (!show) return reply.code(404).send(posterSvg.failure('Афиша не найдена', 404));
    const svg = renderPosterSvg(show);
    const tag = `p${contentTag(svg)}`;
    return sendSvg(req, reply, tag, requestedTags(req.headers['if-none-match']), svg);
  });

  route(app, hallSvg, async ({ hallId }, req, reply) => {
    const wanted = requestedTags(req.headers['if-none-match']);
    // A revalidation that matches reads only the digest, never the (possibly megabytes of) SVG.
    const known = wanted === '*' ? [] : wanted.filter((t) => t.startsWith('h')).map((t) => t.slice(1));
    const r = await db.query<{ digest: string; svg: string | null }>(
      `SELECT md5(svg) AS digest, CASE WHEN md5(svg) = ANY($2::text[]) THEN NULL ELSE svg END AS svg
       FROM halls WHERE id = $1 AND svg IS NOT NULL`,
      [hallId, known],
    );
    const hall = r.rows[0];
    if (!hall) return reply.code(404).send(hallSvg.failure('Схема зала не найдена', 404));
    return sendSvg(req, reply, `h${hall.digest}`, wanted, hall.svg);
  });

  route(app, hallSeatView, async ({ placeId }, req, reply) => {
    const r = await db.query<{ section_id: number; section_name: string; stage: number[] }>(
      `SELECT pl.section_id, s.name AS section_name, h.stage
         FROM places pl JOIN sections s ON s.id = pl.section_id JOIN halls h ON h.id = pl.hall_id
        WHERE pl.id = $1 AND h.stage IS NOT NULL`,
      [placeId],
    );
    const place = r.rows[0];
    if (!place) return reply.code(404).send(hallSeatView.failure('Вид с этого места не найден', 404));
    const section = await db.query<{ id: number; row_label: string; x: number; y: number }>(
      'SELECT id, row_label, x, y FROM places WHERE section_id = $1',
      [place.section_id],
    );
    const bands = rowBands(section.rows.map((p) => ({ id: p.id, row: p.row_label, x: Number(p.x), y: Number(p.y) })));
    const band = bands.find((b) => b.places.some((p) => p.id === placeId))!;
    const [x = 0, y = 0, width = 0, height = 0] = place.stage;
    const stage: StageBox = [x, y, width, height];
    const svg = renderSeatView({ stage, sectionName: place.section_name, band });
    return sendSvg(req, reply, `v${contentTag(svg)}`, requestedTags(req.headers['if-none-match']), svg);
  });

  // The router hands the calls above only names ending in .svg: any other name is malformed too.
  badFileNames(app, '/media/poster/:file', posterSvg, 'афиши');
  badFileNames(app, '/media/hall/:file', hallSvg, 'схемы зала');
  badFileNames(app, '/media/seat-view/:file', hallSeatView, 'вида с места');

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

function badFileNames(app: FastifyInstance, url: string, call: CallDef, what: string): void {
  app.get(url, async (_req, reply) =>
    reply.code(400).send(call.failure(`Неверный адрес ${what}: ожидается числовой идентификатор и .svg`, 400)),
  );
}

export default mediaRoutes;
