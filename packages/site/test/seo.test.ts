import path from 'node:path';
import { buildApp, changeFeedOf, type FastifyInstance, loadConfig } from '@partera/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../server/test/support/databases.js';
import { loadAssets } from '../src/server/assets.js';
import { createSitePages } from '../src/server/plugin.js';
import { canonicalUrl, publicSiteOf, robotsTxt } from '../src/server/seo.js';
import { sitemapDocument } from '../src/server/sitemap.js';
import { metaContent } from './html.js';

/**
 * SEO beyond the spec (issue 13, decision 0043): each page's own title and description, the
 * canonical address on its city's host whichever alias or query noise it was reached by,
 * OpenGraph tags, robots.txt and the sitemaps of each regional host.
 */

const NOW = new Date('2030-03-01T12:00:00Z');
const PUBLIC_URL = 'https://www.partera.example';

const FIXTURE = `
INSERT INTO cities (id, subdomain, name, support_phone) VALUES
  (1, 'www', 'Москва', '+7 495 111-11-11'), (2, 'spb', 'Санкт-Петербург', '+7 812 222-22-22');
INSERT INTO genres (id, name, slug) VALUES (1, 'Театр', 'teatr');
INSERT INTO genres (id, parent_id, name, slug) VALUES (2, 1, 'Драма', 'drama');
INSERT INTO buildings (id, city_id, name, slug, address) VALUES
  (1, 1, 'Малый театр', 'maly', 'Театральная пл., 1'), (2, 2, 'Александринский театр', 'alexandrinsky', 'пл. Островского, 6');
INSERT INTO halls (id, building_id, name, kind) VALUES (1, 1, 'Основная сцена', 'theatre'), (2, 2, 'Большая сцена', 'theatre');
INSERT INTO shows (id, slug, name, genre_id, building_id, age_mark, description) VALUES
  (1, 'anna-karenina', 'Анна Каренина', 2, 1, 16, 'Роман Толстого на сцене'),
  (2, 'revizor', 'Ревизор', 2, 2, 12, ''),
  (3, 'chayka', 'Чайка "и" <море>', 2, 1, 12, '');
INSERT INTO performances (id, show_id, hall_id, starts_at, sale_state) VALUES
  (1, 1, 1, '2030-03-10T16:00:00Z', 'on_sale'),
  (2, 2, 2, '2030-03-11T16:00:00Z', 'on_sale'),
  (3, 1, 1, '2030-02-10T16:00:00Z', 'on_sale'),
  (4, 1, 1, '2030-03-12T16:00:00Z', 'closed'),
  (5, 3, 1, '2030-04-01T16:00:00Z', 'soon')
`;

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const og = (html: string, name: string) =>
  new RegExp(`<meta property="og:${name}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describeEachDatabase('SEO: heads, robots.txt and sitemaps', (get) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const { db } = get();
    for (const statement of FIXTURE.split(/;\n/)) if (statement.trim()) await db.query(statement);
    const config = {
      ...loadConfig({ NODE_ENV: 'test', SECRET: 'test-secret' }),
      databaseUrl: undefined,
      publicUrl: PUBLIC_URL,
    };
    const sitePages = createSitePages({
      assets: loadAssets(path.join(import.meta.dirname, 'no-build')),
      partnerScripts: new Map(),
    });
    app = await buildApp({ db, clock: { now: () => NOW }, config }, { plugins: [sitePages] });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const page = (url: string, host = 'www.partera.example') =>
    app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });

  it("puts a show's canonical address on its city's host, whatever alias and noise it was reached by", async () => {
    for (const [url, host] of [
      ['/show/anna-karenina/', 'www.partera.example'],
      ['/show/anna-karenina/?utm_source=vk&yclid=42&sid=abc', 'partera.example'],
      ['/show/anna-karenina/?iframe_hash=h1', 'spb.partera.example'],
      ['/show/anna-karenina/', 'localhost:3000'],
    ] as const) {
      const res = await page(url, host);
      expect(res.statusCode).toBe(200);
      expect(canonicalOf(res.body)).toBe('https://www.partera.example/show/anna-karenina/');
    }
    const spb = await page('/show/revizor/?utm_campaign=x');
    expect(canonicalOf(spb.body)).toBe('https://spb.partera.example/show/revizor/');
  });

  it("gives a show page OpenGraph tags with the show's poster", async () => {
    const html = (await page('/show/anna-karenina/?utm_source=vk')).body;
    expect(titleOf(html)).toBe('Анна Каренина — билеты, Малый театр | Partera');
    expect(og(html, 'title')).toBe('Анна Каренина — билеты, Малый театр');
    expect(og(html, 'type')).toBe('website');
    expect(og(html, 'url')).toBe('https://www.partera.example/show/anna-karenina/');
    // The PNG drawn from the poster (decision 0048), versioned by what the poster prints.
    expect(og(html, 'image')).toMatch(/^https:\/\/www\.partera\.example\/media\/og\/1\.png\?v=[\w-]{12}$/);
    expect(metaContent(html, 'twitter:image')).toBe(og(html, 'image'));
    expect(og(html, 'description')).toBe(metaContent(html, 'description'));
    expect(metaContent(html, 'description')).toContain('«Анна Каренина», Малый театр');
    expect(og(html, 'site_name')).toBe('Partera');
  });

  it('escapes what a show name brings into the head', async () => {
    const html = (await page('/show/chayka/')).body;
    expect(html).toContain(
      '<meta property="og:title" content="Чайка &quot;и&quot; &lt;море&gt; — билеты, Малый театр">',
    );
    expect(html).not.toContain('<море>');
  });

  it("puts a city's home page on its city's host and keeps only the page number of its query", async () => {
    const spb = await page('/?utm_source=x&page=1&fbclid=y', 'spb.partera.example');
    expect(canonicalOf(spb.body)).toBe('https://spb.partera.example/');
    expect(og(spb.body, 'image')).toBeUndefined();
    const second = await page('/?page=2&utm_medium=email', 'spb.partera.example');
    expect(canonicalOf(second.body)).toBe('https://spb.partera.example/?page=2');
    // A city chosen by the cookie on a host without city labels is still the city's page.
    const byCookie = await app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'localhost:3000', cookie: 'city=spb' },
    });
    expect(canonicalOf(byCookie.body)).toBe('https://spb.partera.example/');
    const www = await page('/', 'unknown-alias.partera.example');
    expect(canonicalOf(www.body)).toBe('https://www.partera.example/');
  });

  it('puts the pages that read the same in every city on the capital host', async () => {
    const res = await page('/landing/help_faq/?ref=mail', 'spb.partera.example');
    expect(canonicalOf(res.body)).toBe('https://www.partera.example/landing/help_faq/');
  });

  it('describes a hall page by its performance and drops the package mode from its address', async () => {
    const res = await page('/performance/2/?packageId=7&utm_source=x');
    expect(res.statusCode).toBe(200);
    expect(canonicalOf(res.body)).toBe('https://spb.partera.example/performance/2/');
    expect(metaContent(res.body, 'description')).toBe(
      'Билеты на «Ревизор» 11 марта 19:00, Александринский театр: выбор мест на схеме зала. Без комиссии и сервисного сбора.',
    );
    expect(og(res.body, 'image')).toBe('https://spb.partera.example/media/poster/2.svg');
  });

  it('gives every page its own title and description, and no canonical address to pages not indexed', async () => {
    const urls = [
      '/',
      '/show/anna-karenina/',
      '/performance/1/',
      '/landing/useragreement/',
      '/landing/help_faq/',
      '/shopcart/',
      '/login/',
      '/search/performance/?text=анна',
    ];
    const heads = await Promise.all(urls.map(async (u) => (await page(u)).body));
    const titles = heads.map(titleOf);
    const descriptions = heads.map((h) => metaContent(h, 'description'));
    for (const d of descriptions) expect(d).toMatch(/\S{3}/);
    expect(new Set(titles).size).toBe(urls.length);
    expect(new Set(descriptions).size).toBe(urls.length);
    const basket = heads[5]!;
    expect(metaContent(basket, 'robots')).toBe('noindex');
    expect(canonicalOf(basket)).toBeUndefined();
    expect(og(basket, 'url')).toBeUndefined();
    expect(metaContent(basket, 'description')).toBe(
      'Корзина и оформление заказа. Билеты на спектакли, концерты и выставки без комиссии и сервисного сбора.',
    );
    expect(canonicalOf(heads[7]!)).toBeUndefined();
  });

  it("answers robots.txt for the host's city with the private paths closed and its sitemap", async () => {
    const res = await page('/robots.txt', 'spb.partera.example');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    for (const path of [
      '/private/',
      '/shopcart/',
      '/order/',
      '/payment/',
      '/search/*?g=',
      '/search/*&mnd=',
      '/*?sid=',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /search/');
    expect(lines).not.toContain('Disallow: /show/');
    expect(lines).toContain('Sitemap: https://spb.partera.example/sitemap.xml');
    // A crawler carries no cookie: on a host without labels the capital's sitemap is named.
    const local = await app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'localhost:3000', cookie: 'city=spb' },
    });
    expect(local.body).toContain('Sitemap: https://www.partera.example/sitemap.xml');
  });

  it("lists a city's home, its shows and its upcoming hall pages in its host's sitemap", async () => {
    const www = await page('/sitemap.xml');
    expect(www.statusCode).toBe(200);
    expect(www.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(www.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    // Other city pages are listed once the site serves them (the box offices, the genre pages).
    const served = (...paths: string[]) => paths.filter((p) => app.hasRoute({ method: 'GET', url: p }));
    const cityPages = (host: string) => [
      ...served('/afisha/', '/kassa/', '/recommendations/').map((p) => `${host}${p}`),
      ...(served('/genre/:genre/').length > 0 ? [`${host}/genre/teatr/`, `${host}/genre/teatr/drama/`] : []),
    ];
    expect(locs(www.body).sort()).toEqual(
      [
        'https://www.partera.example/',
        ...cityPages('https://www.partera.example'),
        'https://www.partera.example/landing/useragreement/',
        'https://www.partera.example/landing/help_faq/',
        'https://www.partera.example/landing/cashback_rules/',
        'https://www.partera.example/loyalty/',
        'https://www.partera.example/show/anna-karenina/',
        'https://www.partera.example/show/chayka/',
        // Performance 1 and the coming-soon 5; 3 is past and 4 closed.
        'https://www.partera.example/performance/1/',
        'https://www.partera.example/performance/5/',
      ].sort(),
    );
    const spb = await page('/sitemap.xml', 'spb.partera.example');
    expect(locs(spb.body).sort()).toEqual(
      [
        'https://spb.partera.example/',
        ...cityPages('https://spb.partera.example'),
        'https://spb.partera.example/show/revizor/',
        'https://spb.partera.example/performance/2/',
      ].sort(),
    );
    expect(spb.body).not.toContain('/search/');
    // Every address listed is a page that answers.
    for (const loc of [...locs(www.body), ...locs(spb.body)]) {
      const u = new URL(loc!);
      expect((await page(u.pathname, u.host)).statusCode, loc).toBe(200);
    }
    expect((await page('/sitemap-1.xml')).statusCode).toBe(404);
    expect((await page('/sitemap-x.xml')).statusCode).toBe(404);
  });

  it('keeps the sitemap until the catalogue changes', async () => {
    const { db } = get();
    const before = (await page('/sitemap.xml')).body;
    await db.query(
      `INSERT INTO shows (id, slug, name, genre_id, building_id, age_mark) VALUES (4, 'tri-sestry', 'Три сестры', 2, 1, 12)`,
    );
    await db.query(
      `INSERT INTO performances (id, show_id, hall_id, starts_at) VALUES (6, 4, 1, '2030-03-20T16:00:00Z')`,
    );
    // Read from memory: nothing changed that the process heard of.
    expect((await page('/sitemap.xml')).body).toBe(before);
    // A performance it lists changed (a sale, a reschedule): the next sitemap is read again.
    changeFeedOf(db).availabilityChanged([1]);
    const after = locs((await page('/sitemap.xml')).body);
    expect(after).toContain('https://www.partera.example/show/tri-sestry/');
    expect(after).toContain('https://www.partera.example/performance/6/');
  });
});

describe('public hosts and canonical addresses', () => {
  it('places the cities by the configured public address', () => {
    const site = publicSiteOf('https://www.partera.ru');
    expect(canonicalUrl({ site, city: 'spb', url: '/?page=3&utm_source=x' })).toBe('https://spb.partera.ru/?page=3');
    expect(canonicalUrl({ site, city: 'www', url: '/show/a/?page=abc' })).toBe('https://www.partera.ru/show/a/');
    const bare = publicSiteOf('https://partera.ru');
    expect(canonicalUrl({ site: bare, city: 'www', url: '/' })).toBe('https://partera.ru/');
    expect(canonicalUrl({ site: bare, city: 'spb', url: '/' })).toBe('https://spb.partera.ru/');
    const local = publicSiteOf('http://localhost:3760');
    expect(canonicalUrl({ site: local, city: 'spb', url: '/kassa/' })).toBe('http://spb.localhost:3760/kassa/');
    expect(canonicalUrl({ site: local, city: 'www', url: '/' })).toBe('http://localhost:3760/');
    const ip = publicSiteOf('http://127.0.0.1:3760');
    expect(canonicalUrl({ site: ip, city: 'spb', url: '/' })).toBe('http://127.0.0.1:3760/');
    expect(robotsTxt(ip, 'spb')).toContain('Sitemap: http://127.0.0.1:3760/sitemap.xml');
  });

  it('splits a long sitemap into an index of parts', () => {
    const urls = ['https://a/1', 'https://a/2', 'https://a/3', 'https://a/4', 'https://a/5'];
    expect(locs(sitemapDocument(urls, 'https://a', null, 10)!)).toEqual(urls);
    const index = sitemapDocument(urls, 'https://a', null, 2)!;
    expect(index).toContain('<sitemapindex');
    expect(locs(index)).toEqual(['https://a/sitemap-1.xml', 'https://a/sitemap-2.xml', 'https://a/sitemap-3.xml']);
    expect(locs(sitemapDocument(urls, 'https://a', 2, 2)!)).toEqual(['https://a/3', 'https://a/4']);
    expect(locs(sitemapDocument(urls, 'https://a', 3, 2)!)).toEqual(['https://a/5']);
    expect(sitemapDocument(urls, 'https://a', 4, 2)).toBeNull();
    expect(sitemapDocument(urls, 'https://a', 0, 2)).toBeNull();
    expect(sitemapDocument(urls, 'https://a', 1, 10)).toBeNull();
    expect(sitemapDocument(['https://a/?x=1&y=<2>'], 'https://a', null)).toContain(
      '<loc>https://a/?x=1&amp;y=&lt;2&gt;</loc>',
    );
  });
});
