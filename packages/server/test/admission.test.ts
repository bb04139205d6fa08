/**
 * Issue 9, admission at a sale's start: past `rate` buyers a second (after a burst) a buyer waits
 * in a fair queue, gets 429 with Retry-After and its position, and is let in in the order it came.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyQueue, enter } from '../src/admission/queue.js';
import { type CountedAttempt, MemoryQueueStore, type QueueStore, RedisQueueStore } from '../src/admission/stores.js';
import { ManualClock } from '../src/clock.js';
import { SESSION_PARAM } from '../src/http/names.js';
import { clientOf, MemoryCounterStore, RedisCounterStore } from '../src/limits/index.js';
import { SharedRedis } from '../src/redis.js';
import { buildTestApp, buyer, nextClientAddress } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';
import { withRedisGate } from './support/redis-gate.js';
import { countingStatements } from './support/statements.js';

const settings = { rate: 2, burst: 3 };

describe('the admission rule', () => {
  it('admits a burst, queues the rest in order of arrival, and lets them in at the rate', () => {
    const state = emptyQueue(0, settings);
    const verdicts = [1, 2, 3, 4, 5, 6].map(() => enter(state, null, 0, settings));
    expect(verdicts.map((v) => v.ticket)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(verdicts.slice(0, 3).every((v) => v.verdict.admitted)).toBe(true);
    expect(verdicts.slice(3).map((v) => v.verdict)).toEqual([
      { admitted: false, position: 1, retryAfterSeconds: 1 },
      { admitted: false, position: 2, retryAfterSeconds: 1 },
      { admitted: false, position: 3, retryAfterSeconds: 2 },
    ]);
    // Half a second later one token came in: the first in the queue is in, the others moved up.
    expect(enter(state, 6, 500, settings).verdict).toEqual({ admitted: false, position: 2, retryAfterSeconds: 1 });
    expect(enter(state, 4, 500, settings).verdict).toEqual({ admitted: true });
    // A newcomer queues behind everyone already waiting, however often the others ask.
    expect(enter(state, null, 500, settings)).toEqual({
      ticket: 7,
      verdict: { admitted: false, position: 3, retryAfterSeconds: 2 },
    });
    expect(enter(state, 7, 2_000, settings).verdict).toEqual({ admitted: true });
  });

  it('lets everyone in at once while fewer come than the rate', () => {
    const state = emptyQueue(0, settings);
    for (let i = 0; i < 50; i++) expect(enter(state, null, i * 600, settings).verdict.admitted).toBe(true);
  });
});

/** Stores over Redis with keys no other run uses: queues and counters outlive a run there. */
function redisStores(): { queues: (n?: number) => RedisQueueStore; close(): Promise<void> } {
  const run = `partera:test-gate:${randomBytes(4).toString('hex')}:`;
  const counters: RedisCounterStore[] = [];
  return {
    queues() {
      const c = new RedisCounterStore(process.env.REDIS_URL!, () => {}, `${run}rl:`);
      counters.push(c);
      return new RedisQueueStore(c, `${run}gate:`);
    },
    async close() {
      for (const c of counters) await c.close();
    },
  };
}

describe.runIf(process.env.REDIS_URL)('the admission queue in Redis', () => {
  it('is one queue for every server process, in order of arrival, drained by the rate', async () => {
    const redis = redisStores();
    const a = redis.queues();
    const b = redis.queues();
    try {
      const fast = { rate: 20, burst: 2 };
      const first = await Promise.all(
        ['s1', 's2', 's3', 's4'].map(async (s, i) => (await (i % 2 ? a : b).enter(7, s, fast)).verdict!),
      );
      expect(first.filter((v) => v.admitted)).toHaveLength(2);
      const queued = first.filter((v) => !v.admitted);
      expect(queued.map((v) => (v.admitted ? 0 : v.position)).sort()).toEqual([1, 2]);
      // The same buyer asking through the other process keeps its place.
      const s4 = (await a.enter(7, 's4', fast)).verdict!;
      const again = (await b.enter(7, 's4', fast)).verdict!;
      expect(again.admitted || s4.admitted || (!again.admitted && !s4.admitted && again.position <= s4.position)).toBe(
        true,
      );
      // After the time the server named, the buyer is in.
      const wait = s4.admitted ? 0 : s4.retryAfterSeconds * 1000;
      await new Promise((r) => setTimeout(r, wait));
      expect((await a.enter(7, 's4', fast)).verdict).toEqual({ admitted: true });
    } finally {
      await redis.close();
    }
  });
});

/**
 * An attempt's rate limit: one counter per client `who`, at most two attempts each (the
 * limiter's rule, limits/index.ts: a count above the max refuses).
 */
const twoPerClient = (who: string): CountedAttempt => ({
  hits: [{ key: `seats:c:${who}`, ttlMs: 60_000 }],
  maxes: [2],
  refused: (counts) => counts.some((n) => n > 2),
});

type OpenStore = () => { store: QueueStore; close(): Promise<void> };
const storeKinds: Array<[string, OpenStore]> = [
  ['memory', () => ({ store: new MemoryQueueStore(() => 0, new MemoryCounterStore()), close: async () => {} })],
];
if (process.env.REDIS_URL) {
  storeKinds.push([
    'Redis',
    () => {
      const redis = redisStores();
      return { store: redis.queues(), close: () => redis.close() };
    },
  ]);
}

describe.each(storeKinds)('an attempt counted and queued in one step (%s)', (_name, open) => {
  it('counts the attempt’s rate limits, and an attempt over one takes no place in the queue', async () => {
    const { store, close } = open();
    try {
      const one = { rate: 1, burst: 1 };
      expect(await store.enter(9, 's1', one, twoPerClient('a'))).toEqual({ counts: [1], verdict: { admitted: true } });
      expect(await store.enter(9, 's2', one, twoPerClient('a'))).toEqual({
        counts: [2],
        verdict: { admitted: false, position: 1, retryAfterSeconds: 1 },
      });
      // Client a's third attempt is over its limit: counted, not queued.
      expect(await store.enter(9, 's3', one, twoPerClient('a'))).toEqual({ counts: [3], verdict: null });
      // So another client's buyer is next after s2, not after s3.
      expect((await store.enter(9, 's4', one, twoPerClient('b'))).verdict).toMatchObject({ position: 2 });
      // The hall page enters without counting.
      expect((await store.enter(9, 's5', one)).counts).toEqual([]);
    } finally {
      await close();
      await store.close();
    }
  });
});

describeEachDatabase('issue 9: the admission gate in front of the holds', (get) => {
  it('answers 429 with Retry-After and the queue position in the call’s shape, then lets the buyer in', async () => {
    const f = await createHallFixture(get().db);
    const frozen = new Date();
    const clock = new ManualClock({ now: () => frozen });
    const { app } = await buildTestApp(get().db, { clock, config: { admission: settings, redisUrl: undefined } });
    const buyers = Array.from({ length: 5 }, () => buyer(app));
    const answers = [];
    for (const [i, b] of buyers.entries()) answers.push(await b.post('/hallPlace/select/', { cypher: f.seats[i]! }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    const queued = answers[4]!;
    expect(queued.json()).toMatchObject({ result: 0, error: 429 });
    expect(queued.json().message).toContain('Ваше место в очереди: 2');
    const raw = await app.inject({
      method: 'POST',
      url: '/hallPlace/select/',
      headers: { cookie: `sid=${buyers[4]!.sessionId}`, 'x-csrf-token': buyers[4]!.csrf },
      payload: { cypher: String(f.seats[4]) },
    });
    expect(raw.headers['retry-after']).toBe('1');
    expect(raw.headers['x-queue-position']).toBe('2');
    // Nothing was held for the queued buyers.
    const held = await get().db.query('SELECT 1 FROM performance_places WHERE id = ANY($1::int[]) AND state = 1', [
      [f.seats[3], f.seats[4]],
    ]);
    expect(held.rows).toEqual([]);
    // One second later both tokens went to the queue in order: both are in.
    clock.advance(1_000);
    expect((await buyers[4]!.post('/hallPlace/select/', { cypher: f.seats[4]! })).json()).toMatchObject({ result: 1 });
    expect((await buyers[3]!.post('/hallPlace/select/', { cypher: f.seats[3]! })).json()).toMatchObject({ result: 1 });
  });

  it('answers a queued buyer without a database statement, and never queues a forged or sessionless attempt', async () => {
    const f = await createHallFixture(get().db);
    const c = countingStatements(get().db);
    const { app } = await buildTestApp(c.db, { config: { admission: { rate: 1, burst: 1 }, redisUrl: undefined } });
    // The first buyer takes the place; the process keeps its performance from then on.
    expect((await buyer(app).post('/hallPlace/select/', { cypher: f.seats[0]! })).status).toBe(200);
    c.seen.length = 0;
    const queued = await buyer(app).post('/hallPlace/select/', { cypher: f.seats[0]! });
    expect(queued.status).toBe(429);
    expect(queued.json().message).toContain('Ваше место в очереди: 1');
    expect(c.seen).toEqual([]);
    // A valid session without the page's CSRF token: refused as today, and it takes no place in
    // the queue (the next buyer is second, not third).
    const forged = buyer(app);
    const noToken = await app.inject({
      method: 'POST',
      url: '/hallPlace/select/',
      remoteAddress: nextClientAddress(),
      cookies: { [SESSION_PARAM]: forged.sessionId },
      payload: { cypher: String(f.seats[0]) },
    });
    expect(noToken.statusCode).toBe(403);
    // No session at all: a new one, and the same refusal.
    const sessionless = await app.inject({
      method: 'POST',
      url: '/hallPlace/select/',
      remoteAddress: nextClientAddress(),
      payload: { cypher: String(f.seats[0]) },
    });
    expect(sessionless.statusCode).toBe(403);
    expect(sessionless.cookies.map((k) => k.name)).toContain(SESSION_PARAM);
    const next = await buyer(app).post('/hallPlace/select/', { cypher: f.seats[0]! });
    expect(next.json().message).toContain('Ваше место в очереди: 2');
    expect(c.seen).toEqual([]);
  });

  it('looks up the performance of a place once however many buyers ask for its places at once', async () => {
    const f = await createHallFixture(get().db);
    const c = countingStatements(get().db);
    const { app } = await buildTestApp(c.db, { config: { admission: { rate: 1, burst: 1 }, redisUrl: undefined } });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => buyer(app).post('/hallPlace/select/', { cypher: f.seats[i % 2]! })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(7).fill(429)]);
    expect(c.seen.filter((sql) => /SELECT (id, )?performance_id FROM performance_places/.test(sql))).toHaveLength(1);
  });

  it('is off with ADMISSION_RATE=0', async () => {
    const f = await createHallFixture(get().db);
    const { app } = await buildTestApp(get().db, { config: { admission: { rate: 0, burst: 1 } } });
    for (let i = 0; i < 5; i++) {
      expect((await buyer(app).post('/hallPlace/select/', { cypher: f.seats[i]! })).status).toBe(200);
    }
  });
});

describe.runIf(process.env.REDIS_URL)('the gate and the rate limits in Redis', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('count and gate a hold attempt in one round trip, queued or admitted', async () => {
    await withRedisGate(async (app, db) => {
      const f = await createHallFixture(db);
      // The process learns the places' performance first (a miss is counted before its look-up,
      // in a round trip of its own); from then on an attempt is one round trip.
      await buyer(app).post('/hallPlace/deselect/', { cypher: f.seats[0]! });
      const scripts = vi.spyOn(SharedRedis.prototype, 'runScript');
      const first = await buyer(app).post('/hallPlace/select/', { cypher: f.seats[0]! });
      expect(first.json()).toMatchObject({ result: 1 });
      expect(scripts).toHaveBeenCalledTimes(1);
      const second = await buyer(app).post('/hallPlace/select/', { cypher: f.seats[1]! });
      expect(second.status).toBe(429);
      expect(second.json().message).toContain('Ваше место в очереди: 1');
      expect(scripts).toHaveBeenCalledTimes(2);
    });
  });
});

describe('the queue in memory', () => {
  it('forgets the oldest queue past its bound of buyers', async () => {
    const store = new MemoryQueueStore(() => 0, new MemoryCounterStore(), 10);
    for (let i = 0; i < 8; i++) await store.enter(1, `a${i}`, settings);
    for (let i = 0; i < 8; i++) await store.enter(2, `b${i}`, settings);
    // Queue 1 went: its first buyer starts again at the back of a new queue.
    expect((await store.enter(1, 'a0', settings)).verdict).toEqual({ admitted: true });
  });
});

describe('the look-ups in front of the gate', () => {
  it('works out a request’s client address once, however often it is asked', () => {
    let reads = 0;
    const req = {
      raw: {
        headers: { 'x-forwarded-for': '2001:db8:1:2::7' },
        socket: {
          get remoteAddress() {
            reads++;
            return '127.0.0.1';
          },
        },
      } as never,
      server: { deps: { config: { trustProxy: ['127.0.0.1'] } } },
    };
    expect([clientOf(req), clientOf(req)]).toEqual(['2001:db8:1:2::/64', '2001:db8:1:2::/64']);
    expect(reads).toBe(1);
  });
});
