/**
 * The API listening on a real socket (127.0.0.1, an ephemeral port), and a buyer that talks to
 * it over HTTP the way a browser page does: its session cookie, the CSRF token in the
 * x-csrf-token header on every request, the site's own Origin on POSTs. Every request has a time
 * limit, so a request the server never answers fails the test instead of hanging it.
 */
import type { FastifyInstance } from 'fastify';
import type { ManualClock } from '../../src/clock.js';
import type { ServerConfig } from '../../src/config.js';
import type { Database } from '../../src/db/index.js';
import { SESSION_PARAM } from '../../src/http/names.js';
import { csrfTokenFor, issueSessionId } from '../../src/http/session.js';
import { buildTestApp } from './app.js';

export interface LiveServer {
  app: FastifyInstance;
  clock: ManualClock;
  config: ServerConfig;
  /** `http://127.0.0.1:{port}` */
  origin: string;
  close(): Promise<void>;
}

export async function startLiveServer(db: Database, config: Partial<ServerConfig> = {}): Promise<LiveServer> {
  const { app, clock, config: used } = await buildTestApp(db, { config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server listens on no TCP port');
  return { app, clock, config: used, origin: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/** How a request carries its fields: the query string, a form body, a JSON body, or a raw body. */
export type Body =
  | { kind: 'none' }
  | { kind: 'form'; fields: Array<[string, string]> }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; text: string };

export interface LiveRequest {
  method: 'GET' | 'POST';
  /** Path and query string, already encoded. */
  url: string;
  body?: Body;
}

export interface LiveAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** The time one request may take on a loaded machine before it counts as a hang. */
export const REQUEST_TIME_LIMIT_MS = 30_000;

export class RequestHang extends Error {
  constructor(request: LiveRequest) {
    super(`no answer within ${REQUEST_TIME_LIMIT_MS} ms: ${request.method} ${request.url.slice(0, 300)}`);
  }
}

export interface LiveBuyer {
  /** The current session: placing an order (or another privilege change) rotates it. */
  readonly sessionId: string;
  readonly csrf: string;
  send(request: LiveRequest): Promise<LiveAnswer>;
  get(url: string): Promise<LiveAnswer>;
  post(url: string, fields: Record<string, string | number>): Promise<LiveAnswer>;
}

const SESSION_COOKIE = new RegExp(`^${SESSION_PARAM}=([^;]+)`);

export function liveBuyer(server: LiveServer): LiveBuyer {
  const secret = server.config.csrfSecret;
  let sessionId = issueSessionId(secret);
  const send = async (request: LiveRequest): Promise<LiveAnswer> => {
    const headers: Record<string, string> = {
      cookie: `${SESSION_PARAM}=${sessionId}`,
      'x-csrf-token': csrfTokenFor(sessionId, secret),
      accept: 'application/json, text/html;q=0.9, */*;q=0.8',
    };
    if (request.method === 'POST') headers.origin = server.origin;
    let payload: string | undefined;
    const body = request.body ?? { kind: 'none' };
    if (body.kind === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body.fields).toString();
    } else if (body.kind === 'json') {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.value);
    } else if (body.kind === 'raw') {
      headers['content-type'] = body.contentType;
      payload = body.text;
    }
    try {
      const r = await fetch(server.origin + request.url, {
        method: request.method,
        headers,
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIME_LIMIT_MS),
      });
      for (const cookie of r.headers.getSetCookie()) {
        const rotated = SESSION_COOKIE.exec(cookie)?.[1];
        if (rotated) sessionId = decodeURIComponent(rotated);
      }
      return { status: r.status, contentType: r.headers.get('content-type') ?? '', body: await r.text() };
    } catch (err) {
      if (err instanceof DOMException && err.name === 'TimeoutError') throw new RequestHang(request);
      throw err;
    }
  };
  return {
    get sessionId() {
      return sessionId;
    },
    get csrf() {
      return csrfTokenFor(sessionId, secret);
    },
    send,
    get: (url) => send({ method: 'GET', url }),
    post: (url, fields) =>
      send({
        method: 'POST',
        url,
        body: { kind: 'form', fields: Object.entries(fields).map(([k, v]) => [k, String(v)]) },
      }),
  };
}

/**
 * Text that only a database (or a stack trace) writes: an answer carrying any of it leaks the
 * server's internals.
 */
export const INTERNAL_ERROR_TEXT =
  /out of range for type|invalid byte sequence|invalid input syntax|violates (?:not-null|foreign key|unique|check) constraint|syntax error at or near|relation "|column "|duplicate key|value too long|numeric field overflow|unsupported Unicode escape|PGlite|postgres|SQLSTATE|ECONNREFUSED|TypeError|ReferenceError|RangeError|Cannot read propert|\bat [\w.<>]+ \(|node:internal|\.ts:\d+/i;
