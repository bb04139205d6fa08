/**
 * The shared hall map during a rush (issue 11, decision 0053): a map that is slow to build (the
 * stadium's takes about a second) is served at once while it is built again, never older than
 * the cache's `staleMs`; a hold shows in it after the rebuild floor and a build or two; a buyer's
 * own places are always exact in their own map. Small halls build in milliseconds, so these
 * tests make the cache serve every hall stale (`staleFromPlaces: 0`) instead of loading a stadium.
 */
import { gunzipSync } from 'node:zlib';
import { type CompactHallState, deltaDecode } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import type { Queryable } from '../src/db/index.js';
import { loadHallMapSource } from '../src/services/hall/map.js';
import {
  defaultHallMapCacheOptions,
  HallMapCache,
  type HallMapCacheOptions,
  hearChanges,
  type MapBody,
} from '../src/services/hall/map-cache.js';
import { buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

/** What a compact answer says: the seat codes for sale, and the codes the buyer holds. */
function readCompact(body: MapBody | null): { forSale: Set<number>; mine: Set<number> } {
  if (!body || !Buffer.isBuffer(body.body)) throw new Error('not a shared map');
  return decode(body.body);
}

function decode(gzip: Buffer): { forSale: Set<number>; mine: Set<number> } {
  const state = (JSON.parse(gunzipSync(gzip).toString()) as { compact: CompactHallState }).compact;
  const cyphers: number[] = [];
  deltaDecode(state.cypher, cyphers);
  // The codes are listed in layout order of the places for sale: a layout index's code is found
  // by counting the places for sale before it.
  const byIndex = new Map<number, number>();
  let k = 0;
  for (let i = 0; i < state.avail.length; i++) if (state.avail[i] !== '.') byIndex.set(i, cyphers[k++]!);
  return { forSale: new Set(cyphers), mine: new Set(state.mine.map(([i]) => byIndex.get(i)!)) };
}

/** A compact answer's bytes, whether shared (a Buffer) or built for one buyer (a stream). */
async function bytesOf(body: MapBody | null): Promise<Buffer> {
  if (!body) throw new Error('no map');
  if (Buffer.isBuffer(body.body)) return body.body;
  const parts: Buffer[] = [];
  for await (const c of body.body) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

describeEachDatabase('the shared hall map during a rush', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;

  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });

  /** A cache that serves every map stale while it is rebuilt, hearing the app's holds. */
  const slowCache = (options: Partial<HallMapCacheOptions> = {}) => {
    const cache = new HallMapCache(get().db, clock, { ...defaultHallMapCacheOptions, staleFromPlaces: 0, ...options });
    hearChanges(cache, get().db);
    return cache;
  };
  const shared = (cache: HallMapCache, performanceId: number) => cache.shared(performanceId, 'gzip', 'compact');

  it('answers from the kept map at once while it is built again, and the rebuild brings the hold', async () => {
    const f = await createHallFixture(get().db);
    const cache = slowCache({ changedRebuildFactor: 0 });
    const seat = f.seats[2]!;
    expect(readCompact(await shared(cache, f.performanceId)).forSale.has(seat)).toBe(true);
    expect((await buyer(app).post('/hallPlace/select/', { cypher: seat })).json().result).toBe(1);

    const during = await shared(cache, f.performanceId);
    // The answer came while the rebuild still runs: it did not wait for it, and shows the map as
    // it was when that map's build began (within the bound).
    expect(cache.stats().building).toBe(1);
    expect(cache.stats().revalidations).toBe(1);
    expect(readCompact(during).forSale.has(seat)).toBe(true);

    await expect
      .poll(async () => readCompact(await shared(cache, f.performanceId)).forSale.has(seat), { timeout: 10_000 })
      .toBe(false);
  });

  it('shows a hold in the shared map within the rebuild floor and a build, however often it is asked', async () => {
    const f = await createHallFixture(get().db);
    // The default floor: a changed map is served as long as it took to build, then built again.
    const cache = slowCache();
    const seat = f.seats[4]!;
    await shared(cache, f.performanceId);
    expect((await buyer(app).post('/hallPlace/select/', { cypher: seat })).json().result).toBe(1);
    // The app's clock stands still, so staleMs never runs out here: only the change has the map
    // built again. A hall this small builds in milliseconds; the deadline allows for a loaded machine.
    await expect
      .poll(async () => readCompact(await shared(cache, f.performanceId)).forSale.has(seat), { timeout: 10_000 })
      .toBe(false);
    expect(cache.stats().revalidations).toBeGreaterThan(0);
  });

  it('never serves a map older than staleMs: past it the answer waits for the build', async () => {
    const f = await createHallFixture(get().db);
    // Changes alone never have it rebuilt: only its age does.
    const cache = slowCache({ changedRebuildFactor: 1e9 });
    const seat = f.seats[6]!;
    await shared(cache, f.performanceId);
    expect((await buyer(app).post('/hallPlace/select/', { cypher: seat })).json().result).toBe(1);
    expect(readCompact(await shared(cache, f.performanceId)).forSale.has(seat)).toBe(true);
    clock.advance(defaultHallMapCacheOptions.staleMs);
    const answer = await shared(cache, f.performanceId);
    expect(cache.stats().building).toBe(0);
    expect(readCompact(answer).forSale.has(seat)).toBe(false);
  });

  it('keeps a buyer’s own places exact in their own map while the shared one is stale', async () => {
    const f = await createHallFixture(get().db);
    const cache = slowCache({ changedRebuildFactor: 1e9 });
    const [a, b] = [buyer(app), buyer(app)];
    const [mineSeat, theirSeat] = [f.seats[8]!, f.seats[9]!];
    await shared(cache, f.performanceId);
    expect((await a.post('/hallPlace/select/', { cypher: mineSeat })).json().result).toBe(1);
    expect((await b.post('/hallPlace/select/', { cypher: theirSeat })).json().result).toBe(1);

    const own = async (sessionId: string) =>
      decode(await bytesOf(await cache.personal(f.performanceId, sessionId, 'gzip', 'compact')));
    // The shared map is kept as it was built (both seats free), yet each buyer's own map has
    // their seat as theirs, for sale to them, and not the other's.
    expect(readCompact(await shared(cache, f.performanceId)).forSale.has(mineSeat)).toBe(true);
    const ofA = await own(a.sessionId);
    expect([...ofA.mine]).toEqual([mineSeat]);
    expect(ofA.forSale.has(mineSeat)).toBe(true);
    const ofB = await own(b.sessionId);
    expect([...ofB.mine]).toEqual([theirSeat]);

    // Released: no longer theirs in their own map at once.
    expect((await a.post('/hallPlace/deselect/', { cypher: mineSeat })).json().result).toBe(1);
    expect((await own(a.sessionId)).mine.size).toBe(0);
  });

  it('reads a hall of more places than one slice the same in slices (PGlite) as in one query (PostgreSQL)', async () => {
    const f = await createHallFixture(get().db, { seatCount: 4_000 });
    expect((await buyer(app).post('/hallPlace/select/', { cypher: f.seats[1_700]! })).json().result).toBe(1);
    const db = get().db;
    const query = db.query.bind(db) as typeof db.query;
    // The same database seen as either kind: only the kind decides whether the map is sliced.
    const as = (kind: 'pglite' | 'postgres'): Queryable => Object.assign({ query }, { kind });
    const now = clock.now();
    const sliced = await loadHallMapSource(as('pglite'), f.performanceId, null, now, { lean: true });
    const whole = await loadHallMapSource(as('postgres'), f.performanceId, null, now, { lean: true });
    expect(sliced!.places.length).toBeGreaterThan(3_000);
    expect(sliced!.places).toEqual(whole!.places);
    expect(sliced!.rest).toEqual(whole!.rest);
    // The held seat is not in either; every other seat is, in place order.
    expect(sliced!.places.some((p) => p[0] === f.seats[1_700])).toBe(false);
    const placeIds = sliced!.places.map((p) => p[1]);
    expect(placeIds).toEqual([...placeIds].sort((a, b) => a - b));
  });
});
