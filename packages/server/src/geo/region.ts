/**
 * Regional sites (site-browsing-account.md 2.1, 2.13): the city of a request is the first label of
 * its host name ('www' is the capital, 'spb' the second city; `spb.localhost` in development).
 * Hosts without city labels (localhost, an IP address) keep the choice in the `city` cookie that
 * /changesd/{subdomain}/ sets. The site's pages and the API's city-bound calls (recommendations)
 * read the city through this one module.
 */
import { CAPITAL_SUBDOMAIN } from '../services/catalogue/cities.js';

/** The cookie that keeps the chosen city on hosts without city labels. */
export const CITY_COOKIE = 'city';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** 'spb.partera.ru:443' → 'spb.partera.ru'; '[::1]:3000' → '[::1]'. */
export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d+$/, '');
}

/** Hosts that carry no city label, where the cookie decides. */
export function isLabelFreeHost(hostname: string): boolean {
  return hostname === 'localhost' || IPV4.test(hostname) || hostname.startsWith('[');
}

/** The city subdomain of a request: its host's first label, or the cookie on label-free hosts. */
export function citySubdomainOf(host: string, cookie: string | undefined, known: readonly string[]): string {
  const hostname = hostnameOf(host);
  if (isLabelFreeHost(hostname)) return cookie && known.includes(cookie) ? cookie : CAPITAL_SUBDOMAIN;
  const first = hostname.split('.')[0] ?? '';
  return known.includes(first) ? first : CAPITAL_SUBDOMAIN;
}
