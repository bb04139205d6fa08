/**
 * sitemap.xml of each regional host (decision 0043): its home page and the other city pages the
 * site serves (the genre pages among them), every show page of its city, the hall pages of its upcoming performances, and on
 * the capital's host the pages that read the same in every city (the person and organizer pages among them). Search results are not listed.
 * Past 50,000 addresses the sitemap becomes an index of /sitemap-{n}.xml parts (the protocol's
 * limit). The lists are kept in the process like the catalogue pages (decision 0016): dropped when
 * one of their performances changes or anything may have changed, and after a few minutes.
 */
import {
  CAPITAL_SUBDOMAIN,
  type Clock,
  changeFeedOf,
  type Database,
  organizerPath,
  PageDataCache,
  performancePath,
  personPath,
  type Queryable,
  showPath,
} from '@partera/server';
import { escapeHtml } from './document.js';
import { cityOrigin, hasCityHosts, type PublicSite } from './seo.js';

/** The sitemap protocol's limit of addresses per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** A list is read again at most this often even without a change heard (new shows, time passing). */
const MAX_AGE_MS = 5 * 60_000;

/** The addresses of one regional host's sitemap, and the performances they show (the cache's tags). */
export interface SitemapList {
  urls: string[];
  performances: number[];
}

/** What a sitemap lists besides shows and performances. */
export interface SitemapPages {
  /** Paths every regional site has (its home page). */
  city: readonly string[];
  /** Every regional site has a page per genre and sub-genre (/genre/{genre}/, /genre/{genre}/{sub}/). */
  genres: boolean;
  /** Paths that read the same in every city, listed on the capital's host only. */
  neutral: readonly string[];
}

/**
 * The show pages (by their venue's city, as the show page's canonical address) and the hall pages
 * of performances still to come and not closed (by their hall's city) of one city, or of all.
 */
export async function readSitemapPages(
  db: Queryable,
  city: string | null,
  now: Date,
): Promise<{
  shows: { slug: string; city: string }[];
  performances: { id: number; city: string }[];
  genres: string[];
  /** Person and organizer pages with something ahead (decision 0048): the same in every city. */
  people: string[];
}> {
  const [shows, performances, genres, people] = await Promise.all([
    db.query<{ slug: string; city: string }>(
      `SELECT s.slug, c.subdomain AS city
         FROM shows s
         JOIN buildings b ON b.id = s.building_id
         JOIN cities c ON c.id = b.city_id
        WHERE $1::text IS NULL OR c.subdomain = $1
        ORDER BY s.id`,
      [city],
    ),
    db.query<{ id: number; city: string }>(
      `SELECT p.id, c.subdomain AS city
         FROM performances p
         JOIN halls h ON h.id = p.hall_id
         JOIN buildings b ON b.id = h.building_id
         JOIN cities c ON c.id = b.city_id
        WHERE p.starts_at > $2 AND p.sale_state <> 'closed' AND ($1::text IS NULL OR c.subdomain = $1)
        ORDER BY p.starts_at, p.id`,
      [city, now],
    ),
    db.query<{ path: string }>(
      `SELECT CASE WHEN p.slug IS NULL THEN '/genre/' || g.slug || '/' ELSE '/genre/' || p.slug || '/' || g.slug || '/' END AS path
         FROM genres g LEFT JOIN genres p ON p.id = g.parent_id
        ORDER BY COALESCE(p.id, g.id), p.id NULLS FIRST, g.id`,
    ),
    db.query<{ kind: string; slug: string }>(
      `WITH ahead AS (SELECT DISTINCT show_id FROM performances WHERE starts_at > $1 AND sale_state <> 'closed')
       SELECT 'person' AS kind, slug FROM persons pe
        WHERE EXISTS (SELECT 1 FROM show_persons sp JOIN ahead a ON a.show_id = sp.show_id WHERE sp.person_id = pe.id)
       UNION ALL
       SELECT 'organizer' AS kind, slug FROM organizers o
        WHERE EXISTS (SELECT 1 FROM shows s JOIN ahead a ON a.show_id = s.id WHERE s.organizer_id = o.id)
       ORDER BY 1 DESC, 2`,
      [now],
    ),
  ]);
  return {
    shows: shows.rows,
    performances: performances.rows.map((p) => ({ id: Number(p.id), city: p.city })),
    genres: genres.rows.map((g) => g.path),
    people: people.rows.map((p) => (p.kind === 'person' ? personPath(p.slug) : organizerPath(p.slug))),
  };
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(urls: readonly string[]): string {
  const body = urls.map((u) => `<url><loc>${escapeHtml(u)}</loc></url>`).join('\n');
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${body}\n</urlset>\n`;
}

/**
 * The document at /sitemap.xml (part null) or /sitemap-{n}.xml: the list itself while it fits in
 * one file, otherwise an index of its parts; null for a part that does not exist.
 */
export function sitemapDocument(
  urls: readonly string[],
  origin: string,
  part: number | null,
  maxUrls = SITEMAP_MAX_URLS,
): string | null {
  const parts = Math.max(1, Math.ceil(urls.length / maxUrls));
  if (part === null) {
    if (parts === 1) return urlset(urls);
    const items = Array.from(
      { length: parts },
      (_, i) => `<sitemap><loc>${escapeHtml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
    );
    return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
  }
  if (parts === 1 || !Number.isInteger(part) || part < 1 || part > parts) return null;
  return urlset(urls.slice((part - 1) * maxUrls, part * maxUrls));
}

export interface SitemapsOptions {
  deps: { db: Database; clock: Clock };
  site: PublicSite;
  /** The pages besides shows and performances; asked on every read (the site may serve more later). */
  pages: () => SitemapPages;
  maxUrls?: number;
}

/** The sitemaps of every regional host, kept in the process. */
export class Sitemaps {
  private readonly cache: PageDataCache;
  /** Documents made from a kept list, dropped with it. */
  private readonly documents = new WeakMap<SitemapList, Map<string, string>>();

  constructor(private readonly options: SitemapsOptions) {
    const { db, clock } = options.deps;
    this.cache = new PageDataCache(changeFeedOf(db), clock, { maxAgeMs: MAX_AGE_MS, maxEntries: 64 });
  }

  /** The list of a regional host (every city's when cities share one host). */
  async list(city: string): Promise<SitemapList> {
    const { site, deps } = this.options;
    const shared = !hasCityHosts(site);
    const key = shared ? '*' : city;
    const list = await this.cache.get(
      `sitemap:${key}`,
      async () => {
        const found = await readSitemapPages(deps.db, shared ? null : city, deps.clock.now());
        const pages = this.options.pages();
        const origin = (c: string) => cityOrigin(site, c);
        const here = origin(city);
        const urls = [
          ...pages.city.map((p) => `${here}${p}`),
          ...(pages.genres ? found.genres.map((p) => `${here}${p}`) : []),
          ...(shared || city === CAPITAL_SUBDOMAIN ? pages.neutral.map((p) => `${here}${p}`) : []),
          ...(shared || city === CAPITAL_SUBDOMAIN ? found.people.map((p) => `${here}${p}`) : []),
          ...found.shows.map((s) => `${origin(s.city)}${showPath(s.slug)}`),
          ...found.performances.map((p) => `${origin(p.city)}${performancePath(p.id)}`),
        ];
        return { urls, performances: found.performances.map((p) => p.id) };
      },
      (l) => l.performances,
    );
    return list ?? { urls: [], performances: [] };
  }

  /** /sitemap.xml (part null) or /sitemap-{part}.xml of a regional host; null when there is no such part. */
  async document(city: string, part: number | null): Promise<string | null> {
    const list = await this.list(city);
    let kept = this.documents.get(list);
    if (!kept) {
      kept = new Map();
      this.documents.set(list, kept);
    }
    const key = String(part);
    const known = kept.get(key);
    if (known !== undefined) return known;
    const document = sitemapDocument(list.urls, cityOrigin(this.options.site, city), part, this.options.maxUrls);
    // Only documents that exist are kept: made-up part numbers cannot fill the memory.
    if (document !== null) kept.set(key, document);
    return document;
  }
}
