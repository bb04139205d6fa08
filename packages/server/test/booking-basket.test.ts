/**
 * The booking-only basket (hall-basket-checkout.md 4.4, 6, 7.4, 8.1; services/basket/booking.ts):
 * a booking (a performance reserved online, paid at the box office) never shares a basket with
 * tickets to pay. Every add answers 623 or 624 with a message saying what conflicts; ResetExclude
 * keeps one kind.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallFixture } from '../src/seed/index.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase, openTestDatabase, type TestDatabase } from './support/databases.js';
import { createSeating, type Seating, seatRow } from './support/seating.js';

const BOOKING_AMONG_PURCHASES =
  'Билеты на это мероприятие можно только забронировать и оплатить в кассе, а в корзине есть билеты для оплаты онлайн. Бронь и покупка оформляются разными заказами: очистите корзину от билетов для оплаты, чтобы добавить этот билет.';
const PURCHASE_AMONG_BOOKINGS =
  'В корзине есть забронированные билеты с оплатой в кассе, а этот билет оплачивается онлайн. Бронь и покупка оформляются разными заказами: очистите корзину от брони, чтобы добавить этот билет.';

const hallOf = (allowPay: boolean) => ({
  categories: { std: 200_000 },
  sections: [
    {
      name: 'Партер',
      rows: [
        {
          label: '1',
          seats: seatRow(6, 'std').map((s) => (s.number >= 5 ? { ...s, pairWith: s.number === 5 ? 6 : 5 } : s)),
        },
      ],
    },
  ],
  entranceCapacity: 10,
  allowReserve: true,
  allowPay,
});

describeEachDatabase('the booking-only basket', (get) => {
  let app: FastifyInstance;
  let paid: Seating;
  let booked: Seating;

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db));
  });

  const fresh = async () => {
    paid = await createSeating(get().db, hallOf(true));
    booked = await createSeating(get().db, hallOf(false));
  };

  /** Every way a ticket is added, for a hall: the answers as JSON. */
  const adds = (who: Buyer, hall: Seating) => ({
    select: () => who.post('/hallPlace/select/', { cypher: hall.seat('Партер', '1', 1) }),
    group: () =>
      who.post(`/hallPlace/selectGroup/${who.sessionId}`, {
        places: JSON.stringify([{ cypher: String(hall.seat('Партер', '1', 2)) }]),
      }),
    exclusive: () =>
      who.post('/hallPlace/selectExclusive/', { cypher: hall.seat('Партер', '1', 5), baseObjId: hall.performanceId }),
    best: () => who.post('/hallPlace/selectBest/', { performanceId: hall.performanceId, count: 1 }),
    entrance: () =>
      who.post('/hallPlace/entranceTicketsAdd/', {
        count: 1,
        performanceId: hall.performanceId,
        sectionId: hall.entranceSectionId!,
        taxId: hall.tariffId.std!,
        ticketPrice: 2000,
      }),
    future: () =>
      who.post('/hallPlace/futureTicketAdd/', {
        count: 1,
        performanceId: hall.performanceId,
        sectionId: hall.section('Партер'),
        taxId: hall.tariffId.std!,
        ticketPrice: 2000,
      }),
  });

  it('a booking added to a basket with tickets to pay answers 623, whichever way it is added', async () => {
    await fresh();
    const a = buyer(app);
    expect((await adds(a, paid).select()).json()).toMatchObject({ result: 1, ticketCount: 1 });
    for (const [way, add] of Object.entries(adds(a, booked))) {
      const r = (await add()).json();
      expect(r, way).toMatchObject({ result: 0, error: 623, message: BOOKING_AMONG_PURCHASES, ticketCount: 1 });
    }
    const check = await a.get(`/bestPlace/checkAvailability/?performanceId=${booked.performanceId}`);
    expect(check.json()).toEqual({ status: 'error', message: { error: BOOKING_AMONG_PURCHASES } });
    // The dialog's 'Очистить корзину': reset with isBooking=1 keeps the bookings (none) and drops the rest.
    expect((await a.post('/shopcart/ResetExclude/', { isBooking: 1 })).json()).toMatchObject({
      result: 1,
      ticketCount: 0,
    });
    expect((await adds(a, booked).select()).json()).toMatchObject({ result: 1, error: 0, ticketCount: 1 });
  });

  it('a ticket to pay added to a basket with bookings answers 624, whichever way it is added', async () => {
    await fresh();
    const a = buyer(app);
    expect((await adds(a, booked).entrance()).json()).toMatchObject({ result: 1, ticketCount: 1 });
    for (const [way, add] of Object.entries(adds(a, paid))) {
      const r = (await add()).json();
      expect(r, way).toMatchObject({ result: 0, error: 624, message: PURCHASE_AMONG_BOOKINGS, ticketCount: 1 });
    }
    // More bookings are welcome.
    expect((await adds(a, booked).best()).json()).toMatchObject({ result: 1, ticketCount: 2 });
    expect((await a.post('/shopcart/ResetExclude/', { isBooking: 0 })).json()).toMatchObject({
      result: 1,
      ticketCount: 0,
    });
    expect((await adds(a, paid).group()).json()).toMatchObject({ result: 1, error: 0, ticketCount: 1 });
  });

  it('ResetExclude keeps exactly the kind asked for, places and entrance tickets alike', async () => {
    // A basket of both kinds arises when an operator turns a performance into bookings only
    // after its tickets were taken.
    const mixed = async () => {
      await fresh();
      const a = buyer(app);
      expect((await adds(a, paid).select()).json().result).toBe(1);
      const other = await createSeating(get().db, hallOf(true));
      expect((await adds(a, other).entrance()).json().result).toBe(1);
      expect((await adds(a, other).exclusive()).json()).toMatchObject({ result: 1, ticketCount: 4 });
      await get().db.query('UPDATE performances SET allow_pay = false WHERE id = $1', [other.performanceId]);
      return { a, other };
    };
    {
      const { a, other } = await mixed();
      const kept = (await a.post('/shopcart/ResetExclude/', { isBooking: 1 })).json();
      expect(kept).toMatchObject({ result: 1, ticketCount: 3 });
      const state = (await a.get('/shopcart/state/')).json();
      expect(new Set(state.tickets.map((t: { performanceId: number }) => t.performanceId))).toEqual(
        new Set([other.performanceId]),
      );
    }
    {
      const { a, other } = await mixed();
      const kept = (await a.post('/shopcart/ResetExclude/', { isBooking: 0 })).json();
      expect(kept).toMatchObject({ result: 1, ticketCount: 1 });
      const state = (await a.get('/shopcart/state/')).json();
      expect(state.tickets.map((t: { performanceId: number }) => t.performanceId)).toEqual([paid.performanceId]);
      // The released pair is anyone's again.
      expect((await adds(buyer(app), other).exclusive()).json()).toMatchObject({ result: 1, ticketCount: 2 });
    }
  });

  it('refuses a malformed reset and one without the CSRF token', async () => {
    const a = buyer(app);
    expect((await a.post('/shopcart/ResetExclude/', { isBooking: 2 })).status).toBe(400);
    const r = await app.inject({ method: 'POST', url: '/shopcart/ResetExclude/', payload: { isBooking: '1' } });
    expect(r.statusCode).toBe(403);
  });
});

describe('the demo catalogue', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  }, 60_000);
  afterAll(() => db.close());

  it('has a show sold as bookings only, on sale, to try the conflict and the reset', async () => {
    await seedSmallFixture(db.db);
    const r = await db.db.query<{ name: string; on_sale: number }>(
      `SELECT sh.name, count(*) FILTER (WHERE pf.sale_state = 'on_sale')::int AS on_sale
         FROM performances pf JOIN shows sh ON sh.id = pf.show_id
        WHERE pf.allow_reserve AND NOT pf.allow_pay GROUP BY sh.name`,
    );
    expect(r.rows).toEqual([{ name: 'Снежная королева', on_sale: expect.any(Number) }]);
    expect(r.rows[0]!.on_sale).toBeGreaterThan(0);
  }, 60_000);
});
