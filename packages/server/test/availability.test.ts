/**
 * Issue 9: free, held and sold places are kept as numbers (place_counts) that every hold, release,
 * sale and expiry moves in its own transaction, so pages never count the places of a performance.
 * After each kind of change, and after a mixed rush of all of them at once, the numbers must equal
 * a recount of the places.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { sweepExpiredHolds } from '../src/services/holds/index.js';
import { buildTestApp, buyer } from './support/app.js';
import { countMismatches } from './support/counts.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';

const MIN = 60_000;

describeEachDatabase('issue 9: availability numbers', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;

  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });

  const kept = async (f: HallFixture) =>
    (
      await get().db.query<{ free: number; held: number; sold: number }>(
        'SELECT sum(free)::int AS free, sum(held)::int AS held, sum(sold)::int AS sold FROM place_counts WHERE performance_id = $1',
        [f.performanceId],
      )
    ).rows[0]!;

  it('follow holds, releases, the basket’s clear and the expiry sweep', async () => {
    const f = await createHallFixture(get().db);
    const places = f.seats.length + 4;
    expect(await kept(f)).toEqual({ free: places, held: 0, sold: 0 });

    const a = buyer(app);
    expect((await a.post('/hallPlace/select/', { cypher: f.seats[0]! })).json()).toMatchObject({ result: 1 });
    expect((await a.post('/hallPlace/select/', { cypher: f.sofa[0] })).json()).toMatchObject({ result: 1 });
    expect((await a.post('/hallPlace/select/', { cypher: f.pair[1] })).json()).toMatchObject({ result: 1 });
    expect(await kept(f)).toEqual({ free: places - 5, held: 5, sold: 0 });

    expect((await a.post('/hallPlace/deselect/', { cypher: f.sofa[1] })).json()).toMatchObject({ result: 1 });
    expect(await kept(f)).toEqual({ free: places - 3, held: 3, sold: 0 });
    expect((await a.get('/hallPlace/DeselectAll/')).status).toBe(200);
    expect(await kept(f)).toEqual({ free: places, held: 0, sold: 0 });

    const b = buyer(app);
    await b.post('/hallPlace/select/', { cypher: f.seats[1]! });
    await b.post('/hallPlace/select/', { cypher: f.seats[2]! });
    expect(await kept(f)).toEqual({ free: places - 2, held: 2, sold: 0 });
    // A lapsed hold counts as held until the sweeper releases it.
    clock.advance(20 * MIN);
    await sweepExpiredHolds(get().db, clock.now());
    expect(await kept(f)).toEqual({ free: places, held: 0, sold: 0 });
    clock.reset();
    expect(await countMismatches(get().db)).toEqual([]);
  });

  it('follow a place moved to another price category', async () => {
    const { db } = get();
    const f = await createHallFixture(db);
    const other = await db.query<{ id: number }>(
      `INSERT INTO price_categories (performance_id, color, price) VALUES ($1, '#3366cc', 150000) RETURNING id`,
      [f.performanceId],
    );
    await db.query('UPDATE performance_places SET price_category_id = $2 WHERE id = ANY($1::int[])', [
      f.seats.slice(0, 5),
      other.rows[0]!.id,
    ]);
    const rows = await db.query<{ price_category_id: number; free: number }>(
      'SELECT price_category_id, free FROM place_counts WHERE performance_id = $1 ORDER BY free',
      [f.performanceId],
    );
    expect(rows.rows.map((r) => r.free)).toEqual([5, f.seats.length - 1]);
    expect(await countMismatches(db)).toEqual([]);
  });

  it('agree with a recount after a mixed rush of selects, deselects, clears and sweeps', async () => {
    const { db } = get();
    const f = await createHallFixture(db, { seatCount: 30 });
    // Two price categories, so one group can touch two keys of the numbers at once.
    const other = await db.query<{ id: number }>(
      `INSERT INTO price_categories (performance_id, color, price) VALUES ($1, '#3366cc', 150000) RETURNING id`,
      [f.performanceId],
    );
    await db.query('UPDATE performance_places SET price_category_id = $2 WHERE id = ANY($1::int[])', [
      [...f.seats.filter((_, i) => i % 2 === 0), f.sofa[1], f.pair[0]],
      other.rows[0]!.id,
    ]);
    const targets = [...f.seats, f.sofa[0], f.sofa[1], f.pair[0], f.pair[1]];
    const buyers = Array.from({ length: 40 }, () => buyer(app));
    const statuses: number[] = [];
    await Promise.all(
      buyers.map(async (b, i) => {
        for (let step = 0; step < 6; step++) {
          const cypher = targets[(i * 7 + step * 13) % targets.length]!;
          const r =
            step % 3 === 2
              ? await b.post('/hallPlace/deselect/', { cypher })
              : step === 4
                ? await b.get('/hallPlace/DeselectAll/')
                : await b.post('/hallPlace/select/', { cypher });
          statuses.push(r.status);
          if (i % 10 === 0 && step === 3) await sweepExpiredHolds(db, clock.now());
        }
      }),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    // PostgreSQL ran the rush over several connections, so over several stripes of each key
    // (migration 0019); their sums equal the recount all the same.
    if (db.kind === 'postgres') {
      const stripes = await db.query<{ n: number }>(
        'SELECT count(DISTINCT stripe)::int AS n FROM place_count_stripes WHERE performance_id = $1',
        [f.performanceId],
      );
      expect(stripes.rows[0]!.n).toBeGreaterThan(1);
    }
    expect(await countMismatches(db)).toEqual([]);
    const held = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM performance_places WHERE performance_id = $1 AND state = 1',
      [f.performanceId],
    );
    expect((await kept(f)).held).toBe(held.rows[0]!.n);
  });
});
