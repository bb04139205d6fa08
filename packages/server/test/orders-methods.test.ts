import { ErrorCode, messages } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { bonusBalance } from '../src/accounts/bonus.js';
import { DELIVERY_MESSAGES } from '../src/accounts/deliveries.js';
import { accountOfSession } from '../src/accounts/index.js';
import type { ManualClock } from '../src/clock.js';
import { DELIVERY_LINE_NAME, orderReceipt } from '../src/payments/receipt.js';
import { sweepExpiredHolds } from '../src/services/holds/index.js';
import { orderMessages } from '../src/services/orders/index.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { buyerWithPoints, checkBonusPin, checkoutHall, FULL_GUEST, orderIdOf } from './support/checkout.js';
import { describeEachDatabase } from './support/databases.js';
import { payOrder } from './support/orders.js';

const HOUR = 3_600_000;

describeEachDatabase('issue 12: orders for every payment and delivery method', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });
  beforeEach(() => clock.reset());

  interface OrderRow {
    status: string;
    session_id: string;
    payment_method: string;
    delivery_method: string;
    total: number;
    delivery_price: number;
    bonus_amount: number;
    pay_by: Date | string | null;
    delivery: Record<string, unknown> | null;
  }
  const orderRow = async (id: number) =>
    (await get().db.query<OrderRow>('SELECT * FROM orders WHERE id = $1', [id])).rows[0]!;
  const placeRow = async (id: number) =>
    (
      await get().db.query<{ state: number; hold_session_id: string | null; order_id: number | null }>(
        'SELECT state, hold_session_id, order_id FROM performance_places WHERE id = $1',
        [id],
      )
    ).rows[0]!;
  const select = async (b: Buyer, ...seats: number[]) => {
    for (const cypher of seats) expect((await b.post('/hallPlace/select/', { cypher })).json().result).toBe(1);
  };
  const pointsOf = async (b: Buyer) => bonusBalance(get().db, (await accountOfSession(get().db, b.sessionId))!.id);

  it('a cash booking holds its places for the order until its deadline, then the sweeper releases them', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const b = buyer(app);
    await select(b, f.seats[0]!, f.seats[1]!);
    const bare = { email: 'ivan@example.ru', name: 'Иван', surname: 'Петров', payment: 'cash', delivery: 'self' };
    expect((await b.post('/order/createAnonymousOrder/', bare)).json()).toEqual({
      error: 1,
      message: messages.fillAllFields,
    });
    const r = (
      await b.post('/order/createAnonymousOrder/', { ...FULL_GUEST, payment: 'cash', delivery: 'self' })
    ).json();
    expect(r).toMatchObject({ error: 0, isFullGiftCardPayment: true });
    expect(r.url).toMatch(/^\/order\/complete\/\?orderId=\d+&token=/);
    const orderId = orderIdOf(r);
    const order = await orderRow(orderId);
    const payBy = new Date(clock.now().getTime() + 72 * HOUR);
    expect(order).toMatchObject({
      status: 'new',
      payment_method: 'cash',
      delivery_method: 'booking_cash',
      total: 500000,
    });
    expect(new Date(order.pay_by!)).toEqual(payBy);
    // The places are the order's, not the session's: the buyer's basket is free again.
    expect(order.session_id).toMatch(/^booking\./);
    expect(await placeRow(f.seats[0]!)).toEqual({ state: 1, hold_session_id: order.session_id, order_id: orderId });
    expect((await b.get('/shopcart/state/')).json().ticketCount).toBe(0);
    expect((await buyer(app).post('/hallPlace/select/', { cypher: f.seats[0]! })).json().result).toBe(0);
    // Nothing is paid online: the payment session refuses a cash booking.
    expect((await b.post(`/payment/session/${orderId}/`, r.params)).json().error).toBe(1);

    clock.advance(72 * HOUR - 1000);
    await sweepExpiredHolds(get().db, clock.now());
    expect((await orderRow(orderId)).status).toBe('new');
    clock.advance(1000);
    const swept = await sweepExpiredHolds(get().db, clock.now());
    expect(swept.performances).toContain(f.performanceId);
    expect((await orderRow(orderId)).status).toBe('cancelled');
    expect(await placeRow(f.seats[0]!)).toEqual({ state: 0, hold_session_id: null, order_id: null });
  });

  it('a self-pickup paid by card now is a booking_card order, paid through the bank, its places sold', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const b = buyer(app);
    await select(b, f.seats[2]!);
    const r = (
      await b.post('/order/createAnonymousOrder/', { ...FULL_GUEST, payment: 'card', delivery: 'self' })
    ).json();
    expect(r).toMatchObject({ error: 0, isFullGiftCardPayment: false, params: { token: expect.any(String) } });
    const orderId = orderIdOf(r);
    expect(await orderRow(orderId)).toMatchObject({ delivery_method: 'booking_card', status: 'new' });
    await payOrder(app, b, { orderId, url: r.url, params: r.params });
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid' });
    expect(await placeRow(f.seats[2]!)).toMatchObject({ state: 2, order_id: orderId });
  });

  it('courier delivery checks the form with the spec’s messages and the venue city’s metro, and charges its price', async () => {
    const f = await checkoutHall(get().db, { courierPrice: 40_000, metro: ['Арбатская'], now: clock.now() });
    const elsewhere = await checkoutHall(get().db, {
      courierPrice: 40_000,
      metro: ['Невский проспект'],
      now: clock.now(),
    });
    const b = buyer(app);
    await select(b, f.seats[3]!);
    const form = {
      email: 'ivan@example.ru',
      name: 'Иван',
      surname: 'Петров',
      payment: 'card',
      delivery: 'courier',
      'delivery[name]': 'Петров',
      'delivery[firstname]': 'Иван',
      'delivery[patronymic]': 'Сергеевич',
      'delivery[metro]': f.stations[0]!,
      'delivery[phone]': '+7 (916) 123-45-67',
      'delivery[address]': 'ул. Арбат, 1, кв. 2',
    };
    const send = (fields: Record<string, string | number>) =>
      b.post('/order/addDelivery/', fields).then((r) => r.json());
    expect(await send({ ...form, 'delivery[name]': ' ' })).toEqual({ error: 1, message: 'Укажите Фамилию' });
    expect(await send({ ...form, 'delivery[address]': '' })).toEqual({ error: 1, message: 'Укажите адрес' });
    expect(await send({ ...form, 'delivery[phone]': '12-34' })).toEqual({
      error: 1,
      message: DELIVERY_MESSAGES.phoneInvalid,
    });
    expect(await send({ ...form, 'delivery[metro]': elsewhere.stations[0]! })).toEqual({
      error: 1,
      message: DELIVERY_MESSAGES.metroUnknown,
    });
    // Courier chosen on a call without the form.
    expect(
      (await b.post('/order/createAnonymousOrder/', { ...FULL_GUEST, payment: 'card', delivery: 'courier' })).json(),
    ).toEqual({
      error: 1,
      message: 'Ошибка при оформлении доставки',
    });
    const r = await send(form);
    expect(r).toMatchObject({ error: 0, isFullGiftCardPayment: false });
    const order = await orderRow(orderIdOf(r));
    expect(order).toMatchObject({ delivery_method: 'courier', delivery_price: 40000, total: 290000 });
    expect(order.delivery).toMatchObject({
      surname: 'Петров',
      metroId: f.stations[0],
      metroName: 'Арбатская',
      phone: '79161234567',
    });
    // The receipt sells the delivery on a line of its own, a service, beside the ticket.
    const receipt = await orderReceipt(get().db, { id: orderIdOf(r), email: 'ivan@example.ru' }, 290_000, {
      ticketVat: 'none',
      giftVat: 'vat20',
      taxation: 'osn',
      method: 'full_prepayment',
    });
    expect(receipt.items.map((i) => [i.name.slice(0, 5), i.amount, i.subject])).toEqual([
      ['Билет', 250_000, 'service'],
      [DELIVERY_LINE_NAME.slice(0, 5), 40_000, 'service'],
    ]);

    // Too close to the performance for a courier: not offered, whatever the page sends.
    const soon = await checkoutHall(get().db, {
      startsInHours: 48,
      courierPrice: 40_000,
      metro: ['Сокол'],
      now: clock.now(),
    });
    const c = buyer(app);
    await select(c, soon.seats[0]!);
    expect(
      await c.post('/order/addDelivery/', { ...form, 'delivery[metro]': soon.stations[0]! }).then((x) => x.json()),
    ).toEqual({
      error: orderMessages.notOffered.code,
      message: orderMessages.notOffered.message,
    });
  });

  it('bonus points pay what they can after the PIN, the rest by card; a cancelled order gives them back', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const b = await buyerWithPoints(app, get().db, 1000);
    await select(b, f.seats[4]!);
    expect((await b.get('/order/createSessionOrder/?pm=bonus&dm=eticket&cookies=')).json()).toEqual({
      error: ErrorCode.orderPhoneRequired,
      message: orderMessages.bonusPin.message,
    });
    await checkBonusPin(get().db, b);
    const r = (await b.get('/order/createSessionOrder/?pm=bonus&dm=eticket&pc=bankovskaya_karta&cookies=')).json();
    expect(r.error).toBe(0);
    const orderId = orderIdOf(r);
    expect(await orderRow(orderId)).toMatchObject({ payment_method: 'bonus', total: 150000, bonus_amount: 100000 });
    expect(await pointsOf(b)).toBe(0);
    // A new order of the same basket cancels this one: its points come back.
    const again = (await b.get('/order/createSessionOrder/?pm=card&dm=eticket&cookies=')).json();
    expect(again.error).toBe(0);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', bonus_amount: 0 });
    expect(await pointsOf(b)).toBe(1000);
    // Points again (the PIN checked in this session still counts), and the rest paid by card through the bank.
    const third = (await b.get('/order/createSessionOrder/?pm=bonus&dm=eticket&cookies=')).json();
    expect(third.error).toBe(0);
    await payOrder(app, b, { orderId: orderIdOf(third), url: third.url, params: third.params });
    expect(await orderRow(orderIdOf(third))).toMatchObject({ status: 'paid', total: 150000 });
    expect(await pointsOf(b)).toBe(0);
  });

  it('points that cover the whole order pay it at once; an unpaid bonus order expires and gives them back', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const rich = await buyerWithPoints(app, get().db, 5000);
    await select(rich, f.seats[5]!);
    await checkBonusPin(get().db, rich);
    const r = (await rich.get('/order/createSessionOrder/?pm=bonus&dm=eticket&cookies=')).json();
    expect(r).toMatchObject({ error: 0, isFullGiftCardPayment: true });
    expect(r.url).toMatch(/^\/order\/complete\//);
    expect(await orderRow(orderIdOf(r))).toMatchObject({ status: 'paid', total: 0, bonus_amount: 250000 });
    expect(await placeRow(f.seats[5]!)).toMatchObject({ state: 2 });
    expect(await pointsOf(rich)).toBe(2500);

    const b = await buyerWithPoints(app, get().db, 300);
    await select(b, f.seats[6]!);
    await checkBonusPin(get().db, b);
    const unpaid = (await b.get('/order/createSessionOrder/?pm=bonus&dm=eticket&cookies=')).json();
    const row = await orderRow(orderIdOf(unpaid));
    expect(row.pay_by).not.toBeNull();
    expect(await pointsOf(b)).toBe(0);
    clock.advance(new Date(row.pay_by!).getTime() - clock.now().getTime());
    await sweepExpiredHolds(get().db, clock.now());
    expect(await orderRow(orderIdOf(unpaid))).toMatchObject({ status: 'cancelled' });
    expect(await pointsOf(b)).toBe(300);
  });

  it('a signed-in buyer books for cash through the session order and the create call; a guest is asked to sign in', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    expect((await buyer(app).get('/order/create/?payment=cash&delivery=self')).json()).toEqual({
      error: ErrorCode.loginRequired,
      message: messages.loginRequired,
    });
    const b = await buyerWithPoints(app, get().db, 0);
    await select(b, f.seats[7]!);
    const r = (await b.get('/order/create/?payment=cash&delivery=self&payment_card=')).json();
    expect(r).toMatchObject({ error: 0, isFullGiftCardPayment: true, session: { id: b.sessionId } });
    expect(await orderRow(orderIdOf(r))).toMatchObject({ delivery_method: 'booking_cash', status: 'new' });
    await select(b, f.seats[8]!);
    const s = (await b.get('/order/createSessionOrder/?pm=cash&dm=booking_cash&cookies=')).json();
    expect(s.error).toBe(0);
    // The first booking is its own: a new order of the buyer's basket leaves it alone.
    expect(await orderRow(orderIdOf(r))).toMatchObject({ status: 'new' });
  });

  it('refuses forged requests: a method not offered, a delivery that does not fit, a price from the page, another’s order', async () => {
    const f = await checkoutHall(get().db, { startsInHours: 20, now: clock.now() });
    const b = buyer(app);
    await select(b, f.seats[9]!);
    const order = (fields: Record<string, string | number>) =>
      b.post('/order/createAnonymousOrder/', { ...FULL_GUEST, ...fields }).then((r) => r.json());
    const notOffered = { error: orderMessages.notOffered.code, message: orderMessages.notOffered.message };
    expect(await order({ payment: 'mts_cashback' })).toEqual(notOffered);
    expect(await order({ payment: 'bonus' })).toEqual(notOffered);
    expect(await order({ payment: 'card', delivery: 'booking_cash' })).toEqual(notOffered);
    // Less than 24 hours ahead: no booking any more.
    expect(await order({ payment: 'cash', delivery: 'self' })).toEqual(notOffered);
    expect(await order({ payment: 'card', delivery: 'courier', 'delivery[metro]': 1 })).toMatchObject({ error: 1 });
    expect((await get().db.query('SELECT 1 FROM orders WHERE session_id = $1', [b.sessionId])).rows).toHaveLength(0);
    const r = await order({ payment: 'card', total: 1, price: 1, basketPrice: 1, orderTotal: 1 });
    expect(r.error).toBe(0);
    expect(await orderRow(orderIdOf(r))).toMatchObject({ total: 250000 });
    // Another session learns nothing of the order without its token.
    expect((await buyer(app).post(`/payment/session/${orderIdOf(r)}/`, {})).json()).toMatchObject({
      error: 1,
      message: 'Заказ не найден',
    });
  });

  it('an order of a booking mixed with tickets to pay answers the only-booking conflict (623)', async () => {
    const a = await checkoutHall(get().db, { now: clock.now() });
    const c = await checkoutHall(get().db, { now: clock.now() });
    const b = buyer(app);
    await select(b, a.seats[0]!, c.seats[0]!);
    await get().db.query('UPDATE performances SET allow_pay = false WHERE id = $1', [a.performanceId]);
    expect(
      (await b.post('/order/createAnonymousOrder/', { ...FULL_GUEST, payment: 'cash', delivery: 'self' })).json(),
    ).toEqual({
      error: ErrorCode.basketConflictResetBooking,
      message: messages.bookingAmongPurchases,
    });
  });

  it('a blocked order (4.2) is refused for every method with its cause, as the basket state says', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const cause = 'Продажа на это мероприятие приостановлена';
    await get().db.query('UPDATE performances SET cannot_create_order_cause = $2 WHERE id = $1', [
      f.performanceId,
      cause,
    ]);
    const b = buyer(app);
    await select(b, f.seats[12]!);
    expect((await b.get('/shopcart/state/')).json()).toMatchObject({
      cannotCreateOrder: true,
      cannotCreateOrderCause: cause,
    });
    for (const fields of [
      { payment: 'card', delivery: 'eticket' },
      { payment: 'cash', delivery: 'self' },
    ]) {
      expect((await b.post('/order/createAnonymousOrder/', { ...FULL_GUEST, ...fields })).json()).toEqual({
        error: 1,
        message: cause,
      });
    }
  });

  it('two order calls of one basket at once place one order', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    for (const fields of [
      { payment: 'card', delivery: 'eticket' },
      { payment: 'cash', delivery: 'self' },
    ]) {
      const b = buyer(app);
      const seat = fields.payment === 'card' ? f.seats[10]! : f.seats[11]!;
      await select(b, seat);
      const session = b.sessionId;
      const answers = await Promise.all([
        b.post('/order/createAnonymousOrder/', { ...FULL_GUEST, ...fields }).then((r) => r.json()),
        b.post('/order/createAnonymousOrder/', { ...FULL_GUEST, ...fields }).then((r) => r.json()),
      ]);
      expect(answers.map((a) => a.error).sort()).toEqual([0, ErrorCode.orderReload]);
      const placed = await get().db.query<{ id: number }>(
        `SELECT DISTINCT order_id AS id FROM order_items WHERE performance_place_id = $1`,
        [seat],
      );
      expect(placed.rows).toHaveLength(1);
      expect(session).not.toBe(b.sessionId);
    }
  });
});
