import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import type { Queryable } from '../src/db/index.js';
import { CSRF_PARAM, SESSION_PARAM } from '../src/http/names.js';
import { csrfTokenFor, issueSessionId } from '../src/http/session.js';
import { callbackFields, partnerCallbackSchema } from '../src/payments/partner-pay/provider.js';
import { signedHeaders } from '../src/payments/partner-pay/signature.js';
import { signCallback } from '../src/payments/sandbox/provider.js';
import { sandboxKey } from '../src/payments/sandbox/signature.js';
import { NotifySecretKey, registerPartner } from '../src/services/partners/index.js';
import { buildTestApp } from './support/app.js';
import { describeEachDatabase, openTestDatabase, postgresUrl, type TestDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';
import { type ServerProcess, startApiServerProcess } from './support/processes.js';

const SECRET = 'test-secret';
const TELECOM_SECRET = 'telecom-notify-secret-7777';
const PRICE = 250_000;
const guest = { email: 'anna@example.ru', name: 'Анна', surname: 'Петрова', payment: 'card', pc: 'bankovskaya_karta' };

interface Answer {
  status: number;
  json(): any;
  /** The session cookie the answer sets (the server rotates the session when an order is placed). */
  session: string | undefined;
}

/** Sends a request to one server: in process (inject) or over HTTP (another process). */
type Send = (req: {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}) => Promise<Answer>;

const injecting =
  (app: FastifyInstance): Send =>
  async ({ method, url, headers, payload }) => {
    const r = await app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return {
      status: r.statusCode,
      json: () => r.json(),
      session: r.cookies.find((c) => c.name === SESSION_PARAM)?.value,
    };
  };

const fetching =
  (origin: string): Send =>
  async ({ method, url, headers, payload }) => {
    const body = payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload);
    const r = await fetch(origin + url, {
      method,
      // A page of the site sends its own Origin with every POST.
      headers: { origin, ...(typeof payload === 'object' ? { 'content-type': 'application/json' } : {}), ...headers },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await r.text();
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_PARAM}=`));
    return {
      status: r.status,
      json: () => JSON.parse(text),
      session: cookie ? decodeURIComponent(cookie.slice(SESSION_PARAM.length + 1).split(';')[0]!) : undefined,
    };
  };

/** A buyer's browser, which may reach any of the servers: one session cookie, one CSRF token. */
function browser() {
  let sessionId = issueSessionId(SECRET);
  return {
    get sessionId() {
      return sessionId;
    },
    async post(send: Send, url: string, form: Record<string, string | number>) {
      const payload = new URLSearchParams({
        ...Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])),
        [CSRF_PARAM]: csrfTokenFor(sessionId, SECRET),
      }).toString();
      const answer = await send({
        method: 'POST',
        url,
        payload,
        headers: { cookie: `${SESSION_PARAM}=${sessionId}`, 'content-type': 'application/x-www-form-urlencoded' },
      });
      sessionId = answer.session ?? sessionId;
      return answer;
    },
  };
}
type Browser = ReturnType<typeof browser>;

/** The shop's database view of an order: its status, payments and issued tickets. */
async function orderState(db: Queryable, orderId: number) {
  const order = await db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
  const tickets = await db.query(`SELECT 1 FROM tickets WHERE order_id = $1 AND status = 'issued'`, [orderId]);
  return { status: order.rows[0]?.status, tickets: tickets.rows.length };
}

/** The telecom partner (own pay flow) of these tests, registered as a server with SECRET stores it. */
async function registerTelecom(db: Queryable): Promise<{ id: number; hash: string }> {
  const r = await registerPartner(
    db,
    { name: 'Телеком', origins: ['http://127.0.0.1:4100'], ownPayFlow: true, notifySecret: TELECOM_SECRET },
    NotifySecretKey.fromServerSecret(SECRET),
  );
  if (!r.ok) throw new Error(r.message);
  return r.partner;
}

/** Holds a seat and orders it in the telecom partner's frame (the handshake's framed_sessions row). */
async function placeTelecomOrder(db: Queryable, send: Send, partnerId: number, seat: number, now: Date) {
  const b = browser();
  expect((await b.post(send, '/hallPlace/select/', { cypher: seat })).status).toBe(200);
  await db.query(
    `INSERT INTO framed_sessions (session_id, partner_id, cashback_percent, start_url, updated_at)
     VALUES ($1, $2, 5, NULL, $3)`,
    [b.sessionId, partnerId, now],
  );
  const answer = (await b.post(send, '/order/createAnonymousOrder/', guest)).json();
  expect(answer.error).toBe(0);
  return { buyer: b, orderId: Number(answer.url.split('/')[3]) };
}

/** The partner back end's signed confirmation of a payment it took. */
function confirm(send: Send, partnerHash: string, now: Date, orderToken: string, eventId: string) {
  const payload = { orderToken, eventId, status: 'succeeded', amount: String(PRICE) };
  const headers = signedHeaders(TELECOM_SECRET, {
    partner: partnerHash,
    timestamp: String(Math.floor(now.getTime() / 1000)),
    method: 'POST',
    path: '/payment/callback/mts_pay/',
    fields: callbackFields(partnerCallbackSchema.parse(payload)),
  });
  return send({ method: 'POST', url: '/payment/callback/mts_pay/', headers, payload });
}

/** The checkout's two calls: the payment session on one server, the hand-over on another. */
async function handOver(b: Browser, orderId: number, session: Send, notify: Send) {
  const answer = (await b.post(session, `/payment/session/${orderId}/`, {})).json();
  expect(answer).toMatchObject({ error: 0, provider: 'mts_pay' });
  return (await b.post(notify, '/pay/notifymts', { url: answer.url })).json();
}

describeEachDatabase('finding 7a: payment events are keyed by provider and payment', (get) => {
  let app: FastifyInstance;
  const clock = new ManualClock();
  let telecom: { id: number; hash: string };

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db, { clock }));
    telecom = await registerTelecom(get().db);
  });
  afterAll(() => app.close());

  it('pays two orders whose partner confirmations carry the same event id; a replay for one order stays a replay', async () => {
    const { db } = get();
    const f = await createHallFixture(db);
    const send = injecting(app);
    const first = await placeTelecomOrder(db, send, telecom.id, f.seats[0]!, clock.now());
    const second = await placeTelecomOrder(db, send, telecom.id, f.seats[1]!, clock.now());
    const firstToken: string = (await handOver(first.buyer, first.orderId, send, send)).uuid;
    const secondToken: string = (await handOver(second.buyer, second.orderId, send, send)).uuid;

    // The partner numbers its notifications per payment: both are its event 1.
    expect((await confirm(send, telecom.hash, clock.now(), firstToken, '1')).json()).toEqual({
      ok: true,
      result: 'paid',
    });
    expect((await confirm(send, telecom.hash, clock.now(), secondToken, '1')).json()).toEqual({
      ok: true,
      result: 'paid',
    });
    expect(await orderState(db, first.orderId)).toEqual({ status: 'paid', tickets: 1 });
    expect(await orderState(db, second.orderId)).toEqual({ status: 'paid', tickets: 1 });

    const replay = await confirm(send, telecom.hash, clock.now(), secondToken, '1');
    expect(replay.status).toBe(200);
    expect(replay.json()).toEqual({ ok: true, result: 'replayed' });
    expect(await orderState(db, second.orderId)).toEqual({ status: 'paid', tickets: 1 });
  });

  it('pays two orders whose bank notifications carry the same event id', async () => {
    const { db } = get();
    const f = await createHallFixture(db);
    const send = injecting(app);
    const paymentOf = async (seat: number) => {
      const b = browser();
      expect((await b.post(send, '/hallPlace/select/', { cypher: seat })).status).toBe(200);
      const order = (await b.post(send, '/order/createAnonymousOrder/', guest)).json();
      const orderId = Number(order.url.split('/')[3]);
      const session = (await b.post(send, `/payment/session/${orderId}/`, {})).json();
      return { orderId, paymentId: session.get.mdOrder as string };
    };
    const notify = (p: { orderId: number; paymentId: string }) =>
      send({
        method: 'POST',
        url: '/payment/callback/sandbox/',
        payload: signCallback(sandboxKey(SECRET), {
          eventId: 'bank-event-42',
          mdOrder: p.paymentId,
          orderNumber: String(p.orderId),
          operation: 'deposited',
          status: '1',
          amount: String(PRICE),
        }),
      });
    const a = await paymentOf(f.seats[0]!);
    const b = await paymentOf(f.seats[1]!);
    expect((await notify(a)).json()).toEqual({ ok: true, result: 'paid' });
    expect((await notify(b)).json()).toEqual({ ok: true, result: 'paid' });
    expect((await notify(b)).json()).toEqual({ ok: true, result: 'replayed' });
    expect(await orderState(db, a.orderId)).toEqual({ status: 'paid', tickets: 1 });
    expect(await orderState(db, b.orderId)).toEqual({ status: 'paid', tickets: 1 });
  });
});

describeEachDatabase('finding 7b: the telecom pay flow works whichever server answers', (get) => {
  // Two servers on one database that know the site under different addresses, as two processes
  // started with npm start's defaults do (PUBLIC_URL is http://localhost:{own port}).
  let one: FastifyInstance;
  let two: FastifyInstance;
  const clock = new ManualClock();
  let telecom: { id: number; hash: string };

  beforeAll(async () => {
    ({ app: one } = await buildTestApp(get().db, { clock, config: { publicUrl: 'http://localhost:3001' } }));
    ({ app: two } = await buildTestApp(get().db, { clock, config: { publicUrl: 'http://localhost:3002' } }));
    telecom = await registerTelecom(get().db);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  it('hands an order over on one server after the payment session on the other, and both ways', async () => {
    const { db } = get();
    const f = await createHallFixture(db);
    for (const [session, notify, seat] of [
      [injecting(one), injecting(two), f.seats[0]!],
      [injecting(two), injecting(one), f.seats[1]!],
    ] as const) {
      const order = await placeTelecomOrder(db, session, telecom.id, seat, clock.now());
      const answer = await handOver(order.buyer, order.orderId, session, notify);
      expect(answer).toEqual({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      const paid = await confirm(notify, telecom.hash, clock.now(), answer.uuid, `pay-${order.orderId}`);
      expect(paid.json()).toEqual({ ok: true, result: 'paid' });
      expect(await orderState(db, order.orderId)).toEqual({ status: 'paid', tickets: 1 });
    }
  });
});

describe.runIf(postgresUrl)('finding 7b: the telecom pay flow across two server processes [postgres]', () => {
  let t: TestDatabase;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    t = await openTestDatabase('postgres');
    // 5400–5999: clear of the fetch standard's blocked ports (5060, 5061, 6000) and of the ports
    // the sale rush test picks.
    const base = 5400 + Math.floor(Math.random() * 300) * 2;
    // As with npm start's default, each process believes the site is http://localhost:{its port}.
    const env = (port: number) => ({
      DATABASE_URL: t.url!,
      PORT: String(port),
      SECRET,
      PUBLIC_URL: `http://localhost:${port}`,
    });
    servers = await Promise.all([startApiServerProcess(env(base)), startApiServerProcess(env(base + 1))]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await t?.close();
  });

  it('answers the payment session on one process and takes the hand-over and the payment on the other', async () => {
    const telecom = await registerTelecom(t.db);
    const f = await createHallFixture(t.db);
    const [first, second] = servers.map((s) => fetching(s.url)) as [Send, Send];
    const order = await placeTelecomOrder(t.db, first, telecom.id, f.seats[0]!, new Date());
    const answer = await handOver(order.buyer, order.orderId, first, second);
    expect(answer).toEqual({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const paid = await confirm(second, telecom.hash, new Date(), answer.uuid, 'pay-1');
    expect(paid.json()).toEqual({ ok: true, result: 'paid' });
    expect(await orderState(t.db, order.orderId)).toEqual({ status: 'paid', tickets: 1 });
  }, 60_000);
});
