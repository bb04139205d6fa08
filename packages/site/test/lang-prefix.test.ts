import path from 'node:path';
import { buildApp, type FastifyInstance, loadConfig } from '@partera/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailContextOf } from '../../server/src/notifications/order-mail.js';
import { attachmentAddress } from '../../server/src/notifications/senders/smtp.js';
import {
  absoluteUrl,
  callbackPath,
  orderIdOfPaymentSessionUrl,
  paymentSessionPath,
  returnUrlsFor,
  ticketPdfPath,
} from '../../server/src/payments/urls.js';
import { describeEachDatabase } from '../../server/test/support/databases.js';
import { loadAssets } from '../src/server/assets.js';
import { createSitePages } from '../src/server/plugin.js';
import { metaContent } from './html.js';

/**
 * The language prefix (spec 2.1: "When a language prefix is configured, paths become
 * /{langPrefix}/{path}"; decision 0054): with LANG_PREFIX=en every page and call answers under
 * /en/, every address a page carries starts with /en/, redirects stay under it, and an address
 * without it is sent to the one with it.
 */

const NOW = new Date('2030-03-01T12:00:00Z');
const PUBLIC_URL = 'https://www.partera.example';

const FIXTURE = `
INSERT INTO cities (id, subdomain, name, support_phone) VALUES (1, 'www', 'Москва', '+7 495 111-11-11');
INSERT INTO genres (id, name, slug) VALUES (1, 'Театр', 'teatr');
INSERT INTO buildings (id, city_id, name, slug, address) VALUES (1, 1, 'Малый театр', 'maly', 'Театральная пл., 1');
INSERT INTO halls (id, building_id, name, kind) VALUES (1, 1, 'Основная сцена', 'theatre');
INSERT INTO shows (id, slug, name, genre_id, building_id, age_mark, description) VALUES
  (1, 'anna-karenina', 'Анна Каренина', 1, 1, 16, 'Роман Толстого на сцене');
INSERT INTO performances (id, show_id, hall_id, starts_at, sale_state) VALUES (1, 1, 1, '2030-03-10T16:00:00Z', 'on_sale')
`;

/** Every root-relative address in the HTML's attributes (href, action, src, data-*). */
const addressesOf = (html: string) =>
  [...html.matchAll(/\s(?:href|action|src|data-[a-z0-9-]+)="(\/[^"]*)"/g)].map((m) => m[1] as string);

describeEachDatabase('the language prefix', (get) => {
  let app: FastifyInstance;
  let plain: FastifyInstance;

  beforeAll(async () => {
    const { db } = get();
    for (const statement of FIXTURE.split(/;\n/)) if (statement.trim()) await db.query(statement);
    const base = {
      ...loadConfig({ NODE_ENV: 'test', SECRET: 'test-secret' }),
      databaseUrl: undefined,
      publicUrl: PUBLIC_URL,
    };
    const pages = () =>
      createSitePages({ assets: loadAssets(path.join(import.meta.dirname, 'no-build')), partnerScripts: new Map() });
    const deps = { db, clock: { now: () => NOW } };
    app = await buildApp({ ...deps, config: { ...base, ...loadConfigPrefix('en') } }, { plugins: [pages()] });
    plain = await buildApp({ ...deps, config: base }, { plugins: [pages()] });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await plain?.close();
  });

  const loadConfigPrefix = (prefix: string) => ({ langPrefix: loadConfig({ LANG_PREFIX: prefix }).langPrefix });
  const page = (server: FastifyInstance, url: string) =>
    server.inject({ method: 'GET', url, headers: { host: 'www.partera.example', accept: 'text/html' } });

  it('reads LANG_PREFIX with or without slashes, and refuses what cannot stand in a path', () => {
    expect(loadConfig({}).langPrefix).toBe('');
    expect(loadConfig({ LANG_PREFIX: '/en/' }).langPrefix).toBe('en');
    expect(() => loadConfig({ LANG_PREFIX: 'e n' })).toThrow(/LANG_PREFIX/);
  });

  it('answers the pages under the prefix, every address on them carrying it', async () => {
    for (const url of [
      '/en/',
      '/en/show/anna-karenina/',
      '/en/performance/1/',
      '/en/shopcart/',
      '/en/search/performance/?text=анна',
    ]) {
      const res = await page(app, url);
      expect(res.statusCode, url).toBe(200);
      expect(metaContent(res.body, 'lang-prefix')).toBe('en');
      const addresses = addressesOf(res.body);
      expect(addresses.length, url).toBeGreaterThan(3);
      // The build's files stay at /assets/ for every prefix (their scripts import each other so).
      expect(
        addresses.filter((a) => !a.startsWith('/en/') && !a.startsWith('/assets/')),
        url,
      ).toEqual([]);
    }
    const show = (await page(app, '/en/show/anna-karenina/')).body;
    expect(show).toContain('href="/en/genre/teatr/"');
    expect(show).toContain('<link rel="canonical" href="https://www.partera.example/en/show/anna-karenina/">');
  });

  it('answers the calls under the prefix', async () => {
    const ask = (server: FastifyInstance, url: string) =>
      server.inject({
        method: 'POST',
        url,
        payload: 'text=анна',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const res = await ask(app, '/en/search/autocomplete/');
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBeGreaterThan(0);
    expect(res.body).toBe((await ask(plain, '/search/autocomplete/')).body);
  });

  it('sends an address without the prefix to the one with it, keeping the method', async () => {
    const res = await page(app, '/show/anna-karenina/?utm_source=vk');
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/en/show/anna-karenina/?utm_source=vk');
    const post = await app.inject({ method: 'POST', url: '/login/', payload: {} });
    expect(post.statusCode).toBe(308);
    expect(post.headers.location).toBe('/en/login/');
  });

  it("keeps the site's own redirects under the prefix", async () => {
    const res = await page(app, '/en/recommendations');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/en/recommendations/');
  });

  it('answers payment notifications at the root too: an acquirer need not follow a redirect', async () => {
    const notify = (server: FastifyInstance, url: string) =>
      server.inject({ method: 'POST', url, payload: { PaymentId: 'forged', Status: 'CONFIRMED' } });
    const atRoot = await notify(plain, '/payment/callback/sandbox/');
    for (const url of ['/payment/callback/sandbox/', '/en/payment/callback/sandbox/']) {
      const res = await notify(app, url);
      expect(res.statusCode).not.toBe(308);
      expect([res.statusCode, res.body]).toEqual([atRoot.statusCode, atRoot.body]);
    }
    expect(atRoot.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('writes the addresses for outside use (e-mails, banks, attachments) under the prefix: none meets a redirect', async () => {
    const { config } = app.deps;
    const order = { id: 1, accessToken: 'tok' };
    const returns = returnUrlsFor(config, order);
    const session = absoluteUrl(config, paymentSessionPath(order.id));
    const outside = [
      returns.successUrl,
      returns.failUrl,
      session,
      absoluteUrl(mailContextOf(config), '/private/orders'),
      attachmentAddress(config, ticketPdfPath('ABCDEFGHJKLM', 'tok')).toString(),
    ];
    for (const url of outside) {
      expect(url.startsWith('https://www.partera.example/en/'), url).toBe(true);
      const res = await page(app, new URL(url).pathname + new URL(url).search);
      expect(res.statusCode, url).not.toBe(308);
    }
    // The acquirers post their notifications to the root, where they are answered too.
    expect(absoluteUrl(config, callbackPath('tbank'))).toBe('https://www.partera.example/payment/callback/tbank/');
    // The partner pay flow hands the session address back: it names its order with the prefix or without.
    expect(orderIdOfPaymentSessionUrl(session, config.langPrefix)).toBe(1);
    expect(orderIdOfPaymentSessionUrl('/payment/session/1/', config.langPrefix)).toBe(1);
    expect(orderIdOfPaymentSessionUrl('/de/payment/session/1/', config.langPrefix)).toBeNull();
    expect(returnUrlsFor(plain.deps.config, order).failUrl).toBe(
      'https://www.partera.example/shopcart/?payment=failed&orderId=1',
    );
  });

  it("keeps the build's files at the root", async () => {
    const css = await page(app, '/assets/site.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('keeps robots.txt at the root and points it at the prefixed sitemap', async () => {
    const robots = await page(app, '/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: https://www.partera.example/en/sitemap.xml');
    const sitemap = await page(app, '/en/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs.length).toBeGreaterThan(0);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/www\.partera\.example\/en\//);
  });

  it('changes nothing without a prefix', async () => {
    const res = await page(plain, '/show/anna-karenina/');
    expect(res.statusCode).toBe(200);
    expect(metaContent(res.body, 'lang-prefix')).toBeUndefined();
    expect(res.body).toContain('href="/genre/teatr/"');
    expect((await page(plain, '/en/show/anna-karenina/')).statusCode).toBe(404);
  });
});
