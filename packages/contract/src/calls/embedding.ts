/** Completion and embedding calls (hall-basket-checkout.md 7.8, 4.12, 4.13). */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { hallPageConfig } from '../entities/hall.js';
import { flag, id, int, request, roubles, TEXT_MAX, text } from '../wire.js';

const HALL = 'hall-basket-checkout.md';

export const bartelloAuth = defineCall({
  id: 'embedding.bartelloAuth',
  method: 'GET',
  path: '/bartello/auth/',
  params: 'query',
  /** token: extension, the order's token (a guest on another device); else the order's own session. */
  request: request({ orderId: id(), token: text(TEXT_MAX.code).optional() }),
  answer: 'json',
  response: z.object({
    token: z.string().optional(),
    error: z.number().int().optional(),
    message: z.string().optional(),
  }),
  failure: (message, code) => ({ error: code ?? 1, message }),
  spec: `${HALL} 7.8, 4.12`,
  summary:
    'Token for the partner restaurant table-booking link (opened in a new tab with ?token=): signed, valid 30 minutes, only for the owner of a paid order (its session, or the order’s token); {error: 1, message} otherwise.',
});

/**
 * What the framed site needs to know about its parent. Not shown in the spec: designed here.
 * The site sends the hash its parent answered with (sendMyHash:{hash}) as the `hash` parameter,
 * or lets the `iframe-hash` cookie carry it; the server says whether it names a registered
 * partner and, if so, hands back that partner's registration. The client still checks that the
 * parent's postMessage origin is one of `partner.origins` before it sends showIframe.
 */
export const iframeConfigAnswer = z.object({
  /** The hash of the request (the `hash` parameter, else the iframe-hash cookie) names a registered partner. */
  hashMatches: z.boolean(),
  /** Show the light (embedded) layout: the hash matches and the request does not leave that layout. */
  liteLayout: z.boolean(),
  /** The matching partner's registration; null when no hash was sent or it names no partner. */
  partner: z
    .object({
      name: z.string(),
      /** The origins allowed to frame the site (also its frame-ancestors and postMessage origins). */
      origins: z.array(z.string()),
      /** Cashback percent of the ticket price for this session: the session's mark, else the request's cashback_value (at most the registration's), else the registration's; 0 when none. */
      cashbackPercent: z.number().int(),
      /** The telecom partner pays through its own pay flow (payNotifyMts, orderToken to the parent). */
      ownPayFlow: z.boolean(),
    })
    .nullable(),
  /** The session parameter to append to URLs inside the frame, where third-party cookies may be blocked. */
  session: z.object({ name: z.string(), id: z.string() }).nullable(),
  /**
   * With lite-layout-exit=1: the site path to go to after leaving the light layout (the
   * start-url cookie when it is a path of this site, else '/'); the embedding cookies are cleared.
   */
  exitUrl: z.string().optional(),
  message: z.string().optional(),
});
export type IframeConfig = z.infer<typeof iframeConfigAnswer>;

export const iframeConfig = defineCall({
  id: 'embedding.iframeConfig',
  method: 'GET',
  path: '/spa-api/app/iframe-config/',
  params: 'query',
  request: request({
    'lite-layout-exit': flag().optional(),
    hash: text(TEXT_MAX.code).optional(),
    /** hall-basket-checkout.md 9: the partner's cashback from the frame URL's cashback_value, a whole percent. */
    cashback_value: int().min(0).max(100).optional(),
    /** The framed page's own path: kept as the session's start URL where the start-url cookie is blocked. */
    start_url: text(TEXT_MAX.url).optional(),
  }),
  answer: 'json',
  response: iframeConfigAnswer,
  failure: (message) => ({ hashMatches: false, liteLayout: false, partner: null, session: null, message }),
  spec: `${HALL} 7.8, 4.13`,
  summary:
    "Embedding configuration of the framed site (answer designed here, the spec does not show it): whether the parent's hash (?hash= or the iframe-hash cookie) names a registered partner, its origins, cashback and pay flow, the session parameter. Read-only: the confirmed handshake marks the session with iframeSession. lite-layout-exit=1 (with the CSRF token, as it changes the session) leaves the light layout and forgets the mark.",
});

/**
 * The framed site's confirmed handshake. The GET above only answers questions; this call is what
 * marks the session as running in a partner's frame, after the page has seen the partner's
 * `sendMyHash:{hash}` come from its parent window. `parentOrigin` is the origin of that message
 * (MessageEvent.origin, which no page can forge); the server accepts it only when it is one of
 * the partner's registered origins. Marking a session for the first time gives it a new id (a
 * session id someone planted cannot gain a partner's frame): the page continues with the answered
 * session and CSRF token.
 */
export const iframeSessionAnswer = z.object({
  error: z.number().int(),
  message: z.string().optional(),
  /** The session to carry on with inside the frame (changed when `rotated`). */
  session: z.object({ name: z.string(), id: z.string() }).nullable(),
  csrfToken: z.string().optional(),
  /** The session id changed: the page reloads with the new one before showing itself. */
  rotated: z.boolean().optional(),
  /** This session's cashback percent with this partner. */
  cashbackPercent: z.number().int().optional(),
});
export type IframeSession = z.infer<typeof iframeSessionAnswer>;

export const iframeSession = defineCall({
  id: 'embedding.iframeSession',
  method: 'POST',
  path: '/spa-api/app/iframe-session/',
  params: 'form',
  request: request({
    hash: text(TEXT_MAX.code).min(1),
    /** The origin the parent's sendMyHash message came from (scheme://host[:port]). */
    parentOrigin: text(TEXT_MAX.url).min(1),
    /** hall-basket-checkout.md 9: the partner's cashback from the frame URL's cashback_value, a whole percent; at most the registered percent. */
    cashback_value: int().min(0).max(100).optional(),
    /** The framed page's own path: kept as the session's start URL where the start-url cookie is blocked. */
    start_url: text(TEXT_MAX.url).optional(),
  }),
  answer: 'json',
  response: iframeSessionAnswer,
  failure: (message, code) => ({ error: code ?? 1, message, session: null }),
  spec: `${HALL} 4.13 (the handshake's result; designed here)`,
  summary:
    "Marks the session as framed by the partner the hash names, once the framed page has seen the hash come from its parent window: parentOrigin must be one of that partner's registered origins. The first mark rotates the session id (answered with its CSRF token). From then on the session's pages get the light layout and its orders the partner and cashback (cashback_value, capped at the registered percent).",
  extension: true,
});

/**
 * Widgets on a partner page (no frame): a registered partner's page mounts the seat map, basket
 * and checkout itself and calls this site directly (CORS for the partner's origins only). The
 * page has no cookie of ours, so it asks for a session here and sends it with every call: the
 * session as a URL parameter, the CSRF token in the x-csrf-token header.
 */
export const widgetSessionAnswer = z.object({
  /** The session parameter's name (`sid`): every call carries `?{sessionName}={sessionId}`. */
  sessionName: z.string(),
  sessionId: z.string(),
  /** The CSRF field's name and the session's token (also accepted as the x-csrf-token header). */
  csrfParam: z.string(),
  csrfToken: z.string(),
  message: z.string().optional(),
});
export type WidgetSession = z.infer<typeof widgetSessionAnswer>;

export const widgetSession = defineCall({
  id: 'embedding.widgetSession',
  method: 'GET',
  path: '/spa-api/app/widget-session/',
  params: 'query',
  request: request({}),
  answer: 'json',
  response: widgetSessionAnswer,
  failure: (message) => ({ sessionName: '', sessionId: '', csrfParam: '', csrfToken: '', message }),
  spec: `${HALL} 4.13 (widgets on a partner page; designed here)`,
  summary:
    "The session a registered partner's page hands to the widgets it mounts itself: a fresh one, or the one its sid parameter names. Answered only to a request whose Origin is a registered partner origin (with CORS for that origin); any other origin gets 403.",
  extension: true,
});

export const widgetHallAnswer = z.object({
  error: z.number().int(),
  message: z.string().optional(),
  /** The seat map's configuration, as the hall page renders it (spec 3.1) for this session. */
  config: hallPageConfig.optional(),
});

export const widgetHall = defineCall({
  id: 'embedding.widgetHall',
  method: 'GET',
  path: '/spa-api/app/widget-hall/:performanceId/',
  params: 'query',
  request: request({
    performanceId: id(),
    /** Package mode (hall-basket-checkout.md 2.2), as ?packageId= on the hall page: the package's config and arrows. */
    packageId: id().optional(),
  }),
  answer: 'json',
  response: widgetHallAnswer,
  failure: (message, code) => ({ error: code ?? 1, message }),
  spec: `${HALL} 3.1 (the hall page configuration, for widgets on a partner page)`,
  summary:
    "The seat map's configuration of a performance for a page that mounts the seat map itself (the hall page renders the same into its HTML); with packageId, in package mode as the hall page with ?packageId= (ignored for a performance outside the package); error 404 for an unknown performance.",
  extension: true,
});

export const widgetPerformanceItem = z.object({
  performanceId: z.number().int(),
  /** ISO instant. */
  startsAt: z.string(),
  showName: z.string(),
  buildingName: z.string(),
  hallName: z.string(),
  /** The lowest price, roubles; null before prices are set. */
  minPrice: roubles().nullable(),
});
export type WidgetPerformance = z.infer<typeof widgetPerformanceItem>;

export const widgetPerformances = defineCall({
  id: 'embedding.widgetPerformances',
  method: 'GET',
  path: '/spa-api/app/widget-performances/',
  params: 'query',
  request: request({
    /** The regional site's subdomain (default the capital, www). */
    city: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/)
      .optional(),
    limit: int().min(1).max(24).default(6),
  }),
  answer: 'json',
  response: z.object({ performances: z.array(widgetPerformanceItem), message: z.string().optional() }),
  failure: (message) => ({ performances: [], message }),
  spec: "site-browsing-account.md 2.4 (the home page's poster grid, as JSON for widget hosts)",
  summary:
    'What is on in a city for a page that offers our performances itself: each show once, by its nearest performance on sale or soon, in date order (the home page grid).',
  extension: true,
});

export const embeddingCalls = [
  bartelloAuth,
  iframeConfig,
  iframeSession,
  widgetSession,
  widgetHall,
  widgetPerformances,
] as const;
