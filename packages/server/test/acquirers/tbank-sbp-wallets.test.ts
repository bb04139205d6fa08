/**
 * T-Bank's own SBP and device-wallet APIs behind the provider interface, and the resumption of a
 * registration whose answer was lost (decision 0045), against the local simulator: Init + GetQr
 * for the QR code, Init + FinishAuthorize with the wallet's token, CheckOrder finding the payment
 * of a lost answer and continuing it (one payment at T-Bank, settled once), and these payments'
 * notifications through the signed path (a forged one refused, a repeated one applied once, a
 * return refunded with Cancel).
 */
import { expect, it } from 'vitest';
import { TBANK_DECLINED } from '../../src/payments/tbank/provider.js';
import { walletConfigOf } from '../../src/payments/wallets/config.js';
import {
  ACQUIRER_FAILED,
  acquirerSuite,
  expectPaidOnce,
  notify,
  orderBooks,
  placeOrder,
  ticketIds,
} from '../support/acquirers/harness.js';
import { startTBankSimulator } from '../support/acquirers/tbank.js';
import { describeEachDatabase } from '../support/databases.js';
import { createHallFixture } from '../support/fixture.js';

const TERMINAL = { terminalKey: '1690000000000DEMO', password: 'q1w2e3r4t5y6u7i8' };
const OK = { status: 200, body: 'OK', type: 'text/plain; charset=utf-8' };

describeEachDatabase('T-Bank SBP and wallets', (get) => {
  const s = acquirerSuite(
    get,
    () => startTBankSimulator(TERMINAL),
    (sim) => ({ provider: 'tbank', tbank: { ...TERMINAL, apiUrl: sim.url } }),
  );
  const { db } = s;
  const atBank = (orderId: number) => [...s.sim.payments.values()].filter((p) => p.OrderId.startsWith(`${orderId}-`));

  it('sbp: resumes an Init whose answer was lost with GetQr, and settles the one payment once', async () => {
    const f = await createHallFixture(db());
    const { b, orderId } = await placeOrder(s.app, [f.seats[0]!, f.seats[1]!]);
    s.sim.server.interceptNext('drop', '/Init');
    expect((await b.post(`/payment/sbp/${orderId}/`, {})).json()).toEqual({ error: 1, message: ACQUIRER_FAILED });
    expect(await orderBooks(db(), orderId)).toMatchObject({ payments: [] });

    const qr = (await b.post(`/payment/sbp/${orderId}/`, {})).json();
    const [payment, ...others] = atBank(orderId);
    expect(others).toEqual([]);
    expect(payment).toMatchObject({ OrderId: `${orderId}-1`, Status: 'FORM_SHOWED', Amount: 500_000 });
    expect(qr).toMatchObject({
      error: 0,
      status: 'pending',
      payload: expect.stringMatching(/^https:\/\/qr\.nspk\.ru\//),
    });
    expect(s.sim.calls('GetQr').at(-1)).toMatchObject({ PaymentId: String(payment!.PaymentId), DataType: 'PAYLOAD' });
    expect((await orderBooks(db(), orderId)).payments).toEqual([
      { id: String(payment!.PaymentId), provider: 'tbank', status: 'created', refunded_amount: 0 },
    ]);

    const paymentId = String(payment!.PaymentId);
    s.sim.pay(paymentId);
    const genuine = s.sim.notification(paymentId);
    expect((await notify(s.app, 'tbank', { ...genuine, Token: '0'.repeat(64) })).status).toBe(403);
    expect(await orderBooks(db(), orderId)).toMatchObject({ status: 'new', tickets: 0 });
    expect(await notify(s.app, 'tbank', genuine)).toEqual(OK);
    expect(await notify(s.app, 'tbank', genuine)).toEqual(OK);
    await expectPaidOnce(db(), orderId, 2);

    // A ticket returned from the cabinet goes back through Cancel.
    const [ticket] = await ticketIds(db(), orderId);
    expect((await b.post('/refund/replaces/', { ticketIds: JSON.stringify([ticket]) })).json()).toEqual({ ok: true });
    expect(s.sim.calls('Cancel').at(-1)).toMatchObject({ PaymentId: paymentId, Amount: 250_000 });
    expect(s.sim.payments.get(paymentId)).toMatchObject({ Status: 'PARTIAL_REFUNDED', left: 250_000 });
  });

  it('wallets: pays a browser wallet’s token with FinishAuthorize, and declines as the bank does', async () => {
    const f = await createHallFixture(db());
    const paid = await placeOrder(s.app, [f.seats[0]!]);
    const r = (await paid.b.post('/pay/googlepayproceed/', { orderId: paid.orderId, token: 'wallet-token' })).json();
    expect(r).toEqual({ error: 0, url: expect.stringContaining(`/order/complete/?orderId=${paid.orderId}&token=`) });
    const [payment] = atBank(paid.orderId);
    expect(s.sim.calls('FinishAuthorize').at(-1)).toMatchObject({
      PaymentId: String(payment!.PaymentId),
      Route: 'ACQ',
      Source: 'GooglePay',
      EncryptedPaymentData: 'wallet-token',
    });
    await expectPaidOnce(db(), paid.orderId, 1);
    // T-Bank's CONFIRMED notification that follows changes nothing more.
    expect(await notify(s.app, 'tbank', s.sim.notification(String(payment!.PaymentId)))).toEqual(OK);
    await expectPaidOnce(db(), paid.orderId, 1);

    const declined = await placeOrder(s.app, [f.seats[1]!]);
    expect(
      (await declined.b.post('/pay/googlepayproceed/', { orderId: declined.orderId, token: 'decline' })).json(),
    ).toEqual({
      error: 1,
      message: TBANK_DECLINED,
    });
    expect(await orderBooks(db(), declined.orderId)).toMatchObject({ status: 'new', tickets: 0 });

    const secure = await placeOrder(s.app, [f.seats[2]!]);
    const step = (await secure.b.post('/pay/googlepayproceed/', { orderId: secure.orderId, token: '3ds' })).json();
    const [pending] = atBank(secure.orderId);
    expect(step).toEqual({
      error: 0,
      data: {
        data: {
          acsUrl: `${s.sim.url}/acs/auth/start.do`,
          orderId: `ACQT-${pending!.PaymentId}`,
          paReq: expect.any(String),
          termUrl: `${s.sim.url}/Submit3DSAuthorization`,
        },
      },
    });
  });

  it('wallets: the order page’s browser wallet names T-Bank’s gateway once the shop’s merchant id is set', () => {
    const order = { id: 7, total: 250_000 };
    expect(walletConfigOf({ payments: s.payments }, order)).toBeNull();
    expect(walletConfigOf({ payments: { ...s.payments, googlePayMerchantId: 'BCR2DN4TXYZ' } }, order)).toEqual({
      gateway: 'tinkoff',
      gatewayMerchantId: TERMINAL.terminalKey,
      merchantId: 'BCR2DN4TXYZ',
      merchantName: 'Partera',
      environment: 'PRODUCTION',
      type: 1,
      isAndroidApp: false,
      orderTotal: 2500,
      orderId: '7',
    });
  });

  it('wallets: a FinishAuthorize whose answer was lost and that went through is found by CheckOrder and paid once', async () => {
    const f = await createHallFixture(db());
    const { b, orderId } = await placeOrder(s.app, [f.seats[0]!]);
    s.sim.server.interceptNext('drop', '/FinishAuthorize');
    expect((await b.post('/pay/googlepayproceed/', { orderId, token: 'wallet-token' })).json()).toEqual({
      error: 1,
      message: ACQUIRER_FAILED,
    });
    expect(atBank(orderId).map((p) => p.Status)).toEqual(['CONFIRMED']);

    expect((await b.post('/pay/googlepayproceed/', { orderId, token: 'wallet-token' })).json()).toMatchObject({
      error: 0,
    });
    expect(atBank(orderId)).toHaveLength(1);
    expect(
      s.sim.calls('FinishAuthorize').filter((c) => c.PaymentId === String(atBank(orderId)[0]!.PaymentId)),
    ).toHaveLength(1);
    await expectPaidOnce(db(), orderId, 1);
  });
});
