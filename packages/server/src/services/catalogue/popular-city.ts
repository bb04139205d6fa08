import { TEXT_MAX, text } from '@partera/contract';
import type { Queryable } from '../../db/index.js';
import { CAPITAL_SUBDOMAIN, type City, findCity } from './cities.js';

/**
 * The regional site a popular list or a banner call is for (spec 2.13): the `city` parameter
 * the site adds (its subdomain, as the search calls do; the spec's payloads have none), the
 * capital when it is absent, malformed or unknown.
 */
const cityParam = text(TEXT_MAX.code).min(1);

export async function cityOfParam(db: Queryable, input: object): Promise<City | null> {
  const parsed = cityParam.safeParse((input as { city?: unknown }).city);
  const subdomain = parsed.success ? parsed.data : CAPITAL_SUBDOMAIN;
  return (await findCity(db, subdomain)) ?? (subdomain === CAPITAL_SUBDOMAIN ? null : findCity(db, CAPITAL_SUBDOMAIN));
}
