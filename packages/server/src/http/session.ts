import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_PARAM, SESSION_PARAM } from './names.js';

export interface SessionInfo {
  id: string;
  csrfToken: string;
  /** true when this request created the session (no cookie or parameter came in). */
  isNew: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo;
  }
}

const SESSION_ID = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{22})$/;

function sign(value: string, secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url').slice(0, 22);
}

/**
 * Session ids are signed by the server ('random.signature'), so an id planted by someone else
 * (a link carrying a made-up session parameter) is refused: no session fixation through URLs.
 */
export function issueSessionId(secret: string): string {
  const random = randomBytes(18).toString('base64url');
  return `${random}.${sign(random, secret, 'session')}`;
}

export function isValidSessionId(id: string, secret: string): boolean {
  const m = SESSION_ID.exec(id);
  if (!m) return false;
  const want = Buffer.from(sign(m[1]!, secret, 'session'));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got);
}

export function csrfTokenFor(sessionId: string, secret: string): string {
  return sign(sessionId, secret, 'csrf');
}

export function csrfMatches(req: FastifyRequest): boolean {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const query = (req.query ?? {}) as Record<string, unknown>;
  const sent = req.headers['x-csrf-token'] ?? body[CSRF_PARAM] ?? query[CSRF_PARAM];
  if (typeof sent !== 'string') return false;
  const want = Buffer.from(req.session.csrfToken);
  const got = Buffer.from(sent);
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * The buyer's session. It travels as the httpOnly cookie and, where third-party cookies are
 * blocked (framed pages), as the spec's session parameter in URLs and payloads. Sessions are
 * identified by an unguessable id; the CSRF token is derived from it, so no process keeps state.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { secret: string; secureCookie: boolean }) => {
  app.decorateRequest('session', null as unknown as SessionInfo);
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const query = (req.query ?? {}) as Record<string, unknown>;
    const fromParam = typeof query[SESSION_PARAM] === 'string' ? (query[SESSION_PARAM] as string) : undefined;
    const fromCookie = req.cookies[SESSION_PARAM];
    let id = [fromParam, fromCookie].find((v) => v !== undefined && isValidSessionId(v, opts.secret));
    const isNew = id === undefined;
    if (id === undefined) id = issueSessionId(opts.secret);
    req.session = { id, csrfToken: csrfTokenFor(id, opts.secret), isNew };
    if (fromCookie !== id) {
      reply.setCookie(SESSION_PARAM, id, {
        path: '/',
        httpOnly: true,
        sameSite: opts.secureCookie ? 'none' : 'lax',
        secure: opts.secureCookie,
        maxAge: 60 * 60 * 24 * 30,
      });
    }
  });
});
