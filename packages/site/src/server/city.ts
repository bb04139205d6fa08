/**
 * Regional sites (spec site-browsing-account.md 2.1, 2.13): the city is the first label of the
 * host name ('www' is the capital, 'spb' Saint Petersburg; `spb.localhost` in development). Hosts
 * without city labels (localhost, an IP address) keep the choice in a cookie that
 * /changesd/{subdomain}/ sets. How a request's city is read is the server's (geo/region.ts: the
 * API's city-bound calls read it the same way); the switch and the cookies' reach are the site's.
 */
import { CAPITAL_SUBDOMAIN, CITY_COOKIE, citySubdomainOf, hostnameOf, isLabelFreeHost } from '@partera/server';

export { CITY_COOKIE, citySubdomainOf, hostnameOf, isLabelFreeHost };

/** A year: the choice outlives a session. */
export const CITY_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Used when the database has no cities yet (a fresh install before the seed). */
export const DEFAULT_CITIES = [
  { subdomain: CAPITAL_SUBDOMAIN, name: 'Москва' },
  { subdomain: 'spb', name: 'Санкт-Петербург' },
];

export type CitySwitch = { kind: 'cookie'; subdomain: string } | { kind: 'redirect'; location: string };

/** The host name without its city label: 'spb.partera.ru' → 'partera.ru'. */
function baseHostname(hostname: string, known: readonly string[]): string {
  const labels = hostname.split('.');
  return known.includes(labels[0] ?? '') && labels.length > 1 ? labels.slice(1).join('.') : hostname;
}

/**
 * Where /changesd/{subdomain}/ sends the buyer: on label-free hosts the cookie changes and the
 * buyer stays on this host; otherwise the city label of the host is replaced (or added).
 */
export function citySwitchFor(protocol: string, host: string, subdomain: string, known: readonly string[]): CitySwitch {
  const hostname = hostnameOf(host);
  if (isLabelFreeHost(hostname)) return { kind: 'cookie', subdomain };
  const port = host.slice(hostnameOf(host).length);
  return { kind: 'redirect', location: `${protocol}://${subdomain}.${baseHostname(hostname, known)}${port}/` };
}

/**
 * The domain of the region answer cookies (spec 4: 'its lifetime and domain come from the page'):
 * every city's subdomain of this site, so that the visitor sent from www to spb is not asked
 * again there. Null (this host only) for label-free hosts and single-label bases such as
 * 'localhost', where browsers refuse a domain cookie.
 */
export function regionCookieDomain(host: string, known: readonly string[]): string | null {
  const hostname = hostnameOf(host);
  if (isLabelFreeHost(hostname)) return null;
  const base = baseHostname(hostname, known);
  return base.includes('.') ? `.${base}` : null;
}
