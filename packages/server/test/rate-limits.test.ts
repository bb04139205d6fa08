/**
 * Finding 4 (memory and time exhaustion): every call that writes or costs is rate-limited per
 * session and per client address, from one table (src/limits/table.ts); a call over its limit
 * answers 429 with Retry-After in its own answer shape. Counters are shared through Redis when
 * REDIS_URL is set (the last test, run only then), in memory otherwise.
 */
import { randomBytes } from 'node:crypto';
import { allCalls, messages } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { SESSION_PARAM } from '../src/http/names.js';
import {
  budgets,
  callLimits,
  clientAddress,
  MemoryCounterStore,
  RedisCounterStore,
  TOO_MANY_REQUESTS,
} from '../src/limits/index.js';
import { buildTestApp, buyer, nextClientAddress } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

const REPORT = '/uiperformancelog/?location=%2Fperformance%2F1%2F&timing=120';

describe('finding 4: the table of limits', () => {
  it('names only calls of the contract, and limits every call the issue names', () => {
    const ids = new Set(allCalls.map((c) => c.id));
    for (const id of Object.keys(callLimits)) expect(ids.has(id), id).toBe(true);
    const mustBeLimited = [
      'hall.placeSelect',
      'hall.placeDeselect',
      'hall.placeSelectGroup',
      'hall.placeDeselectGroup',
      'hall.placeSelectExclusive',
      'hall.placeSelectGifts',
      'hall.placeDeselectAll',
      'hall.entranceTicketsAdd',
      'hall.entranceTicketsRemove',
      'hall.futureTicketAdd',
      'hall.futureTicketRemove',
      'hall.map',
      'orders.createAnonymousOrder',
      'orders.createSessionOrder',
      'payment.session',
      'payment.notifyMts',
      'service.uiPerformanceLog',
      'embedding.iframeConfig',
      'tickets.ticketPdf',
      'tickets.orderPdf',
      'phone.codeSend',
      'phone.codeCheck',
      'phone.emailCodeSend',
      'account.loginAjax',
      'basket.applyPromo',
    ];
    for (const id of mustBeLimited) expect(callLimits[id]?.length, id).toBeGreaterThan(0);
  });

  it('counts a client by its IPv4 address, or by its IPv6 /64', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('2001:0db8:0001:0003::1')).toBe('2001:db8:1:3::/64');
  });

  it('keeps the memory store bounded however many clients come', async () => {
    const store = new MemoryCounterStore(100);
    for (let i = 0; i < 1_000; i++) await store.increment([{ key: `k${i}`, ttlMs: 60_000 }], 0);
    expect(store.size).toBeLessThanOrEqual(100);
    // Counting still works for the keys it keeps.
    expect(await store.increment([{ key: 'k999', ttlMs: 60_000 }], 1)).toEqual([2]);
  });

  it('lets requests through with a warning when Redis does not answer (fail open)', async () => {
    const warnings: string[] = [];
    // Port 9 (discard) on this machine: nothing listens, the connection is refused at once.
    const store = new RedisCounterStore('redis://127.0.0.1:9', (m) => warnings.push(m));
    expect(await store.increment([{ key: 'x', ttlMs: 1_000 }], 0)).toEqual([0]);
    expect(warnings.length).toBeGreaterThan(0);
    await store.close();
  });
});

describeEachDatabase('finding 4: rate limits', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;

  beforeAll(async () => {
    // Standing time (moved only by the tests): the counts live in fixed windows, and a loaded
    // machine must not carry a test's loop across a window's end.
    const frozen = new Date();
    ({ app, clock } = await buildTestApp(get().db, { clock: new ManualClock({ now: () => frozen }) }));
  });

  it('refuses a session past its limit with 429, Retry-After and the call’s own shape; another session is unaffected', async () => {
    const address = nextClientAddress();
    const a = buyer(app, undefined, address);
    for (let i = 0; i < budgets.reports.perSession; i++) expect((await a.get(REPORT)).status, `report ${i}`).toBe(200);
    const refused = await a.get(REPORT);
    expect(refused.status).toBe(429);
    expect(refused.json()).toEqual({ ok: false, message: TOO_MANY_REQUESTS });
    const sessionless = await app.inject({ method: 'GET', url: REPORT, remoteAddress: address });
    expect(sessionless.statusCode).toBe(200);
    // Another buyer behind the same address still gets through.
    const b = buyer(app, undefined, address);
    expect((await b.get(REPORT)).status).toBe(200);
    const rows = await get().db.query<{ n: number }>('SELECT count(*)::int AS n FROM ui_performance_log');
    expect(rows.rows[0]!.n).toBe(budgets.reports.perSession + 2);
  });

  it('refuses a client address past its limit, however many sessions it uses; another address is unaffected', async () => {
    const address = nextClientAddress();
    // No cookie: every request gets a fresh session, as a script's would.
    const send = (from: string) => app.inject({ method: 'GET', url: REPORT, remoteAddress: from });
    for (let i = 0; i < budgets.reports.perClient; i++)
      expect((await send(address)).statusCode, `report ${i}`).toBe(200);
    const refused = await send(address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(budgets.reports.windowMs / 1000);
    expect((await send(nextClientAddress())).statusCode).toBe(200);
  });

  it('answers a seat hold past the limit in the selection shape, and the next window lets it through', async () => {
    const a = buyer(app);
    // A place that does not exist: cheap to refuse, and still counted.
    for (let i = 0; i < budgets.seats.perSession; i++) {
      expect((await a.post('/hallPlace/select/', { cypher: 2_000_000_000 })).json().result, `select ${i}`).toBe(0);
    }
    const refused = await a.post('/hallPlace/select/', { cypher: 2_000_000_000 });
    expect(refused.status).toBe(429);
    expect(refused.json()).toEqual({ result: 0, error: 429, message: TOO_MANY_REQUESTS });
    const deselect = await a.post('/hallPlace/deselect/', { cypher: 2_000_000_000 });
    expect(deselect.status).toBe(429);
    clock.advance(budgets.seats.windowMs);
    const later = await a.post('/hallPlace/select/', { cypher: 2_000_000_000 });
    expect(later.status).toBe(200);
    expect(later.json()).toMatchObject({ result: 0, message: messages.placeInfoLoadError });
  });

  it('answers a ticket PDF past the limit as plain text', async () => {
    const address = nextClientAddress();
    const url = '/order/tickets/1.pdf?token=x';
    for (let i = 0; i < budgets.ticketPdfs.perClient; i++) {
      expect((await app.inject({ method: 'GET', url, remoteAddress: address })).statusCode, `pdf ${i}`).toBe(404);
    }
    const refused = await app.inject({ method: 'GET', url, remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(refused.body).toBe(TOO_MANY_REQUESTS);
  });
});

describe.runIf(process.env.REDIS_URL)('finding 4: rate limits shared through Redis', () => {
  let db: Awaited<ReturnType<typeof import('./support/databases.js').openTestDatabase>>;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const { openTestDatabase } = await import('./support/databases.js');
    db = await openTestDatabase('pglite');
    // Time stands still here: the counts live in fixed one-minute windows, and a loaded machine
    // must not carry the loop across a window's end (the count would start again and never refuse).
    const frozen = new Date();
    const clock = new ManualClock({ now: () => frozen });
    for (let i = 0; i < 2; i++) {
      apps.push((await buildTestApp(db.db, { clock, config: { redisUrl: process.env.REDIS_URL } })).app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.close();
  });

  it('counts a session’s requests to two server processes together', async () => {
    // An address no other run uses: Redis keeps counters between runs for a minute.
    const address = `10.${randomBytes(3).join('.')}`;
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const a = buyer(first, undefined, address);
    const same = buyer(second, undefined, address);
    const sessionOfA = () => ({ [SESSION_PARAM]: a.sessionId });
    for (let i = 0; i < budgets.reports.perSession; i++) {
      const app = i % 2 === 0 ? first : second;
      const r = await app.inject({ method: 'GET', url: REPORT, remoteAddress: address, cookies: sessionOfA() });
      expect(r.statusCode, `report ${i}`).toBe(200);
    }
    for (const app of apps) {
      const r = await app.inject({ method: 'GET', url: REPORT, remoteAddress: address, cookies: sessionOfA() });
      expect(r.statusCode).toBe(429);
    }
    // Another session is counted on its own, on both processes.
    expect((await same.get(REPORT)).status).toBe(200);
  });

  it('keeps counting when Redis has forgotten its scripts (a restarted Redis)', async () => {
    const store = new RedisCounterStore(
      process.env.REDIS_URL!,
      () => {},
      `partera:test:${randomBytes(4).toString('hex')}:`,
    );
    const admin = new Redis(process.env.REDIS_URL!);
    try {
      expect(await store.increment([{ key: 'k', ttlMs: 60_000 }], 0)).toEqual([1]);
      await admin.script('FLUSH');
      expect(await store.increment([{ key: 'k', ttlMs: 60_000 }], 0)).toEqual([2]);
    } finally {
      admin.disconnect();
      await store.close();
    }
  });
});
