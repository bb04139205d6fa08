import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { defaultHallMapCacheOptions } from '../src/services/hall/map-cache.js';
import { buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';

describeEachDatabase('hall and basket calls', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  let f: HallFixture;

  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
    f = await createHallFixture(get().db, { entranceCapacity: 3 });
  });

  const placeIdOf = async (cypher: number) =>
    (await get().db.query<{ place_id: number }>('SELECT place_id FROM performance_places WHERE id = $1', [cypher]))
      .rows[0]!.place_id;

  it('the legend shows what a category sells from: its lowest tariff when it has several', async () => {
    const g = await createHallFixture(get().db, { entranceCapacity: 1 });
    await get().db.query(
      `INSERT INTO tariffs (price_category_id, name, price, is_default) VALUES ($1, 'Детский', 120000, false)`,
      [g.priceCategoryId],
    );
    const map = (await buyer(app).get(`/hallview/map/${g.performanceId}/?json=1`)).json();
    expect(map.places[0]).toMatchObject({ price: 1200, countTax: 2 });
    expect(map.legend).toEqual([{ c: '#d23f57', p: 1200 }]);
  });

  it('GET /hallview/map/{id}/?json=1 lists the places, legend and sections', async () => {
    const a = buyer(app);
    const r = await a.get(`/hallview/map/${f.performanceId}/?json=1&all=1`);
    expect(r.status).toBe(200);
    const map = r.json();
    expect(map.places).toHaveLength(24);
    expect(map.places[0]).toMatchObject({
      state: 0,
      color: '#d23f57',
      price: 2500,
      countTax: 1,
      cypher: String(f.seats[0]),
    });
    expect(map.legend).toEqual([{ c: '#d23f57', p: 2500 }]);
    expect(map.sections.find((s: { seatlessSection: boolean }) => s.seatlessSection)).toMatchObject({
      sectionName: 'Танцпол',
      placeCount: 3,
    });
    expect(map.cannotCreateOrder).toBe(false);
  });

  it('select holds the seat; another buyer then no longer sees it and cannot take it', async () => {
    const a = buyer(app);
    const b = buyer(app);
    const sel = await a.post('/hallPlace/select/', { cypher: f.seats[1]! });
    expect(sel.json()).toMatchObject({ result: 1, error: 0, ticketCount: 1, basketPrice: 2500 });
    expect(sel.json().ticketHashList).toEqual({ [String(await placeIdOf(f.seats[1]!))]: String(f.seats[1]) });
    const mineOnMap = (await a.get(`/hallview/map/${f.performanceId}/?json=1`)).json();
    expect(mineOnMap.places.find((p: { cypher: string }) => p.cypher === String(f.seats[1]))?.state).toBe(1);
    // Buyers who hold nothing share one map, cached for a few seconds (finding 4): past them it
    // shows the hold whichever process took it.
    clock.advance(defaultHallMapCacheOptions.freshMs);
    const theirs = (await b.get(`/hallview/map/${f.performanceId}/?json=1`)).json();
    expect(theirs.places.find((p: { cypher: string }) => p.cypher === String(f.seats[1]))).toBeUndefined();
    const taken = await b.post('/hallPlace/select/', { cypher: f.seats[1]! });
    expect(taken.json()).toMatchObject({ result: 0, message: 'Не удалось добавить билет в корзину', ticketCount: 0 });
  });

  it('a group and an exclusive pair are held together and released together', async () => {
    const a = buyer(app);
    expect((await a.post('/hallPlace/select/', { cypher: f.sofa[0] })).json()).toMatchObject({
      result: 1,
      ticketCount: 2,
    });
    expect((await a.post('/hallPlace/select/', { cypher: f.pair[1] })).json()).toMatchObject({
      result: 1,
      ticketCount: 4,
    });
    const out = (await a.post('/hallPlace/deselect/', { cypher: f.sofa[1] })).json();
    expect(out).toMatchObject({
      result: 1,
      ticketCount: 2,
      areInBasketMoreTicketsLeft: true,
      performanceFullUrl: `/performance/${f.performanceId}/`,
    });
  });

  it('refuses a ninth ticket with the spec’s message and holds nothing of it', async () => {
    const a = buyer(app);
    for (let i = 2; i < 10; i++)
      expect((await a.post('/hallPlace/select/', { cypher: f.seats[i]! })).json().result).toBe(1);
    const ninth = (await a.post('/hallPlace/select/', { cypher: f.seats[10]! })).json();
    expect(ninth).toMatchObject({ result: 0, message: 'За один заказ можно купить только 8 билетов', ticketCount: 8 });
    const state = (await a.get('/shopcart/state/')).json();
    expect(state.ticketCount).toBe(8);
    expect((await a.get('/hallPlace/DeselectAll/')).json()).toMatchObject({ result: 1, ticketCount: 0 });
  });

  it('entrance tickets: counter, no-tickets message, removal', async () => {
    const a = buyer(app);
    const b = buyer(app);
    const add = (who: typeof a, count: number) =>
      who.post('/hallPlace/entranceTicketsAdd/', {
        count,
        performanceId: f.performanceId,
        sectionId: f.entranceSectionId,
        taxId: f.tariffId,
        ticketPrice: 2500,
      });
    expect((await add(a, 2)).json()).toMatchObject({ result: 1, ticketCount: 2, basketPrice: 5000 });
    expect((await add(b, 2)).json()).toMatchObject({ result: 0, message: 'Закончились свободные билеты' });
    const removed = await a.post('/hallPlace/entranceTicketsRemove/', {
      performanceId: f.performanceId,
      sectionId: f.entranceSectionId,
      ticketPrice: 2500,
    });
    expect(removed.json()).toMatchObject({ result: 1, ticketCount: 1 });
    expect((await add(b, 2)).json()).toMatchObject({ result: 1, ticketCount: 2 });
  });

  it('the basket state shows lines, total and the hold countdown, and expiry empties it', async () => {
    const a = buyer(app);
    await a.post('/hallPlace/select/', { cypher: f.seats[15]! });
    const state = (await a.get('/shopcart/state/')).json();
    expect(state).toMatchObject({ ticketCount: 1, basketPrice: 2500, holdSecondsLeft: 900, userIsGuest: true });
    expect(state.tickets[0]).toMatchObject({
      kind: 'place',
      showName: 'Гамлет',
      sectionName: 'Партер',
      row: '1',
      place: '16',
      price: 2500,
    });
    clock.advance(16 * 60_000);
    expect((await a.get('/shopcart/state/')).json()).toMatchObject({ ticketCount: 0, holdSecondsLeft: null });
    const b = buyer(app);
    expect((await b.post('/hallPlace/select/', { cypher: f.seats[15]! })).json().result).toBe(1);
  });

  describe('bad input', () => {
    it('answers malformed requests with 400 in the call’s own shape, never 500', async () => {
      const a = buyer(app);
      const r = await a.post('/hallPlace/select/', {});
      expect(r.status).toBe(400);
      expect(r.json()).toMatchObject({ result: 0, error: 400 });
      expect((await a.get('/hallview/map/abc/?json=1')).status).toBe(400);
      expect((await a.get('/hallview/map/999999/?json=1')).status).toBe(404);
      const bad = await a.post('/hallPlace/entranceTicketsAdd/', { count: -1, performanceId: 'x' });
      expect(bad.status).toBe(400);
      expect((await a.post('/hallPlace/select/', { cypher: '999999999' })).json()).toMatchObject({ result: 0 });
    });

    it('refuses a post without the CSRF token', async () => {
      const r = await app.inject({
        method: 'POST',
        url: '/hallPlace/select/',
        payload: { cypher: String(f.seats[19]) },
      });
      expect(r.statusCode).toBe(403);
      expect(r.json()).toMatchObject({ result: 0 });
    });
  });
});
