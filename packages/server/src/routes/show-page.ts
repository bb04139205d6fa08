import { showAjax, showInfo, showInfoReviews } from '@partera/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../http/route.js';
import { redisNamespace } from '../redis.js';
import { cachedCatalogueOf } from '../services/catalogue/page-cache.js';
import {
  MemoryVisitorStore,
  RedisVisitorStore,
  ShowInfo,
  type ShowVisitorStore,
} from '../services/catalogue/show-info.js';
import { loadShowReviews, showTabHtml } from '../services/catalogue/show-tabs.js';

const infos = new WeakMap<object, ShowInfo>();

/** The app's show info (its visitor counter: Redis when REDIS_URL is set), closed with the app. */
function showInfoOf(app: FastifyInstance): ShowInfo {
  let info = infos.get(app.deps);
  if (!info) {
    const { redisUrl } = app.deps.config;
    const visitors: ShowVisitorStore = redisUrl
      ? new RedisVisitorStore(
          redisUrl,
          (message) => app.log.warn(message),
          `${redisNamespace(app.deps.config)}show-visitors:`,
        )
      : new MemoryVisitorStore();
    info = new ShowInfo({ db: app.deps.db, clock: app.deps.clock, visitors });
    infos.set(app.deps, info);
    app.addHook('onClose', async () => {
      await visitors.close();
    });
  }
  return info;
}

/**
 * The show page's own calls (site-browsing-account.md 2.9, 7 Show page; decision 0039): the
 * social proof `{currentPath}/showInfo/` ({show}/showInfo/ and {show}/reviews/showInfo/) and the tabs `{show}/showAjax/?ajax={reviews|desc}`.
 * The rules are in services/catalogue/show-info.ts and show-tabs.ts; an unknown show is 404.
 */
export const showPageRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const catalogue = cachedCatalogueOf(deps);
  const info = showInfoOf(app);

  // `{currentPath}/showInfo/`: the page's current path is {show}/ or its reviews tab {show}/reviews/.
  const socialProof = async (input: { slug: string }, req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
    const page = await catalogue.showPage(input.slug);
    if (!page) {
      reply.code(404);
      return showInfo.failure('Шоу не найдено', 404);
    }
    // The call comes from the page's script: a session that already holds the site's cookie (or
    // a framed page's session) is a visitor. A request with no session at all (a script calling
    // the URL over and over) gets a new id each time and is not counted.
    if (!req.session.isNew) await info.viewed(page.show.id, req.session.id);
    return info.of(page.show.id);
  };
  route(app, showInfo, socialProof);
  route(app, showInfoReviews, socialProof);

  route(app, showAjax, async (input, _req, reply) => {
    const page = await catalogue.showPage(input.slug);
    if (!page) {
      reply.code(404);
      return showAjax.failure('Шоу не найдено', 404);
    }
    const reviews = input.ajax === 'reviews' ? await loadShowReviews(deps.db, page.show.id) : undefined;
    // The same for every buyer: shared caches may keep it a little.
    reply.header('cache-control', 'public, max-age=30');
    return showTabHtml(input.ajax, page, { mobile: input.isMobile === true, reviews }).toString();
  });
};
