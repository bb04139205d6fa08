/**
 * Gifts with tickets (hall-basket-checkout.md 3.3, 3.5, 3.7, 5.2, 7.2 selectGifts; decision 0027):
 * the seat form's bound (the performance's maximum and the seat's own offer) and the entrance
 * form's (the maximum times the tickets) with the spec's plural message, no gifts at all under a
 * maximum of 0, the price in the basket, the order and its refund, entrance removal capping the
 * gifts, and the performance's stock: taken and given back with the holds, never oversold when
 * buyers race for it.
 */
import { messages } from '@partera/contract';
import { expect, it } from 'vitest';
import { sweepExpiredHolds } from '../src/services/holds/index.js';
import { registeredBuyer, uniqueEmail } from './support/accounts.js';
import { type Buyer, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';
import { payOrder, placeSessionOrder } from './support/orders.js';
import { suiteApp } from './support/suite-app.js';

const DAY = 86_400_000;
const GIFT = 30_000;

describeEachDatabase('gifts per ticket', (get) => {
  const s = suiteApp(get);
  const db = () => get().db;

  /**
   * A hall whose performance offers gifts at 300 ₽: up to `max` per ticket, a stock of `stock`
   * (null: none kept), every seat offering `offer` gifts.
   */
  async function giftHall(opts: { max?: number; stock?: number | null; offer?: number } = {}) {
    const f = await createHallFixture(db(), {
      seatCount: 12,
      entranceCapacity: 10,
      startsAt: new Date(s.clock.now().getTime() + 30 * DAY),
    });
    await db().query(
      'UPDATE performances SET max_gift_count_per_ticket = $2, gift_price = $3, gifts_left = $4 WHERE id = $1',
      [f.performanceId, opts.max ?? 5, GIFT, opts.stock ?? null],
    );
    await db().query('UPDATE performance_places SET available_gifts = $2 WHERE performance_id = $1', [
      f.performanceId,
      opts.offer ?? 3,
    ]);
    return f;
  }

  const placeIdOf = async (cypher: number) =>
    (await db().query<{ place_id: number }>('SELECT place_id FROM performance_places WHERE id = $1', [cypher])).rows[0]!
      .place_id;
  const giftsLeft = async (f: HallFixture) =>
    (
      await db().query<{ gifts_left: number | null }>('SELECT gifts_left FROM performances WHERE id = $1', [
        f.performanceId,
      ])
    ).rows[0]!.gifts_left;

  const select = (b: Buyer, cypher: number) => b.post('/hallPlace/select/', { cypher }).then((r) => r.json());
  const seatGifts = async (b: Buyer, f: HallFixture, cypher: number, numOfGifts: number) =>
    (
      await b.post('/hallPlace/selectGifts/', {
        numOfGifts,
        objId: f.performanceId,
        placeId: await placeIdOf(cypher),
      })
    ).json();
  const entranceGifts = (b: Buyer, f: HallFixture, numOfGifts: number) =>
    b
      .post('/hallPlace/selectGifts/', { numOfGifts, objId: f.performanceId, sectionId: f.entranceSectionId })
      .then((r) => r.json());
  const addEntrance = (b: Buyer, f: HallFixture, count: number) =>
    b
      .post('/hallPlace/entranceTicketsAdd/', {
        count,
        performanceId: f.performanceId,
        sectionId: f.entranceSectionId,
        taxId: f.tariffId,
        ticketPrice: 2500,
      })
      .then((r) => r.json());
  const removeEntrance = (b: Buyer, f: HallFixture, count: number) =>
    b
      .post('/hallPlace/entranceTicketsRemove/', {
        performanceId: f.performanceId,
        sectionId: f.entranceSectionId,
        ticketPrice: 2500,
        count,
      })
      .then((r) => r.json());

  it('sets a held seat’s gifts: giftIds, the gift price and the basket price with them', async () => {
    const f = await giftHall();
    const a = buyer(s.app);
    const seat = f.seats[0]!;
    const placeId = await placeIdOf(seat);
    expect(await select(a, seat)).toMatchObject({ result: 1, basketPrice: 2500 });
    const set = await seatGifts(a, f, seat, 2);
    expect(set).toMatchObject({
      result: 1,
      error: 0,
      ticketCount: 1,
      basketPrice: 3100,
      allTicketsPrice: 2500,
      giftPrice: 300,
      ticketHashList: { [placeId]: String(seat) },
      giftIds: { [placeId]: [`${seat}.1`, `${seat}.2`] },
    });
    const state = (await a.get('/shopcart/state/')).json();
    expect(state).toMatchObject({ ticketCount: 1, basketPrice: 3100 });
    expect(state.tickets[0]).toMatchObject({ cypher: String(seat), price: 2500, giftsCount: 2, giftPrice: 300 });
    // Fewer gifts, then none: the price follows.
    expect(await seatGifts(a, f, seat, 1)).toMatchObject({
      result: 1,
      basketPrice: 2800,
      giftIds: { [placeId]: [`${seat}.1`] },
    });
    const none = await seatGifts(a, f, seat, 0);
    expect(none).toMatchObject({ result: 1, basketPrice: 2500, giftIds: {} });
  });

  it('refuses more gifts than the ticket may take, with the spec’s plural, and changes nothing', async () => {
    const f = await giftHall({ max: 5, offer: 3 });
    const a = buyer(s.app);
    const seat = f.seats[1]!;
    await select(a, seat);
    await seatGifts(a, f, seat, 1);
    // The seat offers 3 of the performance's 5: its bound is 3.
    expect(await seatGifts(a, f, seat, 4)).toMatchObject({
      result: 0,
      message: 'На один билет можно выбрать не более 3 подарков',
      basketPrice: 2800,
    });
    await db().query('UPDATE performance_places SET available_gifts = 1 WHERE id = $1', [seat]);
    expect((await seatGifts(a, f, seat, 2)).message).toBe('На один билет можно выбрать не более 1 подарка');
    // The performance's maximum caps a seat that offers more.
    const two = await giftHall({ max: 2, offer: 5 });
    await select(a, two.seats[0]!);
    expect((await seatGifts(a, two, two.seats[0]!, 3)).message).toBe('На один билет можно выбрать не более 2 подарков');
    expect(messages.giftLimitExceeded(21)).toBe('На один билет можно выбрать не более 21 подарка');
    const held = await db().query<{ gifts_count: number }>('SELECT gifts_count FROM performance_places WHERE id = $1', [
      seat,
    ]);
    expect(held.rows[0]!.gifts_count).toBe(1);
  });

  it('offers no gifts when the maximum is 0 or the seat has none, and none for a ticket not held', async () => {
    const off = await giftHall({ max: 0, offer: 3 });
    const a = buyer(s.app);
    await select(a, off.seats[0]!);
    expect(await seatGifts(a, off, off.seats[0]!, 1)).toMatchObject({
      result: 0,
      message: 'К этому билету подарки не предлагаются',
    });
    expect(await seatGifts(a, off, off.seats[0]!, 0)).toMatchObject({ result: 1 });
    await addEntrance(a, off, 1);
    expect((await entranceGifts(a, off, 1)).message).toBe('К этому билету подарки не предлагаются');
    const bare = await giftHall({ offer: 0 });
    await select(a, bare.seats[0]!);
    expect((await seatGifts(a, bare, bare.seats[0]!, 1)).message).toBe('К этому билету подарки не предлагаются');
    // Another buyer's seat, and a seat nobody holds.
    const b = buyer(s.app);
    expect((await seatGifts(b, bare, bare.seats[0]!, 1)).message).toBe(
      'Сначала добавьте билет в корзину, затем выберите подарки',
    );
    expect((await seatGifts(b, bare, bare.seats[5]!, 0)).result).toBe(0);
  });

  it('entrance tickets take the maximum times their count; removing tickets caps their gifts', async () => {
    const f = await giftHall({ max: 5, stock: 100 });
    const a = buyer(s.app);
    expect(await addEntrance(a, f, 2)).toMatchObject({ result: 1, basketPrice: 5000 });
    expect(await entranceGifts(a, f, 11)).toMatchObject({
      result: 0,
      message: 'На один билет можно выбрать не более 5 подарков',
    });
    expect(await entranceGifts(a, f, 10)).toMatchObject({
      result: 1,
      ticketCount: 2,
      basketPrice: 8000,
      giftPrice: 300,
    });
    expect(await giftsLeft(f)).toBe(90);
    // One ticket out: its gifts are capped at 1 × 5, the other 5 go back to the stock.
    expect(await removeEntrance(a, f, 1)).toMatchObject({ result: 1, ticketCount: 1, basketPrice: 4000 });
    expect(await giftsLeft(f)).toBe(95);
    const state = (await a.get('/shopcart/state/')).json();
    expect(state.tickets[0]).toMatchObject({ kind: 'entrance', count: 1, giftsCount: 5 });
    // Fewer gifts than the cap stay as they are.
    await addEntrance(a, f, 2);
    await entranceGifts(a, f, 4);
    await removeEntrance(a, f, 1);
    expect((await a.get('/shopcart/state/')).json().tickets[0]).toMatchObject({ count: 2, giftsCount: 4 });
    // The last ones out: all their gifts go back.
    await removeEntrance(a, f, 2);
    expect(await giftsLeft(f)).toBe(100);
  });

  it('keeps a stock: gifts are taken, given back on release, on another claim of a lapsed hold and on expiry', async () => {
    const f = await giftHall({ stock: 4, offer: 5 });
    const a = buyer(s.app);
    const b = buyer(s.app);
    await select(a, f.seats[0]!);
    await select(b, f.seats[1]!);
    expect((await seatGifts(a, f, f.seats[0]!, 3)).result).toBe(1);
    expect(await giftsLeft(f)).toBe(1);
    expect(await seatGifts(b, f, f.seats[1]!, 2)).toMatchObject({
      result: 0,
      message: 'Подарков на это мероприятие осталось: 1',
    });
    expect((await seatGifts(b, f, f.seats[1]!, 1)).result).toBe(1);
    expect((await seatGifts(b, f, f.seats[1]!, 2)).message).toBe('Подарки на это мероприятие закончились');
    // A deselect gives A's 3 back.
    expect((await a.post('/hallPlace/deselect/', { cypher: f.seats[0]! })).json().result).toBe(1);
    expect(await giftsLeft(f)).toBe(3);
    expect((await seatGifts(b, f, f.seats[1]!, 4)).result).toBe(1);
    expect(await giftsLeft(f)).toBe(0);
    // B's hold lapses: a claim of the place by another buyer resets its gifts and the stock gets them.
    s.clock.advance(16 * 60_000);
    const c = buyer(s.app);
    expect((await select(c, f.seats[1]!)).result).toBe(1);
    expect(await giftsLeft(f)).toBe(4);
    // C's gifts lapse with C's hold; the sweeper gives them back, entrance gifts too.
    await seatGifts(c, f, f.seats[1]!, 2);
    await addEntrance(c, f, 1);
    await entranceGifts(c, f, 2);
    expect(await giftsLeft(f)).toBe(0);
    s.clock.advance(16 * 60_000);
    await sweepExpiredHolds(db(), s.clock.now());
    expect(await giftsLeft(f)).toBe(4);
  });

  it('never hands out more gifts than the stock holds when buyers race for them', async () => {
    const f = await giftHall({ stock: 5, offer: 5 });
    const buyers = f.seats.slice(0, 10).map((seat) => ({ b: buyer(s.app), seat }));
    for (const { b, seat } of buyers) expect((await select(b, seat)).result).toBe(1);
    const answers = await Promise.all(buyers.map(({ b, seat }) => seatGifts(b, f, seat, 2)));
    const won = answers.filter((r) => r.result === 1).length;
    expect(won).toBe(2);
    for (const r of answers.filter((x) => x.result !== 1)) expect(r.message).toMatch(/^Подарк/);
    const held = await db().query<{ gifts: number }>(
      'SELECT coalesce(sum(gifts_count), 0)::int AS gifts FROM performance_places WHERE performance_id = $1',
      [f.performanceId],
    );
    expect(held.rows[0]!.gifts).toBe(4);
    expect(await giftsLeft(f)).toBe(1);
  });

  it('charges the gifts in the order, keeps them sold after payment and refunds them with the ticket', async () => {
    const f = await giftHall({ stock: 20, offer: 5 });
    const { b } = await registeredBuyer(s.app, { email: uniqueEmail('gifts') });
    expect((await select(b, f.seats[3]!)).result).toBe(1);
    expect((await seatGifts(b, f, f.seats[3]!, 2)).result).toBe(1);
    expect((await addEntrance(b, f, 2)).result).toBe(1);
    expect((await entranceGifts(b, f, 3)).result).toBe(1);
    const order = await placeSessionOrder(b);
    const total = await db().query<{ total: number }>('SELECT total FROM orders WHERE id = $1', [order.orderId]);
    // Tickets 3 × 2 500 ₽, gifts 5 × 300 ₽.
    expect(total.rows[0]!.total).toBe(3 * 250_000 + 5 * GIFT);
    const items = await db().query<{ ticket_count: number; gifts_count: number; gift_price: number }>(
      'SELECT ticket_count, gifts_count, gift_price FROM order_items WHERE order_id = $1 ORDER BY ticket_count',
      [order.orderId],
    );
    expect(items.rows).toEqual([
      { ticket_count: 1, gifts_count: 2, gift_price: GIFT },
      { ticket_count: 2, gifts_count: 3, gift_price: GIFT },
    ]);
    await payOrder(s.app, b, order);
    const paid = await db().query<{ amount: number }>(
      `SELECT amount FROM payments WHERE order_id = $1 AND status = 'succeeded'`,
      [order.orderId],
    );
    expect(paid.rows[0]!.amount).toBe(3 * 250_000 + 5 * GIFT);
    expect(await giftsLeft(f)).toBe(15);
    const ticket = await db().query<{ id: number }>(
      'SELECT id FROM tickets WHERE order_id = $1 AND performance_place_id = $2',
      [order.orderId, f.seats[3]],
    );
    const ticketId = ticket.rows[0]!.id;
    const quote = (await b.get(`/refund/quote/?ticketIds[]=${ticketId}`)).json();
    expect(quote).toMatchObject({ ok: true, amount: 250_000 + 2 * GIFT });
    expect((await b.post('/refund/replaces/', { ticketIds: JSON.stringify([ticketId]) })).json()).toEqual({ ok: true });
    // The returned seat's gifts are on sale again.
    expect(await giftsLeft(f)).toBe(17);

    // The entrance tickets share their item's 3 gifts: one returned gives back floor(3 × 1 / 2) = 1,
    // the last one the other 2, and their tickets go back to the section's counter.
    const entrance = await db().query<{ id: number }>(
      'SELECT id FROM tickets WHERE order_id = $1 AND performance_section_id IS NOT NULL ORDER BY id',
      [order.orderId],
    );
    const freeCount = async () =>
      (
        await db().query<{ free_count: number }>('SELECT free_count FROM performance_sections WHERE id = $1', [
          f.performanceSectionId,
        ])
      ).rows[0]!.free_count;
    const [first, last] = entrance.rows.map((t) => t.id) as [number, number];
    const refund = (id: number) =>
      b.post('/refund/replaces/', { ticketIds: JSON.stringify([id]) }).then((r) => r.json());
    expect(await freeCount()).toBe(8);
    expect(await refund(first)).toEqual({ ok: true });
    expect(await giftsLeft(f)).toBe(18);
    expect(await freeCount()).toBe(9);
    expect(await refund(last)).toEqual({ ok: true });
    expect(await giftsLeft(f)).toBe(20);
    expect(await freeCount()).toBe(10);
  });

  it('gives an entrance order’s gifts back whole when all its tickets are returned at once', async () => {
    const f = await giftHall({ stock: 20, offer: 5 });
    const { b } = await registeredBuyer(s.app, { email: uniqueEmail('gifts') });
    expect((await addEntrance(b, f, 3)).result).toBe(1);
    expect((await entranceGifts(b, f, 5)).result).toBe(1);
    const order = await placeSessionOrder(b);
    await payOrder(s.app, b, order);
    expect(await giftsLeft(f)).toBe(15);
    const tickets = await db().query<{ id: number }>('SELECT id FROM tickets WHERE order_id = $1 ORDER BY id', [
      order.orderId,
    ]);
    expect(tickets.rows).toHaveLength(3);
    const ids = tickets.rows.map((t) => t.id);
    expect((await b.post('/refund/replaces/', { ticketIds: JSON.stringify(ids) })).json()).toEqual({ ok: true });
    expect(await giftsLeft(f)).toBe(20);
  });
});
