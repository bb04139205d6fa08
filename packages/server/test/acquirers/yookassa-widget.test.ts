/**
 * YooKassa's embedded checkout widget (decision 0045): with YOOKASSA_CONFIRMATION=embedded the
 * payment is created with confirmation {type embedded}, and the payment session answers the
 * widget's script, its confirmation_token and where its success and failure lead; the payment
 * then settles through the usual notification path, once.
 */
import { paymentSessionAnswer } from '@partera/contract';
import { expect, it } from 'vitest';
import { YOOKASSA_WIDGET_DEFAULT_URL } from '../../src/config.js';
import { acquirerSuite, expectPaidOnce, notify, startPayment } from '../support/acquirers/harness.js';
import { startYooKassaSimulator } from '../support/acquirers/yookassa.js';
import { describeEachDatabase } from '../support/databases.js';
import { createHallFixture } from '../support/fixture.js';

const SHOP = { shopId: '506751', secretKey: 'test_Fh8hUAVVBGUGbjmlzba6TB0iyUbos_lueTHE-axOwM0' };

describeEachDatabase('YooKassa checkout widget', (get) => {
  const s = acquirerSuite(
    get,
    () => startYooKassaSimulator(SHOP),
    (sim) => ({
      provider: 'yookassa',
      yookassa: {
        ...SHOP,
        apiUrl: sim.url,
        notifyIps: [],
        confirmation: 'embedded',
        widgetUrl: YOOKASSA_WIDGET_DEFAULT_URL,
      },
    }),
  );
  const { db } = s;

  it('answers the widget’s script and confirmation_token, and the payment settles once', async () => {
    const f = await createHallFixture(db());
    const { orderId, session } = await startPayment(s.app, [f.seats[0]!]);
    const [sent] = s.sim.posts('/payments').slice(-1);
    expect(sent!.body.confirmation).toEqual({ type: 'embedded', locale: 'ru_RU' });
    const payment = [...s.sim.payments.values()].find((p) => p.metadata?.orderId === String(orderId))!;
    const widget = {
      provider: 'yookassa',
      script: 'https://yookassa.ru/checkout-widget/v1/checkout-widget.js',
      confirmationToken: `ct-${payment.id}`,
      successUrl: expect.stringContaining(`/order/complete/?orderId=${orderId}&token=`),
      failUrl: expect.stringContaining(`/shopcart/?payment=failed&orderId=${orderId}`),
    };
    expect(session).toEqual({ error: 0, provider: 'yookassa', widget });
    // The checkout reads the answer through the contract, which keeps the widget.
    expect(paymentSessionAnswer.parse(session).widget).toEqual(widget);

    s.sim.pay(payment.id);
    const genuine = s.sim.notification('payment.succeeded', s.sim.payments.get(payment.id)!);
    expect((await notify(s.app, 'yookassa', genuine)).status).toBe(200);
    expect((await notify(s.app, 'yookassa', genuine)).status).toBe(200);
    await expectPaidOnce(db(), orderId, 1);
  });
});
