/**
 * Issue 9: pages carry an entity tag (304 when the browser has the page already) and are
 * compressed; the tag changes when what the page shows changes, here a hold on the show's
 * performance.
 */

import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cachedCatalogueOf } from '@partera/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAssets } from '../src/server/assets.js';
import { createSitePages } from '../src/server/plugin.js';
import { openSiteApp, type SiteApp } from './site-app.js';

const FIXTURE = `
INSERT INTO cities (id, subdomain, name, support_phone) VALUES (1, 'www', 'Москва', '+7 495 111-11-11');
INSERT INTO genres (id, name, slug) VALUES (1, 'Драма', 'drama');
INSERT INTO buildings (id, city_id, name, slug, address) VALUES (1, 1, 'Малый театр', 'maly', 'Театральная пл., 1');
INSERT INTO halls (id, building_id, name, kind, place_count) VALUES (1, 1, 'Основная сцена', 'theatre', 2);
INSERT INTO sections (id, hall_id, name, kind) VALUES (1, 1, 'Партер', 'seated');
INSERT INTO places (id, hall_id, section_id, row_label, number, x, y) VALUES (1, 1, 1, '1', '1', 0, 0), (2, 1, 1, '1', '2', 10, 0);
INSERT INTO shows (id, slug, name, genre_id, building_id, age_mark, description) VALUES
  (1, 'anna-karenina', 'Анна Каренина', 1, 1, 16, 'Роман на сцене');
INSERT INTO performances (id, show_id, hall_id, starts_at) VALUES (1, 1, 1, '2030-03-10T16:00:00Z');
INSERT INTO price_categories (id, performance_id, color, price) VALUES (1, 1, '#c00', 150000);
INSERT INTO performance_places (id, performance_id, place_id, price_category_id) VALUES (1, 1, 1, 1), (2, 1, 2, 1)
`;

/** The site over FIXTURE, without a client build, with these settings changed. */
const openSite = (config?: Parameters<typeof openSiteApp>[0]['config']) =>
  openSiteApp({
    sitePages: createSitePages({
      assets: loadAssets(path.join(import.meta.dirname, 'no-build')),
      partnerScripts: new Map(),
    }),
    sql: FIXTURE,
    now: new Date('2030-03-01T12:00:00Z'),
    ...(config ? { config } : {}),
  });

describe('issue 9: pages with entity tags and compression', () => {
  let site: SiteApp;
  let cookie: string;

  beforeAll(async () => {
    site = await openSite();
    const first = await site.get('/landing/help_faq/');
    cookie = `sid=${first.cookies.find((c) => c.name === 'sid')!.value}`;
  }, 60_000);

  afterAll(() => site?.close());

  it('answers 304 to a browser that has the page, and the page again once it changed', async () => {
    const page = await site.get('/show/anna-karenina/', { cookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    const tag = page.headers.etag as string;
    expect(tag).toMatch(/^W\/"[\w-]{22}"$/);

    const again = await site.get('/show/anna-karenina/', { cookie, 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);

    // Another buyer takes both seats: the show page says the performance is sold out, and its tag changes.
    const other = await site.get('/landing/help_faq/');
    const sid = other.cookies.find((c) => c.name === 'sid')!.value;
    const csrf = /name="csrf-token" content="([^"]+)"/.exec(other.body)![1]!;
    for (const cypher of ['1', '2']) {
      const held = await site.app.inject({
        method: 'POST',
        url: '/hallPlace/select/',
        headers: {
          cookie: `sid=${sid}`,
          'x-csrf-token': csrf,
          origin: 'http://localhost:80',
          'sec-fetch-site': 'same-origin',
        },
        payload: { cypher },
      });
      expect(held.json()).toMatchObject({ result: 1 });
    }
    const changed = await site.get('/show/anna-karenina/', { cookie, 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
  });

  it('compresses with brotli or gzip as the browser accepts, the same page either way', async () => {
    const plain = await site.get('/show/anna-karenina/', { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await site.get('/show/anna-karenina/', { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await site.get('/show/anna-karenina/', { cookie, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });
});

describe('issue 9: the waiting page of the admission gate', () => {
  let site: SiteApp;

  beforeAll(async () => {
    // One buyer at once, one more a second: the second buyer waits.
    site = await openSite({ admission: { rate: 1, burst: 1 } });
  }, 60_000);

  afterAll(() => site?.close());

  it('shows a buyer past the rate its place in the queue, and the browser asks again by itself', async () => {
    const first = await site.get('/performance/1/');
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain('Очередь на выбор мест');
    const second = await site.get('/performance/1/');
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('Очередь на выбор мест');
    expect(second.body).toMatch(/Ваше место в очереди: <strong>1<\/strong>/);
    expect(second.headers.refresh).toBe('1');
    expect(second.headers['retry-after']).toBe('1');
  });

  it('gives each waiting buyer its own place on a page whose rest is rendered and compressed once', async () => {
    // New visitors join the queue until the ninth and the tenth place: pages of different lengths.
    const placeOf = (page: string) => /Ваше место в очереди: <strong>(\d+)<\/strong>/.exec(page)?.[1];
    const pages: { raw: Buffer; text: string }[] = [];
    while (placeOf(pages.at(-1)?.text ?? '') !== '10') {
      const answer = await site.get('/performance/1/', { 'accept-encoding': 'br' });
      pages.push({ raw: answer.rawPayload, text: brotliDecompressSync(answer.rawPayload).toString() });
      expect(pages.length).toBeLessThan(12);
    }
    const [ninth, tenth] = [pages.at(-2)!.raw, pages.at(-1)!.raw];
    const [a, b] = [pages.at(-2)!.text, pages.at(-1)!.text];
    expect([placeOf(a), placeOf(b)]).toEqual(['9', '10']);
    expect(a).toContain('Анна Каренина');
    expect(b.endsWith('</html>\n')).toBe(true);
    const before = (page: string) => page.slice(0, page.indexOf('<p class="waiting__position">'));
    expect(before(a)).toBe(before(b));
    // Pages of different lengths, yet the compressed answers share every byte of the shared
    // part: it was compressed once, and only the buyer's own lines and session follow it.
    const own = b.slice(before(b).length);
    let same = 0;
    while (ninth[same] === tenth[same]) same++;
    expect(same).toBeGreaterThan(tenth.length / 2);
    expect(tenth.length - same).toBeLessThan(Buffer.byteLength(own) + 16);
  });
});

/**
 * Issue 13 (decision 0049): pages a new visitor gets are rendered and compressed once and kept;
 * each visitor still gets their own session in the page, and a change of what a page shows makes
 * the next answer new (a hold on the hall page, a review on the reviews tab).
 */
const SESSION_META = /<meta name="(session-id|csrf-token)" content="[^"]*">/g;
const metaOf = (page: string, name: string) => new RegExp(`<meta name="${name}" content="([^"]+)">`).exec(page)?.[1];

describe('issue 13: pages kept for new visitors', () => {
  let site: SiteApp;

  beforeAll(async () => {
    site = await openSite();
  }, 60_000);

  afterAll(() => site?.close());

  it('gives two new visitors the same page, each with their own session and CSRF token', async () => {
    for (const url of ['/', '/show/anna-karenina/', '/performance/1/', '/afisha/', '/kassa/']) {
      const [a, b] = [
        await site.get(url, { 'accept-encoding': 'br' }),
        await site.get(url, { 'accept-encoding': 'gzip' }),
      ];
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const pageA = brotliDecompressSync(a.rawPayload).toString();
      const pageB = gunzipSync(b.rawPayload).toString();
      const sidA = a.cookies.find((c) => c.name === 'sid')!.value;
      const sidB = b.cookies.find((c) => c.name === 'sid')!.value;
      expect(sidA).not.toBe(sidB);
      // Each page names its own visitor's session, and nothing else differs.
      expect(sidA.startsWith(metaOf(pageA, 'session-id')!)).toBe(true);
      expect(sidB.startsWith(metaOf(pageB, 'session-id')!)).toBe(true);
      expect(metaOf(pageA, 'csrf-token')).not.toBe(metaOf(pageB, 'csrf-token'));
      expect(pageA.replace(SESSION_META, '')).toBe(pageB.replace(SESSION_META, ''));
      expect(pageA.endsWith('</html>\n')).toBe(true);
      expect(a.headers.etag).not.toBe(b.headers.etag);
    }
  });

  it("each visitor's CSRF token from a kept page is accepted for that visitor's session", async () => {
    const cache = cachedCatalogueOf(site.app.deps).cache;
    const before = cache.counts();
    await site.get('/performance/1/');
    const page = await site.get('/performance/1/');
    // The hall's data is read from the database at most once for both visitors.
    expect(cache.counts().reads - before.reads).toBeLessThanOrEqual(1);
    expect(cache.counts().hits - before.hits).toBeGreaterThanOrEqual(1);
    const sid = page.cookies.find((c) => c.name === 'sid')!.value;
    const held = await site.app.inject({
      method: 'POST',
      url: '/hallPlace/select/',
      headers: {
        cookie: `sid=${sid}`,
        'x-csrf-token': metaOf(page.body, 'csrf-token')!,
        origin: 'http://localhost:80',
        'sec-fetch-site': 'same-origin',
      },
      payload: { cypher: '1' },
    });
    expect(held.json()).toMatchObject({ result: 1 });
    // The hold is a change of the performance: the next new visitor's hall page shows it.
    const after = await site.get('/performance/1/');
    expect(after.body).toContain('"freePlaces":1');
  });

  it('shows a new review on the reviews tab at once', async () => {
    const before = await site.get('/show/anna-karenina/reviews/');
    expect(before.body).not.toContain('Прекрасный спектакль, всем советую');
    await site.db.query(
      `INSERT INTO reviews (show_id, author_name, text, rating) VALUES (1, 'Ольга', 'Прекрасный спектакль, всем советую', 5)`,
    );
    const after = await site.get('/show/anna-karenina/reviews/');
    expect(after.body).toContain('Прекрасный спектакль, всем советую');
  });
});
