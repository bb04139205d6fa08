import type { BasketState } from '@partera/contract';
import {
  type AppDeps,
  type City,
  createPartnerOriginsCache,
  type FastifyRequest,
  findCity,
  getBasketState,
  listCities,
  SESSION_PARAM,
} from '@partera/server';
import type { SiteChrome } from '../pages/chrome.js';
import { CITY_COOKIE, citySubdomainOf, DEFAULT_CITIES } from './city.js';

/** Regional sites rarely change: each process re-reads them at most once a minute. */
const CACHE_TTL_MS = 60_000;

export interface RequestContext {
  deps: AppDeps;
  /** The city of this request; null only before the catalogue has any city. */
  city: City | null;
  chrome: SiteChrome;
  /** The buyer's basket, read once per page. */
  basket: BasketState | null;
}

export function createContextLoader(deps: AppDeps) {
  let cached: { at: number; cities: { subdomain: string; name: string }[] } | null = null;
  const partnerOrigins = createPartnerOriginsCache(deps.db);

  async function cities(): Promise<{ subdomain: string; name: string }[]> {
    const now = Date.now();
    if (cached && now - cached.at < CACHE_TTL_MS) return cached.cities;
    const rows = await listCities(deps.db);
    const list = rows.length > 0 ? rows.map((c) => ({ subdomain: c.subdomain, name: c.name })) : DEFAULT_CITIES;
    cached = { at: now, cities: list };
    return list;
  }

  return {
    cities,
    /**
     * The Content-Security-Policy of every page: only this site and the registered partners'
     * origins may frame it (ARCHITECTURE.md, embedding); the server keeps the origins a few seconds.
     */
    framePolicy: partnerOrigins.framePolicy,
    /** Everything a page needs besides its own data: city, header and footer, basket. */
    async load(req: FastifyRequest): Promise<RequestContext> {
      const all = await cities();
      const subdomain = citySubdomainOf(
        req.host,
        req.cookies[CITY_COOKIE],
        all.map((c) => c.subdomain),
      );
      // A session created by this very request has an empty basket: skip the query.
      const [city, basket] = await Promise.all([
        findCity(deps.db, subdomain),
        req.session.isNew ? Promise.resolve(null) : getBasketState(deps, req.session.id),
      ]);
      const query = req.query as Record<string, unknown>;
      const chrome: SiteChrome = {
        city: { subdomain, name: city?.name ?? all.find((c) => c.subdomain === subdomain)?.name ?? subdomain },
        cities: all,
        basketCount: basket?.ticketCount ?? 0,
        supportPhone: city?.supportPhone ?? deps.config.supportPhone,
        supportEmail: deps.config.supportEmail,
        path: req.url.split('?')[0] ?? '/',
        year: deps.clock.now().getUTCFullYear(),
        urlSession: typeof query[SESSION_PARAM] === 'string' ? { name: SESSION_PARAM, id: req.session.id } : null,
      };
      return { deps, city, chrome, basket };
    },
  };
}

/** The empty basket of a new session (decision 0001 shape). */
export function emptyBasket(userIsGuest = true): BasketState {
  return {
    tickets: [],
    ticketCount: 0,
    basketPrice: 0,
    holdSecondsLeft: null,
    cannotCreateOrder: false,
    cannotCreateOrderCause: '',
    userIsGuest,
  };
}
