import path from 'node:path';
import type { Database, FastifyInstance } from '@partera/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAssets } from '../src/server/assets.js';
import { createSitePages } from '../src/server/plugin.js';
import { linkHref, metaContent, visibleText } from './html.js';
import { openSiteApp, type SiteApp } from './site-app.js';

const NOW = new Date('2030-03-01T12:00:00Z');

const FIXTURE = `
INSERT INTO cities (id, subdomain, name, support_phone) VALUES
  (1, 'www', 'Москва', '+7 495 111-11-11'), (2, 'spb', 'Санкт-Петербург', '+7 812 222-22-22');
INSERT INTO genres (id, name, slug) VALUES (1, 'Драма', 'drama');
INSERT INTO partners (name, hash, allowed_origins) VALUES
  ('Партнёр', 'h1', ARRAY['https://partner.example', 'http://127.0.0.1:4000', 'javascript:alert(1)']);
INSERT INTO buildings (id, city_id, name, slug, address) VALUES
  (1, 1, 'Малый театр', 'maly', 'Театральная пл., 1'), (2, 2, 'Александринский театр', 'alexandrinsky', 'пл. Островского, 6');
INSERT INTO halls (id, building_id, name, kind) VALUES (1, 1, 'Основная сцена', 'theatre'), (2, 2, 'Большая сцена', 'theatre');
INSERT INTO sections (id, hall_id, name, kind) VALUES (1, 1, 'Партер', 'seated');
INSERT INTO places (id, hall_id, section_id, row_label, number, x, y) VALUES (1, 1, 1, '1', '1', 0, 0), (2, 1, 1, '1', '2', 10, 0);
INSERT INTO shows (id, slug, name, genre_id, building_id, age_mark, description) VALUES
  (1, 'anna-karenina', 'Анна Каренина', 1, 1, 16, 'Роман <Толстого> на сцене'),
  (2, 'revizor', 'Ревизор', 1, 2, 12, '');
INSERT INTO performances (id, show_id, hall_id, starts_at) VALUES
  (1, 1, 1, '2030-03-10T16:00:00Z'), (2, 2, 2, '2030-03-11T16:00:00Z');
INSERT INTO price_categories (id, performance_id, color, price) VALUES (1, 1, '#c00', 150000);
INSERT INTO performance_places (performance_id, place_id, price_category_id, state, hold_session_id, held_until) VALUES
  (1, 1, 1, 0, NULL, NULL), (1, 2, 1, 0, NULL, NULL)
`;

describe('site pages over HTTP', () => {
  let site: SiteApp;
  let db: Database;
  let app: FastifyInstance;
  /** A buyer whose session holds place 1 of performance 1 (session ids are signed by the server). */
  let sid: string;

  beforeAll(async () => {
    site = await openSiteApp({
      // No client build in this test: the stylesheet comes from the sources and pages load no script.
      sitePages: createSitePages({
        assets: loadAssets(path.join(import.meta.dirname, 'no-build')),
        partnerScripts: new Map([['partera-loader.js', Buffer.from('/* loader */')]]),
      }),
      sql: FIXTURE,
      now: NOW,
    });
    ({ app, db } = site);
    sid = (await app.inject({ method: 'GET', url: '/landing/help_faq/' })).cookies.find((c) => c.name === 'sid')!.value;
    await db.query(
      `UPDATE performance_places SET state = 1, hold_session_id = $1, held_until = '2030-03-01T12:10:00Z'
        WHERE performance_id = 1 AND place_id = 1`,
      [sid],
    );
  }, 60_000);

  afterAll(() => site?.close());

  const get = (url: string, headers: Record<string, string> = {}) => site.get(url, headers);

  it("renders the home page of the request's city with the session in its meta tags", async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['content-security-policy']).toContain(
      "; frame-ancestors 'self' http://127.0.0.1:4000 https://partner.example",
    );
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(metaContent(res.body, 'session-id')).toBe(cookie?.value);
    const text = visibleText(res.body);
    expect(text).toContain('Афиша: Москва');
    expect(text).toContain('Анна Каренина');
    expect(text).not.toContain('Ревизор');
    expect(text).toContain('+7 495 111-11-11');
  });

  it('picks the city by the first label of the host', async () => {
    const text = visibleText((await get('/', { host: 'spb.partera.example' })).body);
    expect(text).toContain('Афиша: Санкт-Петербург');
    expect(text).toContain('Ревизор');
    expect(text).toContain('+7 812 222-22-22');
  });

  it('switches the city with a cookie on localhost and by host name elsewhere', async () => {
    const local = await get('/changesd/spb/', { host: 'localhost:3100' });
    expect(local.statusCode).toBe(302);
    expect(local.headers.location).toBe('/');
    expect(local.cookies.find((c) => c.name === 'city')?.value).toBe('spb');
    const home = await get('/', { host: 'localhost:3100', cookie: 'city=spb' });
    expect(visibleText(home.body)).toContain('Афиша: Санкт-Петербург');
    const remote = await get('/changesd/www/', { host: 'spb.partera.example' });
    expect(remote.headers.location).toBe('http://www.partera.example/');
    expect((await get('/changesd/atlantis/')).statusCode).toBe(404);
  });

  it('renders a show page, and the Russian 404 page for an unknown show', async () => {
    const show = await get('/show/anna-karenina/');
    expect(show.statusCode).toBe(200);
    expect(show.body).toContain('Роман &#60;Толстого&#62; на сцене');
    expect(show.body).toMatch(/href="\/performance\/1\/"[^>]*>Купить билеты</);
    const missing = await get('/show/no-such-show/');
    expect(missing.statusCode).toBe(404);
    expect(visibleText(missing.body)).toContain('Страница не найдена');
  });

  it('finding 6: X-Forwarded-Host from a client that is no trusted proxy changes no redirect or link', async () => {
    const headers = { host: 'www.partera.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const city = await get('/changesd/spb/', headers);
    expect(city.statusCode).toBe(302);
    expect(city.headers.location).toBe('http://spb.partera.example/');
    const hall = await get('/performance/1/', headers);
    expect(hall.body).not.toContain('evil.example');
  });

  it('sends paths typed without the trailing slash to the canonical page', async () => {
    const res = await get('/show/anna-karenina?x=1');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/show/anna-karenina/?x=1');
  });

  it("renders the hall page with the seat map's configuration and the buyer's basket", async () => {
    const res = await get('/performance/1/', { cookie: `sid=${sid}` });
    expect(res.statusCode).toBe(200);
    const json = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
    const data = JSON.parse(json);
    expect(data.hall.config).toMatchObject({
      hallBasisId: 1,
      svgUrl: '/media/hall/1.svg',
      performanceId: 1,
      currentPerformanceBasketTicketCount: 1,
      performanceInfo: { show_full_url: 'http://localhost:80/show/anna-karenina/' },
    });
    expect(res.body).toContain('<style data-pt-style="seat-map">');
    const text = visibleText(res.body);
    expect(text).toContain('В корзине 1 билет');
    expect(linkHref(res.body, 'Купить')).toBe('/shopcart/');
    expect((await get('/performance/999/')).statusCode).toBe(404);
    expect((await get('/performance/abc/')).statusCode).toBe(404);
  });

  it('renders the basket page with the payment failure notice', async () => {
    const res = await get('/shopcart/?payment=failed', { cookie: `sid=${sid}` });
    expect(res.statusCode).toBe(200);
    expect(visibleText(res.body)).toMatch(/Оплата не прошла/);
    expect(res.body).toContain('<style data-pt-style="basket">');
  });

  it('answers 404 for an order with a wrong token', async () => {
    expect((await get('/order/complete/?orderId=1&token=nope')).statusCode).toBe(404);
    expect((await get('/order/complete/')).statusCode).toBe(404);
  });

  it('shows the bank page of the buyer’s own order only, and sends a paid one to its completion page', async () => {
    const order = (status: string) =>
      db
        .query<{ id: number }>(
          `INSERT INTO orders (session_id, access_token, status, email, first_name, surname, payment_method,
                               delivery_method, total, created_at)
           VALUES ($1, $2, $3, 'a@example.ru', 'Анна', 'Петрова', 'card', 'eticket', 150000, now()) RETURNING id`,
          [sid, `token-${status}`, status],
        )
        .then((r) => r.rows[0]!.id);
    const open = await order('new');
    const res = await get(`/payment/bank/${open}/`, { cookie: `sid=${sid}` });
    expect(res.statusCode).toBe(200);
    const text = visibleText(res.body);
    expect(text).toContain('Оплата заказа №');
    expect(text).toMatch(/К оплате: 1\s500\s₽/);
    expect(res.body).toContain(`data-order-id="${open}"`);
    // Another buyer (no cookie, a wrong token) learns nothing; the order's token opens it elsewhere.
    expect((await get(`/payment/bank/${open}/`)).statusCode).toBe(404);
    expect((await get(`/payment/bank/${open}/?token=nope`)).statusCode).toBe(404);
    expect((await get(`/payment/bank/${open}/?token=token-new`)).statusCode).toBe(200);
    expect((await get('/payment/bank/abc/', { cookie: `sid=${sid}` })).statusCode).toBe(404);
    const paid = await order('paid');
    const done = await get(`/payment/bank/${paid}/`, { cookie: `sid=${sid}` });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/order/complete/?orderId=${paid}&token=token-paid`);
    const cancelled = await order('cancelled');
    expect(visibleText((await get(`/payment/bank/${cancelled}/`, { cookie: `sid=${sid}` })).body)).toContain(
      'Этот заказ уже нельзя оплатить',
    );
  });

  it('sends a guest asking for the cabinet to sign in first, and back', async () => {
    const res = await get('/private/');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login/?back=%2Fprivate%2F');
    expect((await get('/private')).headers.location).toBe('/private/');
  });

  it('serves the landing pages and the stylesheet', async () => {
    const faq = await get('/landing/help_faq/');
    expect(visibleText(faq.body)).toContain('Вопросы и ответы');
    expect((await get('/landing/unknown/')).statusCode).toBe(404);
    const css = await get('/assets/site.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get('/assets/nope.js')).statusCode).toBe(404);
  });

  it('answers unknown non-page requests with JSON', async () => {
    const post = await app.inject({ method: 'POST', url: '/no/such/call/' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ statusCode: 404 });
  });

  describe('signing in (site-browsing-account.md 2.3)', () => {
    /** A session of a buyer signed in as Анна (a sessions row bound to the user). */
    async function signedInSession(): Promise<string> {
      const fresh = (await app.inject({ method: 'GET', url: '/landing/help_faq/' })).cookies.find(
        (c) => c.name === 'sid',
      )!;
      const user = await db.query<{ id: number }>(
        `INSERT INTO users (email, first_name, surname, created_at) VALUES ($1, 'Анна', 'Каренина', now()) RETURNING id`,
        [`anna${Date.now()}@example.ru`],
      );
      await db.query(`INSERT INTO sessions (id, user_id, csrf_token, signed_in_at) VALUES ($1, $2, '', now())`, [
        fresh.value,
        user.rows[0]!.id,
      ]);
      return fresh.value;
    }

    it('shows a guest "Войти" (the /login/ page without scripts, the popup with them), and a signed-in buyer the name', async () => {
      const guest = await get('/show/anna-karenina/');
      expect(linkHref(guest.body, 'Войти')).toBe('/login/?back=%2Fshow%2Fanna-karenina%2F');
      expect(guest.body).toContain('id="login-dialog"');
      const session = await signedInSession();
      const signedIn = await app.inject({ method: 'GET', url: '/show/anna-karenina/', cookies: { sid: session } });
      expect(linkHref(signedIn.body, 'Анна')).toBe('/private/');
      expect(visibleText(signedIn.body)).toContain('Выйти');
      expect(signedIn.body).not.toContain('id="login-dialog"');
    });

    it('renders /login/ with the reason of a failed form login, and sends a signed-in buyer on, never off the site', async () => {
      const page = await get('/login/?failed=wrong&back=%2Fshow%2Fanna-karenina%2F');
      expect(page.statusCode).toBe(200);
      expect(visibleText(page.body)).toContain('Неверный e-mail, телефон или пароль');
      expect(page.body).toContain('name="back" value="/show/anna-karenina/"');
      const session = await signedInSession();
      const on = await app.inject({
        method: 'GET',
        url: '/login/?back=%2F%2Fevil.example%2F',
        cookies: { sid: session },
      });
      expect(on.statusCode).toBe(303);
      expect(on.headers.location).toBe('/private/');
      expect((await get('/registration/')).statusCode).toBe(200);
    });

    it("links 'Забыли пароль?' to /login/restore/, which a guest gets and a signed-in buyer is sent on from", async () => {
      const back = '?back=%2Fshow%2Fanna-karenina%2F';
      // From the page's login form and from the header's popup, keeping where to go back.
      expect(linkHref((await get(`/login/${back}`)).body, 'Забыли пароль?')).toBe(`/login/restore/${back}`);
      expect(linkHref((await get('/show/anna-karenina/')).body, 'Забыли пароль?')).toBe(`/login/restore/${back}`);

      const page = await get(`/login/restore/${back}`);
      expect(page.statusCode).toBe(200);
      expect(metaContent(page.body, 'robots')).toBe('noindex');
      const text = visibleText(page.body);
      expect(text).toContain('Восстановление пароля');
      expect(text).toContain('Получить код');
      expect(page.body).toContain('data-back="/show/anna-karenina/"');
      expect(linkHref(page.body, 'Ко входу')).toBe(`/login/${back}`);

      const session = await signedInSession();
      const on = await app.inject({
        method: 'GET',
        url: '/login/restore/?back=%2F%2Fevil.example%2F',
        cookies: { sid: session },
      });
      expect(on.statusCode).toBe(303);
      expect(on.headers.location).toBe('/private/');
      const slashless = await app.inject({ method: 'GET', url: '/login/restore' });
      expect(slashless.statusCode).toBe(301);
      expect(slashless.headers.location).toBe('/login/restore/');
    });
  });

  describe('inside a partner frame (spec 4.13)', () => {
    const HASH = 'framing-partner-hash';
    beforeAll(async () => {
      await db.query(
        `INSERT INTO partners (name, hash, allowed_origins, cashback_percent) VALUES ('Рамка', $1, ARRAY['https://frame.example'], 3)`,
        [HASH],
      );
    });

    const isLite = (html: string) => /<body class="lite-layout" data-lite-layout="">/.test(html);

    it("gives the loader's first page the light layout, with the session in every link", async () => {
      const res = await get(`/?iframe_hash=${HASH}`);
      expect(res.statusCode).toBe(200);
      expect(isLite(res.body)).toBe(true);
      const session = metaContent(res.body, 'session-id')!;
      expect(res.body).not.toContain('city-switch');
      expect(res.body).not.toContain('Свяжитесь с нами');
      const links = [...res.body.matchAll(/<a\b[^>]*href="(\/[^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      expect(links.some((href) => href.startsWith('/performance/'))).toBe(true);
      for (const href of links) expect(href).toContain(`sid=${session}`);
      // An ordinary request keeps the full site.
      const plain = await get('/');
      expect(isLite(plain.body)).toBe(false);
      expect(plain.body).toContain('city-switch');
    });

    /** Fetch Metadata of a navigation inside a frame, and of the framed page's own script. */
    const IN_FRAME = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' };
    const OWN_SCRIPT = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };
    const SITE = 'http://localhost:80';

    /** The framed page's confirmed handshake: its parent said the hash from `parentOrigin`. */
    const confirmFrame = (session: string, csrf: string, fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `/spa-api/app/iframe-session/?sid=${session}`,
        headers: {
          ...OWN_SCRIPT,
          origin: SITE,
          'x-csrf-token': csrf,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams(fields).toString(),
      });

    /** A first framed page: the session and CSRF token the server rendered into it. */
    const framedPage = async () => {
      const page = await get(`/?iframe_hash=${HASH}`, IN_FRAME);
      expect(page.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      return { session: metaContent(page.body, 'session-id')!, csrf: metaContent(page.body, 'csrf-token')! };
    };

    it('keeps the light layout for a session the handshake marked, until the site leaves it', async () => {
      const first = await framedPage();
      const confirmed = await confirmFrame(first.session, first.csrf, {
        hash: HASH,
        parentOrigin: 'https://frame.example',
        cashback_value: '2',
        start_url: '/show/anna-karenina/',
      });
      expect(confirmed.json()).toMatchObject({ error: 0, rotated: true, cashbackPercent: 2 });
      const { id: session } = confirmed.json().session;
      const csrf = confirmed.json().csrfToken;
      const framed = await db.query<{ cashback_percent: number; start_url: string }>(
        'SELECT cashback_percent, start_url FROM framed_sessions WHERE session_id = $1',
        [session],
      );
      expect(framed.rows).toEqual([{ cashback_percent: 2, start_url: '/show/anna-karenina/' }]);
      // No cookie in the request, only the session parameter, inside the frame: the light layout.
      const show = await get(`/show/anna-karenina/?sid=${session}`, IN_FRAME);
      expect(isLite(show.body)).toBe(true);
      expect(metaContent(show.body, 'session-id')).toBe(session);
      expect(show.body).toContain('data-show-id="1"');
      // The same link opened in a tab is an ordinary page with a session of its own.
      const tab = await get(`/show/anna-karenina/?sid=${session}`);
      expect(isLite(tab.body)).toBe(false);
      expect(metaContent(tab.body, 'session-id')).not.toBe(session);

      const exit = await get(`/spa-api/app/iframe-config/?lite-layout-exit=1&sid=${session}`, {
        ...OWN_SCRIPT,
        'x-csrf-token': csrf,
      });
      expect(exit.json()).toMatchObject({ liteLayout: false, exitUrl: '/show/anna-karenina/' });
      expect(isLite((await get(`/show/anna-karenina/?sid=${session}`, IN_FRAME)).body)).toBe(false);
    });

    it('the registered cashback applies without cashback_value; a wrong hash or origin marks nothing', async () => {
      const { session, csrf } = await framedPage();
      const marked = async () =>
        (await db.query('SELECT 1 FROM framed_sessions WHERE session_id = $1', [session])).rows.length;
      const wrong = await confirmFrame(session, csrf, {
        hash: 'not-a-partner-hash',
        parentOrigin: 'https://frame.example',
      });
      expect(wrong.statusCode).toBe(403);
      const foreign = await confirmFrame(session, csrf, { hash: HASH, parentOrigin: 'https://evil.example' });
      expect(foreign.statusCode).toBe(403);
      expect(await marked()).toBe(0);
      expect(
        (
          await confirmFrame(session, csrf, {
            hash: HASH,
            parentOrigin: 'https://frame.example',
            cashback_value: '101',
          })
        ).statusCode,
      ).toBe(400);
      const ok = await confirmFrame(session, csrf, { hash: HASH, parentOrigin: 'https://frame.example' });
      expect(ok.json()).toMatchObject({ error: 0, cashbackPercent: 3 });
    });

    it('serves the partner script to any origin, and 404 for anything else under /static/', async () => {
      const res = await get('/static/partera-loader.js');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.body).toBe('/* loader */');
      expect((await get('/static/other.js')).statusCode).toBe(404);
    });
  });
});
