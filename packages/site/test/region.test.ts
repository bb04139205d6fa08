/**
 * Region and city (site-browsing-account.md 2.13, 4), the contact and cashback popups (2.14)
 * and the recommendations page (2.11) over HTTP: the city offered from the visitor's address by
 * the offline geo-IP database, X-Forwarded-For believed only from a proxy in TRUST_PROXY, the
 * question left out once answered (cookies), the answer cookies' domain; the popups' texts, the
 * phone per city and the FAQ link left out on the FAQ page.
 */
import path from 'node:path';
import { isPublicAddress, nearestCity } from '@partera/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASHBACK_BUTTON, CASHBACK_HEADLINE } from '../src/pages/popup/CashbackPopup.js';
import { loadAssets } from '../src/server/assets.js';
import { regionCookieDomain } from '../src/server/city.js';
import { createSitePages } from '../src/server/plugin.js';
import { visibleText } from './html.js';
import { openSiteApp, type SiteApp } from './site-app.js';

const NOW = new Date('2030-03-01T12:00:00Z');

/** Two cities with located venues (the offered city is the nearest city's venues). */
const FIXTURE = `
INSERT INTO cities (id, subdomain, name, support_phone) VALUES
  (1, 'www', 'Москва', '+7 495 111-11-11'), (2, 'spb', 'Санкт-Петербург', '+7 812 222-22-22');
INSERT INTO genres (id, name, slug) VALUES (1, 'Театр', 'teatr'), (2, 'Драма', 'drama'), (3, 'Концерты', 'kontserty');
UPDATE genres SET parent_id = 1 WHERE id = 2;
INSERT INTO buildings (id, city_id, name, slug, address, latitude, longitude) VALUES
  (1, 1, 'Малый театр', 'maly', 'Театральная пл., 1', 55.7601, 37.6208),
  (2, 2, 'Александринский театр', 'alexandrinsky', 'пл. Островского, 6', 59.9326, 30.3363);
INSERT INTO halls (id, building_id, name, kind) VALUES (1, 1, 'Основная сцена', 'theatre'), (2, 2, 'Большая сцена', 'theatre');
INSERT INTO shows (id, slug, name, genre_id, building_id, age_mark, description, rating, votes) VALUES
  (1, 'anna-karenina', 'Анна Каренина', 2, 1, 16, '', 4.5, 100),
  (2, 'revizor', 'Ревизор', 2, 2, 12, '', 4, 10),
  (3, 'dzhaz', 'Джаз <вечер>', 3, 1, 6, '', 5, 300),
  (4, 'proshlo', 'Прошедший концерт', 3, 1, 6, '', 5, 900);
INSERT INTO performances (id, show_id, hall_id, starts_at) VALUES
  (1, 1, 1, '2030-03-10T16:00:00Z'), (2, 2, 2, '2030-03-11T16:00:00Z'), (3, 3, 1, '2030-03-12T16:00:00Z'),
  (4, 4, 1, '2030-02-12T16:00:00Z')
`;

/** Petersburg and Moscow addresses of geoip-lite's shipped data; a documentation address nowhere. */
const SPB_ADDRESS = '5.18.0.1';
const MOSCOW_ADDRESS = '2a02:6b8::1';
const PROXY = '127.0.0.1';

describe('region, contact popup, recommendations page', () => {
  let site: SiteApp;

  beforeAll(async () => {
    site = await openSiteApp({
      sitePages: createSitePages({ assets: loadAssets(path.join(import.meta.dirname, 'no-build')) }),
      sql: FIXTURE,
      now: NOW,
      config: { trustProxy: [PROXY] },
    });
  }, 120_000);
  afterAll(() => site.close());

  /** A page as a browser at `client` sees it, through the proxy (or straight when `direct`). */
  const page = async (
    url: string,
    opts: { client?: string; direct?: boolean; host?: string; cookie?: string } = {},
  ) => {
    const r = await site.app.inject({
      method: 'GET',
      url,
      remoteAddress: opts.direct ? (opts.client ?? '203.0.113.9') : PROXY,
      headers: {
        host: opts.host ?? 'localhost',
        ...(opts.direct || !opts.client ? {} : { 'x-forwarded-for': opts.client }),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
      },
    });
    expect(r.statusCode, url).toBe(200);
    return r.body;
  };
  const attr = (html: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];

  it("offers the city found from the visitor's address: Petersburg on the capital's site", async () => {
    const html = await page('/', { client: SPB_ADDRESS });
    expect(attr(html, 'data-region-offered')).toBe('spb');
    expect(attr(html, 'data-region-current')).toBe('www');
    expect(visibleText(html)).toContain('Ваш город — Санкт-Петербург?');
    expect(html).toContain('Ваш регион — <strong>Санкт-Петербург</strong>?');
    expect(html).toContain('href="/changesd/spb/" data-region-confirm=""');
    // The answers' lifetime comes from the page: two years (spec 9).
    expect(attr(html, 'data-region-cookie-max-age')).toBe('63072000');
  });

  it('a Moscow visitor is offered Moscow; a visitor who cannot be located is asked nothing', async () => {
    const moscow = await page('/', { client: MOSCOW_ADDRESS, host: 'spb.partera.test' });
    expect(attr(moscow, 'data-region-offered')).toBe('www');
    expect(visibleText(moscow)).toContain('Ваш город — Москва?');
    for (const client of ['203.0.113.7', '10.0.0.5', '8.8.8.8']) {
      const html = await page('/', { client });
      expect(html, client).not.toContain('id="region-data"');
      expect(html, client).not.toContain('id="region-confirm"');
      expect(html, client).not.toContain('id="region-modal"');
    }
  });

  it('believes X-Forwarded-For only from a proxy listed in TRUST_PROXY', async () => {
    const forged = await site.app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '203.0.113.9',
      headers: { host: 'localhost', 'x-forwarded-for': SPB_ADDRESS },
    });
    expect(forged.body).not.toContain('id="region-data"');
    // The same visitor straight from a Petersburg address is located.
    expect(attr(await page('/', { client: SPB_ADDRESS, direct: true }), 'data-region-offered')).toBe('spb');
  });

  it('asks no more once answered; each question by its own cookie', async () => {
    const both = await page('/', { client: SPB_ADDRESS, cookie: 'geoip.data.confirm=1; geoip_subdomain_selected=1' });
    expect(both).not.toContain('id="region-data"');
    expect(both).not.toContain('id="region-confirm"');
    expect(both).not.toContain('id="region-modal"');
    const confirmed = await page('/', { client: SPB_ADDRESS, cookie: 'geoip.data.confirm=0' });
    expect(confirmed).not.toContain('id="region-confirm"');
    expect(confirmed).toContain('id="region-modal"');
    expect(attr(confirmed, 'data-region-ask-mobile')).toBe('1');
  });

  it("sets the answers for every city's subdomain, and for this host alone on label-free hosts", async () => {
    const spb = await page('/', { host: 'spb.partera.test', client: SPB_ADDRESS });
    expect(attr(spb, 'data-region-cookie-domain')).toBe('.partera.test');
    expect(attr(await page('/', { host: 'localhost:3000', client: SPB_ADDRESS }), 'data-region-cookie-domain')).toBe(
      '',
    );
    expect(regionCookieDomain('www.partera.ru', ['www', 'spb'])).toBe('.partera.ru');
    expect(regionCookieDomain('spb.localhost:3000', ['www', 'spb'])).toBeNull();
    expect(regionCookieDomain('127.0.0.1:3000', ['www', 'spb'])).toBeNull();
  });

  it("the contact popup: FAQ link (not on the FAQ page), bot, e-mail, the city's phone, the hours", async () => {
    expect(/<dialog[^>]*id="contact-popup"[\s\S]*?<\/dialog>/.exec(await page('/'))?.[0]).not.toContain(
      'contact-popup__bot',
    );
    process.env.SUPPORT_BOT_URL = 'https://t.me/partera_example_bot';
    const home = await page('/');
    delete process.env.SUPPORT_BOT_URL;
    const popup = /<dialog[^>]*id="contact-popup"[\s\S]*?<\/dialog>/.exec(home)?.[0] ?? '';
    expect(visibleText(popup)).toContain('Свяжитесь с нами');
    expect(popup).toContain('href="/landing/help_faq/"');
    expect(popup).toMatch(/class="contact-popup__bot"/);
    expect(popup).toMatch(/href="mailto:[^"]+@[^"]+"/);
    expect(popup).toContain('href="tel:+74951111111"');
    expect(visibleText(popup)).toContain('Операторы на связи ежедневно с 9:00 до 21:00 по московскому времени');
    const spb = /<dialog[^>]*id="contact-popup"[\s\S]*?<\/dialog>/.exec(
      await page('/', { host: 'spb.partera.test' }),
    )?.[0];
    expect(spb).toContain('+7 812 222-22-22');
    const faq = /<dialog[^>]*id="contact-popup"[\s\S]*?<\/dialog>/.exec(await page('/landing/help_faq/'))?.[0] ?? '';
    expect(faq).not.toContain('href="/landing/help_faq/"');
    expect(faq).toContain('tel:');
    // The header and the footer open it.
    expect(home.match(/data-popup-open="contact-popup"/g)?.length).toBe(2);
  });

  it('the cashback promo modal has the spec texts', async () => {
    const html = await page('/');
    expect(CASHBACK_HEADLINE).toBe('Билеты на все мероприятия с кешбэком 5%!');
    expect(CASHBACK_BUTTON).toBe('Купить билет с Кешбэком');
    const popup = /<dialog[^>]*id="cashback-popup"[\s\S]*?<\/dialog>/.exec(html)?.[0] ?? '';
    expect(visibleText(popup)).toContain(CASHBACK_HEADLINE);
    expect(visibleText(popup)).toContain(CASHBACK_BUTTON);
    expect(visibleText(popup)).toContain('после даты мероприятия');
    expect(html).toContain('data-popup-open="cashback-popup"');
  });

  it("the recommendations page: the city's coming shows, popular first, genre buttons, escaped names", async () => {
    const html = await page('/recommendations/');
    const shows = [...html.matchAll(/data-show-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(shows).toEqual([3, 1]);
    expect(html).toMatch(/Джаз (&lt;|&#60;)вечер/);
    expect(html).not.toContain('<вечер>');
    expect(html).not.toContain('Прошедший концерт');
    expect(html).toContain('data-recommendations="" data-count="2"');
    expect(html).toMatch(/data-genre-id="3"[^>]*>Концерты/);
    expect(html).toMatch(/data-genre-id="1"[^>]*>Театр/);
    // Petersburg's site recommends its own.
    const spb = await page('/recommendations/', { host: 'spb.partera.test' });
    expect([...spb.matchAll(/data-show-id="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([2]);
  });

  it('geo units: public addresses only; the nearest city within reach', () => {
    for (const local of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '172.20.0.1', '100.64.0.1', '::1', 'fd00::1', 'x']) {
      expect(isPublicAddress(local), local).toBe(false);
    }
    expect(isPublicAddress(SPB_ADDRESS)).toBe(true);
    const centres = [
      { subdomain: 'www', latitude: 55.75, longitude: 37.62 },
      { subdomain: 'spb', latitude: 59.93, longitude: 30.34 },
    ];
    expect(nearestCity({ latitude: 59.9, longitude: 30.3, country: 'RU' }, centres)).toBe('spb');
    expect(nearestCity({ latitude: 55.9, longitude: 37.4, country: 'RU' }, centres)).toBe('www');
    // Kazan is some 720 km from Moscow: no city offered.
    expect(nearestCity({ latitude: 55.79, longitude: 49.12, country: 'RU' }, centres)).toBeNull();
    expect(nearestCity(null, centres)).toBeNull();
  });
});
