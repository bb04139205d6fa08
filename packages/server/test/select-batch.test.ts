import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import type { Database } from '../src/db/index.js';
import { openPostgres } from '../src/db/postgres.js';
import { selectPlace } from '../src/services/basket/index.js';
import { selectionMessages } from '../src/services/basket/rules.js';
import { testConfig } from './support/app.js';
import { describeEachDatabase, openTestDatabase, postgresUrl, type TestDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

/**
 * Seat selects that arrive together go to the database as one batch (services/basket/select-batch.ts,
 * decision 0056), and each buyer still gets the answer they would have got alone.
 */

/** The database seen through a handle of its own (so a batcher of its own), with every statement it is sent. */
function watched(db: Database, refuse?: (sql: string) => boolean): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const handle: Database = {
    kind: db.kind,
    query: (sql, params) => {
      statements.push(sql);
      if (refuse?.(sql)) return Promise.reject(new Error('canceling statement due to lock timeout'));
      return db.query(sql, params);
    },
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
  };
  return { db: handle, statements };
}

const selects = (statements: string[]) => statements.filter((s) => s.includes('basket_select_place'));

describeEachDatabase('seat selects in batches', (get) => {
  const clock = new ManualClock({ now: () => new Date() });
  const config = testConfig();
  const depsOf = (db: Database) => ({ db, clock, config });
  const client = (i: number) => `10.9.${i >> 8}.${i & 255}`;

  it('30 buyers at once for 10 places: one holder a place, the others refused, in fewer statements than selects', async () => {
    const f = await createHallFixture(get().db);
    const { db, statements } = watched(get().db);
    const places = f.seats.slice(0, 10);
    const asks = Array.from({ length: 30 }, (_, i) => ({
      session: `batch-buyer-${f.performanceId}-${i}`,
      place: places[i % 10]!,
    }));
    const outcomes = await Promise.all(
      asks.map((a, i) =>
        selectPlace(depsOf(db), { id: a.session }, { performancePlaceId: a.place, client: client(i) }),
      ),
    );
    const winners = asks.filter((_, i) => outcomes[i]!.ok);
    expect(winners.map((w) => w.place).sort()).toEqual([...places].sort());
    for (const [i, o] of outcomes.entries()) {
      if (o.ok) {
        // The answer is its own buyer's basket: their place and nothing else.
        expect(o.basket.places.map((p) => Number(p.cypher))).toEqual([asks[i]!.place]);
      } else {
        expect({ code: o.code, message: o.message }).toEqual(selectionMessages.placeTaken);
        expect(o.basket.places).toEqual([]);
      }
    }
    const held = await get().db.query<{ id: number; hold_session_id: string }>(
      'SELECT id, hold_session_id FROM performance_places WHERE id = ANY($1::int[]) AND state = 1',
      [places],
    );
    expect(new Map(held.rows.map((r) => [r.id, r.hold_session_id]))).toEqual(
      new Map(winners.map((w) => [w.place, w.session])),
    );
    // Without batches: 30 statements, one a select.
    expect(selects(statements).length).toBeLessThan(30);
    expect(statements.some((s) => s.includes('basket_select_place_batch'))).toBe(true);
  });

  it("one buyer's selects in one batch still stop at the basket limit", async () => {
    const f = await createHallFixture(get().db, { maxTicketCount: 3 });
    const { db, statements } = watched(get().db);
    const session = { id: `batch-limit-${f.performanceId}` };
    const outcomes = await Promise.all(
      f.seats
        .slice(0, 5)
        .map((place) => selectPlace(depsOf(db), session, { performancePlaceId: place, client: client(1) })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    for (const o of outcomes.filter((o) => !o.ok)) {
      expect(o.ok || { code: o.code, message: o.message }).toEqual(selectionMessages.basketLimit(3));
    }
    const held = await get().db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM performance_places WHERE hold_session_id = $1 AND state = 1',
      [session.id],
    );
    expect(held.rows[0]!.n).toBe(3);
    expect(statements.filter((s) => s.includes('basket_select_place_batch')).length).toBeGreaterThan(0);
  });

  it('a batch the database refuses is answered select by select, each with its own answer', async () => {
    const f = await createHallFixture(get().db);
    const { db, statements } = watched(get().db, (sql) => sql.includes('basket_select_place_batch'));
    const places = f.seats.slice(0, 6);
    const outcomes = await Promise.all([
      ...places.map((place, i) =>
        selectPlace(
          depsOf(db),
          { id: `batch-fallback-${f.performanceId}-${i}` },
          { performancePlaceId: place, client: client(i) },
        ),
      ),
      // An unknown place among them: its own refusal, the others' holds unharmed.
      selectPlace(
        depsOf(db),
        { id: `batch-fallback-${f.performanceId}-x` },
        { performancePlaceId: 2_000_000_000, client: client(9) },
      ),
    ]);
    expect(outcomes.slice(0, 6).every((o) => o.ok)).toBe(true);
    expect(outcomes[6]).toMatchObject({ ok: false, ...selectionMessages.notFound });
    // The batch was tried, then every select alone.
    expect(statements.filter((s) => s.includes('basket_select_place_batch'))).toHaveLength(1);
    expect(selects(statements).filter((s) => !s.includes('_batch'))).toHaveLength(7);
  });
});

describe.runIf(postgresUrl)('a stuck select in a batch [postgres]', () => {
  let schema: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    schema = await openTestDatabase('postgres');
    // The app's own pool, with the lock timeout of production.
    db = await openPostgres(schema.url!, { timeouts: { lockTimeoutMs: 3_000, statementTimeoutMs: 10_000 } });
  });
  afterAll(async () => {
    await db?.close();
    await schema?.close();
  });

  it("holds up the others of its batch for at most the batch's lock wait, then they go on without it", async () => {
    const f = await createHallFixture(db);
    const deps = { db, clock: new ManualClock({ now: () => new Date() }), config: testConfig() };
    const stuck = `batch-stuck-${f.performanceId}`;
    // Another transaction sits on one buyer's basket lock (a request that hangs, a long report).
    const blocker = new pg.Client({ connectionString: schema.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT basket_lock($1)', [stuck]);
      let stuckDone = false;
      const stuckSelect = selectPlace(
        deps,
        { id: stuck },
        { performancePlaceId: f.seats[0]!, client: '10.8.0.1' },
      ).then((o) => {
        stuckDone = true;
        return o;
      });
      const started = performance.now();
      const others = await Promise.all(
        f.seats
          .slice(1, 6)
          .map((place, i) =>
            selectPlace(
              deps,
              { id: `batch-free-${f.performanceId}-${i}` },
              { performancePlaceId: place, client: `10.8.1.${i}` },
            ),
          ),
      );
      // Answered while the stuck one still waits, well before the database's own 3 s lock timeout.
      expect(others.every((o) => o.ok)).toBe(true);
      expect(stuckDone).toBe(false);
      expect(performance.now() - started).toBeLessThan(2_500);
      await blocker.query('ROLLBACK');
      expect((await stuckSelect).ok).toBe(true);
    } finally {
      await blocker.end();
    }
  });
});
