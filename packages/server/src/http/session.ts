import { createHmac, createSecretKey, type KeyObject, randomFillSync, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type FetchContext, fetchContextOf, sessionCookieWorks } from './fetch-context.js';
import { CSRF_PARAM, SESSION_PARAM } from './names.js';

/** Where this request's session id came from. */
export type SessionSource =
  /** The site's own cookie. */
  | 'cookie'
  /** The session parameter in the URL, honoured for a framed or widget flow (see urlSessionHonoured). */
  | 'url'
  /** Neither: issued by this request. */
  | 'new';

export interface SessionInfo {
  id: string;
  csrfToken: string;
  /** true when this request created the session (no cookie or honoured parameter came in). */
  isNew: boolean;
  source: SessionSource;
  /**
   * The partner origin a cross-origin widget call came from, when its session is that partner's:
   * the one other origin whose state-changing calls are accepted for this session.
   */
  partnerOrigin: string | null;
  /** The session's CSRF token as pages had it before the current derivation (earlierCsrfToken), worked out when asked. */
  earlierCsrfToken: () => string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo;
  }
}

const SESSION_ID = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{22})$/;

/**
 * The secret as a key, prepared once: an HMAC made from the secret's text prepares its key again
 * on every call, a third of a signature's cost (the same bytes, the same signatures).
 */
const keys = new Map<string, KeyObject>();

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    // A process has one secret; tests make a few. Bounded all the same.
    if (keys.size >= 16) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/**
 * What the server derives from a session id's random part, both from ONE HMAC of it (a new
 * session or a first visit to this process costs one signature, not two):
 * - the signature, the id's second half: the digest's first 22 base64url characters (its first
 *   132 bits);
 * - the CSRF token: the digest's bytes 17 to 31 (120 bits), none of which the signature shows,
 *   so knowing a session id tells nothing of its token.
 */
function sessionSecrets(random: string, secret: string): { signature: string; csrfToken: string } {
  const digest = createHmac('sha256', keyOf(secret)).update(`session:${random}`).digest();
  return { signature: digest.toString('base64url').slice(0, 22), csrfToken: digest.toString('base64url', 17) };
}

/**
 * The CSRF token of pages rendered before the token came from the session's own digest: an HMAC
 * of the whole id for the purpose 'csrf'. Still accepted (csrfMatches), so that a page open while
 * the server was updated keeps working.
 */
function earlierCsrfToken(sessionId: string, secret: string): string {
  return createHmac('sha256', keyOf(secret)).update(`csrf:${sessionId}`).digest('base64url').slice(0, 22);
}

/**
 * Random bytes for session ids, taken from the system's generator a few kilobytes at a time (one
 * call for 227 ids instead of one per id); each byte is handed out once.
 */
const RANDOM_BYTES = 18;
const randomPool = Buffer.alloc(RANDOM_BYTES * 227);
let randomOffset = randomPool.length;

function randomPart(): string {
  if (randomOffset + RANDOM_BYTES > randomPool.length) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  const part = randomPool.toString('base64url', randomOffset, randomOffset + RANDOM_BYTES);
  randomOffset += RANDOM_BYTES;
  return part;
}

/** A new session id with its CSRF token. */
function newSession(secret: string): { id: string; csrfToken: string } {
  const random = randomPart();
  const { signature, csrfToken } = sessionSecrets(random, secret);
  return { id: `${random}.${signature}`, csrfToken };
}

/**
 * Session ids are signed by the server ('random.signature'), so an id made up by someone else is
 * refused. A genuine id can still be planted (a link carrying someone's own session): the URL
 * rules below decide where a parameter counts at all.
 */
export function issueSessionId(secret: string): string {
  return newSession(secret).id;
}

/** The CSRF token of a genuine session id; null when the id is not one this server signed. */
function verifiedCsrfToken(id: string, secret: string): string | null {
  const m = SESSION_ID.exec(id);
  if (!m) return null;
  const { signature, csrfToken } = sessionSecrets(m[1]!, secret);
  const want = Buffer.from(signature);
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? csrfToken : null;
}

export function isValidSessionId(id: string, secret: string): boolean {
  return verifiedCsrfToken(id, secret) !== null;
}

/** The CSRF token of a session id (the server's own ids: see sessionSecrets). */
export function csrfTokenFor(sessionId: string, secret: string): string {
  return sessionSecrets(sessionId.split('.')[0]!, secret).csrfToken;
}

/**
 * Session ids whose signature was checked (or that this process issued), with their CSRF token:
 * a buyer's every request after the first costs a look-up instead of a signature. Only an id
 * whose signature matched is ever kept, so a forged id is checked, and refused, every time; the
 * cache is per secret and bounded (the least recently used id goes first).
 */
export class VerifiedSessions {
  private readonly ids = new Map<string, string>();

  constructor(
    private readonly secret: string,
    private readonly max = 50_000,
  ) {}

  /** The CSRF token of a genuine session id; null when the id is not one this server signed. */
  csrfTokenOf(id: string): string | null {
    const known = this.ids.get(id);
    if (known !== undefined) {
      // Most recently used last: delete and set again.
      this.ids.delete(id);
      this.ids.set(id, known);
      return known;
    }
    const csrfToken = verifiedCsrfToken(id, this.secret);
    return csrfToken === null ? null : this.keep(id, csrfToken);
  }

  /** A new session id, kept as verified. */
  issue(): { id: string; csrfToken: string } {
    const { id, csrfToken } = newSession(this.secret);
    return { id, csrfToken: this.keep(id, csrfToken) };
  }

  /** How many ids are kept (for the bound's test). */
  get size(): number {
    return this.ids.size;
  }

  private keep(id: string, csrfToken: string): string {
    if (this.ids.size >= this.max) {
      const oldest = this.ids.keys().next();
      if (!oldest.done) this.ids.delete(oldest.value);
    }
    this.ids.set(id, csrfToken);
    return csrfToken;
  }
}

/** A fresh session id with its CSRF token (the next id of a rotation). */
export function issueSession(secret: string): { id: string; csrfToken: string } {
  return newSession(secret);
}

/**
 * The CSRF token the request carries: the x-csrf-token header, else the `_csrf` field or
 * parameter. `body`: the request's form when it was read before Fastify's (http/route.ts).
 */
function sentCsrfToken(req: FastifyRequest, body: unknown): unknown {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const query = (req.query ?? {}) as Record<string, unknown>;
  return req.headers['x-csrf-token'] ?? fields[CSRF_PARAM] ?? query[CSRF_PARAM];
}

function tokensEqual(want: string, sent: string): boolean {
  const a = Buffer.from(want);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether the request carries its session's CSRF token: the current one, or the one pages
 * rendered before it (earlierCsrfToken), worked out only when the current one does not match.
 */
export function csrfMatches(req: FastifyRequest, body: unknown = req.body): boolean {
  const sent = sentCsrfToken(req, body);
  if (typeof sent !== 'string') return false;
  return tokensEqual(req.session.csrfToken, sent) || tokensEqual(req.session.earlierCsrfToken(), sent);
}

/** What the session plugin asks the database: which partner origins a session is bound to, if any. */
export type PartnerSessionLookup = (sessionId: string) => Promise<{ origins: readonly string[] } | null>;

export interface SessionPluginOptions {
  secret: string;
  /** The session's partner (a framed session, or one handed to a partner page's widgets). */
  partnerSession: PartnerSessionLookup;
  /** Tells the operator once that cookies cannot be Secure on plain HTTP (production only). */
  warnPlainHttp?: (message: string) => void;
}

/**
 * Whether a session id in the URL counts for this request. The parameter exists for flows where
 * our cookie cannot travel: a partner's frame and a partner page's own widgets. Anywhere else it
 * would let a link choose the visitor's session (fixation), so it counts only:
 * - in a frame (Sec-Fetch-Dest iframe), for a session a confirmed handshake bound to a partner;
 * - in a cross-origin widget call whose Origin is one of the session's partner's origins;
 * - in this site's own scripts' calls (Sec-Fetch-Site same-origin, not a navigation): the page
 *   put the parameter there from the session the server rendered into it.
 * Browsers set Sec-Fetch-* themselves and no page can change them; a request without them (an
 * old browser, a script) gets the cookie rule only.
 */
export async function urlSessionHonoured(
  context: FetchContext,
  origin: string | undefined,
  partnerOf: () => ReturnType<PartnerSessionLookup>,
): Promise<{ honoured: boolean; partnerOrigin: string | null }> {
  const no = { honoured: false, partnerOrigin: null };
  if (context === 'same-origin-call') return { honoured: true, partnerOrigin: null };
  if (context !== 'frame' && context !== 'cross-origin-call') return no;
  const bound = await partnerOf();
  if (!bound) return no;
  if (context === 'frame') return { honoured: true, partnerOrigin: null };
  return origin && bound.origins.includes(origin) ? { honoured: true, partnerOrigin: origin } : no;
}

/** The cookie's attributes: Lax (no other site's page sends it along), Secure whenever the request came over HTTPS. */
export function sessionCookieOptions(req: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: req.protocol === 'https',
    maxAge: 60 * 60 * 24 * 30,
  };
}

/**
 * Moves this request (and the browser) to another session id, after the services moved the
 * session's rows (services/sessions rotateSession). A cookie session gets the new cookie; a URL
 * session learns the new id from the call's answer.
 */
export function switchSession(req: FastifyRequest, reply: FastifyReply, newId: string, secret: string): void {
  req.session = {
    id: newId,
    csrfToken: csrfTokenFor(newId, secret),
    isNew: false,
    source: req.session.source === 'url' ? 'url' : 'cookie',
    partnerOrigin: req.session.partnerOrigin,
    earlierCsrfToken: () => earlierCsrfToken(newId, secret),
  };
  if (req.session.source === 'cookie' && sessionCookieWorks(fetchContextOf(req.headers))) {
    reply.setCookie(SESSION_PARAM, newId, sessionCookieOptions(req));
  }
}

/**
 * The buyer's session. It travels as the httpOnly cookie and, where cookies cannot travel
 * (partner frames, widgets on partner pages), as the spec's session parameter in URLs, under
 * the rules of urlSessionHonoured. A session parameter is never written into a cookie. The
 * CSRF token is derived from the id, so no process keeps state; each process remembers the ids
 * it has verified (VerifiedSessions), only to save the signature's work.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: SessionPluginOptions) => {
  app.decorateRequest('session', null as unknown as SessionInfo);
  const verified = new VerifiedSessions(opts.secret);
  let warned = false;
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const query = (req.query ?? {}) as Record<string, unknown>;
    const param = typeof query[SESSION_PARAM] === 'string' ? (query[SESSION_PARAM] as string) : undefined;
    const cookie = req.cookies[SESSION_PARAM];
    const cookieCsrf = cookie !== undefined ? verified.csrfTokenOf(cookie) : null;
    const context = fetchContextOf(req.headers);

    let id = cookieCsrf !== null ? cookie : undefined;
    let csrfToken = cookieCsrf;
    let source: SessionSource = cookieCsrf !== null ? 'cookie' : 'new';
    let partnerOrigin: string | null = null;
    // The cookie, when there is one, is the session: a parameter never overrides it.
    if (id === undefined && param !== undefined) {
      const paramCsrf = verified.csrfTokenOf(param);
      if (paramCsrf !== null) {
        const verdict = await urlSessionHonoured(context, req.headers.origin, () => opts.partnerSession(param));
        if (verdict.honoured) {
          id = param;
          csrfToken = paramCsrf;
          source = 'url';
          partnerOrigin = verdict.partnerOrigin;
        }
      }
    }
    const isNew = id === undefined || csrfToken === null;
    if (id === undefined || csrfToken === null) ({ id, csrfToken } = verified.issue());
    const sessionId = id;
    req.session = {
      id,
      csrfToken,
      isNew,
      source,
      partnerOrigin,
      earlierCsrfToken: () => earlierCsrfToken(sessionId, opts.secret),
    };

    // A new session gets the cookie, except in another site's context (a partner's frame, a
    // widget call): there the browser would refuse a Lax cookie, and the URL carries the session.
    if (isNew && sessionCookieWorks(context)) {
      const options = sessionCookieOptions(req);
      if (!options.secure && opts.warnPlainHttp && !warned) {
        warned = true;
        opts.warnPlainHttp(
          'This production server is reached over plain HTTP, so its session cookie cannot be Secure. ' +
            'Serve it over HTTPS; if TLS ends at a proxy, list the proxy in TRUST_PROXY so that X-Forwarded-Proto counts.',
        );
      }
      reply.setCookie(SESSION_PARAM, id, options);
    }
  });
});
