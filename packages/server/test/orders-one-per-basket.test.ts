/**
 * One order and one payment per basket (issue 12 "What must never happen", decision 0047): a
 * double click, a reload or a second tab placing the same order answers the same order and the
 * same payment; other choices replace the order only while no payment is at the acquirer; a late
 * payment of a replaced order is returned. And the app's clock in the codes' release (migration
 * 0027): a cancelled order gives its gift card's amount back at the app's time.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { PAYMENT_IN_PROGRESS_MS, PAYMENT_IN_PROGRESS_REFUSAL } from '../src/services/orders/in-progress.js';
import { expireUnpaidOrders } from '../src/services/orders/release.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { checkoutHall, orderIdOf } from './support/checkout.js';
import { balanceOf, GUEST, giftCard } from './support/codes.js';
import { describeEachDatabase } from './support/databases.js';
import { payAtSandboxBank } from './support/orders.js';

describeEachDatabase('issue 12: one order per basket', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });

  const place = async (b: Buyer, form: Record<string, string> = {}) =>
    (
      await b.post('/order/createAnonymousOrder/', { ...GUEST, payment: 'card', pc: 'bankovskaya_karta', ...form })
    ).json();
  const paymentSession = async (b: Buyer, answer: { url: string; params: Record<string, string> }) =>
    (await b.post(answer.url, answer.params)).json();
  const statusOf = async (orderId: number) =>
    (await get().db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId])).rows[0]!.status;
  const paymentsOf = async (orderId: number) =>
    (
      await get().db.query<{ id: string; status: string }>(
        'SELECT id, status FROM payments WHERE order_id = $1 ORDER BY created_at, id',
        [orderId],
      )
    ).rows;
  async function basket(seats = 1): Promise<Buyer> {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const b = buyer(app);
    for (const cypher of f.seats.slice(0, seats))
      expect((await b.post('/hallPlace/select/', { cypher })).json().result).toBe(1);
    return b;
  }

  it('answers the same order and the same payment to a repeated order call, and pays it once', async () => {
    const b = await basket(2);
    const first = await place(b);
    expect(first.error).toBe(0);
    const session = await paymentSession(b, first);
    expect(session.error).toBe(0);
    // A reload or a second tab: the same call again, from the rotated session.
    const again = await place(b);
    expect(again).toMatchObject({ error: 0, url: first.url, params: first.params });
    expect(await paymentSession(b, again)).toEqual(session);
    const orderId = orderIdOf(first);
    expect(await paymentsOf(orderId)).toEqual([{ id: session.get.mdOrder, status: 'created' }]);
    const orders = await get().db.query('SELECT id FROM orders WHERE session_id = $1', [b.sessionId]);
    expect(orders.rows).toEqual([{ id: orderId }]);
    await payAtSandboxBank(app, session.get.mdOrder);
    expect(await statusOf(orderId)).toBe('paid');
    expect(await paymentsOf(orderId)).toEqual([{ id: session.get.mdOrder, status: 'succeeded' }]);
  });

  it('registers one payment for two payment sessions of the order asked at once', async () => {
    const b = await basket();
    const placed = await place(b);
    const [x, y] = await Promise.all([paymentSession(b, placed), paymentSession(b, placed)]);
    expect(x.error).toBe(0);
    expect(y).toEqual(x);
    expect(await paymentsOf(orderIdOf(placed))).toEqual([{ id: x.get.mdOrder, status: 'created' }]);
  });

  it('refuses other choices while the order’s payment is at the acquirer; the order stays and is paid', async () => {
    const b = await basket();
    const first = await place(b);
    const session = await paymentSession(b, first);
    const other = await place(b, { name: 'Татьяна' });
    expect(other).toEqual({ error: PAYMENT_IN_PROGRESS_REFUSAL.code, message: PAYMENT_IN_PROGRESS_REFUSAL.message });
    expect(await statusOf(orderIdOf(first))).toBe('new');
    await payAtSandboxBank(app, session.get.mdOrder);
    expect(await statusOf(orderIdOf(first))).toBe('paid');
  });

  it('replaces the order for other choices while nothing is being paid, and after a declined payment', async () => {
    const b = await basket();
    const first = await place(b);
    const second = await place(b, { name: 'Татьяна' });
    expect(second.error).toBe(0);
    expect(orderIdOf(second)).not.toBe(orderIdOf(first));
    expect(await statusOf(orderIdOf(first))).toBe('cancelled');
    // The bank declines the second order's payment: nothing is in progress any more.
    const session = await paymentSession(b, second);
    const declined = await app.inject({
      method: 'POST',
      url: '/sandbox-bank/pay/',
      payload: { mdOrder: session.get.mdOrder, pan: '4000 0000 0000 0002', expiry: '12/39', cvc: '123', holder: 'A B' },
    });
    expect(declined.statusCode).toBe(200);
    expect((await paymentsOf(orderIdOf(second)))[0]!.status).toBe('declined');
    const third = await place(b, { name: 'Ольга', surname: 'Онегина' });
    expect(third.error).toBe(0);
    expect(await statusOf(orderIdOf(second))).toBe('cancelled');
  });

  it('lets a payment form left open past its time be replaced; its late payment is returned', async () => {
    const b = await basket();
    const first = await place(b);
    const session = await paymentSession(b, first);
    clock.advance(PAYMENT_IN_PROGRESS_MS + 60_000);
    // The hold lapsed meanwhile: the buyer takes seats again and places the order anew.
    const f = await checkoutHall(get().db, { now: clock.now() });
    expect((await b.post('/hallPlace/select/', { cypher: f.seats[0]! })).json().result).toBe(1);
    const second = await place(b, { name: 'Татьяна' });
    expect(second.error).toBe(0);
    expect(await statusOf(orderIdOf(first))).toBe('cancelled');
    await payAtSandboxBank(app, session.get.mdOrder);
    expect(await paymentsOf(orderIdOf(first))).toEqual([{ id: session.get.mdOrder, status: 'refunded' }]);
    expect(await statusOf(orderIdOf(second))).toBe('new');
  });

  it('gives a cancelled order’s gift card amount back at the app’s time, not the database’s', async () => {
    clock.advance(3 * 86_400_000);
    const b = await basket();
    const card = await giftCard(get().db, 100_000);
    expect((await b.post('/shopcart/applygiftcard/', { gift_card_number: card.number })).json().success).toBe(true);
    const first = await place(b);
    expect(await balanceOf(get().db, card.id)).toBe(0);
    // Other choices, nothing being paid: the first order is replaced, and gives its amount back.
    const second = await place(b, { name: 'Татьяна' });
    expect(second.error).toBe(0);
    const now = clock.now().getTime();
    const released = async (orderId: number) => {
      const r = await get().db.query<{ cancelled_at: Date; codes_released_at: Date; moved_at: Date }>(
        `SELECT o.cancelled_at, o.codes_released_at, m.created_at AS moved_at
           FROM orders o JOIN gift_card_moves m ON m.order_id = o.id AND m.kind = 'release' WHERE o.id = $1`,
        [orderId],
      );
      const row = r.rows[0]!;
      return [row.cancelled_at, row.codes_released_at, row.moved_at].map((d) => new Date(d).getTime());
    };
    expect(await released(orderIdOf(first))).toEqual([now, now, now]);
    // The second order expires at its pay_by, by the app's clock: released at that time.
    const due = await get().db.query<{ pay_by: Date }>('SELECT pay_by FROM orders WHERE id = $1', [orderIdOf(second)]);
    const later = new Date(new Date(due.rows[0]!.pay_by).getTime() + 1000);
    expect(await expireUnpaidOrders(get().db, later)).toContain(orderIdOf(second));
    expect(await released(orderIdOf(second))).toEqual([later.getTime(), later.getTime(), later.getTime()]);
    expect(await balanceOf(get().db, card.id)).toBe(100_000);
  });
});
