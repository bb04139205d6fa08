import { allCalls, basketGetTickets, type CallDef, pickCall, routeGroups, routeKey } from '@partera/contract';
import fc from 'fast-check';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { answerError, SERVER_ERROR_MESSAGE } from '../src/http/errors.js';
import { route } from '../src/http/route.js';
import { seedSmallFixture } from '../src/seed/index.js';
import { registerPartner } from '../src/services/partners/index.js';
import { buyer, testConfig } from './support/app.js';
import { encodeCall } from './support/call-request.js';
import { describeEachDatabase, openTestPglite } from './support/databases.js';
import { changedTables, type Fingerprint, type Fingerprinter, fingerprinter } from './support/fingerprint.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';
import {
  type Body,
  INTERNAL_ERROR_TEXT,
  type LiveAnswer,
  type LiveBuyer,
  type LiveRequest,
  type LiveServer,
  liveBuyer,
  RequestHang,
  startLiveServer,
} from './support/live-server.js';
import { requestInput, requestObject } from './support/zod-arbitrary.js';

/** One above the largest id a database integer holds. */
const BEYOND_INT = '2147483648';

describeEachDatabase('finding 5: server errors on bad input', (get) => {
  let server: LiveServer;
  let f: HallFixture;
  let partnerHash: string;

  beforeAll(async () => {
    server = await startLiveServer(get().db);
    f = await createHallFixture(get().db);
    const partner = await registerPartner(get().db, { name: 'Портал', origins: ['https://portal.example'] });
    if (!partner.ok) throw new Error('partner registration failed');
    partnerHash = partner.partner.hash;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Bad input is the caller's mistake: a 4xx answer that says nothing about the database. */
  function expectRefused(answer: LiveAnswer, what: string) {
    expect.soft(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect.soft(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
    expect.soft(answer.body, what).not.toMatch(INTERNAL_ERROR_TEXT);
  }

  it('refuses ids beyond the database integer with the call’s own 400 (or the 404 of a file that names nothing)', async () => {
    const b = liveBuyer(server);
    const entrance = {
      count: 1,
      performanceId: f.performanceId,
      sectionId: f.entranceSectionId,
      taxId: f.tariffId,
      ticketPrice: 2500,
    };
    const posts: Array<[string, Record<string, string | number>]> = [
      ['/hallPlace/select/', { cypher: BEYOND_INT }],
      ['/hallPlace/select/', { cypher: f.seats[0]!, tax: BEYOND_INT }],
      ['/hallPlace/deselect/', { cypher: BEYOND_INT }],
      ['/hallPlace/entranceTicketsAdd/', { ...entrance, performanceId: BEYOND_INT }],
      ['/hallPlace/entranceTicketsAdd/', { ...entrance, sectionId: BEYOND_INT }],
      ['/hallPlace/entranceTicketsAdd/', { ...entrance, taxId: BEYOND_INT }],
      ['/hallPlace/entranceTicketsAdd/', { ...entrance, count: BEYOND_INT }],
      ['/hallPlace/entranceTicketsRemove/', { ...entrance, performanceId: BEYOND_INT }],
      ['/hallPlace/entranceTicketsRemove/', { ...entrance, sectionId: BEYOND_INT }],
      [`/payment/session/${BEYOND_INT}/`, {}],
    ];
    for (const [url, form] of posts) {
      const answer = await b.post(url, form);
      expectRefused(answer, `POST ${url} ${JSON.stringify(form)}`);
      expect.soft(answer.status, url).toBe(400);
    }
    for (const url of [
      `/hallview/map/${BEYOND_INT}/?json=1`,
      `/payment/state/${BEYOND_INT}/`,
      `/spa-api/app/widget-hall/${BEYOND_INT}/`,
    ]) {
      const answer = await b.get(url);
      expectRefused(answer, `GET ${url}`);
      expect.soft(answer.status, url).toBe(400);
    }
    for (const url of [
      `/order/tickets/${BEYOND_INT}.pdf?token=x`,
      `/dev/outbox/${BEYOND_INT}`,
      `/dev/outbox/${BEYOND_INT}/attachments/0`,
      '/dev/outbox/99999999999999999999',
    ]) {
      const answer = await b.get(url);
      expectRefused(answer, `GET ${url}`);
      expect.soft(answer.status, url).toBe(404);
    }
  });

  it('refuses a NUL byte and over-long text in the fields that reach the database', async () => {
    const b = liveBuyer(server);
    const guest = { email: 'ivan@example.ru', name: 'Иван', surname: 'Петров', payment: 'card', phone: '+79991234567' };
    expect((await b.post('/hallPlace/select/', { cypher: f.seats[0]! })).status).toBe(200);
    for (const field of ['email', 'name', 'surname', 'phone', 'patronymic', 'pc']) {
      const answer = await b.post('/order/createAnonymousOrder/', { ...guest, [field]: 'Ива\u0000н' });
      expectRefused(answer, `anonymous order, NUL in ${field}`);
      expect.soft(answer.status).toBe(400);
    }
    const longPhone = await b.post('/order/createAnonymousOrder/', { ...guest, phone: '7'.repeat(900_000) });
    expectRefused(longPhone, 'anonymous order, a 900 KB phone');
    const orders = await get().db.query('SELECT 1 FROM orders WHERE session_id = $1', [b.sessionId]);
    expect(orders.rows).toHaveLength(0);

    const gets = [
      '/uiperformancelog/?location=%2Fshow%2F%00',
      '/uiperformancelog/?iframe_failure=1&loc=%00&iframe_msg=a%00b',
      `/spa-api/app/iframe-config/?hash=${partnerHash}&start_url=%2Fshow%2F%00%2F`,
      '/spa-api/app/iframe-config/?hash=a%00b',
      '/payment/state/1/?token=a%00b',
      '/registration/validateField/?field=email&value=a%00b%40example.ru',
    ];
    for (const url of gets) expectRefused(await b.get(url), `GET ${url}`);
    expectRefused(await b.post('/payment/session/1/', { token: 'a\u0000b' }), 'payment session token with NUL');
    expectRefused(await b.post('/pay/notifymts', { url: '/payment/session/1/\u0000' }), 'notifymts url with NUL');
    const logged = await get().db.query('SELECT 1 FROM ui_performance_log');
    expect(logged.rows).toHaveLength(0);
  });
});

describe('finding 5: the safety net under every route', () => {
  /** What a database error says: none of it may reach the caller. */
  const DATABASE_ERROR = 'duplicate key value violates unique constraint "orders_pkey"';

  it('answers an unexpected error 500 with a generic Russian message and logs the error itself', async () => {
    const logged: unknown[] = [];
    const logger = {
      level: 'info',
      error: (entry: unknown) => logged.push(entry),
      fatal: () => {},
      warn: () => {},
      info: () => {},
      debug: () => {},
      trace: () => {},
      silent: () => {},
      child: () => logger,
    } as unknown as FastifyBaseLogger;
    const app = Fastify({ loggerInstance: logger });
    app.setErrorHandler((error, req, reply) => answerError(error, req, reply));
    app.get('/boom', async () => {
      throw Object.assign(new Error(DATABASE_ERROR), { code: '23505' });
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 500, message: SERVER_ERROR_MESSAGE });
    // The log keeps what the caller is not told.
    expect(logged.map((entry) => (entry as { err: Error }).err.message)).toEqual([DATABASE_ERROR]);
    await app.close();
  });

  it('is installed on the app: a call answers in its own shape, any other route in JSON', async () => {
    const database = await openTestPglite();
    // A call of the analytics' shape at an address of its own (the app serves the real one).
    const failing: typeof basketGetTickets = { ...basketGetTickets, id: 'test.failing', path: '/test/failing-call/' };
    const throwing = async (app: FastifyInstance) => {
      route(app, failing, () => {
        throw new Error(DATABASE_ERROR);
      });
      app.get('/boom', async () => {
        throw new Error(DATABASE_ERROR);
      });
    };
    const app = await buildApp(
      { db: database.db, clock: new ManualClock({ now: () => new Date() }), config: testConfig() },
      { plugins: [throwing] },
    );
    try {
      const b = buyer(app);
      const call = await b.post('/test/failing-call/', {});
      expect(call.status).toBe(500);
      // The analytics call's own failure shape: no tickets.
      expect(call.json()).toEqual({ data: [] });
      const plain = await b.get('/boom');
      expect(plain.status).toBe(500);
      expect(plain.json()).toEqual({ error: 500, message: SERVER_ERROR_MESSAGE });
      for (const body of [call.body, plain.body]) expect(body).not.toMatch(INTERNAL_ERROR_TEXT);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('answers what the body parser refuses with a 4xx of its own, not the parser’s text', async () => {
    const app = Fastify({ bodyLimit: 1024 });
    app.setErrorHandler((error, req, reply) => answerError(error, req, reply));
    app.post('/echo', async (req) => req.body);
    const post = (contentType: string, payload: string) =>
      app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': contentType }, payload });
    const badJson = await post('application/json', '{"a":');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ error: 400, message: 'Тело запроса — не JSON' });
    expect((await post('text/xml', '<a/>')).statusCode).toBe(415);
    expect((await post('application/json', JSON.stringify({ a: 'x'.repeat(2000) }))).statusCode).toBe(413);
    await app.close();
  });
});

/** Fixed, so a failure reproduces; each call gets its own stream (SEED + its index). */
const SEED = 20_250_808;
/**
 * Generated requests per call: the calls this server serves get most of them; the others answer
 * Fastify's 404 to anything, which a few requests show. About 1 500 requests in all.
 */
const RUNS_PER_SERVED_CALL = 24;
const RUNS_PER_OTHER_CALL = 6;
/**
 * Tables a refused request may still write: a rate limit counts every request, refused or not
 * (that is its job).
 */
const COUNTS_EVERY_REQUEST = ['rate_limits'];

/** Bodies no client of the contract sends: the body parser refuses each with a 4xx. */
const MALFORMED_BODIES: readonly Body[] = [
  { kind: 'raw', contentType: 'application/json', text: '{"cypher":' },
  { kind: 'raw', contentType: 'application/json', text: '{"__proto__":{"isAdmin":true}}' },
  { kind: 'raw', contentType: 'text/xml', text: '<order id="1"/>' },
  // Over the 1 MB body limit.
  { kind: 'form', fields: [['name', 'я'.repeat(600_000)]] },
];

const isText = (contentType: string) => contentType === '' || /json|text|html|xml|svg/.test(contentType);

describeEachDatabase('finding 5 (fuzz): every call of the contract, driven from its own schema', (get) => {
  let server: LiveServer;
  let prints: Fingerprinter;
  /** Free seats of the catalogue, one performance after another, for buyers to hold one each. */
  let freeSeats: number[];

  beforeAll(async () => {
    const { db } = get();
    // The small catalogue: its ids are small numbers, which the generated ids hit now and then.
    await seedSmallFixture(db, new Date());
    await createHallFixture(db);
    const seats = await db.query<{ id: number }>(
      `SELECT id FROM (SELECT id, performance_id, row_number() OVER (PARTITION BY performance_id ORDER BY id) AS n
                         FROM performance_places WHERE state = 0) t
        WHERE n <= 8 ORDER BY n, performance_id`,
    );
    freeSeats = seats.rows.map((r) => r.id);
    server = await startLiveServer(db);
    prints = await fingerprinter(db, { except: COUNTS_EVERY_REQUEST });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The call that answers a request: the one of its route group the query selects. */
  const groups = routeGroups(allCalls);
  const answeringCall = (call: CallDef, query: Record<string, unknown>) =>
    pickCall(groups.get(routeKey(call)) ?? [call], query) ?? call;

  const refusedByContract = (call: CallDef, input: Record<string, unknown>) => {
    const parsed = call.request.safeParse(input);
    return !parsed.success || parsed.data === null;
  };

  it('answers every request below 500, in time, without internal text, and changes nothing when it refuses', async () => {
    const failures: string[] = [];
    let sent = 0;
    const started = performance.now();

    /** The database as it was after the last refused request: the next one starts from it. */
    let unchangedSince: Fingerprint | null = null;

    /**
     * Sends one request and checks its answer. `watched`: fingerprint the database around it, to
     * show that a refused request changed nothing.
     */
    async function probe(
      buyer: LiveBuyer,
      call: CallDef,
      request: LiveRequest,
      expectRefused: boolean,
      watched: boolean,
    ): Promise<void> {
      const what = `${call.id}: ${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.body ?? {}).slice(0, 300)}`;
      const before = watched ? (unchangedSince ?? (await prints.take())) : null;
      unchangedSince = null;
      let answer: LiveAnswer;
      try {
        answer = await buyer.send(request);
      } catch (err) {
        failures.push(err instanceof RequestHang ? `hang — ${what}` : `no answer (${String(err)}) — ${what}`);
        return;
      }
      sent++;
      const excerpt = answer.body.slice(0, 300);
      const refused = answer.status >= 400 && answer.status < 500;
      if (answer.status >= 500) failures.push(`${answer.status} — ${what} → ${excerpt}`);
      if (isText(answer.contentType) && INTERNAL_ERROR_TEXT.test(answer.body)) {
        failures.push(`internal text in the answer — ${what} → ${excerpt}`);
      }
      if (expectRefused && !refused) {
        failures.push(`the contract refuses it, the server answered ${answer.status} — ${what} → ${excerpt}`);
      }
      if (before && refused) {
        const after = await prints.take();
        const changed = changedTables(before, after);
        if (changed.length) failures.push(`refused with ${answer.status} but changed ${changed.join(', ')} — ${what}`);
        unchangedSince = after;
      }
    }

    for (const [index, call] of allCalls.entries()) {
      const buyer = liveBuyer(server);
      // A call the server does not serve answers Fastify's 404 to everything: one fingerprint
      // around its whole batch shows that nothing changed. A served one is watched request by
      // request, and its buyer holds a seat first, so that order and payment calls get past
      // the empty basket.
      const served = server.app.hasRoute({ method: call.method, url: call.path });
      const batchStart = served ? null : await prints.take();
      if (served) await buyer.post('/hallPlace/select/', { cypher: freeSeats[index % freeSeats.length]! });
      unchangedSince = null;
      const inputs = fc.sample(fc.tuple(requestInput(requestObject(call.request)), fc.boolean()), {
        seed: SEED + index,
        numRuns: served ? RUNS_PER_SERVED_CALL : RUNS_PER_OTHER_CALL,
      });
      for (const [input, asJson] of inputs) {
        const encoded = encodeCall(call, input, asJson);
        const refused =
          encoded.seenByServer !== null && refusedByContract(answeringCall(call, encoded.query), encoded.seenByServer);
        await probe(buyer, call, encoded.request, refused || !served, served);
      }
      if (call.method === 'POST') {
        const { url } = encodeCall(call, {}, false).request;
        for (const body of MALFORMED_BODIES) await probe(buyer, call, { method: 'POST', url, body }, true, served);
      }
      if (batchStart) {
        const changed = changedTables(batchStart, await prints.take());
        if (changed.length) failures.push(`${call.id} is not served, yet its requests changed ${changed.join(', ')}`);
      }
    }

    const seconds = (performance.now() - started) / 1000;
    console.info(`fuzz on ${get().kind}: ${sent} requests to ${allCalls.length} calls in ${seconds.toFixed(1)} s`);
    expect(sent).toBeGreaterThan(allCalls.length * RUNS_PER_OTHER_CALL);
    expect(failures).toEqual([]);
  }, 300_000);
});
