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
  sessionId: string;
  csrf: string;
  get(url: string): Promise<{ status: number; json: () => any; body: string }>;
  post(url: string, form: Record<string, string | number>): Promise<{ status: number; json: () => any; body: string }>;
}

/** A browser-like buyer: its own signed session cookie and the CSRF token the page would carry. */
export function buyer(app: FastifyInstance, secret = 'test-secret'): Buyer {
  const sessionId = issueSessionId(secret);
  const csrf = csrfTokenFor(sessionId, secret);
  const cookies = { [SESSION_PARAM]: sessionId };
  return {
    sessionId,
    csrf,
    async get(url) {
      const r = await app.inject({ method: 'GET', url, cookies });
      return { status: r.statusCode, json: () => r.json(), body: r.body };
    },
    async post(url, form) {
      const payload = new URLSearchParams({
        ...Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])),
        [CSRF_PARAM]: csrf,
      }).toString();
      const r = await app.inject({
        method: 'POST',
        url,
        cookies,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      return { status: r.statusCode, json: () => r.json(), body: r.body };
    },
  };
}
