/**
 * YooKassa behind the provider interface (issue 12, part 2; decision 0030), against a local
 * simulator of its API v3: the payment registered with its receipt and an idempotency key (a
 * lost answer repeated with the same key makes one payment), the redirect to its page, a
 * notification trusted only once YooKassa's API confirms it (a forged one changes nothing, a
 * repeated one is applied once, a late one is refunded in full), polling when the notification is
 * lost, a part refund from the cabinet paid once per key, and an error answer told to the buyer
 * in the spec's words, never a 5xx.
 */
import { expect, it } from 'vitest';
import { YooKassaProvider } from '../../src/payments/yookassa/provider.js';
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
import { startYooKassaSimulator } from '../support/acquirers/yookassa.js';
import { describeEachDatabase } from '../support/databases.js';
import { createHallFixture } from '../support/fixture.js';

const SHOP = { shopId: '506751', secretKey: 'test_Fh8hUAVVBGUGbjmlzba6TB0iyUbos_lueTHE-axOwM0' };

describeEachDatabase('YooKassa', (get) => {
  const s = acquirerSuite(
    get,
    () => startYooKassaSimulator(SHOP),
    (sim) => ({ provider: 'yookassa', yookassa: { ...SHOP, apiUrl: sim.url, notifyIps: [] } }),
  );
  const { db } = s;
  const settings = () => s.payments.yookassa!;

  /** A paid order of these seats: started, paid on YooKassa's page, notified. */
  async function paidOrder(seats: number[]) {
    const started = await startPayment(s.app, seats);
    const paymentId: string = started.session.get.orderId;
    s.sim.pay(paymentId);
    const res = await notify(
      s.app,
      'yookassa',
      s.sim.notification('payment.succeeded', s.sim.payments.get(paymentId)!),
    );
    expect(res.status).toBe(200);
    return { ...started, paymentId };
  }

  it('registers the payment with its receipt and an idempotency key, and sends the buyer to YooKassa’s page', async () => {
    const f = await createHallFixture(db());
    const { orderId, session } = await startPayment(s.app, [f.seats[0]!, f.seats[1]!]);

    expect(session).toEqual({
      error: 0,
      provider: 'yookassa',
      url: `${s.sim.url}/checkout/payments/v2/contract`,
      get: { orderId: expect.any(String) },
      // YooKassa's page is not framed: the checkout opens it in the top window (decision 0036).
      target: 'top',
    });
    const payment = s.sim.payments.get(session.get.orderId)!;
    // The checkout's GET form lands on the very page YooKassa gave.
    expect(bankPage(session)).toBe(payment.confirmation.confirmation_url);
    const [sent] = s.sim.posts('/payments').slice(-1);
    expect(sent!.key).toMatch(/^[0-9a-f]{64}$/);
    expect(sent!.body).toMatchObject({
      amount: { value: '5000.00', currency: 'RUB' },
      capture: true,
      confirmation: {
        type: 'redirect',
        return_url: expect.stringContaining(`/order/complete/?orderId=${orderId}&token=`),
      },
      description: `Билеты, заказ № ${orderId}`,
      metadata: { orderId: String(orderId) },
      receipt: { customer: { email: expect.stringMatching(/@example\.ru$/) }, tax_system_code: 2 },
    });
    expect(sent!.body.receipt.items).toEqual([
      expect.objectContaining({ quantity: 1, amount: { value: '2500.00', currency: 'RUB' }, vat_code: 1 }),
      expect.objectContaining({ quantity: 1, amount: { value: '2500.00', currency: 'RUB' }, vat_code: 1 }),
    ]);
    expect(sent!.body.receipt.items[0]).toMatchObject({
      description: expect.stringMatching(/^Билет «.+», \d\d\.\d\d\.\d{4} \d\d:\d\d, .+, ряд .+, место \d+$/),
      payment_mode: 'full_prepayment',
      payment_subject: 'service',
    });
    expect((await orderBooks(db(), orderId)).payments).toEqual([
      { id: payment.id, provider: 'yookassa', status: 'created', refunded_amount: 0 },
    ]);
  });

  it('repeats a create whose answer was lost with the same key, and YooKassa makes one payment', async () => {
    const f = await createHallFixture(db());
    const before = s.sim.payments.size;
    const posts = s.sim.posts('/payments').length;
    s.sim.server.interceptNext('drop');
    const { orderId, session } = await startPayment(s.app, [f.seats[0]!]);

    expect(session.error).toBe(0);
    const tries = s.sim.posts('/payments').slice(posts);
    expect(tries).toHaveLength(2);
    expect(tries[1]!.key).toBe(tries[0]!.key);
    expect(s.sim.payments.size).toBe(before + 1);
    expect((await orderBooks(db(), orderId)).payments.map((p) => p.id)).toEqual([session.get.orderId]);
  });

  it('pays the order on a notification YooKassa confirms; a repeated one is applied once', async () => {
    const f = await createHallFixture(db());
    const { orderId, paymentId } = await paidOrder([f.seats[0]!, f.seats[1]!]);
    expect(await orderBooks(db(), orderId)).toMatchObject({ status: 'paid', tickets: 2 });

    const again = await notify(
      s.app,
      'yookassa',
      s.sim.notification('payment.succeeded', s.sim.payments.get(paymentId)!),
    );
    expect(answerOf(again)).toEqual({ status: 200, body: { ok: true, result: 'replayed' } });
    await expectPaidOnce(db(), orderId, 2);
  });

  it('refuses a notification YooKassa does not confirm, and one from outside its addresses', async () => {
    const f = await createHallFixture(db());
    const { orderId, session } = await startPayment(s.app, [f.seats[0]!]);
    const payment = s.sim.payments.get(session.get.orderId)!;
    // The buyer has not paid: a notification claiming otherwise is forged.
    const forged = { ...payment, status: 'succeeded', paid: true } as const;
    for (const body of [
      s.sim.notification('payment.succeeded', forged),
      s.sim.notification('payment.succeeded', { ...forged, id: '2ee2f3a9-000f-5000-8000-1d1e9a3c7f11' }),
      { type: 'notification', event: 'payment.succeeded' },
    ]) {
      const res = await notify(s.app, 'yookassa', body);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ ok: false, result: 'invalid' });
    }
    expect(await orderBooks(db(), orderId)).toMatchObject({ status: 'new', tickets: 0 });

    // With the source-address check on, even a true notification from elsewhere is not read.
    s.sim.pay(payment.id);
    const guarded = new YooKassaProvider({
      db: db(),
      clock: s.clock,
      settings: { ...settings(), notifyIps: ['185.71.76.0/27', '77.75.156.11', '2a02:5180::/32'] },
      receipt: TEST_RECEIPT,
    });
    const genuine = s.sim.notification('payment.succeeded', s.sim.payments.get(payment.id)!);
    const reads = s.sim.server.requests.length;
    expect(await guarded.handleCallback({ headers: {}, query: {}, body: genuine, ip: '203.0.113.9' })).toBeNull();
    expect(s.sim.server.requests.length).toBe(reads);
    for (const ip of ['185.71.76.5', '::ffff:77.75.156.11', '2a02:5180::7']) {
      expect(await guarded.handleCallback({ headers: {}, query: {}, body: genuine, ip })).toMatchObject({
        kind: 'succeeded',
        amount: 250_000,
        paymentId: payment.id,
      });
    }
  });

  it('tells the buyer why YooKassa cancelled a payment, and the order can be paid again', async () => {
    const f = await createHallFixture(db());
    const { b, orderId, session } = await startPayment(s.app, [f.seats[0]!]);
    s.sim.cancel(session.get.orderId, 'insufficient_funds');
    const res = await notify(
      s.app,
      'yookassa',
      s.sim.notification('payment.canceled', s.sim.payments.get(session.get.orderId)!),
    );
    expect(JSON.parse(res.body)).toEqual({ ok: true, result: 'declined' });
    expect((await b.get(`/payment/state/${orderId}/`)).json()).toEqual({
      error: 0,
      status: 'declined',
      message: 'Недостаточно средств на карте',
    });
    expect((await orderBooks(db(), orderId)).status).toBe('new');
  });

  it('finds a payment whose notification was lost by asking YooKassa while the buyer waits', async () => {
    const f = await createHallFixture(db());
    const { b, orderId, session } = await startPayment(s.app, [f.seats[0]!]);
    expect((await b.get(`/payment/state/${orderId}/`)).json()).toEqual({ error: 0, status: 'pending' });
    s.sim.pay(session.get.orderId);
    // The same process asks about one payment at most every 10 seconds.
    s.clock.advance(10_000);
    const state = (await b.get(`/payment/state/${orderId}/`)).json();
    expect(state).toMatchObject({ error: 0, status: 'paid' });
    expect(await orderBooks(db(), orderId)).toMatchObject({ status: 'paid', tickets: 1 });
    // The notification arriving after all changes nothing.
    const late = await notify(
      s.app,
      'yookassa',
      s.sim.notification('payment.succeeded', s.sim.payments.get(session.get.orderId)!),
    );
    expect(JSON.parse(late.body)).toEqual({ ok: true, result: 'ignored' });
  });

  it('returns a late payment in full, with its receipt, when its places went to another buyer', async () => {
    const f = await createHallFixture(db());
    const seats = [f.seats[0]!, f.seats[1]!];
    const { orderId, session } = await lateStart(s, seats);
    const paymentId: string = session.get.orderId;
    s.sim.pay(paymentId);
    const refundsBefore = s.sim.posts('/refunds').length;

    const res = await notify(
      s.app,
      'yookassa',
      s.sim.notification('payment.succeeded', s.sim.payments.get(paymentId)!),
    );
    expect(JSON.parse(res.body)).toEqual({ ok: true, result: 'refunded' });
    const sent = s.sim.posts('/refunds').slice(refundsBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{64}$/);
    expect(sent[0]!.body).toMatchObject({ payment_id: paymentId, amount: { value: '5000.00', currency: 'RUB' } });
    expect(sent[0]!.body.receipt.items).toHaveLength(2);
    expect(s.sim.payments.get(paymentId)!.refunded_amount).toEqual({ value: '5000.00', currency: 'RUB' });
    expect(await orderBooks(db(), orderId)).toMatchObject({ status: 'cancelled', tickets: 0 });

    // YooKassa repeats the notification: nothing is paid back twice.
    const again = await notify(
      s.app,
      'yookassa',
      s.sim.notification('payment.succeeded', s.sim.payments.get(paymentId)!),
    );
    expect(JSON.parse(again.body)).toEqual({ ok: true, result: 'replayed' });
    expect(s.sim.posts('/refunds').length).toBe(refundsBefore + 1);
  });

  it('returns a ticket from the cabinet through YooKassa, once per return key', async () => {
    const f = await createHallFixture(db());
    const { b, orderId, paymentId } = await paidOrder([f.seats[0]!, f.seats[1]!]);
    const tickets = await db().query<{ id: number }>('SELECT id FROM tickets WHERE order_id = $1 ORDER BY id', [
      orderId,
    ]);
    const before = s.sim.posts('/refunds').length;

    const answer = (await b.post('/refund/replaces/', { ticketIds: JSON.stringify([tickets.rows[0]!.id]) })).json();
    expect(answer).toEqual({ ok: true });
    const [sent] = s.sim.posts('/refunds').slice(before);
    expect(sent!.body).toMatchObject({ payment_id: paymentId, amount: { value: '2500.00', currency: 'RUB' } });
    expect(sent!.body.receipt.items).toEqual([
      expect.objectContaining({
        quantity: 1,
        amount: { value: '2500.00', currency: 'RUB' },
        payment_subject: 'service',
      }),
    ]);
    const books = await orderBooks(db(), orderId);
    expect(books).toMatchObject({ status: 'paid', tickets: 1 });
    expect(books.payments[0]).toMatchObject({ status: 'succeeded', refunded_amount: 250_000 });

    // YooKassa's notification of the shop's own part refund changes nothing.
    const refund = [...s.sim.refunds.values()].find((r) => r.payment_id === paymentId)!;
    const noted = await notify(s.app, 'yookassa', s.sim.notification('refund.succeeded', refund));
    expect(JSON.parse(noted.body)).toEqual({ ok: true, result: 'ignored' });

    // Asked twice with one key (a retry after a crash), YooKassa pays once.
    const provider = new YooKassaProvider({ db: db(), clock: s.clock, settings: settings(), receipt: TEST_RECEIPT });
    const first = await provider.refundPart(paymentId, 100_000, 'refund-key-7');
    const second = await provider.refundPart(paymentId, 100_000, 'refund-key-7');
    expect(first).toEqual({ ok: true, refundId: expect.any(String) });
    expect(second).toEqual(first);
    expect(s.sim.payments.get(paymentId)!.refunded_amount).toEqual({ value: '3500.00', currency: 'RUB' });
    // More than is left: YooKassa refuses, and the buyer is told the return failed.
    expect(await provider.refundPart(paymentId, 500_000, 'refund-key-8')).toEqual({
      ok: false,
      message: 'Не удалось вернуть билеты. Попробуйте позже.',
    });
  });

  it('tells the buyer the spec’s message, never a 5xx, when YooKassa refuses or does not answer', async () => {
    const f = await createHallFixture(db());
    s.sim.server.interceptNext({
      status: 400,
      json: { type: 'error', id: 'e1', code: 'invalid_request', description: 'Invalid receipt', parameter: 'receipt' },
    });
    const refused = await startPayment(s.app, [f.seats[0]!]);
    expect(refused.session).toEqual({ error: 1, message: ACQUIRER_FAILED });
    expect((await orderBooks(db(), refused.orderId)).payments).toEqual([]);

    for (let i = 0; i < 3; i++) s.sim.server.interceptNext({ status: 503, json: {} });
    const down = await startPayment(s.app, [f.seats[1]!]);
    expect(down.session).toEqual({ error: 1, message: ACQUIRER_FAILED });

    // The buyer tries again and pays.
    const again = (await down.b.post(`/payment/session/${down.orderId}/`, {})).json();
    expect(again).toMatchObject({ error: 0, provider: 'yookassa' });
  });
});
