import type { IframeConfig } from '@partera/contract';
import type { Queryable } from '../../db/index.js';
import { findPartnerByHash, type Partner } from './registry.js';

export interface IframeConfigRequest {
  /** The hash the parent answered with: the `hash` parameter, else the iframe-hash cookie. */
  hash: string | undefined;
  /** lite-layout-exit=1: the framed site leaves the light layout. */
  liteLayoutExit: boolean;
  /** The session parameter the framed pages carry in their URLs. */
  session: { name: string; id: string };
  /** The start-url cookie (as the cookie parser decoded it): where the buyer was when the frame opened. */
  startUrl: string | undefined;
  /** The site's public origin: the exit URL never leads anywhere else. */
  publicUrl: string;
  /** cashback_value of the frame's URL (at most the registered percent). */
  cashbackValue?: number | undefined;
}

/** The cashback a frame URL may ask for: its cashback_value, never above the partner's registered percent. */
export function cappedCashback(partner: Pick<Partner, 'cashbackPercent'>, asked: number | undefined): number {
  return asked === undefined ? partner.cashbackPercent : Math.min(asked, partner.cashbackPercent);
}

/**
 * The framed site's configuration (contract `embedding.iframeConfig`). Read-only: any page can
 * send this GET, so it marks nothing (confirmFramedSession does, after the handshake). A hash
 * that names no partner gets the same answer as no hash at all, so the call tells nothing about
 * which hashes exist beyond the one asked about. Leaving the light layout (liteLayoutExit)
 * forgets the session's mark; the route lets only this site's own pages ask for that.
 */
export async function getIframeConfig(db: Queryable, request: IframeConfigRequest): Promise<IframeConfig> {
  const partner = request.hash ? await findPartnerByHash(db, request.hash) : null;
  const config: IframeConfig = {
    hashMatches: partner !== null,
    liteLayout: partner !== null && !request.liteLayoutExit,
    partner: partner && {
      name: partner.name,
      origins: partner.allowedOrigins,
      cashbackPercent: cappedCashback(partner, request.cashbackValue),
      ownPayFlow: partner.ownPayFlow,
    },
    session: request.session,
  };
  if (request.liteLayoutExit) {
    const framed = await forgetFramedSession(db, request.session.id);
    config.exitUrl = sitePath(request.startUrl ?? framed?.startUrl ?? undefined, request.publicUrl);
  } else if (config.partner && partner) {
    const framed = await findFramedSession(db, request.session.id);
    if (framed?.partnerId === partner.id) config.partner.cashbackPercent = framed.cashbackPercent;
  }
  return config;
}

/**
 * The partner a session belongs to, as the last confirmed handshake (or the widget session's
 * hand-out) recorded it: its light layout, cashback and pay flow, and the origins from which the
 * session's id may travel in URLs (http/session.ts).
 */
export interface FramedSession {
  partnerId: number;
  partnerHash: string;
  /** The partner's registered origins. */
  origins: string[];
  cashbackPercent: number;
  startUrl: string | null;
}

export async function findFramedSession(db: Queryable, sessionId: string): Promise<FramedSession | null> {
  const { rows } = await db.query<{
    partner_id: number;
    hash: string;
    allowed_origins: string[];
    cashback_percent: number;
    start_url: string | null;
  }>(
    `SELECT f.partner_id, p.hash, p.allowed_origins, f.cashback_percent, f.start_url
       FROM framed_sessions f JOIN partners p ON p.id = f.partner_id WHERE f.session_id = $1`,
    [sessionId],
  );
  const row = rows[0];
  return row
    ? {
        partnerId: row.partner_id,
        partnerHash: row.hash,
        origins: row.allowed_origins,
        cashbackPercent: row.cashback_percent,
        startUrl: row.start_url,
      }
    : null;
}

async function forgetFramedSession(db: Queryable, sessionId: string): Promise<{ startUrl: string | null } | null> {
  const { rows } = await db.query<{ start_url: string | null }>(
    'DELETE FROM framed_sessions WHERE session_id = $1 RETURNING start_url',
    [sessionId],
  );
  return rows[0] ? { startUrl: rows[0].start_url } : null;
}

/**
 * The start URL as a path of this site, or '/'. The cookie is written by page scripts, so it is
 * not trusted: an address on another origin ('//evil.example', 'https://evil.example/') would
 * make the exit an open redirect.
 */
export function sitePath(startUrl: string | undefined, publicUrl: string): string {
  if (!startUrl) return '/';
  try {
    const site = new URL(publicUrl);
    const url = new URL(startUrl, site);
    if (url.origin !== site.origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
