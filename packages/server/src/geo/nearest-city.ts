/**
 * Which regional site a located visitor belongs to (site-browsing-account.md 2.13): the city
 * whose venues are nearest, if it is within NEAREST_CITY_MAX_KM. A city's place is the centre of
 * its venues' coordinates, so a city added to the catalogue with its venues is offered to its
 * visitors with no list of regions to keep. Moscow and Saint Petersburg are some 630 km apart; a
 * visitor further than 250 km from every city is offered none.
 */
import type { Queryable } from '../db/index.js';
import type { GeoPoint } from './locator.js';

export const NEAREST_CITY_MAX_KM = 250;

export interface CityCentre {
  subdomain: string;
  latitude: number;
  longitude: number;
}

/** The centre of each city's venues (cities without located venues are left out). */
export async function cityCentres(db: Queryable): Promise<CityCentre[]> {
  const { rows } = await db.query<{ subdomain: string; latitude: number; longitude: number }>(
    `SELECT c.subdomain, avg(b.latitude)::float8 AS latitude, avg(b.longitude)::float8 AS longitude
       FROM cities c JOIN buildings b ON b.city_id = c.id
      WHERE b.latitude IS NOT NULL AND b.longitude IS NOT NULL
      GROUP BY c.subdomain`,
  );
  return rows.map((r) => ({ subdomain: r.subdomain, latitude: Number(r.latitude), longitude: Number(r.longitude) }));
}

const EARTH_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The subdomain of the nearest city within reach of the point, or null. */
export function nearestCity(point: GeoPoint | null, centres: readonly CityCentre[]): string | null {
  if (!point) return null;
  let best: { subdomain: string; km: number } | null = null;
  for (const c of centres) {
    const km = distanceKm(point, c);
    if (km <= NEAREST_CITY_MAX_KM && (!best || km < best.km)) best = { subdomain: c.subdomain, km };
  }
  return best?.subdomain ?? null;
}
