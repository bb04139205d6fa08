/**
 * Issue 8, findings 1 (the frame trusted on a GET), 2 (session fixation), 3 (state-changing GETs,
 * Origin) and 6 (proxy headers), from outside: each request is what a browser or a program would
 * send, through the real app on PGlite and PostgreSQL.
 */
import { allCalls } from '@partera/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { csrfTokenFor, issueSessionId } from '../src/http/session.js';
import { registerPartner } from '../src/services/partners/index.js';
import { NotifySecretKey } from '../src/services/partners/notify-secret.js';
import { SESSION_KEYED_COLUMNS } from '../src/services/sessions/index.js';
import { type Buyer, buildTestApp, buyer, testConfig } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';

const SECRET = testConfig().csrfSecret;
const SITE = 'https://partera.example';
const TELECOM = 'https://shop.telecom.example';

/** Fetch Metadata, as browsers send it (no page can set these headers). */
const BROWSER = {
  topLevel: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
  frame: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' },
  ownScript: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
  otherSiteScript: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
};
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const sessionCookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'sid');

describeEachDatabase('issue 8 findings 1–3: frames, sessions and state changes', (get) => {
  let app: FastifyInstance;
  let f: HallFixture;
  let telecomHash: string;

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db, { config: { publicUrl: SITE } }));
    f = await createHallFixture(get().db, { seatCount: 30 });
    const telecom = await registerPartner(
      get().db,
      { name: 'Телеком', origins: [TELECOM], cashbackPercent: 5, ownPayFlow: true },
      NotifySecretKey.fromServerSecret(SECRET),
    );
    if (!telecom.ok) throw new Error(telecom.message);
    telecomHash = telecom.partner.hash;
  });

  const framedRow = async (sessionId: string) =>
    (
      await get().db.query<{ partner_id: number; cashback_percent: number }>(
        'SELECT partner_id, cashback_percent FROM framed_sessions WHERE session_id = $1',
        [sessionId],
      )
    ).rows[0];

  /** A guest's card order of one seat: the seat into the basket, then the anonymous order. */
  const orderOneSeat = async (who: Buyer, seat: number, guest: { email: string; name: string; surname: string }) => {
    await who.post('/hallPlace/select/', { cypher: seat });
    return (await who.post('/order/createAnonymousOrder/', { ...guest, payment: 'card' })).json();
  };

  /** The framed page's confirmed handshake: its own script posts what the parent window said. */
  const confirmFrame = (sessionId: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/spa-api/app/iframe-session/?sid=${encodeURIComponent(sessionId)}`,
      headers: {
        ...FORM,
        ...BROWSER.ownScript,
        origin: SITE,
        'x-csrf-token': csrfTokenFor(sessionId, SECRET),
        ...headers,
      },
      payload: new URLSearchParams(fields).toString(),
    });

  describe('finding 1: tickets without paying (a frame trusted on a GET anyone can send)', () => {
    it('the iframe-config GET with a partner hash and cashback_value=100 marks nothing: the order stays a card order without partner', async () => {
      const visitor = buyer(app);
      const config = await visitor.get(`/spa-api/app/iframe-config/?hash=${telecomHash}&cashback_value=100`);
      expect(config.json().partner).toMatchObject({ ownPayFlow: true, cashbackPercent: 5 });
      expect(await framedRow(visitor.sessionId)).toBeUndefined();

      const order = await orderOneSeat(visitor, f.seats[0]!, {
        email: 'ivan@example.ru',
        name: 'Иван',
        surname: 'Петров',
      });
      expect(order.error).toBe(0);
      const orderId = Number(order.url.split('/')[3]);
      const row = await get().db.query('SELECT partner_id, cashback_percent FROM orders WHERE id = $1', [orderId]);
      expect(row.rows[0]).toEqual({ partner_id: null, cashback_percent: 0 });
      // The partner's pay flow is not open to this order: /pay/notifymts refuses it.
      const notify = await visitor.post('/pay/notifymts', {
        url: `${SITE}${order.url}`,
        'params[token]': order.params.token,
      });
      expect(notify.json()).toMatchObject({ error: 1 });
    });

    it('refuses a handshake from an origin the partner did not register, and one without the CSRF token', async () => {
      const sessionId = issueSessionId(SECRET);
      const foreign = await confirmFrame(sessionId, { hash: telecomHash, parentOrigin: 'https://evil.example' });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ error: 403, session: null });
      const noToken = await confirmFrame(
        sessionId,
        { hash: telecomHash, parentOrigin: TELECOM },
        { 'x-csrf-token': '' },
      );
      expect(noToken.statusCode).toBe(403);
      const otherSite = await confirmFrame(
        sessionId,
        { hash: telecomHash, parentOrigin: TELECOM },
        { origin: 'https://evil.example' },
      );
      expect(otherSite.statusCode).toBe(403);
      expect(await framedRow(sessionId)).toBeUndefined();
    });

    it('marks a confirmed frame under a new session id, cashback capped at the registered percent', async () => {
      const before = issueSessionId(SECRET);
      const first = await confirmFrame(before, { hash: telecomHash, parentOrigin: TELECOM, cashback_value: '100' });
      expect(first.statusCode).toBe(200);
      const answer = first.json();
      expect(answer).toMatchObject({ error: 0, rotated: true, cashbackPercent: 5 });
      const after = answer.session.id as string;
      expect(after).not.toBe(before);
      expect(answer.csrfToken).toBe(csrfTokenFor(after, SECRET));
      expect(await framedRow(before)).toBeUndefined();
      expect(await framedRow(after)).toMatchObject({ cashback_percent: 5 });
      // The next framed page repeats the handshake: same partner, same session, lower cashback kept.
      const again = await confirmFrame(after, { hash: telecomHash, parentOrigin: TELECOM, cashback_value: '3' });
      expect(again.json()).toMatchObject({ error: 0, rotated: false, cashbackPercent: 3, session: { id: after } });
    });
  });

  describe('finding 2: session fixation', () => {
    it('a session id in a link never replaces the cookie, and is never written into one', async () => {
      const attacker = buyer(app);
      const victim = buyer(app);
      await victim.post('/hallPlace/select/', { cypher: f.seats[1]! });
      const res = await app.inject({
        method: 'GET',
        url: `/shopcart/state/?sid=${encodeURIComponent(attacker.sessionId)}`,
        cookies: { sid: victim.sessionId },
        headers: BROWSER.topLevel,
      });
      expect(sessionCookieOf(res)).toBeUndefined();
      expect(res.json().ticketCount).toBe(1);
    });

    it('a link with a session id opened without a cookie starts a session of its own', async () => {
      const attacker = buyer(app);
      await attacker.post('/hallPlace/select/', { cypher: f.seats[2]! });
      const res = await app.inject({
        method: 'GET',
        url: `/shopcart/state/?sid=${encodeURIComponent(attacker.sessionId)}`,
        headers: BROWSER.topLevel,
      });
      const cookie = sessionCookieOf(res);
      expect(cookie?.value).toBeDefined();
      expect(cookie?.value).not.toBe(attacker.sessionId);
      expect(res.json().ticketCount).toBe(0);
    });

    it("even a framed session's id counts only inside a frame, and is not put into a cookie there", async () => {
      const marked = (await confirmFrame(issueSessionId(SECRET), { hash: telecomHash, parentOrigin: TELECOM })).json();
      const framedId = marked.session.id as string;
      const url = `/shopcart/state/?sid=${encodeURIComponent(framedId)}`;
      const tab = await app.inject({ method: 'GET', url, headers: BROWSER.topLevel });
      expect(sessionCookieOf(tab)?.value).not.toBe(framedId);
      const inFrame = await app.inject({ method: 'GET', url, headers: BROWSER.frame });
      expect(sessionCookieOf(inFrame)).toBeUndefined();
      // A program without Fetch Metadata gets the cookie rule only.
      const script = await app.inject({ method: 'GET', url });
      expect(sessionCookieOf(script)?.value).not.toBe(framedId);
    });

    it('placing an order rotates the session: the old id sees neither the basket nor the order', async () => {
      const victim = buyer(app);
      const planted = victim.sessionId;
      const order = await orderOneSeat(victim, f.seats[3]!, {
        email: 'victim@example.ru',
        name: 'Анна',
        surname: 'Смирнова',
      });
      expect(order.error).toBe(0);
      expect(order.session.id).toBe(victim.sessionId);
      expect(victim.sessionId).not.toBe(planted);
      const orderId = Number(order.url.split('/')[3]);

      const asAttacker = (method: 'GET' | 'POST', url: string) =>
        app.inject({
          method,
          url,
          cookies: { sid: planted },
          headers: { ...FORM, 'x-csrf-token': csrfTokenFor(planted, SECRET) },
          payload: method === 'POST' ? '' : undefined,
        });
      expect((await asAttacker('GET', '/shopcart/state/')).json().ticketCount).toBe(0);
      expect((await asAttacker('POST', `/payment/session/${orderId}/`)).json()).toMatchObject({ error: 1 });
      expect((await asAttacker('GET', `/payment/state/${orderId}/`)).json()).toMatchObject({ error: 1 });
      // The buyer carries on under the new id.
      expect((await victim.post(`/payment/session/${orderId}/`, {})).json()).toMatchObject({ error: 0 });
    });

    it('rotation covers every table that keeps rows under a session id', async () => {
      const { rows } = await get().db.query<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND (column_name LIKE '%session_id' OR (table_name = 'sessions' AND column_name = 'id'))
            AND table_name NOT IN ('payments')`,
      );
      const found = rows.map((r) => `${r.table_name}.${r.column_name}`).sort();
      expect(found).toEqual(SESSION_KEYED_COLUMNS.map((c) => `${c.table}.${c.column}`).sort());
    });
  });

  describe('finding 3: state-changing GETs and other sites', () => {
    it('GET /hallPlace/DeselectAll/ from another site (cookie, no token) changes nothing', async () => {
      const victim = buyer(app);
      await victim.post('/hallPlace/select/', { cypher: f.seats[4]! });
      const res = await app.inject({
        method: 'GET',
        url: '/hallPlace/DeselectAll/',
        cookies: { sid: victim.sessionId },
        headers: { ...BROWSER.otherSiteScript, referer: 'https://evil.example/' },
      });
      expect(res.statusCode).toBe(403);
      expect((await victim.get('/shopcart/state/')).json().ticketCount).toBe(1);
      // The site's own page, with the token, still empties it.
      expect((await victim.get('/hallPlace/DeselectAll/')).json()).toMatchObject({ result: 1, ticketCount: 0 });
    });

    it('every GET the contract marks as changing state is refused without the token', async () => {
      const marked = allCalls.filter((c) => c.changesState);
      expect(marked.map((c) => c.id)).toContain('hall.placeDeselectAll');
      for (const call of marked) {
        if (!app.hasRoute({ method: 'GET', url: call.path })) continue;
        // A call told apart by a query flag (GET /private/promotions/?actualize) is asked with it.
        const flag = call.queryFlag ? `?${call.queryFlag.name}` : '';
        const res = await app.inject({ method: 'GET', url: `${call.path.replace(/:[A-Za-z]+/g, '1')}${flag}` });
        expect(res.statusCode, call.id).toBe(403);
      }
    });

    it('a POST with a valid token from another Origin is refused; from the site it passes', async () => {
      const victim = buyer(app);
      const post = (origin: string) =>
        app.inject({
          method: 'POST',
          url: '/hallPlace/select/',
          cookies: { sid: victim.sessionId },
          headers: { ...FORM, origin },
          payload: new URLSearchParams({ cypher: String(f.seats[5]), _csrf: victim.csrf }).toString(),
        });
      expect((await post('https://evil.example')).statusCode).toBe(403);
      expect((await post('null')).statusCode).toBe(403);
      expect((await victim.get('/shopcart/state/')).json().ticketCount).toBe(0);
      expect((await post(SITE)).json()).toMatchObject({ result: 1 });
    });

    it('the session cookie is SameSite=Lax, httpOnly, and Secure only over HTTPS', async () => {
      const plain = sessionCookieOf(await app.inject({ method: 'GET', url: '/shopcart/state/' }));
      expect(plain).toMatchObject({ sameSite: 'Lax', httpOnly: true, path: '/' });
      expect(plain?.secure).toBeFalsy();
      // Without a trusted proxy, X-Forwarded-Proto is anyone's header: it changes nothing.
      const forged = sessionCookieOf(
        await app.inject({ method: 'GET', url: '/shopcart/state/', headers: { 'x-forwarded-proto': 'https' } }),
      );
      expect(forged?.secure).toBeFalsy();
    });
  });
});

describeEachDatabase('issue 8 finding 6: proxy headers count only from the proxies the operator lists', (get) => {
  it('trusts X-Forwarded-Proto and -For from a listed proxy only', async () => {
    const { app } = await buildTestApp(get().db, { config: { trustProxy: ['127.0.0.1'] } });
    let seenIp = '';
    app.addHook('onResponse', async (req) => {
      seenIp = req.ip;
    });
    const secure = sessionCookieOf(
      await app.inject({ method: 'GET', url: '/shopcart/state/', headers: { 'x-forwarded-proto': 'https' } }),
    );
    expect(secure).toMatchObject({ secure: true, sameSite: 'Lax' });
    await app.inject({ method: 'GET', url: '/shopcart/state/', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(seenIp).toBe('203.0.113.7');

    const { app: direct } = await buildTestApp(get().db);
    let directIp = '';
    direct.addHook('onResponse', async (req) => {
      directIp = req.ip;
    });
    await direct.inject({ method: 'GET', url: '/shopcart/state/', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(directIp).toBe('127.0.0.1');
  });
});
