import type { FastifyInstance } from 'fastify';
import { CSRF_PARAM, SESSION_PARAM } from '../../src/http/names.js';
import { csrfTokenFor, issueSessionId } from '../../src/http/session.js';
import { nextClientAddress } from './app.js';

/**
 * A browser for the outside sign-in tests: its session cookie (following the server's, which
 * moves at a sign-in), the page's CSRF token and an address of its own; it follows no redirect.
 */
export function oauthBrowser(app: FastifyInstance, opts: { secret: string; publicUrl: string; sid?: string }) {
  const { secret, publicUrl } = opts;
  const address = nextClientAddress();
  const b = {
    sid: opts.sid ?? issueSessionId(secret),
    async send(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
      const csrf = csrfTokenFor(b.sid, secret);
      const r = await app.inject({
        method,
        url,
        remoteAddress: address,
        cookies: { [SESSION_PARAM]: b.sid },
        headers: { 'x-csrf-token': csrf, origin: publicUrl },
        ...(form
          ? {
              payload: new URLSearchParams({ ...form, [CSRF_PARAM]: csrf }).toString(),
              headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': csrf, origin: publicUrl },
            }
          : {}),
      });
      const next = r.cookies.find((c) => c.name === SESSION_PARAM)?.value;
      if (next) b.sid = next;
      return r;
    },
    get: (url: string) => b.send('GET', url),
    post: (url: string, form: Record<string, string>) => b.send('POST', url, form),
  };
  return b;
}

export type OAuthBrowser = ReturnType<typeof oauthBrowser>;
