import { loadConfig } from '@partera/server';
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

describe('issue 12: YooKassa’s checkout widget in the Content-Security-Policy', () => {
  const WIDGET = 'https://widget.yookassa.example/checkout-widget/v1/checkout-widget.js';
  /** The site with YooKassa as its card provider, confirming by the widget or on YooKassa's page. */
  const siteWith = (confirmation: 'embedded' | 'redirect') =>
    openSiteApp({
      sitePages: createSitePages({ assets, partnerScripts: new Map() }),
      sql: `INSERT INTO cities (id, subdomain, name, support_phone) VALUES (1, 'www', 'Москва', '+7 495 111-11-11')`,
      now: new Date('2030-03-01T12:00:00Z'),
      config: {
        payments: loadConfig({
          PAYMENT_PROVIDER: 'yookassa',
          YOOKASSA_SHOP_ID: '123456',
          YOOKASSA_SECRET_KEY: 'test_secret',
          YOOKASSA_CONFIRMATION: confirmation,
          YOOKASSA_WIDGET_URL: WIDGET,
        }).payments,
      },
    });
  let embedded: SiteApp;
  let redirect: SiteApp;

  beforeAll(async () => {
    [embedded, redirect] = await Promise.all([siteWith('embedded'), siteWith('redirect')]);
  }, 60_000);

  afterAll(async () => {
    await embedded?.close();
    await redirect?.close();
  });

  it('allows the widget script’s origin in script-src and frame-src when the checkout pays by the widget', async () => {
    for (const url of ['/', '/landing/help_faq/']) {
      const csp = directives((await embedded.get(url)).headers['content-security-policy'] as string);
      expect(csp.get('script-src'), url).toEqual(["'self'", 'https://widget.yookassa.example']);
      expect(csp.get('frame-src'), url).toEqual(["'self'", 'https://widget.yookassa.example']);
      // Nothing else is widened: the bank form still posts to this site only, and fetches stay here.
      expect(csp.get('form-action'), url).toEqual(["'self'"]);
      expect(csp.get('connect-src'), url).toEqual(["'self'"]);
    }
  });

  it('allows no outside script or frame when YooKassa confirms on its own page', async () => {
    const csp = directives((await redirect.get('/')).headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'self'"]);
  });
});
