/**
 * Best available, future tickets and the best-places check (decision 0026; hall-basket-checkout.md
 * 2.1, 7.1, 7.3): the server picks adjacent seats of one row in a price range, the best section
 * first, and holds them all or nothing; many buyers asking at once never share a seat.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/index.js';
import { buildTestApp, buyer } from './support/app.js';
import { countMismatches } from './support/counts.js';
import { describeEachDatabase, openTestDatabase, postgresUrl, type TestDatabase } from './support/databases.js';
import { createSeating, type Seating, seatRow } from './support/seating.js';

/**
 * Партер: row 1 at 5 000 ₽, rows 2 and 3 at 3 000 ₽, ten seats each with an aisle after seat 5.
 * Балкон: two rows of eight at 1 000 ₽.
 */
const concertHall = () => ({
  categories: { vip: 500_000, std: 300_000, eco: 100_000 },
  sections: [
    {
      name: 'Партер',
      rows: [
        { label: '1', seats: seatRow(10, 'vip', { aisleAfter: 5 }) },
        { label: '2', seats: seatRow(10, 'std', { aisleAfter: 5 }) },
        { label: '3', seats: seatRow(10, 'std', { aisleAfter: 5 }) },
      ],
    },
    {
      name: 'Балкон',
      rows: [
        { label: '1', seats: seatRow(8, 'eco') },
        { label: '2', seats: seatRow(8, 'eco') },
      ],
    },
  ],
});

/** One row of eight: seats 2, 3, 4 a group (a table), 6 and 7 an exclusive pair. */
const boxRow = () => ({
  categories: { std: 300_000 },
  sections: [
    {
      name: 'Ложа',
      rows: [
        {
          label: '1',
          seats: seatRow(8, 'std').map((s) => ({
            ...s,
            ...(s.number >= 2 && s.number <= 4 ? { group: 3 } : {}),
            ...(s.number === 6 ? { pairWith: 7 } : s.number === 7 ? { pairWith: 6 } : {}),
          })),
        },
      ],
    },
  ],
});

interface Winner {
  sessionId: string;
  seats: number[];
}

/**
 * Sixteen buyers, each with a session and an address of its own, ask at the same moment for three
 * seats together in a stalls of four rows of ten, an aisle after seat 5.
 */
async function rushForRuns(app: FastifyInstance, db: Database) {
  const hall = await createSeating(db, {
    categories: { std: 300_000 },
    sections: [
      {
        name: 'Партер',
        rows: ['1', '2', '3', '4'].map((label) => ({ label, seats: seatRow(10, 'std', { aisleAfter: 5 }) })),
      },
    ],
  });
  const buyers = Array.from({ length: 16 }, () => buyer(app));
  const answers = await Promise.all(
    buyers.map(async (b) => {
      const r = await b.post('/hallPlace/selectBest/', { performanceId: hall.performanceId, count: 3 });
      return { sessionId: b.sessionId, answer: r.json() };
    }),
  );
  const winners: Winner[] = answers
    .filter((a) => a.answer.result === 1)
    .map((a) => ({ sessionId: a.sessionId, seats: Object.values(a.answer.ticketHashList as object).map(Number) }));
  return { hall, winners, losers: answers.filter((a) => a.answer.result !== 1).map((a) => a.answer) };
}

/** Seats that more than one buyer was told they hold. */
function givenTwice(winners: Winner[]): number[] {
  const seen = new Map<number, number>();
  for (const w of winners) for (const id of w.seats) seen.set(id, (seen.get(id) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
}

describeEachDatabase('best available and future tickets', (get) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db));
  });

  const best = (who: ReturnType<typeof buyer>, hall: Seating, form: Record<string, number>) =>
    who.post('/hallPlace/selectBest/', { performanceId: hall.performanceId, ...form });
  /** Where the seats of an answer are: 'section/row/number', in seat order. */
  const seatsOf = (hall: Seating, answer: { ticketHashList?: Record<string, string> }) =>
    Object.values(answer.ticketHashList ?? {})
      .map((c) => hall.where(Number(c)))
      .sort((a, b) => a.section.localeCompare(b.section) || a.row.localeCompare(b.row) || a.number - b.number)
      .map((s) => `${s.section}/${s.row}/${s.number}`);

  it('holds the best adjacent seats: the dearest category, nearest the row’s middle, never across an aisle', async () => {
    const hall = await createSeating(get().db, concertHall());
    const a = buyer(app);
    const r = (await best(a, hall, { count: 2 })).json();
    expect(r).toMatchObject({ result: 1, error: 0, ticketCount: 2, basketPrice: 10_000 });
    expect(seatsOf(hall, r)).toEqual(['Партер/1/4', 'Партер/1/5']);
    // Three more within 3 000 ₽: the stalls' row 2 (dearer than the balcony), left of the aisle.
    const b = buyer(app);
    const within = (await best(b, hall, { count: 3, priceMax: 3000 })).json();
    expect(seatsOf(hall, within)).toEqual(['Партер/2/3', 'Партер/2/4', 'Партер/2/5']);
    expect(within).toMatchObject({ result: 1, ticketCount: 3, basketPrice: 9_000 });
  });

  it('keeps to the price range and to the section asked for', async () => {
    const hall = await createSeating(get().db, concertHall());
    const cheap = (await best(buyer(app), hall, { count: 4, priceMin: 500, priceMax: 1500 })).json();
    expect(seatsOf(hall, cheap)).toEqual(['Балкон/1/3', 'Балкон/1/4', 'Балкон/1/5', 'Балкон/1/6']);
    const balcony = (await best(buyer(app), hall, { count: 2, sectionId: hall.section('Балкон') })).json();
    expect(seatsOf(hall, balcony)).toEqual(['Балкон/1/1', 'Балкон/1/2']);
  });

  it('takes a group or an exclusive pair only whole, and skips it otherwise', async () => {
    const hall = await createSeating(get().db, boxRow());
    const three = (await best(buyer(app), hall, { count: 3 })).json();
    expect(seatsOf(hall, three)).toEqual(['Ложа/1/2', 'Ложа/1/3', 'Ложа/1/4']);
    const two = (await best(buyer(app), hall, { count: 2 })).json();
    expect(seatsOf(hall, two)).toEqual(['Ложа/1/6', 'Ложа/1/7']);
    const one = (await best(buyer(app), hall, { count: 1 })).json();
    expect(seatsOf(hall, one)).toEqual(['Ложа/1/5']);
    // Left: seats 1 and 8, not adjacent.
    const none = (await best(buyer(app), hall, { count: 2 })).json();
    expect(none).toMatchObject({
      result: 0,
      message: 'Не удалось найти 2 свободных места рядом в одном ряду в выбранном диапазоне цен',
      ticketCount: 0,
    });
  });

  it('refuses with the spec’s messages: the basket limit, no seats in range, a closed sale', async () => {
    const hall = await createSeating(get().db, concertHall());
    const a = buyer(app);
    expect((await best(a, hall, { count: 5 })).json().result).toBe(1);
    expect((await best(a, hall, { count: 4 })).json()).toMatchObject({
      result: 0,
      message: 'За один заказ можно купить только 8 билетов',
      ticketCount: 5,
    });
    expect((await best(buyer(app), hall, { count: 2, priceMin: 6000 })).json()).toMatchObject({
      result: 0,
      message: 'Не удалось найти 2 свободных места рядом в одном ряду в выбранном диапазоне цен',
    });
    await get().db.query(`UPDATE performances SET sale_state = 'closed' WHERE id = $1`, [hall.performanceId]);
    expect((await best(buyer(app), hall, { count: 2 })).json()).toMatchObject({
      result: 0,
      error: 622,
      message: 'Продажа билетов на это мероприятие закрыта',
    });
    expect((await best(buyer(app), hall, { count: 11 })).status).toBe(400);
  });

  it('many buyers asking at once for overlapping seats: no seat held twice, each winner’s seats adjacent in one row', async () => {
    const { hall, winners, losers } = await rushForRuns(app, get().db);
    // Eight aisle-free blocks of five seats: one run of three fits in each.
    expect(winners.length).toBeGreaterThan(0);
    expect(winners.length).toBeLessThanOrEqual(8);
    if (get().kind === 'pglite') expect(winners).toHaveLength(8);
    expect(givenTwice(winners)).toEqual([]);
    for (const w of winners) {
      const at = w.seats.map((id) => hall.where(id)).sort((x, y) => x.number - y.number);
      expect(at).toHaveLength(3);
      expect(new Set(at.map((s) => s.row)).size).toBe(1);
      expect(at[2]!.number - at[0]!.number).toBe(2);
      expect(at[0]!.number <= 5 === at[2]!.number <= 5).toBe(true);
      const holders = await get().db.query<{ hold_session_id: string }>(
        'SELECT hold_session_id FROM performance_places WHERE id = ANY($1::int[]) AND state = 1',
        [w.seats],
      );
      expect(holders.rows.map((r) => r.hold_session_id)).toEqual([w.sessionId, w.sessionId, w.sessionId]);
    }
    for (const r of losers) {
      expect(r.ticketCount).toBe(0);
      expect([
        'Не удалось найти 3 свободных места рядом в одном ряду в выбранном диапазоне цен',
        'Не удалось добавить билет в корзину',
      ]).toContain(r.message);
    }
    const heldNow = await get().db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM performance_places WHERE performance_id = $1 AND state = 1',
      [hall.performanceId],
    );
    expect(heldNow.rows[0]!.n).toBe(3 * winners.length);
    expect(await countMismatches(get().db)).toEqual([]);
  });

  it('future tickets: adds seats of a section and price (adjacent when possible) and removes them by count', async () => {
    const hall = await createSeating(get().db, concertHall());
    const a = buyer(app);
    const add = (count: number, extra: Record<string, number> = {}) =>
      a.post('/hallPlace/futureTicketAdd/', {
        count,
        performanceId: hall.performanceId,
        sectionId: hall.section('Партер'),
        taxId: hall.tariffId.std!,
        ticketPrice: 3000,
        sectionName: 'Партер',
        fundId: hall.categoryId.std!,
        ...extra,
      });
    const added = (await add(2)).json();
    expect(added).toMatchObject({ result: 1, ticketCount: 2, basketPrice: 6_000 });
    expect(seatsOf(hall, added)).toEqual(['Партер/2/4', 'Партер/2/5']);
    // One more: the free seat nearest the row's middle, across the aisle.
    expect(seatsOf(hall, (await add(1)).json())).toEqual(['Партер/2/4', 'Партер/2/5', 'Партер/2/6']);
    const removed = await a.post('/hallPlace/futureTicketRemove/', {
      performanceId: hall.performanceId,
      sectionId: hall.section('Партер'),
      ticketPrice: 3000,
      count: 2,
    });
    // The last in seat order go first.
    expect(seatsOf(hall, removed.json())).toEqual(['Партер/2/4']);
    expect(
      (
        await a.post('/hallPlace/futureTicketRemove/', {
          performanceId: hall.performanceId,
          sectionId: hall.section('Балкон'),
          ticketPrice: 1000,
        })
      ).json(),
    ).toMatchObject({ result: 0, message: 'Не удалось удалить билет из корзины', ticketCount: 1 });
    const other = await createSeating(get().db, concertHall());
    expect((await add(1, { taxId: other.tariffId.std!, fundId: other.categoryId.std! })).json()).toMatchObject({
      result: 0,
      message: 'Не удалось определить тариф для данного билета',
    });
  });

  it('future tickets take single seats when no adjacent ones are left; best available does not', async () => {
    const hall = await createSeating(get().db, {
      categories: { std: 300_000 },
      sections: [{ name: 'Партер', rows: [{ label: '1', seats: seatRow(5, 'std') }] }],
    });
    const other = buyer(app);
    for (const n of [2, 4]) {
      expect((await other.post('/hallPlace/select/', { cypher: hall.seat('Партер', '1', n) })).json().result).toBe(1);
    }
    expect((await best(buyer(app), hall, { count: 2 })).json().result).toBe(0);
    const twoOfStalls = () =>
      buyer(app).post('/hallPlace/futureTicketAdd/', {
        count: 2,
        performanceId: hall.performanceId,
        sectionId: hall.section('Партер'),
        taxId: hall.tariffId.std!,
        ticketPrice: 3000,
      });
    expect(seatsOf(hall, (await twoOfStalls()).json())).toEqual(['Партер/1/1', 'Партер/1/3']);
    const rest = (await twoOfStalls()).json();
    expect(rest).toMatchObject({ result: 0, message: 'Закончились свободные билеты' });
  });

  it('the best-places check says whether seats can be offered, and why not', async () => {
    const hall = await createSeating(get().db, {
      categories: { std: 300_000 },
      sections: [{ name: 'Партер', rows: [{ label: '1', seats: seatRow(2, 'std') }] }],
    });
    const check = (who: ReturnType<typeof buyer>, performanceId?: number) =>
      who.get(`/bestPlace/checkAvailability/${performanceId === undefined ? '' : `?performanceId=${performanceId}`}`);
    const a = buyer(app);
    expect((await check(a, hall.performanceId)).json()).toEqual({ status: 'success' });
    expect((await best(a, hall, { count: 2 })).json().result).toBe(1);
    expect((await check(buyer(app), hall.performanceId)).json()).toEqual({
      status: 'error',
      message: { error: 'Закончились свободные билеты' },
    });
    expect((await check(a)).json()).toEqual({ status: 'error', message: { error: 'Мероприятие не найдено' } });
    expect((await check(a, 999_999)).json()).toEqual({ status: 'error', message: { error: 'Мероприятие не найдено' } });
    await get().db.query(`UPDATE performances SET sale_state = 'closed' WHERE id = $1`, [hall.performanceId]);
    expect((await check(a, hall.performanceId)).json()).toEqual({
      status: 'error',
      message: { error: 'Продажа билетов на это мероприятие закрыта' },
    });
  });
});

describe.runIf(postgresUrl)('best available on PostgreSQL: the control run', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase('postgres');
  });
  afterAll(() => db.close());

  it('with the hold guard off the same rush sees seats given twice, so the check above can fail', async () => {
    const { app } = await buildTestApp(db.db, { config: { unsafeDisableHoldGuard: true } });
    try {
      const { winners } = await rushForRuns(app, db.db);
      expect(givenTwice(winners).length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
