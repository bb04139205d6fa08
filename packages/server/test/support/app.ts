import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { ManualClock } from '../../src/clock.js';
import { loadConfig, type ServerConfig } from '../../src/config.js';
import type { Database } from '../../src/db/index.js';
import { CSRF_PARAM, SESSION_PARAM } from '../../src/http/names.js';
import { csrfTokenFor, issueSessionId } from '../../src/http/session.js';

export const testConfig = (overrides: Partial<ServerConfig> = {}): ServerConfig => ({
  ...loadConfig({ NODE_ENV: 'test', PORT: '3999', SECRET: 'test-secret' }),
  ...overrides,
});

export async function buildTestApp(db: Database, opts: { clock?: ManualClock; config?: Partial<ServerConfig> } = {}) {
  // Frozen unless a test moves it, so countdowns are exact.
  const frozen = new Date();
  const clock = opts.clock ?? new ManualClock({ now: () => frozen });
  const config = testConfig(opts.config);
  const app = await buildApp({ db, clock, config });
  return { app, clock, config };
}

export interface Buyer {
  /** The current session id: placing an order (or another privilege change) rotates it. */
  readonly sessionId: string;
  readonly csrf: string;
  get(url: string, headers?: Record<string, string>): Promise<{ status: number; json: () => any; body: string }>;
  post(url: string, form: Record<string, string | number>): Promise<{ status: number; json: () => any; body: string }>;
}

let clients = 0;

/**
 * A client address of its own (TEST-NET-2, 198.51.100.0/24, then on): buyers in tests are
 * different people, as the rate limits and the hold cap per client address see them.
 */
export function nextClientAddress(): string {
  const n = ++clients;
  return `198.${51 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * A browser-like buyer: its own signed session cookie, the CSRF token the page would carry (sent
 * on GETs too, as the widgets do), the cookie the server sets when it rotates the session, and
 * its own client address (or the one given: buyers behind one NAT).
 */
export function buyer(app: FastifyInstance, secret = 'test-secret', address = nextClientAddress()): Buyer {
  let sessionId = issueSessionId(secret);
  const follow = (r: { cookies: Array<{ name: string; value: string }> }) => {
    const next = r.cookies.find((c) => c.name === SESSION_PARAM)?.value;
    if (next) sessionId = next;
  };
  const answer = (r: Awaited<ReturnType<FastifyInstance['inject']>>) => {
    follow(r);
    return { status: r.statusCode, json: () => r.json(), body: r.body };
  };
  return {
    get sessionId() {
      return sessionId;
    },
    get csrf() {
      return csrfTokenFor(sessionId, secret);
    },
    async get(url, headers = {}) {
      const csrf = csrfTokenFor(sessionId, secret);
      return answer(
        await app.inject({
          method: 'GET',
          url,
          remoteAddress: address,
          cookies: { [SESSION_PARAM]: sessionId },
          headers: { 'x-csrf-token': csrf, ...headers },
        }),
      );
    },
    async post(url, form) {
      const payload = new URLSearchParams({
        ...Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])),
        [CSRF_PARAM]: csrfTokenFor(sessionId, secret),
      }).toString();
      return answer(
        await app.inject({
          method: 'POST',
          url,
          remoteAddress: address,
          cookies: { [SESSION_PARAM]: sessionId },
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload,
        }),
      );
    },
  };
}
