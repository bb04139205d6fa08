import { iframeConfigAnswer } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { NotifySecretKey, registerPartner } from '../src/services/partners/index.js';
import { buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

describeEachDatabase('GET /spa-api/app/iframe-config/', (get) => {
  let app: FastifyInstance;
  let telecomHash: string;
  const CONFIG = '/spa-api/app/iframe-config/';

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db, { config: { publicUrl: 'https://partera.example' } }));
    await registerPartner(get().db, {
      name: 'Демо-партнёр',
      origins: ['http://127.0.0.1:4000', 'http://localhost:4000'],
      hash: 'demo-partner-hash',
    });
    const telecom = await registerPartner(
      get().db,
      {
        name: 'Телеком',
        origins: ['https://shop.telecom.example'],
        cashbackPercent: 7,
        ownPayFlow: true,
      },
      NotifySecretKey.fromServerSecret('test-secret'),
    );
    if (!telecom.ok) throw new Error(telecom.message);
    telecomHash = telecom.partner.hash;
  });

  /**
   * A page's request: its session cookie, the embedding cookies its scripts wrote, and the CSRF
   * token the page sends with every call.
   */
  const ask = (url: string, cookies: Record<string, string> = {}) => {
    const b = buyer(app);
    return app
      .inject({ method: 'GET', url, cookies: { sid: b.sessionId, ...cookies }, headers: { 'x-csrf-token': b.csrf } })
      .then((res) => ({ res, sessionId: b.sessionId }));
  };

  it("answers a registered partner's hash with its registration and the session for URLs", async () => {
    const { res, sessionId } = await ask(`${CONFIG}?hash=demo-partner-hash`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      hashMatches: true,
      liteLayout: true,
      partner: {
        name: 'Демо-партнёр',
        origins: ['http://127.0.0.1:4000', 'http://localhost:4000'],
        cashbackPercent: 0,
        ownPayFlow: false,
      },
      session: { name: 'sid', id: sessionId },
    });
    expect(iframeConfigAnswer.safeParse(res.json()).success).toBe(true);
  });

  it('reads the hash from the iframe-hash cookie, the parameter winning over it', async () => {
    const fromCookie = (await ask(CONFIG, { 'iframe-hash': telecomHash })).res.json();
    expect(fromCookie).toMatchObject({
      hashMatches: true,
      liteLayout: true,
      partner: { name: 'Телеком', origins: ['https://shop.telecom.example'], cashbackPercent: 7, ownPayFlow: true },
    });
    const both = (await ask(`${CONFIG}?hash=demo-partner-hash`, { 'iframe-hash': telecomHash })).res.json();
    expect(both.partner.name).toBe('Демо-партнёр');
  });

  it('tells nothing about a hash that names no partner, nor without a hash', async () => {
    for (const url of [`${CONFIG}?hash=someone-elses-hash`, `${CONFIG}?hash=`, CONFIG]) {
      const { res, sessionId } = await ask(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({
        hashMatches: false,
        liteLayout: false,
        partner: null,
        session: { name: 'sid', id: sessionId },
      });
    }
  });

  it('with lite-layout-exit=1 leaves the light layout: clears the embedding cookies, exits to the start URL', async () => {
    const { res } = await ask(`${CONFIG}?lite-layout-exit=1`, {
      'iframe-hash': 'demo-partner-hash',
      'start-url': '/performance/77/?from=partner',
    });
    expect(res.json()).toMatchObject({
      hashMatches: true,
      liteLayout: false,
      exitUrl: '/performance/77/?from=partner',
    });
    const cleared = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    for (const name of ['iframe-hash', 'start-url']) {
      expect(cleared[name]?.value, name).toBe('');
      expect(cleared[name]?.expires?.getTime(), name).toBeLessThan(Date.now());
    }
  });

  it('never exits to another site, whatever the start-url cookie says', async () => {
    for (const startUrl of ['https://evil.example/', '//evil.example/x', '/\\evil.example/x', 'javascript:alert(1)']) {
      const { res } = await ask(`${CONFIG}?lite-layout-exit=1`, { 'start-url': startUrl });
      expect(res.json().exitUrl, startUrl).toBe('/');
    }
    const own = await ask(`${CONFIG}?lite-layout-exit=1`, { 'start-url': 'https://partera.example/shopcart/' });
    expect(own.res.json().exitUrl).toBe('/shopcart/');
    const none = await ask(`${CONFIG}?lite-layout-exit=1`);
    expect(none.res.json()).toMatchObject({ hashMatches: false, liteLayout: false, exitUrl: '/' });
  });

  it('answers a malformed request with HTTP 400 in its own shape', async () => {
    for (const url of [`${CONFIG}?lite-layout-exit=maybe`, `${CONFIG}?hash=a&hash=b`]) {
      const { res } = await ask(url);
      expect(res.statusCode, url).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ hashMatches: false, liteLayout: false, partner: null, session: null });
      expect(body.message).toMatch(/^Неверные параметры запроса/);
      expect(res.cookies.find((c) => c.name === 'iframe-hash')).toBeUndefined();
    }
  });

  it('marks nothing itself: a GET that any page can send leaves the session as it was', async () => {
    const { res, sessionId } = await ask(`${CONFIG}?hash=${telecomHash}&cashback_value=7&start_url=%2Fshopcart%2F`);
    expect(res.json()).toMatchObject({ hashMatches: true, partner: { cashbackPercent: 7 } });
    const row = await get().db.query('SELECT 1 FROM framed_sessions WHERE session_id = $1', [sessionId]);
    expect(row.rows).toEqual([]);
  });

  it('caps the cashback a frame URL asks for at the registered percent', async () => {
    const { res } = await ask(`${CONFIG}?hash=${telecomHash}&cashback_value=100`);
    expect(res.json().partner).toMatchObject({ cashbackPercent: 7 });
    const lower = (await ask(`${CONFIG}?hash=${telecomHash}&cashback_value=3`)).res.json();
    expect(lower.partner).toMatchObject({ cashbackPercent: 3 });
  });

  it('leaves the light layout only for a page of this site that sends the CSRF token', async () => {
    const b = buyer(app);
    const exit = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: `${CONFIG}?lite-layout-exit=1`, cookies: { sid: b.sessionId }, headers });
    // A link or image on another site: no token, or another site's Origin.
    expect((await exit({})).statusCode).toBe(403);
    expect((await exit({ 'x-csrf-token': b.csrf, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await exit({ 'x-csrf-token': b.csrf, referer: 'https://partera.example/show/x/' })).statusCode).toBe(200);
  });

  it('lets the bank page be framed wherever the site may be: inside a partner page too', async () => {
    const res = await app.inject({ method: 'GET', url: '/sandbox-bank/pay/?mdOrder=no-such-payment' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).toContain('http://localhost:4000');
    expect(res.headers['content-security-policy']).toContain('https://shop.telecom.example');
  });
});

describeEachDatabase('GET /uiperformancelog/', (get) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db));
  });

  const logged = async () =>
    (
      await get().db.query<{ kind: string; payload: { fields: Record<string, string>; userAgent: string | null } }>(
        'SELECT kind, payload FROM ui_performance_log ORDER BY id',
      )
    ).rows;

  it('stores an embedding failure report with the browser it came from', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/uiperformancelog/?iframe_failure=1&loc=${encodeURIComponent('https://partner.example/afisha/')}&iframe_msg=${encodeURIComponent('Соединение не установлено за 20 с')}`,
      headers: { 'user-agent': 'Mozilla/5.0 (test)' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await logged()).toEqual([
      {
        kind: 'iframe_failure',
        payload: {
          fields: {
            iframe_failure: '1',
            loc: 'https://partner.example/afisha/',
            iframe_msg: 'Соединение не установлено за 20 с',
          },
          userAgent: 'Mozilla/5.0 (test)',
        },
      },
    ]);
  });

  it('stores a timing report without the session parameters, trimming what is too long', async () => {
    const a = buyer(app);
    const long = 'x'.repeat(5000);
    const r = await a.get(
      `/uiperformancelog/?location=%2Fperformance%2F77%2F&responseEnd=812&domComplete=1430&sid=${a.sessionId}&_csrf=${a.csrf}&note=${long}`,
    );
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ ok: true });
    const row = (await logged()).at(-1)!;
    expect(row.kind).toBe('timing');
    expect(row.payload.fields).toEqual({
      location: '/performance/77/',
      responseEnd: '812',
      domComplete: '1430',
      note: 'x'.repeat(2000),
    });
  });

  it('refuses a malformed report with HTTP 400 and stores nothing', async () => {
    const before = (await logged()).length;
    const res = await app.inject({ method: 'GET', url: '/uiperformancelog/?iframe_failure=1&loc=a&loc=b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false });
    expect((await logged()).length).toBe(before);
  });
});
