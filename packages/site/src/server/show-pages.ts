import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type FastifyReply,
  type FastifyRequest,
  loadShowReviews,
  type ShowPage,
  type ShowTab,
  showTabHtml,
} from '@partera/server';
import type { RequestContext } from './context.js';

/**
 * The show page's tab content for its address (spec 2.9: {show}/ the description, {show}/reviews/
 * the reviews), from the server's show-tabs module: the same HTML the tabs' showAjax call answers.
 * The reviews are read for the reviews tab only.
 */
export async function showTabContent(ctx: RequestContext, page: ShowPage, tab: ShowTab): Promise<string> {
  const reviews = tab === 'reviews' ? await loadShowReviews(ctx.deps.db, page.show.id) : undefined;
  return showTabHtml(tab, page, { mobile: false, reviews }).toString();
}

/**
 * This site's origin as the request reached it, with the language prefix when one is configured
 * (spec 2.1: paths become /{langPrefix}/{path}), for the page's absolute addresses (JSON-LD, share
 * links, the hall's neighbours and pictures): a root-relative path follows it.
 */
export function requestOrigin(req: FastifyRequest): string {
  const prefix = req.server.deps.config.langPrefix;
  return `${req.protocol}://${req.host}${prefix ? `/${prefix}` : ''}`;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The shipped show videos: packages/site/media/video next to the sources, or next to the built bundle. */
const VIDEO_DIRS = [path.resolve(here, '../../media/video'), path.resolve(here, 'media/video')];
const VIDEO_FILE = /^[a-z0-9-]{1,64}\.webm$/;
const videos = new Map<string, Buffer | null>();

/**
 * GET /media/video/{videoId}.webm: a show's video (the first slide of its page, decision 0039),
 * one of the small files shipped with the site, read once and kept. Any other name is 404.
 */
export async function sendShowVideo(file: string, reply: FastifyReply): Promise<FastifyReply> {
  if (!VIDEO_FILE.test(file)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  let body = videos.get(file);
  if (body === undefined) {
    const found = VIDEO_DIRS.map((dir) => path.join(dir, file)).find((p) => existsSync(p));
    body = found ? await readFile(found) : null;
    if (videos.size < 100) videos.set(file, body);
  }
  if (!body) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  return reply
    .type('video/webm')
    .header('cache-control', 'public, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}
