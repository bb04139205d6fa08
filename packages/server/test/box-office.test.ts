/**
 * A cash booking paid at the box office (issue 12): the cashier marks it paid with its number and
 * the amount taken; its places become sales and its tickets are issued and e-mailed. Wrong
 * amounts, other orders, paid, cancelled and overdue bookings are refused and change nothing.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { sweepExpiredHolds } from '../src/services/holds/index.js';
import { kopecksOf, payBookingAtBoxOffice } from '../src/services/orders/box-office.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { checkoutHall, FULL_GUEST, orderIdOf } from './support/checkout.js';
import { describeEachDatabase } from './support/databases.js';

const HOUR = 3_600_000;

it('reads the amounts a cashier types', () => {
  expect(['1500', '1500.5', '1500,50', ' 7 ', '0.01'].map(kopecksOf)).toEqual([150000, 150050, 150050, 700, 1]);
  expect(['', '15 00', '1500.505', '-5', '1e3', 'сто'].map(kopecksOf)).toEqual([null, null, null, null, null, null]);
});

describeEachDatabase('issue 12: a cash booking paid at the box office', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  let config: Parameters<typeof payBookingAtBoxOffice>[0]['config'];
  beforeAll(async () => {
    ({ app, clock, config } = await buildTestApp(get().db));
  });
  beforeEach(() => clock.reset());
  const deps = () => ({ db: get().db, clock, config });

  async function book(b: Buyer, seat: number, payment = 'cash', delivery = 'self'): Promise<number> {
    expect((await b.post('/hallPlace/select/', { cypher: seat })).json().result).toBe(1);
    const r = (await b.post('/order/createAnonymousOrder/', { ...FULL_GUEST, payment, delivery })).json();
    expect(r.error).toBe(0);
    return orderIdOf(r);
  }
  const state = async (orderId: number) => {
    const o = (
      await get().db.query<{ status: string; pay_by: Date | null; total: number }>(
        'SELECT status, pay_by, total FROM orders WHERE id = $1',
        [orderId],
      )
    ).rows[0]!;
    const t = await get().db.query('SELECT 1 FROM tickets WHERE order_id = $1', [orderId]);
    const mails = await get().db.query('SELECT 1 FROM outbox WHERE order_id = $1', [orderId]);
    return { status: o.status, payBy: o.pay_by, total: o.total, tickets: t.rows.length, mails: mails.rows.length };
  };

  it('sells the places, issues the tickets and mails them when the total is paid before the deadline', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const orderId = await book(buyer(app), f.seats[0]!);
    const before = await state(orderId);
    expect(before).toMatchObject({ status: 'new', tickets: 0 });

    const short = await payBookingAtBoxOffice(deps(), orderId, before.total - 100);
    expect(short).toEqual({ ok: false, message: expect.stringContaining('К оплате по заказу') });
    expect((await state(orderId)).status).toBe('new');

    clock.advance(71 * HOUR);
    expect(await payBookingAtBoxOffice(deps(), orderId, before.total)).toEqual({ ok: true, total: before.total });
    const after = await state(orderId);
    expect(after).toMatchObject({ status: 'paid', payBy: null, tickets: 1 });
    expect(after.mails).toBeGreaterThan(before.mails);
    // Printed tickets wait at the box office: the e-mail says where, and attaches no e-tickets.
    const mail = await get().db.query<{ body_text: string; attachments: unknown[] }>(
      `SELECT body_text, attachments FROM outbox WHERE order_id = $1 AND subject LIKE 'Ваши билеты%'`,
      [orderId],
    );
    expect(mail.rows[0]!.body_text).toMatch(
      new RegExp(`Билеты ждут вас в кассе площадки «.+»: назовите кассиру номер заказа № ${orderId}`),
    );
    expect(mail.rows[0]!.body_text).not.toContain('PDF');
    expect(mail.rows[0]!.attachments).toEqual([]);
    const place = await get().db.query<{ state: number }>('SELECT state FROM performance_places WHERE id = $1', [
      f.seats[0]!,
    ]);
    expect(place.rows[0]!.state).toBe(2);
    // Paid once: a second press is refused, and the sweeper no longer touches the order.
    expect(await payBookingAtBoxOffice(deps(), orderId, before.total)).toEqual({
      ok: false,
      message: `Заказ № ${orderId} уже оплачен`,
    });
    clock.advance(2 * HOUR);
    await sweepExpiredHolds(get().db, clock.now());
    expect((await state(orderId)).status).toBe('paid');
  });

  it('refuses an overdue or released booking, an order paid online and an unknown number', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const overdue = await book(buyer(app), f.seats[1]!);
    const { total } = await state(overdue);
    clock.advance(72 * HOUR);
    expect(await payBookingAtBoxOffice(deps(), overdue, total)).toEqual({
      ok: false,
      message: `Срок оплаты брони № ${overdue} истёк`,
    });
    await sweepExpiredHolds(get().db, clock.now());
    expect(await payBookingAtBoxOffice(deps(), overdue, total)).toEqual({
      ok: false,
      message: `Бронь № ${overdue} отменена`,
    });
    expect((await state(overdue)).tickets).toBe(0);

    clock.reset();
    const card = buyer(app);
    const online = await book(card, f.seats[2]!, 'card', 'eticket');
    expect(await payBookingAtBoxOffice(deps(), online, (await state(online)).total)).toEqual({
      ok: false,
      message: `Заказ № ${online} не бронь с оплатой в кассе`,
    });
    expect(await payBookingAtBoxOffice(deps(), 2_000_000_000, 100)).toEqual({
      ok: false,
      message: 'Заказа № 2000000000 нет',
    });
  });
});
