import type { FastifyRequest } from 'fastify';
import { fetchContextOf } from './fetch-context.js';
import { csrfMatches } from './session.js';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether the page that sent this request may change the session's state: a page of this site
 * (the request's own origin, or the configured public one), or the partner page whose widgets
 * the session belongs to (SessionInfo.partnerOrigin). Browsers send Origin on every POST and
 * Referer on most requests; a request with neither comes from a program, not from a page another
 * site could make a visitor's browser send, and the CSRF token alone decides.
 */
export function originAllowed(req: FastifyRequest, publicOrigin: string): boolean {
  const header = req.headers.origin;
  const referer = req.headers.referer;
  const sent = header !== undefined ? header : referer !== undefined ? (originOf(referer) ?? 'null') : undefined;
  if (sent === undefined) {
    // No Origin and no Referer: still refuse what the browser itself says came from elsewhere.
    return !(fetchContextOf(req.headers) === 'cross-origin-call' && req.session.partnerOrigin === null);
  }
  if (sent === 'null') return false;
  if (sent === publicOrigin || sent === `${req.protocol}://${req.host}`) return true;
  return req.session.partnerOrigin !== null && sent === req.session.partnerOrigin;
}

/**
 * The check every state-changing call passes, whatever its method: the session's CSRF token
 * (only this site's pages and the session's own partner widgets have it) and an allowed origin.
 * `body`: the request's form when it was read before Fastify's (http/route.ts).
 */
export function stateChangeAllowed(req: FastifyRequest, publicOrigin: string, body: unknown = req.body): boolean {
  return csrfMatches(req, body) && originAllowed(req, publicOrigin);
}
