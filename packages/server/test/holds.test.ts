import { describe, expect, it } from 'vitest';
import { loadBasketSummary } from '../src/services/basket/index.js';
import {
  claimEntranceTickets,
  claimPlaces,
  releaseEntranceTickets,
  releasePlaces,
  sellOrderHolds,
  sweepExpiredHolds,
} from '../src/services/holds/index.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

const MIN = 60_000;

describeEachDatabase('seat holds', (get) => {
  const now = new Date('2030-01-01T10:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms);

  it('holds free places all or nothing', async () => {
    const { db } = get();
    const f = await createHallFixture(db);
    const a = await db.transaction((tx) =>
      claimPlaces(tx, {
        performancePlaceIds: [f.seats[0]!, f.seats[1]!],
        sessionId: 'buyer-a',
        heldUntil: later(15 * MIN),
        now,
      }),
    );
    expect(a).toEqual({ ok: true, claimed: [f.seats[0], f.seats[1]] });
    // B wants seat 2 (taken) and 3 (free): nothing is held for B, seat 3 stays free.
    const b = await db.transaction((tx) =>
      claimPlaces(tx, {
        performancePlaceIds: [f.seats[2]!, f.seats[1]!],
        sessionId: 'buyer-b',
        heldUntil: later(15 * MIN),
        now,
      }),
    );
    expect(b).toEqual({ ok: false, available: [f.seats[2]] });
    const states = await db.query<{ id: number; state: number; hold_session_id: string | null }>(
      'SELECT id, state, hold_session_id FROM performance_places WHERE id = ANY($1::int[]) ORDER BY id',
      [f.seats.slice(0, 3)],
    );
    expect(states.rows.map((r) => [r.state, r.hold_session_id])).toEqual([
      [1, 'buyer-a'],
      [1, 'buyer-a'],
      [0, null],
    ]);
  });

  it('at the instant of expiry a place is claimable and no longer in the holder’s basket (issue 9)', async () => {
    const { db } = get();
    const f = await createHallFixture(db);
    const seat = f.seats[0]!;
    const until = later(15 * MIN);
    await db.transaction((tx) =>
      claimPlaces(tx, { performancePlaceIds: [seat], sessionId: 'a', heldUntil: until, now }),
    );
    // A moment before: held, not claimable.
    const before = await db.transaction((tx) =>
      claimPlaces(tx, {
        performancePlaceIds: [seat],
        sessionId: 'b',
        heldUntil: later(30 * MIN),
        now: later(15 * MIN - 1),
      }),
    );
    expect(before.ok).toBe(false);
    expect((await loadBasketSummary(db, 'a', later(15 * MIN - 1))).ticketCount).toBe(1);
    // At the very instant the hold ends: the holder's basket is empty and anyone may claim it.
    expect((await loadBasketSummary(db, 'a', until)).ticketCount).toBe(0);
    const at = await db.transaction((tx) =>
      claimPlaces(tx, { performancePlaceIds: [seat], sessionId: 'b', heldUntil: later(30 * MIN), now: until }),
    );
    expect(at).toEqual({ ok: true, claimed: [seat] });
  });

  it('treats an expired hold as free without any sweeper (lazy expiry)', async () => {
    const { db } = get();
    const f = await createHallFixture(db);
    const seat = f.seats[0]!;
    await db.transaction((tx) =>
      claimPlaces(tx, { performancePlaceIds: [seat], sessionId: 'a', heldUntil: later(15 * MIN), now }),
    );
    const early = await db.transaction((tx) =>
      claimPlaces(tx, {
        performancePlaceIds: [seat],
        sessionId: 'b',
        heldUntil: later(30 * MIN),
        now: later(14 * MIN),
      }),
    );
    expect(early.ok).toBe(false);
    const late = await db.transaction((tx) =>
      claimPlaces(tx, {
        performancePlaceIds: [seat],
        sessionId: 'b',
        heldUntil: later(31 * MIN),
        now: later(16 * MIN),
      }),
    );
    expect(late.ok).toBe(true);
  });

  it('releases only the session’s own holds', async () => {
    const { db } = get();
    const f = await createHallFixture(db);
    await db.transaction((tx) =>
      claimPlaces(tx, { performancePlaceIds: [f.seats[0]!], sessionId: 'a', heldUntil: later(MIN), now }),
    );
    expect(await db.transaction((tx) => releasePlaces(tx, 'b', [f.seats[0]!]))).toEqual([]);
    expect(await db.transaction((tx) => releasePlaces(tx, 'a', [f.seats[0]!]))).toEqual([f.seats[0]]);
  });

  it('entrance counter never goes below zero and expired holds return to it', async () => {
    const { db } = get();
    const f = await createHallFixture(db, { entranceCapacity: 5 });
    const claim = (session: string, count: number, at = now) =>
      db.transaction((tx) =>
        claimEntranceTickets(tx, {
          performanceSectionId: f.performanceSectionId,
          sessionId: session,
          count,
          tariffId: f.tariffId,
          heldUntil: new Date(at.getTime() + 15 * MIN),
          now: at,
        }),
      );
    expect(await claim('a', 3)).toEqual({ ok: true, held: 3 });
    expect(await claim('b', 3)).toEqual({ ok: false, freeCount: 2 });
    expect(await claim('b', 2)).toEqual({ ok: true, held: 2 });
    expect(await claim('c', 1)).toEqual({ ok: false, freeCount: 0 });
    // a gives one back; after a's hold expires, its other two return too.
    expect(
      await db.transaction((tx) =>
        releaseEntranceTickets(tx, { performanceSectionId: f.performanceSectionId, sessionId: 'a', count: 1 }),
      ),
    ).toBe(1);
    expect(await claim('c', 1)).toEqual({ ok: true, held: 1 });
    expect(await claim('d', 2, later(20 * MIN))).toEqual({ ok: true, held: 2 });
    const free = await db.query<{ free_count: number }>('SELECT free_count FROM performance_sections WHERE id = $1', [
      f.performanceSectionId,
    ]);
    // Everything from the first round expired at +15 min and came back: 5 - 2 (d).
    expect(free.rows[0]!.free_count).toBe(3);
  });

  it('a basket function’s answer lists what the session holds, entrance tickets alone included', async () => {
    // basket_answer reads the basket only when some hold row names the session: this checks
    // both sides of that short cut.
    const { db } = get();
    const f = await createHallFixture(db, { entranceCapacity: 5 });
    await db.transaction(async (tx) => {
      await claimEntranceTickets(tx, {
        performanceSectionId: f.performanceSectionId,
        sessionId: 'entrance-only',
        count: 2,
        tariffId: f.tariffId,
        heldUntil: later(15 * MIN),
        now,
      });
      await claimPlaces(tx, {
        performancePlaceIds: [f.seats[0]!],
        sessionId: 'place',
        heldUntil: later(15 * MIN),
        now,
      });
      await claimPlaces(tx, { performancePlaceIds: [f.seats[1]!], sessionId: 'lapsed', heldUntil: later(MIN), now });
    });
    const lines = async (session: string) => {
      const r = await db.query<{ answer: { refusal: string; lines: { kind: string; ticket_count: number }[] } }>(
        `SELECT basket_answer($1, $2, 'placeTaken', NULL, NULL) AS answer`,
        [session, later(5 * MIN)],
      );
      expect(r.rows[0]!.answer.refusal).toBe('placeTaken');
      return r.rows[0]!.answer.lines.map((l) => [l.kind, l.ticket_count]);
    };
    expect(await lines('entrance-only')).toEqual([['entrance', 2]]);
    expect(await lines('place')).toEqual([['place', 1]]);
    // A row names the session, but its hold has lapsed: an empty basket all the same.
    expect(await lines('lapsed')).toEqual([]);
    expect(await lines('nobody')).toEqual([]);
  });

  it('the sweeper releases expired holds and returns entrance tickets once', async () => {
    const { db } = get();
    const f = await createHallFixture(db, { entranceCapacity: 4 });
    await db.transaction(async (tx) => {
      await claimPlaces(tx, { performancePlaceIds: [f.seats[0]!], sessionId: 's', heldUntil: later(MIN), now });
      await claimEntranceTickets(tx, {
        performanceSectionId: f.performanceSectionId,
        sessionId: 's',
        count: 3,
        tariffId: null,
        heldUntil: later(MIN),
        now,
      });
    });
    const swept = await sweepExpiredHolds(db, later(2 * MIN));
    expect(swept.places).toBeGreaterThanOrEqual(1);
    // It names the performances it changed, for the pages' caches.
    expect(swept.performances).toContain(f.performanceId);
    const again = await sweepExpiredHolds(db, later(2 * MIN));
    expect(again).toEqual({ places: 0, entranceTickets: 0, performances: [] });
    const free = await db.query<{ free_count: number }>('SELECT free_count FROM performance_sections WHERE id = $1', [
      f.performanceSectionId,
    ]);
    expect(free.rows[0]!.free_count).toBe(4);
  });

  describe('sale', () => {
    async function orderFor(session: string, placeIds: number[], entrance?: { sectionId: number; count: number }) {
      const { db } = get();
      const o = await db.query<{ id: number }>(
        `INSERT INTO orders (session_id, access_token, status, email, first_name, surname, payment_method, delivery_method, total, created_at)
         VALUES ($1, $2, 'new', 'a@b.ru', 'Анна', 'Иванова', 'card', 'eticket', 0, $3) RETURNING id`,
        [session, `tok-${Math.random()}`, now],
      );
      const orderId = o.rows[0]!.id;
      const perf = await db.query<{ performance_id: number }>(
        'SELECT performance_id FROM performance_places WHERE id = $1',
        [placeIds[0] ?? 0],
      );
      for (const id of placeIds) {
        await db.query(
          `INSERT INTO order_items (order_id, performance_id, performance_place_id, price) VALUES ($1, $2, $3, 250000)`,
          [orderId, perf.rows[0]?.performance_id, id],
        );
      }
      if (entrance) {
        const ps = await db.query<{ performance_id: number }>(
          'SELECT performance_id FROM performance_sections WHERE id = $1',
          [entrance.sectionId],
        );
        await db.query(
          `INSERT INTO order_items (order_id, performance_id, performance_section_id, ticket_count, price) VALUES ($1, $2, $3, $4, 100000)`,
          [orderId, ps.rows[0]!.performance_id, entrance.sectionId, entrance.count],
        );
      }
      return orderId;
    }

    it('sells held places and entrance tickets', async () => {
      const { db } = get();
      const f = await createHallFixture(db, { entranceCapacity: 5 });
      await db.transaction(async (tx) => {
        await claimPlaces(tx, { performancePlaceIds: [f.seats[0]!], sessionId: 'p', heldUntil: later(MIN), now });
        await claimEntranceTickets(tx, {
          performanceSectionId: f.performanceSectionId,
          sessionId: 'p',
          count: 2,
          tariffId: null,
          heldUntil: later(MIN),
          now,
        });
      });
      const orderId = await orderFor('p', [f.seats[0]!], { sectionId: f.performanceSectionId, count: 2 });
      expect(await db.transaction((tx) => sellOrderHolds(tx, orderId, later(10_000)))).toEqual({ ok: true });
      const place = await db.query<{ state: number; order_id: number }>(
        'SELECT state, order_id FROM performance_places WHERE id = $1',
        [f.seats[0]],
      );
      expect(place.rows[0]).toEqual({ state: 2, order_id: orderId });
      const s = await db.query<{ free_count: number }>('SELECT free_count FROM performance_sections WHERE id = $1', [
        f.performanceSectionId,
      ]);
      expect(s.rows[0]!.free_count).toBe(3);
      const holds = await db.query('SELECT 1 FROM entrance_holds WHERE session_id = $1', ['p']);
      expect(holds.rows).toHaveLength(0);
    });

    it('a late payment re-claims places still free, and fails without a trace when one was taken', async () => {
      const { db } = get();
      const f = await createHallFixture(db, { entranceCapacity: 2 });
      await db.transaction(async (tx) => {
        await claimPlaces(tx, {
          performancePlaceIds: [f.seats[0]!, f.seats[1]!],
          sessionId: 'late',
          heldUntil: later(MIN),
          now,
        });
        await claimEntranceTickets(tx, {
          performanceSectionId: f.performanceSectionId,
          sessionId: 'late',
          count: 1,
          tariffId: null,
          heldUntil: later(MIN),
          now,
        });
      });
      const orderId = await orderFor('late', [f.seats[0]!, f.seats[1]!], {
        sectionId: f.performanceSectionId,
        count: 1,
      });
      // The hold expired; another buyer took seat 2.
      await db.transaction((tx) =>
        claimPlaces(tx, {
          performancePlaceIds: [f.seats[1]!],
          sessionId: 'other',
          heldUntil: later(20 * MIN),
          now: later(5 * MIN),
        }),
      );
      expect(await db.transaction((tx) => sellOrderHolds(tx, orderId, later(6 * MIN)))).toEqual({ ok: false });
      const rows = await db.query<{ id: number; state: number; hold_session_id: string | null }>(
        'SELECT id, state, hold_session_id FROM performance_places WHERE id = ANY($1::int[]) ORDER BY id',
        [[f.seats[0], f.seats[1]]],
      );
      expect(rows.rows.map((r) => [r.state, r.hold_session_id])).toEqual([
        [1, 'late'],
        [1, 'other'],
      ]);

      // A second order whose places are merely expired-but-free is sold on late payment.
      const g = await createHallFixture(db);
      await db.transaction((tx) =>
        claimPlaces(tx, { performancePlaceIds: [g.seats[0]!], sessionId: 'late2', heldUntil: later(MIN), now }),
      );
      const order2 = await orderFor('late2', [g.seats[0]!]);
      await sweepExpiredHolds(db, later(10 * MIN));
      expect(await db.transaction((tx) => sellOrderHolds(tx, order2, later(11 * MIN)))).toEqual({ ok: true });
    });

    it('never sells an order twice', async () => {
      const { db } = get();
      const f = await createHallFixture(db);
      await db.transaction((tx) =>
        claimPlaces(tx, { performancePlaceIds: [f.seats[0]!], sessionId: 'twice', heldUntil: later(MIN), now }),
      );
      const orderId = await orderFor('twice', [f.seats[0]!]);
      expect(await db.transaction((tx) => sellOrderHolds(tx, orderId, now))).toEqual({ ok: true });
      await db.query(`UPDATE orders SET status = 'paid' WHERE id = $1`, [orderId]);
      expect(await db.transaction((tx) => sellOrderHolds(tx, orderId, now))).toEqual({ ok: false });
    });

    it('the unique index refuses a second issued ticket for one place', async () => {
      const { db } = get();
      const f = await createHallFixture(db);
      const orderId = await orderFor('idx', [f.seats[0]!]);
      const item = await db.query<{ id: number }>('SELECT id FROM order_items WHERE order_id = $1', [orderId]);
      const insert = (code: string) =>
        db.query(
          `INSERT INTO tickets (order_id, order_item_id, performance_id, performance_place_id, code, issued_at) VALUES ($1, $2, $3, $4, $5, $6)`,
          [orderId, item.rows[0]!.id, f.performanceId, f.seats[0], code, now],
        );
      await insert(`c1-${orderId}`);
      await expect(insert(`c2-${orderId}`)).rejects.toThrow(/tickets_one_issued_per_place|duplicate key/);
    });
  });
});
