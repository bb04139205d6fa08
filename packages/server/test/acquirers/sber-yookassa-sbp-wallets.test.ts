/**
 * Sber's and YooKassa's own SBP and device-wallet APIs behind the provider interface, and Sber's
 * resumption of a register.do whose answer was lost (decision 0045), against the local
 * simulators: register.do + sbp/c2b/qr/dynamic/get.do, google/payment.do, getOrderStatusExtended.do
 * by orderNumber; YooKassa's payment with payment_method_data sbp and confirmation qr; these
 * payments settled through the signed notification paths (a forged one refused, a repeated one
 * applied once, a return refunded).
 */
import { expect, it } from 'vitest';
import { SBER_DECLINED } from '../../src/payments/sber/provider.js';
import {
  ACQUIRER_FAILED,
  acquirerSuite,
  expectPaidOnce,
  notify,
  orderBooks,
  placeOrder,
  startPayment,
  ticketIds,
} from '../support/acquirers/harness.js';
import { startSberSimulator } from '../support/acquirers/sber.js';
import { startYooKassaSimulator } from '../support/acquirers/yookassa.js';
import { describeEachDatabase } from '../support/databases.js';
import { createHallFixture } from '../support/fixture.js';

const MERCHANT = { userName: 'partera-api', password: 'partera-api-password', callbackKey: 'cb-key-5c1f0e9a7b' };
const SHOP = { shopId: '506751', secretKey: 'test_Fh8hUAVVBGUGbjmlzba6TB0iyUbos_lueTHE-axOwM0' };

describeEachDatabase('Sber SBP, wallets and lost registrations', (get) => {
  const s = acquirerSuite(
    get,
    () => startSberSimulator(MERCHANT),
    (sim) => ({ provider: 'sber', sber: { ...MERCHANT, apiUrl: sim.url } }),
  );
  const { db } = s;
  const callback = (orderId: string, operation: string, status: '0' | '1') =>
    notify(s.app, 'sber', s.sim.callback(orderId, operation, status), { form: true });
  const atBank = (orderId: number) => [...s.sim.orders.values()].filter((o) => o.orderNumber.startsWith(`${orderId}-`));

  it('resumes a register.do whose answer was lost: the order found by orderNumber is reused and paid once', async () => {
    const f = await createHallFixture(db());
    s.sim.server.interceptNext('drop', '/payment/rest/register.do');
    const lost = await startPayment(s.app, [f.seats[0]!]);
    expect(lost.session).toEqual({ error: 1, message: ACQUIRER_FAILED });

    const again = (await lost.b.post(`/payment/session/${lost.orderId}/`, {})).json();
    const [order, ...others] = atBank(lost.orderId);
    expect(others).toEqual([]);
    expect(order!.orderNumber).toBe(`${lost.orderId}-1`);
    expect(again).toEqual({
      error: 0,
      provider: 'sber',
      url: `${new URL(s.sim.url).origin}/payment/merchants/sbersafe_sberid/payment_ru.html`,
      get: { mdOrder: order!.orderId },
    });
    // Sber would refuse a second register.do with the number: it was not sent.
    expect(s.sim.calls('register.do').filter((c) => c.orderNumber === order!.orderNumber)).toHaveLength(1);
    s.sim.pay(order!.orderId);
    expect((await callback(order!.orderId, 'deposited', '1')).status).toBe(200);
    expect((await callback(order!.orderId, 'deposited', '1')).status).toBe(200);
    await expectPaidOnce(db(), lost.orderId, 1);
  });

  it('sbp: registers the order and its dynamic QR code; the callback pays it once, a forged one is refused', async () => {
    const f = await createHallFixture(db());
    const { b, orderId } = await placeOrder(s.app, [f.seats[0]!, f.seats[1]!]);
    const qr = (await b.post(`/payment/sbp/${orderId}/`, {})).json();
    const [order] = atBank(orderId);
    expect(qr).toMatchObject({
      error: 0,
      status: 'pending',
      payload: expect.stringMatching(/^https:\/\/qr\.nspk\.ru\//),
    });
    expect(s.sim.calls('sbp/c2b/qr/dynamic/get.do').at(-1)).toMatchObject({ mdOrder: order!.orderId });
    // Asked again (a reload), the same QR code: one order at Sber.
    expect((await b.post(`/payment/sbp/${orderId}/`, {})).json().payload).toBe(qr.payload);
    expect(atBank(orderId)).toHaveLength(1);

    s.sim.pay(order!.orderId);
    const forged = { ...s.sim.callback(order!.orderId, 'deposited', '1'), checksum: 'A'.repeat(64) };
    expect((await notify(s.app, 'sber', forged, { form: true })).status).toBe(403);
    expect(await orderBooks(db(), orderId)).toMatchObject({ status: 'new', tickets: 0 });
    expect((await callback(order!.orderId, 'deposited', '1')).status).toBe(200);
    expect((await callback(order!.orderId, 'deposited', '1')).status).toBe(200);
    await expectPaidOnce(db(), orderId, 2);

    const [ticket] = await ticketIds(db(), orderId);
    expect((await b.post('/refund/replaces/', { ticketIds: JSON.stringify([ticket]) })).json()).toEqual({ ok: true });
    expect(s.sim.orders.get(order!.orderId)!.refundedAmount).toBe(250_000);
  });

  it('wallets: google/payment.do pays the token at once, declines, or asks for 3-D Secure', async () => {
    const f = await createHallFixture(db());
    const paid = await placeOrder(s.app, [f.seats[0]!]);
    const r = (await paid.b.post('/pay/googlepayproceed/', { orderId: paid.orderId, token: 'wallet-token' })).json();
    expect(r).toEqual({ error: 0, url: expect.stringContaining(`/order/complete/?orderId=${paid.orderId}&token=`) });
    expect(s.sim.walletCalls('google/payment.do').at(-1)).toMatchObject({
      merchant: 'partera',
      orderNumber: `${paid.orderId}-1`,
      paymentToken: 'wallet-token',
      amount: 250_000,
    });
    await expectPaidOnce(db(), paid.orderId, 1);
    const [order] = atBank(paid.orderId);
    expect((await callback(order!.orderId, 'deposited', '1')).status).toBe(200);
    await expectPaidOnce(db(), paid.orderId, 1);

    const declined = await placeOrder(s.app, [f.seats[1]!]);
    const no = await declined.b.post('/pay/googlepayproceed/', { orderId: declined.orderId, token: 'decline' });
    expect(no.json()).toEqual({ error: 1, message: SBER_DECLINED });

    const secure = await placeOrder(s.app, [f.seats[2]!]);
    const step = (await secure.b.post('/pay/googlepayproceed/', { orderId: secure.orderId, token: '3ds' })).json();
    const [pending] = atBank(secure.orderId);
    expect(step).toEqual({
      error: 0,
      data: {
        data: {
          acsUrl: `${s.sim.server.url}/acs/auth/start.do`,
          orderId: pending!.orderId,
          paReq: expect.any(String),
          termUrl: `${s.sim.server.url}/payment/rest/finish3ds.do`,
        },
      },
    });
  });
});

describeEachDatabase('YooKassa SBP', (get) => {
  const s = acquirerSuite(
    get,
    () => startYooKassaSimulator(SHOP),
    (sim) => ({ provider: 'yookassa', yookassa: { ...SHOP, apiUrl: sim.url, notifyIps: [] } }),
  );
  const { db } = s;

  it('sbp: creates the payment with payment_method_data sbp and confirmation qr; its notification pays it once', async () => {
    const f = await createHallFixture(db());
    const { b, orderId } = await placeOrder(s.app, [f.seats[0]!]);
    const qr = (await b.post(`/payment/sbp/${orderId}/`, {})).json();
    const [sent] = s.sim.posts('/payments').slice(-1);
    expect(sent!.body).toMatchObject({
      amount: { value: '2500.00', currency: 'RUB' },
      payment_method_data: { type: 'sbp' },
      confirmation: { type: 'qr' },
    });
    const [payment] = [...s.sim.payments.values()].filter((p) => p.metadata?.orderId === String(orderId));
    expect(qr).toMatchObject({ error: 0, status: 'pending', payload: payment!.confirmation.confirmation_data });

    // Not yet paid: a notification claiming it succeeded is not what YooKassa says, and is refused.
    const early = await notify(s.app, 'yookassa', s.sim.notification('payment.succeeded', payment!));
    expect(early.status).toBe(403);
    s.sim.pay(payment!.id);
    const genuine = s.sim.notification('payment.succeeded', s.sim.payments.get(payment!.id)!);
    expect((await notify(s.app, 'yookassa', genuine)).status).toBe(200);
    expect((await notify(s.app, 'yookassa', genuine)).status).toBe(200);
    await expectPaidOnce(db(), orderId, 1);
  });
});
