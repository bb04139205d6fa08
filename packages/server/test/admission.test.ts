/**
 * Issue 9, admission at a sale's start: past `rate` buyers a second (after a burst) a buyer waits
 * in a fair queue, gets 429 with Retry-After and its position, and is let in in the order it came.
 */
import { describe, expect, it } from 'vitest';
import { emptyQueue, enter } from '../src/admission/queue.js';
import { MemoryQueueStore, RedisQueueStore } from '../src/admission/stores.js';
import { ManualClock } from '../src/clock.js';
import { buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

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

describe.runIf(process.env.REDIS_URL)('the admission queue in Redis', () => {
  it('is one queue for every server process, in order of arrival, drained by the rate', async () => {
    const prefix = `partera:test-gate:${Math.random().toString(36).slice(2)}:`;
    const a = new RedisQueueStore(process.env.REDIS_URL!, () => {}, prefix);
    const b = new RedisQueueStore(process.env.REDIS_URL!, () => {}, prefix);
    try {
      const fast = { rate: 20, burst: 2 };
      const first = await Promise.all(['s1', 's2', 's3', 's4'].map((s, i) => (i % 2 ? a : b).enter(7, s, fast)));
      expect(first.filter((v) => v.admitted)).toHaveLength(2);
      const queued = first.filter((v) => !v.admitted);
      expect(queued.map((v) => (v.admitted ? 0 : v.position)).sort()).toEqual([1, 2]);
      // The same buyer asking through the other process keeps its place.
      const s4 = await a.enter(7, 's4', fast);
      const again = await b.enter(7, 's4', fast);
      expect(again.admitted || s4.admitted || (!again.admitted && !s4.admitted && again.position <= s4.position)).toBe(
        true,
      );
      // After the time the server named, the buyer is in.
      const wait = s4.admitted ? 0 : s4.retryAfterSeconds * 1000;
      await new Promise((r) => setTimeout(r, wait));
      expect(await a.enter(7, 's4', fast)).toEqual({ admitted: true });
    } finally {
      await a.close();
      await b.close();
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

  it('is off with ADMISSION_RATE=0', async () => {
    const f = await createHallFixture(get().db);
    const { app } = await buildTestApp(get().db, { config: { admission: { rate: 0, burst: 1 } } });
    for (let i = 0; i < 5; i++) {
      expect((await buyer(app).post('/hallPlace/select/', { cypher: f.seats[i]! })).status).toBe(200);
    }
  });
});

describe('the queue in memory', () => {
  it('forgets the oldest queue past its bound of buyers', async () => {
    const store = new MemoryQueueStore(() => 0, 10);
    for (let i = 0; i < 8; i++) await store.enter(1, `a${i}`, settings);
    for (let i = 0; i < 8; i++) await store.enter(2, `b${i}`, settings);
    // Queue 1 went: its first buyer starts again at the back of a new queue.
    expect(await store.enter(1, 'a0', settings)).toEqual({ admitted: true });
  });
});
