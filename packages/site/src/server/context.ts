import { type BasketState, COOKIES, EMBED_COOKIES } from '@partera/contract';
import { constants } from '@partera/loader';
import {
  type Account,
  type AppDeps,
  accountOfSession,
  type City,
  type CityCentre,
  cityCentres,
  completionOf,
  type FastifyRequest,
  findFramedSession,
  getBasketState,
  listCities,
  locatorFromEnv,
  nearestCity,
  oauthButtons,
  PARTNER_HASH,
  type PartnerOriginsCache,
  SESSION_PARAM,
} from '@partera/server';
import type { RegionChrome, SiteChrome } from '../pages/chrome.js';
import { CITY_COOKIE, citySubdomainOf, DEFAULT_CITIES, regionCookieDomain } from './city.js';
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

/** The messenger support bot of the contact popup (spec 2.14): SUPPORT_BOT_URL; unset leaves it out. */
const supportBotUrl = () => process.env.SUPPORT_BOT_URL ?? '';

export function createContextLoader(deps: AppDeps, partnerOrigins: PartnerOriginsCache) {
  let cached: {
    at: number;
    rows: City[];
    cities: { subdomain: string; name: string }[];
    centres: CityCentre[];
  } | null = null;
  const oauthProviders = oauthButtons(deps.config.oauth);
  // Geo-IP (spec 2.13): the database is read once per process, from the start on.
  const locator = locatorFromEnv();
  locator.warm();

  async function load(): Promise<NonNullable<typeof cached>> {
    const now = Date.now();
    if (cached && now - cached.at < CACHE_TTL_MS) return cached;
    const [rows, centres] = await Promise.all([listCities(deps.db), cityCentres(deps.db)]);
    const list = rows.length > 0 ? rows.map((c) => ({ subdomain: c.subdomain, name: c.name })) : DEFAULT_CITIES;
    cached = { at: now, rows, cities: list, centres };
    return cached;
  }
  const cities = async () => (await load()).cities;

  /**
   * The region question (spec 2.13, 4): asked until answered (the cookies geoip.data.confirm and
   * geoip_subdomain_selected), and only about a city found from the visitor's address (the spec:
   * the selector is based on the location, the modal offers the detected region): a visitor who
   * cannot be located (a local or unknown address, far from every city) is asked nothing. The
   * visitor is located only while a question is open; `req.ip` names the client from
   * X-Forwarded-For only behind a proxy listed in TRUST_PROXY.
   */
  async function regionOf(req: FastifyRequest, known: { subdomain: string; name: string }[]): Promise<RegionChrome> {
    const unanswered = {
      confirm: req.cookies[COOKIES.geoipConfirm.name] === undefined,
      mobile: req.cookies[COOKIES.geoipSubdomainSelected.name] === undefined,
    };
    let detected: RegionChrome['detected'] = null;
    if (unanswered.confirm || unanswered.mobile) {
      const subdomain = nearestCity(await locator.locate(req.ip), (await load()).centres);
      detected = known.find((c) => c.subdomain === subdomain) ?? null;
    }
    return {
      detected,
      askConfirm: unanswered.confirm && detected !== null,
      askMobile: unanswered.mobile && detected !== null,
      cookieDomain: regionCookieDomain(
        req.host,
        known.map((c) => c.subdomain),
      ),
      cookieMaxAge: COOKIES.geoipConfirm.maxAgeSeconds,
    };
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
      const { rows, cities: all } = await load();
      const subdomain = citySubdomainOf(
        req.host,
        req.cookies[CITY_COOKIE],
        all.map((c) => c.subdomain),
      );
      // A session created by this very request has an empty basket: skip the query.
      // A new session is nobody's, and its basket is empty: skip both queries.
      const [city, basket, lite, account, region] = await Promise.all([
        // The city's own row from the list kept above (re-read at most once a minute).
        rows.find((c) => c.subdomain === subdomain) ?? null,
        req.session.isNew ? Promise.resolve(null) : getBasketState(deps, req.session.id),
        isLite(deps, req),
        req.session.isNew ? Promise.resolve(null) : accountOfSession(deps.db, req.session.id),
        regionOf(req, all),
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
        // A partner's frame shows the partner's own region: no question there.
        region: lite ? undefined : region,
        supportBotUrl: supportBotUrl(),
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
