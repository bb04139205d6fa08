import { basketStateAnswer, widgetHallAnswer, widgetSessionAnswer } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { csrfTokenFor, isValidSessionId } from '../src/http/session.js';
import { WIDGET_CALLS } from '../src/routes/widget-host.js';
import { registerPartner } from '../src/services/partners/index.js';
import { buildTestApp, buyer, testConfig } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';

const PARTNER = 'http://localhost:4200';
const STRANGER = 'http://localhost:4301';
const SESSION = '/spa-api/app/widget-session/';
const SECRET = testConfig().csrfSecret;

describeEachDatabase('widgets on a partner page: CORS and the session handout', (get) => {
  let app: FastifyInstance;
  let f: HallFixture;

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db));
    const partner = await registerPartner(get().db, { name: 'Виджеты', origins: [PARTNER] });
    if (!partner.ok) throw new Error(partner.message);
    f = await createHallFixture(get().db);
  });

  /** What a browser sends before a cross-origin post with the CSRF header. */
  const preflight = (url: string, origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-csrf-token',
      },
    });

  /** The Fetch Metadata a browser adds to another origin's script call (no page can change them). */
  const CROSS_SITE_CALL = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };

  /** A cross-origin GET as a browser sends it: the page's Origin, no cookie. */
  const getFrom = (origin: string | undefined, url: string) =>
    app.inject({ method: 'GET', url, headers: origin ? { origin, ...CROSS_SITE_CALL } : {} });

  /** The session handed to a page of this origin. */
  const handout = (origin?: string, query = '') => getFrom(origin, `${SESSION}${query}`);

  it('serves every call it opens to partner origins', () => {
    for (const call of WIDGET_CALLS) {
      expect(app.hasRoute({ method: call.method, url: call.path }), `${call.method} ${call.path}`).toBe(true);
      expect(app.hasRoute({ method: 'OPTIONS', url: call.path }), `OPTIONS ${call.path}`).toBe(true);
    }
  });

  it("allows a registered partner's preflight: its own origin, the CSRF header, no credentials", async () => {
    for (const url of ['/hallPlace/select/', '/order/createAnonymousOrder/', '/payment/session/42/', SESSION]) {
      const res = await preflight(url, PARTNER);
      expect(res.statusCode, url).toBe(204);
      expect(res.headers['access-control-allow-origin'], url).toBe(PARTNER);
      expect(res.headers['access-control-allow-methods'], url).toBe('GET, POST');
      expect(String(res.headers['access-control-allow-headers']).split(/,\s*/).sort(), url).toEqual([
        'content-type',
        'x-csrf-token',
      ]);
      expect(res.headers['access-control-max-age'], url).toBe('600');
      expect(res.headers.vary, url).toBe('Origin');
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });

  it("lets a partner's widget read the admission gate's Retry-After and queue position, and no one else", async () => {
    const map = await getFrom(PARTNER, `/hallview/map/${f.performanceId}/?json=1`);
    expect(map.headers['access-control-expose-headers']).toBe('retry-after, x-queue-position');
    const stranger = await getFrom(STRANGER, `/hallview/map/${f.performanceId}/?json=1`);
    expect(stranger.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('gives an unregistered origin no CORS headers at all, on the preflight and on the call', async () => {
    const pre = await preflight('/hallPlace/select/', STRANGER);
    expect(pre.statusCode).toBe(403);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-headers']).toBeUndefined();
    // A partner's origin with another port or scheme is another origin.
    for (const origin of ['http://localhost:4201', 'https://localhost:4200', 'null']) {
      expect((await preflight('/hallPlace/select/', origin)).headers['access-control-allow-origin']).toBeUndefined();
    }
    const map = await getFrom(STRANGER, `/hallview/map/${f.performanceId}/?json=1`);
    expect(map.statusCode).toBe(200);
    expect(map.headers['access-control-allow-origin']).toBeUndefined();
    expect(map.headers.vary).toBe('Origin');
  });

  it('adds Origin to a Vary the route set, once, and leaves a Vary that names it', async () => {
    const layout = await getFrom(PARTNER, `/hallview/layout/${f.hallId}/`);
    expect(layout.statusCode).toBe(200);
    expect(layout.headers.vary).toBe('accept-encoding, Origin');
    expect(layout.headers['access-control-allow-origin']).toBe(PARTNER);
    // A 304 passes the same hook: still one Origin.
    const again = await app.inject({
      method: 'GET',
      url: `/hallview/layout/${f.hallId}/`,
      headers: { origin: PARTNER, ...CROSS_SITE_CALL, 'if-none-match': String(layout.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.vary).toBe('accept-encoding, Origin');
  });

  it('opens the widget calls to an origin registered after the partner origins were read', async () => {
    const later = 'http://localhost:4250';
    const url = `/hallview/map/${f.performanceId}/?json=1`;
    expect((await getFrom(later, url)).headers['access-control-allow-origin']).toBeUndefined();
    const partner = await registerPartner(get().db, { name: 'Виджеты позже', origins: [later] });
    if (!partner.ok) throw new Error(partner.message);
    // What a registration in this process does; other processes see it within the cache's TTL.
    app.partnerOrigins.invalidate();
    expect((await getFrom(later, url)).headers['access-control-allow-origin']).toBe(later);
    expect((await getFrom(PARTNER, url)).headers['access-control-allow-origin']).toBe(PARTNER);
  });

  it('leaves every other route alone, even for a partner origin', async () => {
    const config = await getFrom(PARTNER, '/spa-api/app/iframe-config/');
    expect(config.statusCode).toBe(200);
    expect(config.headers['access-control-allow-origin']).toBeUndefined();
    expect(config.headers.vary).toBeUndefined();
    expect((await preflight('/spa-api/app/iframe-config/', PARTNER)).statusCode).toBe(404);
    expect((await preflight('/shopcart/', PARTNER)).statusCode).toBe(404);
  });

  it('hands a partner page a fresh session with its CSRF token, or keeps the one its sid names', async () => {
    const res = await handout(PARTNER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const session = widgetSessionAnswer.parse(res.json());
    expect(session).toEqual({
      sessionName: 'sid',
      sessionId: expect.any(String),
      csrfParam: '_csrf',
      csrfToken: csrfTokenFor(session.sessionId, SECRET),
    });
    expect(isValidSessionId(session.sessionId, SECRET)).toBe(true);
    expect((await handout(PARTNER)).json().sessionId).not.toBe(session.sessionId);

    const again = (await handout(PARTNER, `?sid=${session.sessionId}`)).json();
    expect(again).toEqual(session);
    // A made-up sid is not adopted: the page gets a session of the server's own.
    const forged = (await handout(PARTNER, '?sid=AAAAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB')).json();
    expect(forged.sessionId).not.toBe('AAAAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB');
    expect(isValidSessionId(forged.sessionId, SECRET)).toBe(true);
  });

  it('refuses the session to an unregistered origin and to a request without an Origin', async () => {
    for (const origin of [STRANGER, undefined]) {
      const res = await handout(origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(res.json(), origin).toEqual({
        sessionName: '',
        sessionId: '',
        csrfParam: '',
        csrfToken: '',
        message: 'Этот сайт не зарегистрирован как партнёр',
      });
    }
  });

  it('lets a partner page fill the basket through CORS with the sid parameter and the CSRF header', async () => {
    const { sessionId, csrfToken } = (await handout(PARTNER)).json();
    const cypher = String(f.seats[0]);
    const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: string) =>
      app.inject({
        method,
        url: `${url}${url.includes('?') ? '&' : '?'}sid=${encodeURIComponent(sessionId)}`,
        headers: { origin: PARTNER, ...CROSS_SITE_CALL, ...headers },
        payload,
      });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };

    const hall = await call('GET', `/spa-api/app/widget-hall/${f.performanceId}/`);
    expect(hall.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(widgetHallAnswer.parse(hall.json())).toMatchObject({
      error: 0,
      config: { performanceId: f.performanceId, hallBasisId: f.hallId, svgUrl: `/media/hall/${f.hallId}.svg` },
    });

    // Without the token the post changes nothing.
    const refused = await call('POST', '/hallPlace/select/', form, `cypher=${cypher}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBe(PARTNER);

    const selected = await call(
      'POST',
      '/hallPlace/select/',
      { ...form, 'x-csrf-token': csrfToken },
      `cypher=${cypher}`,
    );
    expect(selected.statusCode).toBe(200);
    expect(selected.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(selected.json()).toMatchObject({ result: 1, error: 0, ticketCount: 1 });

    const state = await call('GET', '/shopcart/state/');
    expect(state.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(basketStateAnswer.parse(state.json())).toMatchObject({ ticketCount: 1, basketPrice: 2500 });
    // The seat is in that session's basket, the one the page was handed, and no other.
    const stranger = await buyer(app).get('/shopcart/state/');
    expect(stranger.json().ticketCount).toBe(0);
    const hallNow = (await call('GET', `/spa-api/app/widget-hall/${f.performanceId}/`)).json();
    expect(hallNow.config.currentPerformanceBasketTicketCount).toBe(1);
  });

  it('answers an unknown performance with 404 in the call’s shape, and lists what is on', async () => {
    const missing = await getFrom(PARTNER, '/spa-api/app/widget-hall/987654/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 404, message: 'Сеанс не найден' });

    const list = await getFrom(PARTNER, '/spa-api/app/widget-performances/?limit=3');
    expect(list.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(list.json().performances).toContainEqual({
      performanceId: f.performanceId,
      startsAt: expect.any(String),
      showName: 'Гамлет',
      buildingName: 'Театр на Остоженке',
      hallName: 'Основная сцена',
      minPrice: 2500,
    });
    expect((await app.inject({ method: 'GET', url: '/spa-api/app/widget-performances/?limit=99' })).statusCode).toBe(
      400,
    );
  });
});
