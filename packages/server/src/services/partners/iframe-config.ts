import type { IframeConfig } from '@partera/contract';
import type { Queryable } from '../../db/index.js';
import { findPartnerByHash } from './registry.js';

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
}

/**
 * The framed site's configuration (contract `embedding.iframeConfig`). A hash that names no
 * partner gets the same answer as no hash at all, so the call tells nothing about which
 * hashes exist beyond the one asked about.
 */
export async function getIframeConfig(db: Queryable, request: IframeConfigRequest): Promise<IframeConfig> {
  const partner = request.hash ? await findPartnerByHash(db, request.hash) : null;
  const config: IframeConfig = {
    hashMatches: partner !== null,
    liteLayout: partner !== null && !request.liteLayoutExit,
    partner: partner && {
      name: partner.name,
      origins: partner.allowedOrigins,
      cashbackPercent: partner.cashbackPercent,
      ownPayFlow: partner.ownPayFlow,
    },
    session: request.session,
  };
  if (request.liteLayoutExit) config.exitUrl = sitePath(request.startUrl, request.publicUrl);
  return config;
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
