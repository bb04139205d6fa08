import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedisQueueStore } from '../src/admission/stores.js';
import { RedisCounterStore } from '../src/limits/index.js';
import { SharedRedis } from '../src/redis.js';
import { placePerformanceLookup } from '../src/services/basket/place-performances.js';
import { buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';
import { withRedisGate } from './support/redis-gate.js';
import { countingStatements } from './support/statements.js';

/** The look-up of a place's performance, whatever its exact text. */
const isLookup = (sql: string) => /SELECT (id, )?performance_id FROM performance_places/.test(sql);

describeEachDatabase('issue 9: the look-ups in front of the admission gate', (get) => {
  it('reads the places of a whole performance at its first miss, then answers from memory', async () => {
    const f = await createHallFixture(get().db, { seatCount: 30 });
    const other = await createHallFixture(get().db, { seatCount: 5 });
    const c = countingStatements(get().db);
    const performanceOf = placePerformanceLookup(c.db);
    // Eight buyers ask at once for eight different places: one query.
    const first = await Promise.all(f.seats.slice(0, 8).map((id) => performanceOf(id)));
    expect(first).toEqual(Array(8).fill(f.performanceId));
    expect(c.seen.filter(isLookup)).toHaveLength(1);
    // Every other place of the performance is known now, and answered at once (not a promise).
    for (const id of [...f.seats, ...f.sofa, ...f.pair]) expect(performanceOf(id)).toBe(f.performanceId);
    expect(c.seen.filter(isLookup)).toHaveLength(1);
    // Another performance's place is a miss of its own; an unknown place is undefined.
    expect(await performanceOf(other.seats[0]!)).toBe(other.performanceId);
    expect(await performanceOf(2_000_000_000)).toBeUndefined();
    expect(c.seen.filter(isLookup)).toHaveLength(3);
  });

  it('counts an attempt at a place it must look up before the look-up: a flood of made-up places is refused unread', async () => {
    const c = countingStatements(get().db);
    const { app } = await buildTestApp(c.db, { config: { admission: { rate: 100, burst: 100 }, redisUrl: undefined } });
    const flood = buyer(app);
    // The seat budget allows a session 120 attempts a minute (limits/table.ts).
    for (let i = 0; i < 120; i++) {
      const r = await flood.post('/hallPlace/select/', { cypher: 1_900_000_000 + i });
      expect(r.status).toBe(200);
    }
    c.seen.length = 0;
    const refused = await flood.post('/hallPlace/select/', { cypher: 1_900_000_500 });
    expect(refused.status).toBe(429);
    expect(c.seen).toEqual([]);
  });

  it('gates the seat-set calls like the seat select', async () => {
    const f = await createHallFixture(get().db);
    const { app } = await buildTestApp(get().db, { config: { admission: { rate: 1, burst: 1 }, redisUrl: undefined } });
    const first = buyer(app);
    const best = await first.post('/hallPlace/selectBest/', { performanceId: f.performanceId, count: 1 });
    expect(best.status).toBe(200);
    const later = buyer(app);
    const group = await later.post(`/hallPlace/selectGroup/${later.sessionId}`, {
      places: JSON.stringify([{ cypher: String(f.sofa[0]) }, { cypher: String(f.sofa[1]) }]),
    });
    expect(group.status).toBe(429);
    expect(group.json().message).toContain('Ваше место в очереди: 1');
  });
});

describe.runIf(process.env.REDIS_URL)('the seat-set calls and the rate limits in Redis', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('count and gate a seat-set attempt in one round trip', async () => {
    await withRedisGate(async (app, db) => {
      const f = await createHallFixture(db);
      const scripts = vi.spyOn(SharedRedis.prototype, 'runScript');
      const first = await buyer(app).post('/hallPlace/selectBest/', { performanceId: f.performanceId, count: 1 });
      expect(first.status).toBe(200);
      expect(scripts).toHaveBeenCalledTimes(1);
      const second = await buyer(app).post('/hallPlace/selectBest/', { performanceId: f.performanceId, count: 1 });
      expect(second.status).toBe(429);
      expect(scripts).toHaveBeenCalledTimes(2);
    });
  });
});

describe('the gate while Redis does not answer', () => {
  it('queues buyers in the process at the gate’s rate instead of letting everyone in', async () => {
    // Nothing listens on port 1: every command fails at once.
    const counters = new RedisCounterStore('redis://127.0.0.1:1', () => {}, 'partera:test-down:');
    const warnings: string[] = [];
    vi.spyOn(counters.shared, 'warnOnce').mockImplementation((m) => warnings.push(m));
    const store = new RedisQueueStore(counters, 'partera:test-down:gate:');
    try {
      const one = { rate: 1, burst: 1 };
      expect((await store.enter(3, 'a', one)).verdict).toEqual({ admitted: true });
      expect((await store.enter(3, 'b', one)).verdict).toMatchObject({ admitted: false, position: 1 });
      // The attempt's rate limits are counted in the process meanwhile.
      const limited = {
        hits: [{ key: 'seats:c:x', ttlMs: 60_000 }],
        maxes: [1],
        refused: (counts: readonly number[]) => counts.some((n) => n > 1),
      };
      expect((await store.enter(3, 'c', one, limited)).counts).toEqual([1]);
      expect(await store.enter(3, 'd', one, limited)).toEqual({ counts: [2], verdict: null });
      expect(warnings.join(' ')).toContain('queues and counts hold attempts in each process');
    } finally {
      await store.close();
      await counters.close();
      vi.restoreAllMocks();
    }
  });
});
