import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSitePages } from '../src/server/plugin.js';
import { assets } from './fixtures.js';
import { openSiteApp, type SiteApp } from './site-app.js';

/** Directive → sources of a Content-Security-Policy header. */
function directives(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/** Every <script> start tag of a document, with its attributes. */
function scriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
}

describe('finding 8: the pages carry a real Content-Security-Policy', () => {
  let site: SiteApp;

  beforeAll(async () => {
    site = await openSiteApp({
      // A client build's manifest, so that the pages load their entry scripts.
      sitePages: createSitePages({ assets, partnerScripts: new Map() }),
      sql: `INSERT INTO cities (id, subdomain, name, support_phone) VALUES (1, 'www', 'Москва', '+7 495 111-11-11');
INSERT INTO partners (name, hash, allowed_origins) VALUES ('Партнёр', 'partner-hash-1', ARRAY['https://partner.example'])`,
      now: new Date('2030-03-01T12:00:00Z'),
    });
  }, 60_000);

  afterAll(() => site?.close());

  const get = (url: string, headers: Record<string, string> = {}) => site.get(url, headers);

  it('allows scripts from this site only, no inline script at all, and nothing for plugins or <base>', async () => {
    for (const url of ['/', '/landing/help_faq/', '/no-such-page/']) {
      const res = await get(url);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
      // The checkout frames the sandbox bank, served by this same server, and posts its form there.
      expect(csp.get('frame-src')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'", 'https://partner.example']);

      // Every script that runs is loaded from this site; only data blocks (never executed) are inline.
      const tags = scriptTags(res.body).filter((t) => !t.includes('type="application/json"'));
      expect(
        tags.some((t) => t.includes('type="module"')),
        url,
      ).toBe(true);
      for (const tag of tags) expect(tag, url).toMatch(/\ssrc="\/assets\//);
      // No inline event handler either: it would need 'unsafe-inline'.
      expect(res.body).not.toMatch(/<[^>]+\son[a-z]+=/i);
    }
  });

  it('keeps the pages’ stricter Referrer-Policy and adds nosniff and Permissions-Policy to pages, assets and 404s', async () => {
    const page = await get('/landing/help_faq/');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    for (const res of [
      page,
      await get('/assets/missing.js'),
      await get('/no-such-page/', { accept: 'application/json' }),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['permissions-policy']).toContain('camera=()');
    }
  });
});
