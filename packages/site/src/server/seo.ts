/**
 * Where each page lives for search engines (decision 0043): the regional sites' public hosts taken
 * from PUBLIC_URL, the canonical address of a page whichever alias or query noise it was reached
 * by, and robots.txt.
 */
import { CAPITAL_SUBDOMAIN, SESSION_PARAM } from '@partera/server';

/** The public hosts of the regional sites, from the configured public address (PUBLIC_URL). */
export interface PublicSite {
  protocol: string;
  /** The capital's host, as configured (with its port). */
  capitalHost: string;
  /** The host the city labels go in front of (with the port); null when hosts take no label (an IP address). */
  labelBase: string | null;
  /**
   * The language prefix ('/en', or '' without one; spec 2.1: paths become /{langPrefix}/{path}):
   * every address of a regional site starts with it (decision 0054).
   */
  pathPrefix: string;
}

const IP_HOST = /^(\d{1,3}(\.\d{1,3}){3}|\[.*\])$/;

/**
 * 'https://www.partera.ru' → cities at {city}.partera.ru (the capital at www); 'https://partera.ru'
 * or 'http://localhost:3000' → the capital there and the other cities at {city}.partera.ru and
 * {city}.localhost:3000 (spec 2.13: spb.localhost works in development); an IP address takes no
 * labels, so every city shares it.
 */
export function publicSiteOf(publicUrl: string, langPrefix = ''): PublicSite {
  const url = new URL(publicUrl);
  const pathPrefix = langPrefix ? `/${langPrefix}` : '';
  const port = url.port ? `:${url.port}` : '';
  const hostname = url.hostname.toLowerCase();
  const protocol = url.protocol.replace(/:$/, '');
  if (IP_HOST.test(hostname)) return { protocol, capitalHost: url.host, labelBase: null, pathPrefix };
  const [first, ...rest] = hostname.split('.');
  const labelBase = first === CAPITAL_SUBDOMAIN && rest.length > 0 ? `${rest.join('.')}${port}` : url.host;
  return { protocol, capitalHost: url.host, labelBase, pathPrefix };
}

/**
 * Where a regional site's addresses start: its origin, 'https://spb.partera.ru', and the language
 * prefix when one is configured ('https://spb.partera.ru/en'); a root-relative path follows it.
 */
export function cityOrigin(site: PublicSite, subdomain: string): string {
  if (site.labelBase === null || subdomain === CAPITAL_SUBDOMAIN) {
    return `${site.protocol}://${site.capitalHost}${site.pathPrefix}`;
  }
  return `${site.protocol}://${subdomain}.${site.labelBase}${site.pathPrefix}`;
}

/** Every city has its own host (false when PUBLIC_URL is an IP address: one host for all). */
export const hasCityHosts = (site: PublicSite) => site.labelBase !== null;

/**
 * Pages that read the same in every city (the rules, the help, the loyalty sign-up): their
 * canonical address is on the capital's host, whichever regional site shows them.
 */
const CITY_NEUTRAL_PATH = /^\/(landing|loyalty|login|registration)\//;

export const isCityNeutralPath = (path: string) => CITY_NEUTRAL_PATH.test(path);

/**
 * Query keys that choose what a page shows, and so stay in its canonical address: the page
 * number of a paged list (2 and on; page 1 is the list itself). Everything else is noise for a
 * search engine: tracking tags (utm_*, yclid, gclid), the session (sid), the partner frame's hash.
 */
const PAGE_NUMBER = /^[1-9]\d{0,4}$/;

function keptQuery(search: URLSearchParams, keys: readonly string[]): string {
  const kept = new URLSearchParams();
  for (const key of [...keys].sort()) {
    const value = search.get(key);
    if (value === null || value === '') continue;
    if (key === 'page' && (!PAGE_NUMBER.test(value) || value === '1')) continue;
    kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

export interface CanonicalInput {
  site: PublicSite;
  /** The regional site the page belongs to. */
  city: string;
  /** The request's address (path and query), or the page's own path. */
  url: string;
  /** Query keys that choose the page's content (default: the page number). */
  keep?: readonly string[];
}

/** The page's one address for search engines: its city's host, its path, the keys that matter. */
export function canonicalUrl(input: CanonicalInput): string {
  const parsed = new URL(input.url, 'http://x');
  const path = parsed.pathname;
  const city = isCityNeutralPath(path) ? CAPITAL_SUBDOMAIN : input.city;
  return `${cityOrigin(input.site, city)}${path}${keptQuery(parsed.searchParams, input.keep ?? ['page'])}`;
}

/** Search result keys that filter (spec 2.6, 7): a filtered results page is not for crawling. */
const SEARCH_FILTER_KEYS = ['g', 'sg', 'mnd', 'mxd', 'bid', 'page'];

/** Query keys that never make another page; Yandex is told to ignore them (Clean-param). */
const NOISE_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'yclid', 'gclid', 'fbclid'];

/**
 * robots.txt of one regional host: the buyer's own pages (account, basket, order, payment) and
 * filtered search results are not crawled, nor pages carrying a session or a partner frame's hash
 * in the address; the sitemap is the one of the canonical host of this host's city.
 */
export function robotsTxt(site: PublicSite, city: string): string {
  const disallow = [
    '/private/',
    '/shopcart/',
    '/order/',
    '/payment/',
    '/login/',
    '/registration/',
    '/changesd/',
    ...SEARCH_FILTER_KEYS.flatMap((key) => [`/search/*?${key}=`, `/search/*&${key}=`]),
    `/*?${SESSION_PARAM}=`,
    `/*&${SESSION_PARAM}=`,
    '/*?iframe_hash=',
    '/*&iframe_hash=',
  ];
  return [
    'User-agent: *',
    ...disallow.map((path) => `Disallow: ${path}`),
    '',
    'User-agent: Yandex',
    ...disallow.map((path) => `Disallow: ${path}`),
    `Clean-param: ${NOISE_KEYS.join('&')}`,
    '',
    `Sitemap: ${cityOrigin(site, city)}/sitemap.xml`,
    '',
  ].join('\n');
}
