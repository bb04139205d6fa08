/**
 * The compact hall map (decision 0025): the hall's layout served once per hall, and the
 * per-performance state written against it, saying exactly what the spec's map says.
 */
import { gunzipSync } from 'node:zlib';
import { CATEGORY_ALPHABET, deltaDecode, hallLayout, hallMap, NOT_FOR_SALE, runsDecode } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { convexHull } from '../src/services/hall/layout.js';
import { buildTestApp, buyer, nextClientAddress } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

it('outlines a section by the convex hull of its places', () => {
  // A square of four corners with a point inside and one on an edge.
  const hull = convexHull([0, 10, 10, 0, 5, 5], [0, 0, 10, 10, 5, 0]);
  expect(hull).toEqual([0, 0, 10, 0, 10, 10, 0, 10]);
});

describeEachDatabase('the compact hall map', (get) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db));
  });

  const getJson = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, remoteAddress: nextClientAddress(), headers });

  it('serves the hall layout as columns that decode to the hall places, without the place circles', async () => {
    const f = await createHallFixture(get().db, { seatCount: 30 });
    await get().db.query(
      `UPDATE halls SET svg = '<svg viewBox="0 0 400 300"><rect class="stage"/>' ||
         (SELECT string_agg('<circle class="place" data-place-id="' || id || '" cx="1" cy="2" r="6"/>', '') FROM places WHERE hall_id = $1)
         || '</svg>' WHERE id = $1`,
      [f.hallId],
    );
    const res = await getJson(`/hallview/layout/${f.hallId}/`, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['set-cookie']).toBeUndefined();
    const layout = hallLayout.response.parse(JSON.parse(gunzipSync(res.rawPayload).toString()));
    expect(layout.radius).toBe(6);
    expect(layout.svg).toContain('class="stage"');
    expect(layout.svg).not.toContain('class="place"');

    const rows = await get().db.query<{ id: number; x: number; y: number; row_label: string; number: string }>(
      'SELECT id, x, y, row_label, number FROM places WHERE hall_id = $1 ORDER BY id',
      [f.hallId],
    );
    const n = layout.places.count;
    expect(n).toBe(rows.rows.length);
    const ids = new Int32Array(n);
    const xs = new Int32Array(n);
    const rowOf = new Int32Array(n);
    const numbers = new Int32Array(n);
    deltaDecode(layout.places.id, ids);
    deltaDecode(layout.places.x, xs);
    runsDecode(layout.places.row, rowOf);
    deltaDecode(layout.places.number, numbers);
    const texts = new Map(layout.places.numberText);
    rows.rows.forEach((p, i) => {
      expect(ids[i]).toBe(p.id);
      expect(xs[i]).toBe(Math.round(p.x));
      expect(layout.places.rows[rowOf[i]!]).toBe(p.row_label);
      expect(texts.get(i) ?? String(numbers[i])).toBe(p.number);
    });
    const seated = layout.sections.find((s) => s.kind === 'seated')!;
    expect(seated.hull.length).toBeGreaterThanOrEqual(6);
    // The sofa and the exclusive pair are described by their columns.
    expect(layout.places.group.length).toBe(2);
    expect(layout.places.pair.length).toBe(2);

    // A browser that has it asks again with its tag and is told nothing changed.
    const again = await getJson(`/hallview/layout/${f.hallId}/`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect((await getJson('/hallview/layout/987654321/')).statusCode).toBe(404);
  });

  it('says in the compact state what the spec map says: category, price and seat code per free place', async () => {
    const f = await createHallFixture(get().db, { seatCount: 40 });
    // One seat whose ticket may come with two gifts (the performance allows five).
    await get().db.query('UPDATE performance_places SET available_gifts = 2 WHERE id = $1', [f.seats[5]]);
    await get().db.query('UPDATE performances SET max_gift_count_per_ticket = 5 WHERE id = $1', [f.performanceId]);
    const a = buyer(app);
    const other = buyer(app);
    expect((await a.post('/hallPlace/select/', { cypher: f.seats[0]! })).json().result).toBe(1);
    expect((await other.post('/hallPlace/select/', { cypher: f.seats[1]! })).json().result).toBe(1);

    const spec = hallMap.response.parse((await a.get(`/hallview/map/${f.performanceId}/?json=1`)).json());
    const compactAnswer = hallMap.response.parse(
      (await a.get(`/hallview/map/${f.performanceId}/?json=1&compact=1`)).json(),
    );
    expect(compactAnswer.places).toEqual([]);
    expect(compactAnswer.sections).toEqual(spec.sections);
    expect(compactAnswer.legend).toEqual(spec.legend);
    const state = compactAnswer.compact!;
    const layout = hallLayout.response.parse((await getJson(`/hallview/layout/${state.hallId}/`)).json());
    const ids = new Int32Array(layout.places.count);
    deltaDecode(layout.places.id, ids);
    const cyphers = new Int32Array(state.cypher.length);
    deltaDecode(state.cypher, cyphers);

    const fromCompact = new Map<
      number,
      { cypher: string; price: number; color: string; mine: boolean; availableGifts: number }
    >();
    const mine = new Map(state.mine);
    const gifts = new Map(state.gifts);
    let k = 0;
    for (let i = 0; i < state.avail.length; i++) {
      const ch = state.avail[i]!;
      if (ch === NOT_FOR_SALE) continue;
      const c = state.categories[CATEGORY_ALPHABET.indexOf(ch)]!;
      fromCompact.set(ids[i]!, {
        cypher: String(cyphers[k++]),
        price: c.price,
        color: c.color,
        mine: mine.has(i),
        availableGifts: gifts.get(i) ?? 0,
      });
    }
    expect(fromCompact.size).toBe(spec.places.length);
    for (const p of spec.places) {
      expect(fromCompact.get(p.id)).toEqual({
        cypher: p.cypher,
        price: p.price,
        color: p.color,
        mine: p.state === 1,
        availableGifts: p.availableGifts,
      });
    }
    expect(spec.places.find((p) => p.cypher === String(f.seats[5]))).toMatchObject({
      hasgifts: true,
      availableGifts: 2,
    });
    // The other buyer's seat is not for sale on this buyer's map; their own is theirs.
    const seatOf = (cypher: number) => [...fromCompact].find(([, v]) => v.cypher === String(cypher));
    expect(seatOf(f.seats[0]!)?.[1].mine).toBe(true);
    expect(seatOf(f.seats[1]!)).toBeUndefined();
  });
});
