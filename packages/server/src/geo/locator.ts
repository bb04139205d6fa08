/**
 * Where a visitor is, from the network address (site-browsing-account.md 2.13: the city selector
 * is 'based on the visitor's location as found from the network'). The address is Fastify's
 * `req.ip`: the peer, or the client named by X-Forwarded-For only when the peer is one of the
 * proxies in TRUST_PROXY, so a visitor cannot choose their own location with a header.
 *
 * The database is geoip-lite's: MaxMind's GeoLite data shipped inside the npm package, read from
 * the disk with no call to any outside service. It takes some 150 MB of memory and half a second
 * to read, so it is read once per process, on first use (or at start through `warm`), and only
 * by processes that serve pages; GEOIP=off leaves it unread (then nobody is located).
 */
/// <reference path="./geoip-lite.d.ts" />
import { isIP } from 'node:net';

export interface GeoPoint {
  latitude: number;
  longitude: number;
  /** ISO 3166-1 country code ('RU'). */
  country: string;
}

export interface GeoLocator {
  /** The visitor's area, or null for a private, local or unknown address. */
  locate(ip: string | undefined): Promise<GeoPoint | null>;
  /** Starts reading the database now rather than at the first visitor. */
  warm(): void;
}

type Lookup = (ip: string) => { ll: [number, number]; country: string } | null;

/** Loopback, private, link-local and carrier-grade NAT ranges: never in a geo database. */
const LOCAL =
  /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.|0\.)/;

function bare(ip: string): string {
  const noZone = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(noZone);
  return mapped ? mapped[1]! : noZone;
}

/** Whether an address can be in a geo database at all. */
export function isPublicAddress(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) return !LOCAL.test(ip);
  if (kind === 6) return !/^(::1?$|f[cd]|fe[89ab])/i.test(ip);
  return false;
}

/** The locator over geoip-lite's shipped data. */
export function geoipLiteLocator(): GeoLocator {
  let loading: Promise<Lookup | null> | null = null;
  const load = () => {
    loading ??= import('geoip-lite').then(
      (m) => ((m as { default?: { lookup: Lookup } }).default?.lookup ?? (m.lookup as Lookup)) as Lookup,
      () => null,
    );
    return loading;
  };
  return {
    warm() {
      void load();
    },
    async locate(ip) {
      if (!ip) return null;
      const address = bare(ip);
      if (!isPublicAddress(address)) return null;
      const lookup = await load();
      const found = lookup?.(address);
      if (!found || !Array.isArray(found.ll)) return null;
      return { latitude: found.ll[0], longitude: found.ll[1], country: found.country };
    },
  };
}

/** Locates nobody (GEOIP=off, or tools that serve no pages). */
export const noLocator: GeoLocator = { locate: async () => null, warm: () => {} };

/** GEOIP=off turns geo-IP off; anything else (or nothing) uses geoip-lite's data. */
export function locatorFromEnv(env: NodeJS.ProcessEnv = process.env): GeoLocator {
  return env.GEOIP === 'off' ? noLocator : geoipLiteLocator();
}
