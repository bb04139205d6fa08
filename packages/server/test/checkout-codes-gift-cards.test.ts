import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { refundTickets } from '../src/payments/refunds.js';
import { createPaymentSetup } from '../src/payments/registry.js';
import { GIFT_CARD_MESSAGES } from '../src/services/checkout/codes/index.js';
import { expireUnpaidOrders } from '../src/services/orders/release.js';
import { registeredBuyer } from './support/accounts.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { checkoutHall, orderIdOf } from './support/checkout.js';
import { balanceOf, GUEST, giftCard } from './support/codes.js';
import { describeEachDatabase } from './support/databases.js';
import { openPayment, payAtSandboxBank } from './support/orders.js';

const DAY = 86_400_000;

describeEachDatabase('issue 12: gift cards at the checkout', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });

  const applyCard = async (b: Buyer, number: string, path = '/shopcart/applygiftcard/') =>
    (await b.post(path, { gift_card_number: number })).json();
  const order = async (b: Buyer, payment: string) =>
    (await b.post('/order/createAnonymousOrder/', { ...GUEST, payment })).json();
  /** A hall of its own, a card with this balance, and a buyer (this one, or a new guest) holding `seats` seats with the card applied. */
  async function basketWithCard(balance: number, seats = 1, b: Buyer = buyer(app)) {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const card = await giftCard(get().db, balance);
    for (const cypher of f.seats.slice(0, seats)) await b.post('/hallPlace/select/', { cypher });
    await applyCard(b, card.number);
    return { f, card, b };
  }
  const tickets = async (orderId: number) =>
    (await get().db.query('SELECT id FROM tickets WHERE order_id = $1', [orderId])).rowCount;

  it('finds a card without its dashes and case, answers its balance and what is left to pay', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const card = await giftCard(get().db, 100_000);
    const b = buyer(app);
    await b.post('/hallPlace/select/', { cypher: f.seats[0]! });
    const typed = card.number.replace(/-/g, '').toLowerCase();
    expect(await applyCard(b, typed)).toEqual({
      success: true,
      message: 'Подарочная карта успешно применена',
      cardBalance: 1000,
      cardBalanceRemainAfterApplying: 0,
      basketTotalAfterApplying: 1500,
      gift_card_number: card.number,
    });
    const nolimits = await applyCard(b, card.number, '/shopcart/applygiftcardnolimits/');
    expect(nolimits).toMatchObject({ success: true, cardBalance: 1000, basketTotalAfterApplying: 1500 });
    expect(nolimits.cardBalanceRemainAfterApplying).toBeUndefined();
    const c = (await b.get('/shopcart/state/')).json().checkout;
    expect(c.giftCard).toEqual({ number: `****-****-${card.number.slice(-4)}`, balance: 1000, applied: 1000 });
    expect(c.totals).toMatchObject({ giftCard: 1000, toPay: 1500 });
    // An empty number takes the card off the basket.
    expect((await applyCard(b, '')).success).toBe(true);
    expect((await b.get('/shopcart/state/')).json().checkout.giftCard).toBeNull();
  });

  it('refuses an unknown, an expired and an empty card with their messages', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const b = buyer(app);
    await b.post('/hallPlace/select/', { cypher: f.seats[1]! });
    expect(await applyCard(b, 'ZZZZ-ZZZZ-ZZZZ')).toEqual({ success: false, message: GIFT_CARD_MESSAGES.notFound });
    const expired = await giftCard(get().db, 100_000, { expiresAt: new Date(clock.now().getTime() - DAY) });
    expect(await applyCard(b, expired.number)).toEqual({ success: false, message: GIFT_CARD_MESSAGES.expired });
    const empty = await giftCard(get().db, 0);
    expect(await applyCard(b, empty.number)).toEqual({ success: false, message: GIFT_CARD_MESSAGES.empty });
  });

  it('applies to the request’s own session only: ftlsid naming another basket is ignored', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const card = await giftCard(get().db, 100_000);
    const [victim, forger] = [buyer(app), buyer(app)];
    await victim.post('/hallPlace/select/', { cypher: f.seats[2]! });
    await forger.post('/hallPlace/select/', { cypher: f.seats[3]! });
    const r = await forger.post('/shopcart/applygiftcardnolimits/', {
      ftlsid: victim.sessionId,
      gift_card_number: card.number,
    });
    expect(r.json().success).toBe(true);
    expect((await victim.get('/shopcart/state/')).json().checkout.giftCard).toBeNull();
    expect((await forger.get('/shopcart/state/')).json().checkout.giftCard).not.toBeNull();
  });

  it('pays part of an order: the card’s amount is taken at once, the rest by card; cancelling gives it back once', async () => {
    const { card, b } = await basketWithCard(100_000);
    const placed = await order(b, 'card');
    expect(placed).toMatchObject({ error: 0, isFullGiftCardPayment: false });
    const row = await get().db.query('SELECT total, gift_card_id, gift_card_amount FROM orders WHERE id = $1', [
      orderIdOf(placed),
    ]);
    expect(row.rows[0]).toEqual({ total: 150_000, gift_card_id: card.id, gift_card_amount: 100_000 });
    expect(await balanceOf(get().db, card.id)).toBe(0);
    await get().db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [orderIdOf(placed)]);
    await get().db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [orderIdOf(placed)]);
    expect(await balanceOf(get().db, card.id)).toBe(100_000);
  });

  it('gives the card’s amount back when the unpaid order expires at its pay_by, once', async () => {
    const { card, b } = await basketWithCard(100_000);
    const placed = await order(b, 'card');
    expect(placed.error).toBe(0);
    expect(await balanceOf(get().db, card.id)).toBe(0);
    const due = await get().db.query<{ pay_by: Date }>('SELECT pay_by FROM orders WHERE id = $1', [orderIdOf(placed)]);
    const later = new Date(new Date(due.rows[0]!.pay_by).getTime() + 1000);
    expect(await expireUnpaidOrders(get().db, later)).toContain(orderIdOf(placed));
    expect(await expireUnpaidOrders(get().db, later)).not.toContain(orderIdOf(placed));
    expect(await balanceOf(get().db, card.id)).toBe(100_000);
    const moves = await get().db.query<{ kind: string; amount: number }>(
      'SELECT kind, amount FROM gift_card_moves WHERE order_id = $1 ORDER BY id',
      [orderIdOf(placed)],
    );
    expect(moves.rows).toEqual([
      { kind: 'take', amount: -100_000 },
      { kind: 'release', amount: 100_000 },
    ]);
  });

  it('keeps the card’s part when the rest is paid by the bank', async () => {
    const { card, b } = await basketWithCard(100_000);
    const placed = await order(b, 'card');
    const orderId = orderIdOf(placed);
    await payAtSandboxBank(app, await openPayment(b, { orderId, url: placed.url, params: placed.params }));
    const paid = await get().db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
    expect(paid.rows[0]!.status).toBe('paid');
    expect(await tickets(orderId)).toBe(1);
    expect(await balanceOf(get().db, card.id)).toBe(0);
  });

  it('pays a whole order by the card: GiftCardFullProceed issues the tickets once, however often it is called', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const card = await giftCard(get().db, 600_000);
    const b = buyer(app);
    await b.post('/hallPlace/select/', { cypher: f.seats[6]! });
    await b.post('/hallPlace/select/', { cypher: f.seats[7]! });
    expect(await applyCard(b, card.number)).toMatchObject({
      basketTotalAfterApplying: 0,
      cardBalanceRemainAfterApplying: 1000,
    });
    const placed = await order(b, 'gift_card');
    expect(placed).toMatchObject({ error: 0, isFullGiftCardPayment: true });
    const orderId = orderIdOf(placed);
    expect(placed.url).toBe(`/order/GiftCardFullProceed/?order_id=${orderId}`);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await b.get(placed.url)).json());
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ error: 0, url: expect.stringContaining(`/order/complete/`) });
    expect(await tickets(orderId)).toBe(2);
    expect(await balanceOf(get().db, card.id)).toBe(100_000);
    const o = await get().db.query('SELECT status, payment_method, delivery_method, total FROM orders WHERE id = $1', [
      orderId,
    ]);
    expect(o.rows[0]).toEqual({ status: 'paid', payment_method: 'gift_card', delivery_method: 'eticket', total: 0 });
    const mails = await get().db.query(`SELECT 1 FROM outbox WHERE order_id = $1 AND channel = 'email'`, [orderId]);
    expect(mails.rowCount).toBe(1);
    // The card was spent on this order: the buyer's next basket starts without it.
    expect((await get().db.query('SELECT 1 FROM basket_codes WHERE session_id = $1', [b.sessionId])).rowCount).toBe(0);
    // Another buyer cannot pay (or learn of) the order.
    expect((await buyer(app).get(placed.url)).json()).toEqual({ error: 1, message: 'Заказ не найден' });
  });

  it('refuses the full payment when the card does not cover the order', async () => {
    const { card, b } = await basketWithCard(100_000);
    // Not offered for this basket (the checkout's offer, 630), and refused by codesRefusal too.
    expect((await order(b, 'gift_card')).error).not.toBe(0);
    expect(await balanceOf(get().db, card.id)).toBe(100_000);
  });

  it('lets two baskets spending one card at once take no more than its balance', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const card = await giftCard(get().db, 300_000);
    const [a, b] = [buyer(app), buyer(app)];
    await a.post('/hallPlace/select/', { cypher: f.seats[9]! });
    await b.post('/hallPlace/select/', { cypher: f.seats[10]! });
    await applyCard(a, card.number);
    await applyCard(b, card.number);
    const answers = await Promise.all([order(a, 'gift_card'), order(b, 'gift_card')]);
    // Each order needs 2 500 ₽ in full; the card has 3 000 ₽: one pays in full, the other is refused.
    expect(answers.filter((r) => r.error === 0)).toHaveLength(1);
    expect(await balanceOf(get().db, card.id)).toBe(50_000);
    const taken = await get().db.query<{ n: number }>(
      `SELECT coalesce(-sum(amount), 0)::int AS n FROM gift_card_moves WHERE gift_card_id = $1`,
      [card.id],
    );
    expect(taken.rows[0]!.n).toBe(250_000);

    // Paying part: both may order, the second gets what the first left.
    const card2 = await giftCard(get().db, 300_000);
    const [c, d] = [buyer(app), buyer(app)];
    await c.post('/hallPlace/select/', { cypher: f.seats[11]! });
    await d.post('/hallPlace/select/', { cypher: f.seats[12]! });
    await applyCard(c, card2.number);
    await applyCard(d, card2.number);
    const parts = await Promise.all([order(c, 'card'), order(d, 'card')]);
    expect(parts.map((r) => r.error)).toEqual([0, 0]);
    const amounts = await get().db.query<{ gift_card_amount: number }>(
      'SELECT gift_card_amount FROM orders WHERE id = ANY($1::int[]) ORDER BY gift_card_amount',
      [parts.map(orderIdOf)],
    );
    expect(amounts.rows.map((r) => r.gift_card_amount)).toEqual([50_000, 250_000]);
    expect(await balanceOf(get().db, card2.id)).toBe(0);
  });

  it('gives the card back its share when the buyer returns tickets of an order it paid', async () => {
    const { card, b } = await basketWithCard(500_000, 2, (await registeredBuyer(app)).b);
    const placed = (await b.get('/order/createSessionOrder/?pm=gift_card&dm=eticket&cookies=')).json();
    expect(placed).toMatchObject({ error: 0 });
    const orderId = orderIdOf(placed);
    expect((await b.get(`/order/GiftCardFullProceed/?order_id=${orderId}`)).json().error).toBe(0);
    expect(await balanceOf(get().db, card.id)).toBe(0);
    const ids = (
      await get().db.query<{ id: number }>('SELECT id FROM tickets WHERE order_id = $1 ORDER BY id', [orderId])
    ).rows.map((r) => r.id);
    const setup = createPaymentSetup(app.deps, { deliverSandboxCallback: async () => 200 });
    const userId = (await get().db.query<{ user_id: number }>('SELECT user_id FROM orders WHERE id = $1', [orderId]))
      .rows[0]!.user_id;
    const deps = { ...app.deps, providers: setup.providers };
    expect(await refundTickets(deps, userId, [ids[0]!])).toMatchObject({ ok: true, amount: 250_000 });
    expect(await balanceOf(get().db, card.id)).toBe(250_000);
    // The e-mail says the money is on the gift card again, not that a bank card will get it.
    const mail = await get().db.query<{ body_text: string }>(
      `SELECT body_text FROM outbox WHERE order_id = $1 AND subject LIKE '%билеты возвращены' ORDER BY id DESC LIMIT 1`,
      [orderId],
    );
    expect(mail.rows[0]!.body_text).toContain('вернулись на подарочную карту, которой вы платили');
    expect(mail.rows[0]!.body_text).not.toContain('на карту, с которой вы платили');
    // The same ticket again changes nothing; the second ticket brings back the rest.
    expect((await refundTickets(deps, userId, [ids[0]!])).ok).toBe(false);
    expect(await refundTickets(deps, userId, [ids[1]!])).toMatchObject({ ok: true, amount: 250_000 });
    expect(await balanceOf(get().db, card.id)).toBe(500_000);
  });
});
