/**
 * The answers of /robots.txt and /sitemap.xml (with its parts /sitemap-{n}.xml) for the host they
 * are asked on (decision 0043). Crawlers carry no cookies: the host alone names the city.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from '@partera/server';
import { citySubdomainOf } from './city.js';
import { LANDING_KINDS } from './pages.js';
import { type PublicSite, robotsTxt } from './seo.js';
import { type SitemapPages, Sitemaps } from './sitemap.js';

/** City pages, listed when the site serves them (a route of that exact path). */
const CITY_PAGES = ['/', '/afisha/', '/kassa/', '/recommendations/'];
/** The landing pages (served by '/landing/:kind/') and the loyalty sign-up. */
const NEUTRAL_PAGES = [...LANDING_KINDS.map((kind) => `/landing/${kind}/`), '/loyalty/'];

/** Crawlers may keep these an hour; a changed catalogue shows in the next sitemap they ask for. */
const CACHE_CONTROL = 'public, max-age=3600';

export function crawlerFiles(app: FastifyInstance, site: PublicSite, cities: () => Promise<{ subdomain: string }[]>) {
  const served = (path: string) => app.hasRoute({ method: 'GET', url: path });
  const pages = (): SitemapPages => ({
    city: CITY_PAGES.filter(served),
    genres: served('/genre/:genre/'),
    neutral: NEUTRAL_PAGES,
  });
  const sitemaps = new Sitemaps({ deps: app.deps, site, pages });
  const cityOf = async (req: FastifyRequest) =>
    citySubdomainOf(
      req.host,
      undefined,
      (await cities()).map((c) => c.subdomain),
    );

  return {
    async robots(req: FastifyRequest, reply: FastifyReply) {
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', CACHE_CONTROL)
        .send(robotsTxt(site, await cityOf(req)));
    },
    async sitemap(req: FastifyRequest<{ Params: { part?: string } }>, reply: FastifyReply) {
      const part = req.params.part === undefined ? null : Number(req.params.part);
      const body = await sitemaps.document(await cityOf(req), part);
      if (body === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(body);
    },
  };
}
