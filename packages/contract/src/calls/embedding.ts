/** Completion and embedding calls (hall-basket-checkout.md 7.8, 4.12, 4.13). */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { flag, id, int, request } from '../wire.js';

const HALL = 'hall-basket-checkout.md';

export const bartelloAuth = defineCall({
  id: 'embedding.bartelloAuth',
  method: 'GET',
  path: '/bartello/auth/',
  params: 'query',
  request: request({ orderId: id() }),
  answer: 'json',
  response: z.object({
    token: z.string().optional(),
    error: z.number().int().optional(),
    message: z.string().optional(),
  }),
  failure: (message, code) => ({ error: code ?? 1, message }),
  spec: `${HALL} 7.8, 4.12`,
  summary: 'Token for the partner restaurant table-booking link (opened in a new tab with ?token=).',
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
      /** Cashback percent of the ticket price for this session: the request's cashback_value, else the registration's; 0 when none. */
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
    hash: z.string().max(200).optional(),
    /** hall-basket-checkout.md 9: the partner's cashback from the frame URL's cashback_value, a whole percent. */
    cashback_value: int().min(0).max(100).optional(),
    /** The framed page's own path: kept as the session's start URL where the start-url cookie is blocked. */
    start_url: z.string().max(2000).optional(),
  }),
  answer: 'json',
  response: iframeConfigAnswer,
  failure: (message) => ({ hashMatches: false, liteLayout: false, partner: null, session: null, message }),
  spec: `${HALL} 7.8, 4.13`,
  summary:
    "Embedding configuration of the framed site (answer designed here, the spec does not show it): whether the parent's hash (?hash= or the iframe-hash cookie) names a registered partner, its origins, cashback and pay flow, the session parameter. A match marks the session as framed by that partner (light layout on its next pages, partner and cashback on its orders; cashback_value overrides the registered percent); lite-layout-exit=1 leaves the light layout and forgets the mark.",
});

export const embeddingCalls = [bartelloAuth, iframeConfig] as const;
