/**
 * Sber's internet acquiring (/payment/rest/) behind the provider interface (issue 12, part 2;
 * decision 0030), against a local simulator: register.do with the receipt's orderBundle and an
 * orderNumber of each attempt's own; the redirect to formUrl; callbacks checked by their checksum
 * (a forged one changes nothing, a repeated one is applied once, a late one is refunded in full);
 * getOrderStatusExtended.do polling; refund.do, which takes no idempotency key, paid once per
 * return key by the shop's own guard, even after a lost answer; an error answer told to the buyer
 * in the spec's words, never a 5xx.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sberChecksum } from '../../src/payments/sber/checksum.js';
import { SberProvider } from '../../src/payments/sber/provider.js';
import {
  ACQUIRER_FAILED,
  acquirerSuite,
  answerOf,
  bankPage,
  expectPaidOnce,
  lateStart,
  notify,
  orderBooks,
  startPayment,
  TEST_RECEIPT,
} from '../support/acquirers/harness.js';
import { startSberSimulator } from '../support/acquirers/sber.js';
import { describeEachDatabase } from '../support/databases.js';
import { createHallFixture } from '../support/fixture.js';

const MERCHANT = { userName: 'partera-api', password: 'partera-api-password', callbackKey: 'cb-key-5c1f0e9a7b' };

describe('Sber checksum', () => {
  it('is an upper-case HMAC-SHA256 of the parameters sorted by name as name;value;, checksum left out', () => {
    const fields = { orderNumber: '42-ab', mdOrder: 'f0e1', operation: 'deposited', status: '1', amount: '500000' };
    const canonical = 'amount;500000;mdOrder;f0e1;operation;deposited;orderNumber;42-ab;status;1;';
    const want = createHmac('sha256', 'k').update(canonical).digest('hex').toUpperCase();
    expect(sberChecksum(fields, 'k')).toBe(want);
    expect(sberChecksum({ ...fields, checksum: want, sign_alias: 'x' }, 'k')).toBe(want);
  });
});

describeEachDatabase('Sber', (get) => {
  const s = acquirerSuite(
    get,
    () => startSberSimulator(MERCHANT),
    (sim) => ({ provider: 'sber', sber: { ...MERCHANT, apiUrl: sim.url } }),
  );
  const { db } = s;
  const settings = () => s.payments.sber!;

  /** Sber's callbacks come as a form. */
  const callback = (orderId: string, operation: string, status: '0' | '1', extra?: Record<string, string>) =>
    notify(s.app, 'sber', s.sim.callback(orderId, operation, status, extra), { form: true });
  const provider = () => new SberProvider({ db: db(), clock: s.clock, settings: settings(), receipt: TEST_RECEIPT });

  async function paidOrder(seats: number[]) {
    const started = await startPayment(s.app, seats);
    const paymentId: string = started.session.get.mdOrder;
    s.sim.pay(paymentId);
    expect((await callback(paymentId, 'deposited', '1')).status).toBe(200);
    return { ...started, paymentId };
  }

  it('registers the order with its orderBundle and a number of the attempt’s own, and sends the buyer to formUrl', async () => {
    const f = await createHallFixture(db());
    const { b, orderId, session } = await startPayment(s.app, [f.seats[0]!, f.seats[1]!]);
    const order = s.sim.orders.get(session.get.mdOrder)!;
    expect(session).toEqual({
      error: 0,
      provider: 'sber',
      url: `${new URL(s.sim.url).origin}/payment/merchants/sbersafe_sberid/payment_ru.html`,
      get: { mdOrder: order.orderId },
    });
    expect(bankPage(session)).toContain(`payment_ru.html?mdOrder=${order.orderId}`);
    expect(order.register).toMatchObject({
      userName: MERCHANT.userName,
      orderNumber: `${orderId}-1`,
      amount: '500000',
      currency: '643',
      returnUrl: expect.stringContaining(`/order/complete/?orderId=${orderId}&token=`),
      failUrl: expect.stringContaining(`/shopcart/?payment=failed&orderId=${orderId}`),
      email: expect.stringMatching(/@example\.ru$/),
      taxSystem: '1',
    });
    const bundle = JSON.parse(order.register.orderBundle!);
    expect(bundle.customerDetails.email).toBe(order.register.email);
    expect(bundle.cartItems.items).toEqual([
      expect.objectContaining({ positionId: '1', quantity: { value: 1, measure: 'шт' }, itemPrice: 250_000 }),
      expect.objectContaining({ positionId: '2', itemAmount: 250_000, tax: { taxType: 0 } }),
    ]);
    expect(bundle.cartItems.items[0].itemAttributes.attributes).toEqual([
      { name: 'paymentMethod', value: '1' },
      { name: 'paymentObject', value: '4' },
    ]);

    // Asked again while that payment is open, the session answers the same one: Sber holds one order.
    const second = (await b.post(`/payment/session/${orderId}/`, {})).json();
    expect(second).toMatchObject({ error: 0, provider: 'sber', get: { mdOrder: order.orderId } });
    expect(s.sim.calls('register.do').filter((c) => c.orderNumber!.startsWith(`${orderId}-`))).toHaveLength(1);
  });

  it('pays the order on a callback whose checksum verifies; a repeated one is applied once', async () => {
    const f = await createHallFixture(db());
    const { orderId, paymentId } = await paidOrder([f.seats[0]!, f.seats[1]!]);
    expect(await orderBooks(db(), orderId)).toMatchObject({ status: 'paid', tickets: 2 });
    const again = await callback(paymentId, 'deposited', '1');
    expect(answerOf(again)).toEqual({ status: 200, body: { ok: true, result: 'replayed' } });
    await expectPaidOnce(db(), orderId, 2);
  });

  it('refuses a callback with a wrong or missing checksum or a changed field, and changes nothing', async () => {
    const f = await createHallFixture(db());
    const { orderId, session } = await startPayment(s.app, [f.seats[0]!]);
    const paymentId: string = session.get.mdOrder;
    s.sim.pay(paymentId);
    const genuine = s.sim.callback(paymentId, 'deposited', '1');
    const { checksum: _dropped, ...unsigned } = genuine;
    const otherKey = { ...unsigned, checksum: sberChecksum(unsigned, 'not-the-key') };
    for (const forged of [
      unsigned,
      otherKey,
      { ...genuine, checksum: genuine.checksum.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
      { ...genuine, operation: 'deposited', status: '1', amount: '1' },
    ]) {
      const res = await notify(s.app, 'sber', forged, { form: true });
      expect(res.status).toBe(403);
    }
    expect(await orderBooks(db(), orderId)).toMatchObject({ status: 'new', tickets: 0 });
    // The genuine one, sent in the query of a POST, goes through.
    const query = new URLSearchParams(genuine).toString();
    const res = await s.app.inject({ method: 'POST', url: `/payment/callback/sber/?${query}` });
    expect(res.json()).toEqual({ ok: true, result: 'paid' });
  });

  it('declines on declinedByTimeout; getOrderStatusExtended finds a payment whose callback was lost', async () => {
    const f = await createHallFixture(db());
    const timedOut = await startPayment(s.app, [f.seats[0]!]);
    s.sim.decline(timedOut.session.get.mdOrder);
    expect(JSON.parse((await callback(timedOut.session.get.mdOrder, 'declinedByTimeout', '1')).body)).toEqual({
      ok: true,
      result: 'declined',
    });
    expect((await timedOut.b.get(`/payment/state/${timedOut.orderId}/`)).json()).toMatchObject({ status: 'declined' });

    const lost = await startPayment(s.app, [f.seats[1]!]);
    s.sim.pay(lost.session.get.mdOrder);
    expect((await lost.b.get(`/payment/state/${lost.orderId}/`)).json()).toMatchObject({ error: 0, status: 'paid' });
    expect(await orderBooks(db(), lost.orderId)).toMatchObject({ status: 'paid', tickets: 1 });
  });

  it('refunds a late payment in full, with its refundItems, when its places went to another buyer', async () => {
    const f = await createHallFixture(db());
    const seats = [f.seats[0]!, f.seats[1]!];
    const { orderId, session } = await lateStart(s, seats);
    const paymentId: string = session.get.mdOrder;
    s.sim.pay(paymentId);
    const refunds = s.sim.calls('refund.do').length;

    expect(JSON.parse((await callback(paymentId, 'deposited', '1')).body)).toEqual({ ok: true, result: 'refunded' });
    const [sent] = s.sim.calls('refund.do').slice(refunds);
    expect(sent).toMatchObject({ orderId: paymentId, amount: '500000' });
    expect(JSON.parse(sent!.refundItems!).items).toHaveLength(2);
    expect(s.sim.orders.get(paymentId)).toMatchObject({ orderStatus: 4, refundedAmount: 500_000 });
    expect(await orderBooks(db(), orderId)).toMatchObject({ status: 'cancelled', tickets: 0 });

    // Asked again (a retried settlement), Sber's books say the money already went.
    await provider().refund(paymentId, 500_000);
    expect(s.sim.calls('refund.do').length).toBe(refunds + 1);
    expect(JSON.parse((await callback(paymentId, 'refunded', '1')).body)).toEqual({ ok: true, result: 'ignored' });
  });

  it('returns a ticket from the cabinet with refund.do, once per return key even when an answer is lost', async () => {
    const f = await createHallFixture(db());
    const { b, orderId, paymentId } = await paidOrder([f.seats[0]!, f.seats[1]!, f.seats[2]!]);
    const tickets = await db().query<{ id: number }>('SELECT id FROM tickets WHERE order_id = $1 ORDER BY id', [
      orderId,
    ]);

    expect((await b.post('/refund/replaces/', { ticketIds: JSON.stringify([tickets.rows[0]!.id]) })).json()).toEqual({
      ok: true,
    });
    const sent = s.sim.calls('refund.do').at(-1)!;
    expect(sent).toMatchObject({ orderId: paymentId, amount: '250000' });
    expect(JSON.parse(sent.refundItems!).items).toEqual([expect.objectContaining({ itemAmount: 250_000 })]);
    // Sber's callback of the shop's own part refund changes nothing.
    expect(JSON.parse((await callback(paymentId, 'refunded', '1')).body)).toEqual({ ok: true, result: 'ignored' });
    expect(await orderBooks(db(), orderId)).toMatchObject({ status: 'paid', tickets: 2 });

    const sber = provider();
    const calls = () => s.sim.calls('refund.do').length;
    const before = calls();
    const first = await sber.refundPart(paymentId, 100_000, 'refund-key-1');
    expect(first).toEqual({ ok: true, refundId: expect.any(String) });
    expect(await sber.refundPart(paymentId, 100_000, 'refund-key-1')).toEqual(first);
    expect(calls()).toBe(before + 1);

    // refund.do went through but its answer was lost: asked again, the guard sees Sber's books.
    s.sim.server.interceptNext('drop');
    await expect(sber.refundPart(paymentId, 50_000, 'refund-key-2')).rejects.toThrow(/transport/);
    expect(await sber.refundPart(paymentId, 50_000, 'refund-key-2')).toMatchObject({ ok: true });
    expect(calls()).toBe(before + 2);
    expect(s.sim.orders.get(paymentId)!.refundedAmount).toBe(250_000 + 150_000);

    // Refused (more than is left): the key may be sent again later, and nothing went.
    expect(await sber.refundPart(paymentId, 400_000, 'refund-key-3')).toEqual({
      ok: false,
      message: 'Не удалось вернуть билеты. Попробуйте позже.',
    });
    expect(s.sim.orders.get(paymentId)!.refundedAmount).toBe(400_000);
  });

  it('tells the buyer the spec’s message, never a 5xx, when Sber refuses', async () => {
    const f = await createHallFixture(db());
    s.sim.server.interceptNext(
      { status: 200, json: { errorCode: '5', errorMessage: 'Доступ запрещён' } },
      '/payment/rest/register.do',
    );
    const refused = await startPayment(s.app, [f.seats[0]!]);
    expect(refused.session).toEqual({ error: 1, message: ACQUIRER_FAILED });
    expect((await orderBooks(db(), refused.orderId)).payments).toEqual([]);
    expect(await provider().queryStatus('00000000-0000-0000-0000-000000000000')).toBe('unknown');
  });
});
