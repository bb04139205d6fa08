/**
 * Finding 4 (memory and time exhaustion), the holds: one client with 24 sessions held 184 of a
 * performance's 185 seats in 3.7 s. What one client address may hold in one performance is now
 * capped over all its sessions (services/basket/client-holds.ts).
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { selectionMessages } from '../src/services/basket/index.js';
import { buildTestApp, buyer, nextClientAddress, testConfig } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

describeEachDatabase('finding 4: the hold cap per client address', (get) => {
  const clientHoldCap = async (cap: { max: number; percent: number }, p: { basketLimit: number; hallPlaces: number }) =>
    (
      await get().db.query<{ cap: number }>('SELECT basket_client_hold_cap($1, $2, $3, $4) AS cap', [
        p.basketLimit,
        p.hallPlaces,
        cap.max,
        cap.percent,
      ])
    ).rows[0]!.cap;

  it('is max(basket limit, min(40, 10 % of the places)) by default, and a setting', async () => {
    const cap = testConfig().clientHoldCap;
    expect(await clientHoldCap(cap, { basketLimit: 8, hallPlaces: 85_792 })).toBe(40);
    expect(await clientHoldCap(cap, { basketLimit: 8, hallPlaces: 185 })).toBe(18);
    expect(await clientHoldCap(cap, { basketLimit: 8, hallPlaces: 24 })).toBe(8);
    expect(await clientHoldCap({ max: 200, percent: 50 }, { basketLimit: 8, hallPlaces: 185 })).toBe(92);
  });
});

describeEachDatabase('finding 4: many sessions of one address cannot hold a performance', (get) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db));
  });

  const heldBy = async (sessions: string[]) =>
    (
      await get().db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM performance_places WHERE state = 1 AND hold_session_id = ANY($1::text[])',
        [sessions],
      )
    ).rows[0]!.n;

  it('24 sessions from one address racing for a 185-place hall hold at most the cap; another address still buys', async () => {
    // 181 seats, a sofa and an exclusive pair: 185 places, so the cap is 18.
    const f = await createHallFixture(get().db, { seatCount: 181 });
    const address = nextClientAddress();
    const sessions = Array.from({ length: 24 }, () => buyer(app, undefined, address));
    const refusals: string[] = [];
    await Promise.all(
      sessions.map(async (s, i) => {
        // Seats of their own (7 each), so that every refusal is the cap's, none a taken seat.
        for (let k = 0; k < 7; k++) {
          const r = (await s.post('/hallPlace/select/', { cypher: f.seats[i * 7 + k]! })).json();
          if (r.result !== 1) refusals.push(r.message);
        }
      }),
    );
    expect(await heldBy(sessions.map((s) => s.sessionId))).toBe(18);
    expect(refusals.length).toBeGreaterThan(0);
    expect(new Set(refusals)).toEqual(new Set([selectionMessages.clientHoldCap.message]));

    const other = buyer(app);
    const bought = (await other.post('/hallPlace/select/', { cypher: f.seats[180]! })).json();
    expect(bought).toMatchObject({ result: 1, ticketCount: 1 });
  });

  it('counts entrance tickets too, and frees the address’s share as its holds are released', async () => {
    const f = await createHallFixture(get().db, { seatCount: 96, entranceCapacity: 50 });
    const address = nextClientAddress();
    const [a, b] = [buyer(app, undefined, address), buyer(app, undefined, address)];
    for (let k = 0; k < 8; k++)
      expect((await a.post('/hallPlace/select/', { cypher: f.seats[k]! })).json().result).toBe(1);
    // 100 places: cap 10. Two entrance tickets fit, a third does not.
    const entrance = (count: number) =>
      b.post('/hallPlace/entranceTicketsAdd/', {
        count,
        performanceId: f.performanceId,
        sectionId: f.entranceSectionId,
        taxId: f.tariffId,
        ticketPrice: 2500,
      });
    expect((await entrance(2)).json().result).toBe(1);
    const refused = (await entrance(1)).json();
    expect(refused).toMatchObject({ result: 0, message: selectionMessages.clientHoldCap.message });
    expect((await b.post('/hallPlace/select/', { cypher: f.seats[20]! })).json()).toMatchObject({
      result: 0,
      message: selectionMessages.clientHoldCap.message,
    });
    expect((await a.post('/hallPlace/deselect/', { cypher: f.seats[0]! })).json().result).toBe(1);
    expect((await b.post('/hallPlace/select/', { cypher: f.seats[20]! })).json().result).toBe(1);
  });
});
