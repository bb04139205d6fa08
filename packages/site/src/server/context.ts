import { type BasketState, EMBED_COOKIES } from '@partera/contract';
import { constants } from '@partera/loader';
import {
  type Account,
  type AppDeps,
  accountOfSession,
  type City,
  completionOf,
  type FastifyRequest,
  findCity,
  findFramedSession,
  getBasketState,
  listCities,
  oauthButtons,
  PARTNER_HASH,
  type PartnerOriginsCache,
  SESSION_PARAM,
} from '@partera/server';
import type { SiteChrome } from '../pages/chrome.js';
import { CITY_COOKIE, citySubdomainOf, DEFAULT_CITIES } from './city.js';
import { headerSearchOf } from './search-config.js';

/** Regional sites rarely change: each process re-reads them at most once a minute. */
const CACHE_TTL_MS = 60_000;

export interface RequestContext {
  deps: AppDeps;
  /** The city of this request; null only before the catalogue has any city. */
  city: City | null;
  chrome: SiteChrome;
  /** The buyer's basket, read once per page. */
  basket: BasketState | null;
  /** The page is shown inside a partner's frame: light layout, the session in every link. */
  lite: boolean;
  /** The signed-in buyer, or null for a guest. */
  account: Account | null;
}

/**
 * Spec 4.13: a page gets the light layout when a partner frames it: the loader's iframe_hash on
 * the frame's first page, the iframe-hash cookie the framed pages write, or (where a browser
 * blocks third-party cookies) the session the framed site's handshake marked as framed.
 */
async function isLite(deps: AppDeps, req: FastifyRequest): Promise<boolean> {
  const param = (req.query as Record<string, unknown>)[constants.HASH_PARAM];
  if (typeof param === 'string' && PARTNER_HASH.test(param)) return true;
  if (PARTNER_HASH.test(req.cookies[EMBED_COOKIES.iframeHash] ?? '')) return true;
  if (req.session.isNew) return false;
  return (await findFramedSession(deps.db, req.session.id)) !== null;
}

export function createContextLoader(deps: AppDeps, partnerOrigins: PartnerOriginsCache) {
  let cached: { at: number; cities: { subdomain: string; name: string }[] } | null = null;
  const oauthProviders = oauthButtons(deps.config.oauth);

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
      // A new session is nobody's, and its basket is empty: skip both queries.
      const [city, basket, lite, account] = await Promise.all([
        findCity(deps.db, subdomain),
        req.session.isNew ? Promise.resolve(null) : getBasketState(deps, req.session.id),
        isLite(deps, req),
        req.session.isNew ? Promise.resolve(null) : accountOfSession(deps.db, req.session.id),
      ]);
      const chrome: SiteChrome = {
        city: { subdomain, name: city?.name ?? all.find((c) => c.subdomain === subdomain)?.name ?? subdomain },
        cities: all,
        basketCount: basket?.ticketCount ?? 0,
        supportPhone: city?.supportPhone ?? deps.config.supportPhone,
        supportEmail: deps.config.supportEmail,
        path: req.url.split('?')[0] ?? '/',
        year: deps.clock.now().getUTCFullYear(),
        // Framed pages may get no cookies at all: every link carries the session on. A cookie
        // session never goes into links (they get copied, shared and sent on as Referer).
        urlSession: lite || req.session.source === 'url' ? { name: SESSION_PARAM, id: req.session.id } : null,
        lite,
        account: account ? { name: account.firstName || account.email || 'Личный кабинет' } : null,
        oauthProviders,
        // The completion form after an outside sign-in that made a new account (decision 0022).
        completion:
          account && (req.query as Record<string, unknown>).oauth === 'complete'
            ? await completionOf(deps.db, account.id)
            : null,
        search: headerSearchOf(req),
      };
      return { deps, city, chrome, basket: basket && { ...basket, userIsGuest: account === null }, lite, account };
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
