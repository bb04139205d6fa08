/**
 * Finding 4 (memory and time exhaustion), the hall map: ten requests for the stadium's map at
 * once took 22–31 s each and a gigabyte of memory. The map is now built once per performance and
 * process for a few seconds (single flight), compressed once, kept in a bounded cache, and built
 * per buyer only for a buyer who holds places of the performance (rate-limited).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { hallMap } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { budgets, TOO_MANY_REQUESTS } from '../src/limits/index.js';
import { defaultHallMapCacheOptions, HallMapCache, hallMapCacheOf } from '../src/services/hall/map-cache.js';
import { buildTestApp, buyer, nextClientAddress } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

describeEachDatabase('finding 4: the hall map is compact, compressed and cached', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;

  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });

  const mapUrl = (performanceId: number) => `/hallview/map/${performanceId}/?json=1`;
  const fetchMap = (performanceId: number, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: mapUrl(performanceId),
      remoteAddress: nextClientAddress(),
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('answers brotli or gzip as the browser accepts, the same map as uncompressed', async () => {
    const f = await createHallFixture(get().db, { seatCount: 200 });
    const plain = await fetchMap(f.performanceId);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const map = plain.json();
    expect(hallMap.response.parse(map)).toEqual(map);
    expect(map.places).toHaveLength(204);

    const br = await fetchMap(f.performanceId, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(map);
    const gzip = await fetchMap(f.performanceId, 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(map);
    // A map repeats itself place after place: compressed it is a small part of its size.
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
  });

  it('builds the map once for ten buyers asking at once, and again only when it is no longer fresh', async () => {
    const f = await createHallFixture(get().db, { seatCount: 300 });
    const cache = hallMapCacheOf(app.deps);
    const before = cache.stats().builds;
    const answers = await Promise.all(Array.from({ length: 10 }, () => fetchMap(f.performanceId, 'br')));
    expect(cache.stats().builds - before).toBe(1);
    const bodies = new Set(answers.map((a) => a.rawPayload.toString('base64')));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(bodies.size).toBe(1);
    await fetchMap(f.performanceId, 'br');
    expect(cache.stats().builds - before).toBe(1);
    clock.advance(defaultHallMapCacheOptions.freshMs);
    await fetchMap(f.performanceId, 'br');
    expect(cache.stats().builds - before).toBe(2);
  });

  it('builds a map of their own for a buyer who holds places, and only theirs shows them as held', async () => {
    const f = await createHallFixture(get().db);
    const a = buyer(app);
    const b = buyer(app);
    const cache = hallMapCacheOf(app.deps);
    await b.get(mapUrl(f.performanceId));
    expect((await a.post('/hallPlace/select/', { cypher: f.seats[0]! })).json().result).toBe(1);
    const builds = cache.stats().builds;
    const mine = (await a.get(mapUrl(f.performanceId))).json();
    expect(mine.places.find((p: { cypher: string }) => p.cypher === String(f.seats[0]))?.state).toBe(1);
    // Built for A alone: the shared map was not touched.
    expect(cache.stats().builds).toBe(builds);
    // B holds nothing: the shared map, where nothing is anyone's.
    const theirs = (await b.get(mapUrl(f.performanceId))).json();
    expect(theirs.places.every((p: { state: number }) => p.state === 0)).toBe(true);
  });

  it('takes a seat held through this process off the shared map without waiting for it to age', async () => {
    const f = await createHallFixture(get().db);
    const [a, b] = [buyer(app), buyer(app)];
    const seat = String(f.seats[3]);
    const seatOnMap = async () =>
      (await b.get(mapUrl(f.performanceId))).json().places.some((p: { cypher: string }) => p.cypher === seat);
    expect(await seatOnMap()).toBe(true);
    expect((await a.post('/hallPlace/select/', { cypher: seat })).json().result).toBe(1);
    // The app's clock stands still: only the change can make the map be built again (at once for
    // a hall this small, after about its own build time at the most).
    await expect.poll(seatOnMap, { timeout: 10_000 }).toBe(false);
  });

  it('builds a changed map again once it has been served as long as it took to build', async () => {
    const f = await createHallFixture(get().db);
    const options = { ...defaultHallMapCacheOptions, changedRebuildFactor: 0 };
    const eager = new HallMapCache(get().db, clock, options);
    await eager.shared(f.performanceId, 'br');
    await eager.shared(f.performanceId, 'br');
    expect(eager.stats().builds).toBe(1);
    eager.changed(f.performanceId);
    await eager.shared(f.performanceId, 'br');
    expect(eager.stats().builds).toBe(2);

    const patient = new HallMapCache(get().db, clock, { ...options, changedRebuildFactor: 1e9 });
    await patient.shared(f.performanceId, 'br');
    patient.changed(f.performanceId);
    await patient.shared(f.performanceId, 'br');
    expect(patient.stats().builds).toBe(1);
  });

  it('limits the maps built for one buyer, and answers 429 in the map’s shape', async () => {
    const f = await createHallFixture(get().db);
    const a = buyer(app);
    expect((await a.post('/hallPlace/select/', { cypher: f.seats[0]! })).json().result).toBe(1);
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    for (let i = 0; i < budgets.personalHallMap.perSession; i++) {
      expect((await a.get(mapUrl(f.performanceId), browser)).status, `map ${i}`).toBe(200);
    }
    const refused = await a.get(mapUrl(f.performanceId), browser);
    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({ places: [], error: 429, message: TOO_MANY_REQUESTS });
    // Another buyer, holding nothing, still gets the shared map.
    expect((await buyer(app).get(mapUrl(f.performanceId))).status).toBe(200);
  });

  it('limits maps sent uncompressed (a stadium’s is some 27 MB each time), not compressed ones', async () => {
    const f = await createHallFixture(get().db);
    const a = buyer(app);
    for (let i = 0; i < budgets.uncompressedHallMap.perSession; i++) {
      expect((await a.get(mapUrl(f.performanceId))).status, `map ${i}`).toBe(200);
    }
    expect((await a.get(mapUrl(f.performanceId))).status).toBe(429);
    expect((await a.get(mapUrl(f.performanceId), { 'accept-encoding': 'gzip' })).status).toBe(200);
  });

  it('keeps no entry for a performance that does not exist', async () => {
    const cache = hallMapCacheOf(app.deps);
    const entries = cache.stats().entries;
    expect((await fetchMap(2_000_000_000)).statusCode).toBe(404);
    expect(cache.stats().entries).toBe(entries);
  });

  it('keeps the cache within its bound of bytes and of performances', async () => {
    const fixtures = [];
    for (let i = 0; i < 4; i++) fixtures.push(await createHallFixture(get().db, { seatCount: 400 }));
    const one = new HallMapCache(get().db, clock, { ...defaultHallMapCacheOptions, maxEntries: 100 });
    await one.shared(fixtures[0]!.performanceId, 'br');
    const size = one.stats().bytes;
    expect(size).toBeGreaterThan(0);

    // Room for two maps by bytes: the least recently served goes first.
    const byBytes = new HallMapCache(get().db, clock, { ...defaultHallMapCacheOptions, maxBytes: size * 2.5 });
    for (const f of fixtures) await byBytes.shared(f.performanceId, 'br');
    expect(byBytes.stats().entries).toBe(2);
    expect(byBytes.stats().bytes).toBeLessThanOrEqual(size * 2.5);

    const byCount = new HallMapCache(get().db, clock, { ...defaultHallMapCacheOptions, maxEntries: 3 });
    for (const f of fixtures) await byCount.shared(f.performanceId, 'br');
    expect(byCount.stats().entries).toBe(3);
    // The evicted first one is built again when asked for.
    const builds = byCount.stats().builds;
    await byCount.shared(fixtures[0]!.performanceId, 'br');
    expect(byCount.stats().builds).toBe(builds + 1);
  });
});
