/**
 * Regional sites (spec site-browsing-account.md 2.1, 2.13): the city is the first label of the
 * host name ('www' is the capital, 'spb' Saint Petersburg). Hosts without city labels (localhost,
 * an IP address) keep the choice in a cookie that /changesd/{subdomain}/ sets.
 */
import { CAPITAL_SUBDOMAIN } from '@partera/server';

export const CITY_COOKIE = 'city';
/** A year: the choice outlives a session. */
export const CITY_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Used when the database has no cities yet (a fresh install before the seed). */
export const DEFAULT_CITIES = [
  { subdomain: CAPITAL_SUBDOMAIN, name: 'Москва' },
  { subdomain: 'spb', name: 'Санкт-Петербург' },
];

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

export type CitySwitch = { kind: 'cookie'; subdomain: string } | { kind: 'redirect'; location: string };

/**
 * Where /changesd/{subdomain}/ sends the buyer: on label-free hosts the cookie changes and the
 * buyer stays on this host; otherwise the city label of the host is replaced (or added).
 */
export function citySwitchFor(protocol: string, host: string, subdomain: string, known: readonly string[]): CitySwitch {
  const hostname = hostnameOf(host);
  if (isLabelFreeHost(hostname)) return { kind: 'cookie', subdomain };
  const port = host.slice(hostnameOf(host).length);
  const labels = hostname.split('.');
  const base = known.includes(labels[0] ?? '') ? labels.slice(1).join('.') : hostname;
  return { kind: 'redirect', location: `${protocol}://${subdomain}.${base}${port}/` };
}
