/**
 * T-Bank (Tinkoff) acquiring API v2 behind the provider interface (issue 12, part 2; decision
 * 0030), against a local simulator: Init with the Token rule, the receipt and the attempt's own
 * OrderId; the redirect to PaymentURL; notifications checked by their Token and answered with
 * the text OK (a forged one changes nothing, a repeated one is applied once, a late one is
 * cancelled in full); GetState polling; Cancel for part refunds, once per ExternalRequestId; an
 * error answer told to the buyer in the spec's words, never a 5xx.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TBankProvider } from '../../src/payments/tbank/provider.js';
import { tbankToken } from '../../src/payments/tbank/token.js';
import {
  ACQUIRER_FAILED,
  acquirerSuite,
  bankPage,
  expectPaidOnce,
  lateStart,
  notify,
  orderBooks,
  startPayment,
  TEST_RECEIPT,
} from '../support/acquirers/harness.js';
import { startTBankSimulator } from '../support/acquirers/tbank.js';
import { describeEachDatabase } from '../support/databases.js';
import { createHallFixture } from '../support/fixture.js';

const TERMINAL = { terminalKey: '1690000000000DEMO', password: 'q1w2e3r4t5y6u7i8' };
const OK = { status: 200, body: 'OK', type: 'text/plain; charset=utf-8' };

describe('T-Bank Token', () => {
  it('hashes the root fields’ values and the password sorted by name, nested objects left out', () => {
    // The example of T-Bank's documentation: Amount, Description, OrderId, Password, TerminalKey.
    const fields = {
      TerminalKey: 'TinkoffBankTest',
      Amount: 19200,
      OrderId: '21090',
      Description: 'Подарочная карта на 1000 рублей',
      DATA: { Phone: '+71234567890', Email: 'a@test.com' },
      Receipt: { Email: 'a@test.ru', Taxation: 'osn', Items: [] },
    };
    const concatenated = '19200Подарочная карта на 1000 рублей21090usaf8fw8fsw21gTinkoffBankTest';
    expect(tbankToken(fields, 'usaf8fw8fsw21g')).toBe(createHash('sha256').update(concatenated).digest('hex'));
    expect(tbankToken({ ...fields, Token: 'ignored', Success: true }, 'p')).toBe(
      createHash('sha256').update('19200Подарочная карта на 1000 рублей21090ptrueTinkoffBankTest').digest('hex'),
    );
  });
});

describeEachDatabase('T-Bank', (get) => {
  const s = acquirerSuite(
    get,
    () => startTBankSimulator(TERMINAL),
    (sim) => ({ provider: 'tbank', tbank: { ...TERMINAL, apiUrl: sim.url } }),
  );
  const { db } = s;
  const settings = () => s.payments.tbank!;

  const paymentIdOf = (session: { url: string }) => /\/new\/pay(\d+)$/.exec(session.url)![1]!;

  async function paidOrder(seats: number[]) {
    const started = await startPayment(s.app, seats);
    const paymentId = paymentIdOf(started.session);
    s.sim.pay(paymentId);
    expect(await notify(s.app, 'tbank', s.sim.notification(paymentId))).toEqual(OK);
    return { ...started, paymentId };
  }

  it('sends Init with the Token, the receipt and the attempt’s own OrderId, and the buyer to PaymentURL', async () => {
    const f = await createHallFixture(db());
    const { orderId, session } = await startPayment(s.app, [f.seats[0]!, f.seats[1]!]);
    const paymentId = paymentIdOf(session);
    expect(session).toEqual({ error: 0, provider: 'tbank', url: `${s.sim.url}/new/pay${paymentId}`, get: {} });
    expect(bankPage(session)).toBe(`${s.sim.url}/new/pay${paymentId}`);
    const init = s.sim.payments.get(paymentId)!.init;
    expect(init).toMatchObject({
      TerminalKey: TERMINAL.terminalKey,
      Amount: 500_000,
      OrderId: `${orderId}-1`,
      Description: `Билеты, заказ № ${orderId}`,
      PayType: 'O',
      SuccessURL: expect.stringContaining(`/order/complete/?orderId=${orderId}&token=`),
      FailURL: expect.stringContaining(`/shopcart/?payment=failed&orderId=${orderId}`),
      NotificationURL: expect.stringMatching(/\/payment\/callback\/tbank\/$/),
      DATA: { Email: expect.stringMatching(/@example\.ru$/) },
      Receipt: { Email: expect.stringMatching(/@example\.ru$/), Taxation: 'usn_income' },
      Token: tbankToken(init, TERMINAL.password),
    });
    expect(init.Receipt.Items).toEqual([
      expect.objectContaining({ Price: 250_000, Quantity: 1, Amount: 250_000, Tax: 'none' }),
      expect.objectContaining({ PaymentMethod: 'full_prepayment', PaymentObject: 'service' }),
    ]);
    expect((await orderBooks(db(), orderId)).payments).toEqual([
      { id: paymentId, provider: 'tbank', status: 'created', refunded_amount: 0 },
    ]);
  });

  it('resumes an Init whose answer was lost: CheckOrder finds it, it is cancelled unseen, and one payment settles', async () => {
    const f = await createHallFixture(db());
    s.sim.server.interceptNext('drop', '/Init');
    const lost = await startPayment(s.app, [f.seats[0]!]);
    expect(lost.session).toEqual({ error: 1, message: ACQUIRER_FAILED });
    const orphan = s.sim.calls('Init').at(-1)!;
    expect(orphan.OrderId).toBe(`${lost.orderId}-1`);

    // The buyer tries again: the same number is asked first and its payment found unrecorded. Its
    // card page cannot be asked again, so it is cancelled (nobody had it) and the next number paid.
    const again = (await lost.b.post(`/payment/session/${lost.orderId}/`, {})).json();
    expect(again).toMatchObject({ error: 0, provider: 'tbank' });
    expect(
      s.sim
        .calls('CheckOrder')
        .slice(-2)
        .map((c) => c.OrderId),
    ).toEqual([`${lost.orderId}-1`, `${lost.orderId}-2`]);
    const atBank = [...s.sim.payments.values()].filter((p) => p.OrderId.startsWith(`${lost.orderId}-`));
    expect(atBank.map((p) => [p.OrderId, p.Status])).toEqual([
      [`${lost.orderId}-1`, 'CANCELED'],
      [`${lost.orderId}-2`, 'NEW'],
    ]);
    const retried = s.sim.payments.get(paymentIdOf(again))!;
    expect((await orderBooks(db(), lost.orderId)).payments.map((p) => p.id)).toEqual([String(retried.PaymentId)]);
    s.sim.pay(String(retried.PaymentId));
    expect(await notify(s.app, 'tbank', s.sim.notification(String(retried.PaymentId)))).toEqual(OK);
    expect(await notify(s.app, 'tbank', s.sim.notification(String(retried.PaymentId)))).toEqual(OK);
    await expectPaidOnce(db(), lost.orderId, 1);
  });

  it('pays the order on a notification whose Token verifies, answering OK; a repeated one is applied once', async () => {
    const f = await createHallFixture(db());
    const { orderId, paymentId } = await paidOrder([f.seats[0]!, f.seats[1]!]);
    expect(await orderBooks(db(), orderId)).toMatchObject({ status: 'paid', tickets: 2 });
    expect(await notify(s.app, 'tbank', s.sim.notification(paymentId))).toEqual(OK);
    await expectPaidOnce(db(), orderId, 2);
  });

  it('refuses a notification with a wrong Token, another terminal or a changed field, and changes nothing', async () => {
    const f = await createHallFixture(db());
    const { orderId, session } = await startPayment(s.app, [f.seats[0]!]);
    const paymentId = paymentIdOf(session);
    s.sim.pay(paymentId);
    const genuine = s.sim.notification(paymentId);
    const resigned = (fields: Record<string, unknown>, password: string) => ({
      ...fields,
      Token: tbankToken(fields, password),
    });
    for (const forged of [
      { ...genuine, Token: '0'.repeat(64) },
      resigned(genuine, 'not-the-password'),
      resigned({ ...genuine, TerminalKey: 'OtherTerminal' }, TERMINAL.password),
      { ...genuine, Amount: 1 },
      { ...genuine, Token: undefined },
    ]) {
      const res = await notify(s.app, 'tbank', forged);
      expect(res.status).toBe(403);
      expect(res.body).not.toBe('OK');
    }
    expect(await orderBooks(db(), orderId)).toMatchObject({ status: 'new', tickets: 0 });
  });

  it('declines on REJECTED; GetState finds a payment whose notification was lost', async () => {
    const f = await createHallFixture(db());
    const rejected = await startPayment(s.app, [f.seats[0]!]);
    s.sim.reject(paymentIdOf(rejected.session));
    expect(await notify(s.app, 'tbank', s.sim.notification(paymentIdOf(rejected.session)))).toEqual(OK);
    expect((await rejected.b.get(`/payment/state/${rejected.orderId}/`)).json()).toMatchObject({ status: 'declined' });

    const lost = await startPayment(s.app, [f.seats[1]!]);
    s.sim.pay(paymentIdOf(lost.session));
    const polls = s.sim.calls('GetState').length;
    expect((await lost.b.get(`/payment/state/${lost.orderId}/`)).json()).toMatchObject({ error: 0, status: 'paid' });
    expect(s.sim.calls('GetState').length).toBe(polls + 1);
    expect(await orderBooks(db(), lost.orderId)).toMatchObject({ status: 'paid', tickets: 1 });
  });

  it('cancels a late payment in full, with its receipt, when its places went to another buyer', async () => {
    const f = await createHallFixture(db());
    const seats = [f.seats[0]!, f.seats[1]!];
    const { orderId, session } = await lateStart(s, seats);
    const paymentId = paymentIdOf(session);
    s.sim.pay(paymentId);
    const cancels = s.sim.calls('Cancel').length;

    expect(await notify(s.app, 'tbank', s.sim.notification(paymentId))).toEqual(OK);
    const [cancel] = s.sim.calls('Cancel').slice(cancels);
    expect(cancel).toMatchObject({ PaymentId: paymentId, Amount: 500_000, ExternalRequestId: expect.any(String) });
    expect(cancel!.Receipt.Items).toHaveLength(2);
    expect(s.sim.payments.get(paymentId)!.Status).toBe('REFUNDED');
    expect(await orderBooks(db(), orderId)).toMatchObject({ status: 'cancelled', tickets: 0 });
    // The REFUNDED notification that follows closes nothing more.
    expect(await notify(s.app, 'tbank', s.sim.notification(paymentId))).toEqual(OK);
    expect(s.sim.calls('Cancel').length).toBe(cancels + 1);
  });

  it('returns a ticket from the cabinet with Cancel, once per ExternalRequestId', async () => {
    const f = await createHallFixture(db());
    const { b, orderId, paymentId } = await paidOrder([f.seats[0]!, f.seats[1]!]);
    const tickets = await db().query<{ id: number }>('SELECT id FROM tickets WHERE order_id = $1 ORDER BY id', [
      orderId,
    ]);

    expect((await b.post('/refund/replaces/', { ticketIds: JSON.stringify([tickets.rows[0]!.id]) })).json()).toEqual({
      ok: true,
    });
    const cancel = s.sim.calls('Cancel').at(-1)!;
    expect(cancel).toMatchObject({ PaymentId: paymentId, Amount: 250_000 });
    expect(cancel.Receipt.Items).toEqual([expect.objectContaining({ Amount: 250_000, Quantity: 1 })]);
    expect(s.sim.payments.get(paymentId)).toMatchObject({ Status: 'PARTIAL_REFUNDED', left: 250_000 });
    // T-Bank's PARTIAL_REFUNDED notification is acknowledged and changes nothing.
    expect(await notify(s.app, 'tbank', s.sim.notification(paymentId))).toEqual(OK);
    expect(await orderBooks(db(), orderId)).toMatchObject({ status: 'paid', tickets: 1 });

    const provider = new TBankProvider({
      db: db(),
      settings: settings(),
      receipt: TEST_RECEIPT,
      notificationUrl: 'http://x/',
    });
    const first = await provider.refundPart(paymentId, 100_000, 'refund-key-3');
    expect(await provider.refundPart(paymentId, 100_000, 'refund-key-3')).toEqual(first);
    expect(s.sim.payments.get(paymentId)!.left).toBe(150_000);
    expect(await provider.refundPart(paymentId, 200_000, 'refund-key-4')).toEqual({
      ok: false,
      message: 'Не удалось вернуть билеты. Попробуйте позже.',
    });
    expect(await provider.queryStatus(paymentId)).toBe('succeeded');
    expect(await provider.queryStatus('999')).toBe('unknown');
  });

  it('tells the buyer the spec’s message, never a 5xx, when T-Bank refuses', async () => {
    const f = await createHallFixture(db());
    s.sim.server.interceptNext(
      { status: 200, json: { Success: false, ErrorCode: '308', Message: 'Неверные параметры', Details: 'Receipt' } },
      '/Init',
    );
    const refused = await startPayment(s.app, [f.seats[0]!]);
    expect(refused.session).toEqual({ error: 1, message: ACQUIRER_FAILED });
    expect((await orderBooks(db(), refused.orderId)).payments).toEqual([]);
  });
});
