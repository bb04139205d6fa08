import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import type { Database } from '../src/db/index.js';
import { callbackFields, type PartnerCallback, partnerCallbackSchema } from '../src/payments/partner-pay/provider.js';
import { MAX_CLOCK_SKEW_SECONDS, signedHeaders } from '../src/payments/partner-pay/signature.js';
import { NotifySecretKey, registerPartner } from '../src/services/partners/index.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

const PUBLIC_URL = 'https://partera.example';
const TELECOM_SECRET = 'telecom-notify-secret-0001';
const OTHER_SECRET = 'other-operator-secret-0002';
const PRICE = 250_000;
const MIN = 60_000;
const guest = { email: 'anna@example.ru', name: 'Анна', surname: 'Петрова', payment: 'card', pc: 'bankovskaya_karta' };

interface PlacedOrder {
  buyer: Buyer;
  orderId: number;
  token: string;
  url: string;
}

describeEachDatabase('the partner’s own pay flow', (get) => {
  let app: FastifyInstance;
  let db: Database;
  const clock = new ManualClock();
  let telecom: { id: number; hash: string };
  let other: { id: number; hash: string };
  let plain: { id: number; hash: string };

  beforeAll(async () => {
    db = get().db;
    let config: { csrfSecret: string };
    ({ app, config } = await buildTestApp(db, { clock, config: { publicUrl: PUBLIC_URL } }));
    const secrets = NotifySecretKey.fromServerSecret(config.csrfSecret);
    const register = async (input: Parameters<typeof registerPartner>[1]) => {
      const r = await registerPartner(db, input, secrets);
      if (!r.ok) throw new Error(r.message);
      return r.partner;
    };
    telecom = await register({
      name: 'Телеком',
      origins: ['http://127.0.0.1:4100'],
      cashbackPercent: 5,
      ownPayFlow: true,
      notifySecret: TELECOM_SECRET,
    });
    other = await register({
      name: 'Другой оператор',
      origins: ['https://other.example'],
      ownPayFlow: true,
      notifySecret: OTHER_SECRET,
    });
    plain = await register({ name: 'Афиша', origins: ['https://afisha.example'], cashbackPercent: 3 });
  });

  /** A buyer holds the seats in the frame of `partner` (the handshake's framed_sessions row) and orders them. */
  async function placeOrder(
    seats: number[],
    framed?: { partnerId: number; cashbackPercent: number },
  ): Promise<PlacedOrder> {
    const b = buyer(app);
    for (const seat of seats) expect((await b.post('/hallPlace/select/', { cypher: seat })).status).toBe(200);
    if (framed) {
      await db.query(
        `INSERT INTO framed_sessions (session_id, partner_id, cashback_percent, start_url, updated_at)
         VALUES ($1, $2, $3, NULL, $4)`,
        [b.sessionId, framed.partnerId, framed.cashbackPercent, clock.now()],
      );
    }
    const answer = (await b.post('/order/createAnonymousOrder/', guest)).json();
    expect(answer.error).toBe(0);
    return { buyer: b, orderId: Number(answer.url.split('/')[3]), token: answer.params.token, url: answer.url };
  }

  const telecomOrder = (seats: number[]) => placeOrder(seats, { partnerId: telecom.id, cashbackPercent: 5 });

  /** The checkout's calls: the payment session, then the partner notify endpoint with its url. */
  async function handOver(order: PlacedOrder, as: Buyer = order.buyer, params: Record<string, string> = {}) {
    const session = (await as.post(`/payment/session/${order.orderId}/`, params)).json();
    const notify = await as.post('/pay/notifymts', { url: session.url ?? order.url, params: JSON.stringify(params) });
    return { session, notify: notify.json(), status: notify.status };
  }

  const unixNow = (offsetSeconds = 0) => String(Math.floor(clock.now().getTime() / 1000) + offsetSeconds);

  /** The partner back end reading an order, signed as `partner` with `secret`. */
  function readOrder(
    orderToken: string,
    opts: { partner?: string; secret?: string; timestamp?: string; path?: string } = {},
  ) {
    const path = `/partner-pay/orders/${orderToken}/`;
    const headers = signedHeaders(opts.secret ?? TELECOM_SECRET, {
      partner: opts.partner ?? telecom.hash,
      timestamp: opts.timestamp ?? unixNow(),
      method: 'GET',
      path: opts.path ?? path,
      fields: [],
    });
    return app.inject({ method: 'GET', url: path, headers });
  }

  /** The partner back end confirming (or declining) a payment: the signed callback. */
  function confirm(
    orderToken: string,
    body: Partial<PartnerCallback> = {},
    opts: { partner?: string; secret?: string; timestamp?: string; tamper?: Partial<PartnerCallback> } = {},
  ) {
    const payload = { orderToken, eventId: `evt-${orderToken}`, status: 'succeeded', amount: String(PRICE), ...body };
    const headers = signedHeaders(opts.secret ?? TELECOM_SECRET, {
      partner: opts.partner ?? telecom.hash,
      timestamp: opts.timestamp ?? unixNow(),
      method: 'POST',
      path: '/payment/callback/mts_pay/',
      fields: callbackFields(partnerCallbackSchema.parse(payload)),
    });
    return app.inject({
      method: 'POST',
      url: '/payment/callback/mts_pay/',
      headers,
      payload: { ...payload, ...opts.tamper },
    });
  }

  async function orderState(orderId: number) {
    const order = await db.query<{ status: string; partner_id: number | null; cashback_percent: number }>(
      'SELECT status, partner_id, cashback_percent FROM orders WHERE id = $1',
      [orderId],
    );
    const payments = await db.query<{ id: string; provider: string; status: string; amount: number }>(
      'SELECT id, provider, status, amount FROM payments WHERE order_id = $1 ORDER BY created_at, id',
      [orderId],
    );
    const tickets = await db.query(`SELECT 1 FROM tickets WHERE order_id = $1 AND status = 'issued'`, [orderId]);
    const mail = await db.query<{ subject: string }>('SELECT subject FROM outbox WHERE order_id = $1 ORDER BY id', [
      orderId,
    ]);
    return {
      ...order.rows[0]!,
      payments: payments.rows,
      tickets: tickets.rows.length,
      mail: mail.rows.map((m) => m.subject),
    };
  }

  it('copies the partner and the cashback of the framed session into the order', async () => {
    const f = await createHallFixture(db);
    // The frame's cashback_value (7) overrides the registration's 5 for this session.
    const framed = await placeOrder([f.seats[0]!], { partnerId: telecom.id, cashbackPercent: 7 });
    expect(await orderState(framed.orderId)).toMatchObject({ partner_id: telecom.id, cashback_percent: 7 });
    const unframed = await placeOrder([f.seats[1]!]);
    expect(await orderState(unframed.orderId)).toMatchObject({ partner_id: null, cashback_percent: 0 });
  });

  it('answers the payment session of a partner-pay order with provider mts_pay, and a normal one with the bank', async () => {
    const f = await createHallFixture(db);
    const order = await telecomOrder([f.seats[0]!, f.seats[1]!]);
    const session = (await order.buyer.post(`/payment/session/${order.orderId}/`, {})).json();
    expect(session).toEqual({
      error: 0,
      provider: 'mts_pay',
      url: `${PUBLIC_URL}/payment/session/${order.orderId}/`,
    });
    // No bank payment was opened for it.
    expect((await orderState(order.orderId)).payments).toEqual([]);

    const normal = await placeOrder([f.seats[2]!]);
    const bank = (await normal.buyer.post(`/payment/session/${normal.orderId}/`, {})).json();
    expect(bank).toMatchObject({ error: 0, provider: 'sandbox', url: '/sandbox-bank/pay/' });
    // A partner without its own pay flow: its orders are paid by card as usual.
    const afisha = await placeOrder([f.seats[3]!], { partnerId: plain.id, cashbackPercent: 3 });
    const card = (await afisha.buyer.post(`/payment/session/${afisha.orderId}/`, {})).json();
    expect(card).toMatchObject({ error: 0, provider: 'sandbox' });
  });

  it('hands the order to the partner, which reads it, takes the money and gets the tickets issued', async () => {
    const f = await createHallFixture(db);
    const order = await telecomOrder([f.seats[0]!, f.seats[1]!]);
    const { notify, status } = await handOver(order);
    expect(status).toBe(200);
    expect(notify).toEqual({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const orderToken: string = notify.uuid;
    expect((await orderState(order.orderId)).payments).toEqual([
      { id: orderToken, provider: 'mts_pay', status: 'created', amount: 2 * PRICE },
    ]);
    // Asking again while the payment is pending hands out the same token.
    expect((await handOver(order)).notify).toEqual({ uuid: orderToken });
    expect((await orderState(order.orderId)).payments).toHaveLength(1);

    const read = await readOrder(orderToken);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      orderToken,
      orderNumber: String(order.orderId),
      amount: 2 * PRICE,
      currency: 'RUB',
      description: `Билеты, заказ № ${order.orderId}`,
      cashbackPercent: 5,
      cashbackAmount: 25_000,
      status: 'pending',
    });
    const waiting = (await order.buyer.get(`/payment/state/${order.orderId}/`)).json();
    expect(waiting).toEqual({ error: 0, status: 'pending' });

    const paid = await confirm(orderToken, { amount: String(2 * PRICE), eventId: 'telecom-pay-1' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ ok: true, result: 'paid' });
    const state = await orderState(order.orderId);
    expect(state).toMatchObject({ status: 'paid', tickets: 2, mail: ['Ваши билеты на «Гамлет»'] });
    expect(state.payments.map((p) => p.status)).toEqual(['succeeded']);

    // The same confirmation again (a retry of the partner's back end) changes nothing.
    const replay = await confirm(orderToken, { amount: String(2 * PRICE), eventId: 'telecom-pay-1' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ ok: true, result: 'replayed' });
    expect(await orderState(order.orderId)).toEqual(state);

    expect((await readOrder(orderToken)).json()).toMatchObject({ status: 'succeeded' });
    const done = (await order.buyer.get(`/payment/state/${order.orderId}/`)).json();
    expect(done).toEqual({
      error: 0,
      status: 'paid',
      redirectUrl: `${PUBLIC_URL}/order/complete/?orderId=${order.orderId}&token=${encodeURIComponent(order.token)}`,
    });
    // A paid order is not handed over again.
    expect((await order.buyer.post('/pay/notifymts', { url: order.url })).json()).toEqual({
      error: 1,
      message: 'Заказ уже оплачен.',
    });
  });

  it('refuses a confirmation with a wrong signature, another partner’s or none, and changes nothing', async () => {
    const f = await createHallFixture(db);
    const order = await telecomOrder([f.seats[0]!]);
    const orderToken: string = (await handOver(order)).notify.uuid;

    const refused = [
      await confirm(orderToken, {}, { secret: 'not-the-telecom-secret' }),
      // Signed by another partner with its own, valid secret: the order is not its to settle.
      await confirm(orderToken, {}, { partner: other.hash, secret: OTHER_SECRET }),
      // A partner without its own pay flow has no notify secret at all.
      await confirm(orderToken, {}, { partner: plain.hash }),
      // The body says something other than what was signed.
      await confirm(orderToken, {}, { tamper: { status: 'declined' } }),
      await app.inject({
        method: 'POST',
        url: '/payment/callback/mts_pay/',
        payload: { orderToken, eventId: 'unsigned', status: 'succeeded', amount: String(PRICE) },
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ok: false, result: 'invalid' });
    }
    expect((await readOrder(orderToken, { secret: 'not-the-telecom-secret' })).statusCode).toBe(403);
    const foreign = await readOrder(orderToken, { partner: other.hash, secret: OTHER_SECRET });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 404, message: 'Заказ не найден' });
    // The signature covers the path: one made for another order does not open this one.
    expect((await readOrder(orderToken, { path: '/partner-pay/orders/other/' })).statusCode).toBe(403);

    const state = await orderState(order.orderId);
    expect(state).toMatchObject({ status: 'new', tickets: 0, mail: [] });
    expect(state.payments.map((p) => p.status)).toEqual(['created']);
    const events = await db.query('SELECT 1 FROM payment_events WHERE payment_id = $1', [orderToken]);
    expect(events.rows).toHaveLength(0);
  });

  it('refuses a stale or future timestamp, so a captured request cannot be replayed later', async () => {
    const f = await createHallFixture(db);
    const order = await telecomOrder([f.seats[0]!]);
    const orderToken: string = (await handOver(order)).notify.uuid;
    const stale = unixNow(-(MAX_CLOCK_SKEW_SECONDS + 1));
    const future = unixNow(MAX_CLOCK_SKEW_SECONDS + 1);
    for (const timestamp of [stale, future, 'yesterday']) {
      expect((await confirm(orderToken, {}, { timestamp })).statusCode).toBe(403);
      expect((await readOrder(orderToken, { timestamp })).statusCode).toBe(403);
    }
    // A request signed a minute ago is still fine.
    expect((await readOrder(orderToken, { timestamp: unixNow(-60) })).statusCode).toBe(200);

    // The very confirmation that was accepted, captured and sent again ten minutes later.
    const sentAt = unixNow();
    expect((await confirm(orderToken, { eventId: 'captured' }, { timestamp: sentAt })).json().result).toBe('paid');
    clock.advance(10 * MIN);
    try {
      expect((await confirm(orderToken, { eventId: 'captured' }, { timestamp: sentAt })).statusCode).toBe(403);
    } finally {
      clock.reset();
    }
    expect((await orderState(order.orderId)).tickets).toBe(1);
  });

  it('refuses a confirmation for another amount than the order’s, then accepts the right one', async () => {
    const f = await createHallFixture(db);
    const order = await telecomOrder([f.seats[0]!, f.seats[1]!]);
    const orderToken: string = (await handOver(order)).notify.uuid;
    const cheap = await confirm(orderToken, { amount: String(PRICE), eventId: 'short' });
    expect(cheap.statusCode).toBe(422);
    expect(cheap.json()).toEqual({ ok: false, result: 'amount-mismatch' });
    const state = await orderState(order.orderId);
    expect(state).toMatchObject({ status: 'new', tickets: 0 });
    expect(state.payments.map((p) => p.status)).toEqual(['created']);
    expect((await readOrder(orderToken)).json()).toMatchObject({ status: 'pending' });

    const right = await confirm(orderToken, { amount: 2 * PRICE, eventId: 'full' });
    expect(right.json()).toEqual({ ok: true, result: 'paid' });
    expect((await orderState(order.orderId)).tickets).toBe(2);
  });

  it('records a decline with the partner’s reason; the buyer may hand the order over again', async () => {
    const f = await createHallFixture(db);
    const order = await telecomOrder([f.seats[0]!]);
    const first: string = (await handOver(order)).notify.uuid;
    const reason = 'Недостаточно средств на счёте';
    const declined = await confirm(first, { status: 'declined', eventId: 'no-money', reason });
    expect(declined.json()).toEqual({ ok: true, result: 'declined' });
    expect((await readOrder(first)).json()).toMatchObject({ status: 'declined' });
    expect((await order.buyer.get(`/payment/state/${order.orderId}/`)).json()).toEqual({
      error: 0,
      status: 'declined',
      message: reason,
    });

    const second: string = (await handOver(order)).notify.uuid;
    expect(second).not.toBe(first);
    expect((await order.buyer.get(`/payment/state/${order.orderId}/`)).json()).toEqual({
      error: 0,
      status: 'pending',
    });
    // The declined token stays declined: a late success for it is ignored.
    expect((await confirm(first, { eventId: 'late-success' })).json()).toEqual({ ok: true, result: 'ignored' });
    expect((await confirm(second, { eventId: 'second-try' })).json()).toEqual({ ok: true, result: 'paid' });
    const state = await orderState(order.orderId);
    expect(state).toMatchObject({ status: 'paid', tickets: 1 });
    expect(state.payments.map((p) => [p.id, p.status]).sort()).toEqual(
      [
        [first, 'declined'],
        [second, 'succeeded'],
      ].sort(),
    );
  });

  it('refunds a confirmation that comes after the places were taken, and says so to both sides', async () => {
    const f = await createHallFixture(db);
    const seats = [f.seats[0]!];
    const order = await telecomOrder(seats);
    const orderToken: string = (await handOver(order)).notify.uuid;
    clock.advance(20 * MIN);
    try {
      const rival = buyer(app);
      expect((await rival.post('/hallPlace/select/', { cypher: seats[0]! })).json().result).toBe(1);
      const late = await confirm(orderToken, { eventId: 'late' });
      expect(late.json()).toEqual({ ok: true, result: 'refunded' });
      expect((await readOrder(orderToken)).json()).toMatchObject({ status: 'refunded' });
      expect((await order.buyer.get(`/payment/state/${order.orderId}/`)).json()).toEqual({
        error: 0,
        status: 'cancelled',
        message: 'Пока шла оплата, места заказа заняли. Деньги вернутся на счёт, а билеты можно выбрать заново.',
      });
      const state = await orderState(order.orderId);
      expect(state).toMatchObject({
        status: 'cancelled',
        tickets: 0,
        mail: [`Заказ № ${order.orderId}: оплата возвращена`],
      });
    } finally {
      clock.reset();
    }
  });

  it('hands over only the buyer’s own partner-pay order', async () => {
    const f = await createHallFixture(db);
    const normal = await placeOrder([f.seats[0]!]);
    const refusal = 'Этот заказ нельзя оплатить в приложении партнёра. Обновите страницу, чтобы оплатить его картой.';
    const notify = (b: Buyer, form: Record<string, string>) => b.post('/pay/notifymts', form).then((r) => r.json());

    expect(await notify(normal.buyer, { url: normal.url })).toEqual({ error: 1, message: refusal });
    const afisha = await placeOrder([f.seats[1]!], { partnerId: plain.id, cashbackPercent: 3 });
    expect(await notify(afisha.buyer, { url: afisha.url })).toEqual({ error: 1, message: refusal });

    const order = await telecomOrder([f.seats[2]!]);
    const stranger = buyer(app);
    expect(await notify(stranger, { url: order.url })).toEqual({ error: 1, message: 'Заказ не найден' });
    expect(await notify(stranger, { url: order.url, params: JSON.stringify({ token: 'not-the-token' }) })).toEqual({
      error: 1,
      message: 'Заказ не найден',
    });
    // The order's token opens it from another session, as it opens the payment session.
    const withToken = await handOver(order, stranger, { token: order.token });
    expect(withToken.session).toMatchObject({ provider: 'mts_pay' });
    expect(withToken.notify.uuid).toMatch(/^[0-9a-f-]{36}$/);

    const badUrl = 'Неверная ссылка на оплату заказа. Обновите страницу и попробуйте ещё раз.';
    for (const url of [
      `javascript:/payment/session/${order.orderId}/`,
      `/payment/bank/${order.orderId}/`,
      '/payment/session/0/',
      '/payment/session/2147483648/',
    ]) {
      expect(await notify(order.buyer, { url }), url).toEqual({ error: 1, message: badUrl });
    }
    // The url only names the order (finding 7b): whatever address it was written with, the order
    // opens for its own buyer alone.
    const elsewhere = `https://other-address.example/payment/session/${order.orderId}/`;
    expect((await notify(order.buyer, { url: elsewhere })).uuid).toBe(withToken.notify.uuid);
    expect(await notify(stranger, { url: elsewhere })).toEqual({ error: 1, message: 'Заказ не найден' });
    // A relative url of this site is the same order.
    expect((await notify(order.buyer, { url: order.url })).uuid).toBe(withToken.notify.uuid);

    const malformed = await order.buyer.post('/pay/notifymts', { params: '{}' });
    expect(malformed.status).toBe(400);
    expect(malformed.json().error).toBe(400);
    const noCsrf = await app.inject({
      method: 'POST',
      url: '/pay/notifymts',
      cookies: { sid: order.buyer.sessionId },
      payload: { url: order.url },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await orderState(normal.orderId)).payments).toEqual([]);
    expect((await orderState(afisha.orderId)).payments).toEqual([]);
  });

  it('registers one payment however many hand-overs arrive at once', async () => {
    const f = await createHallFixture(db);
    const order = await telecomOrder([f.seats[0]!]);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => order.buyer.post('/pay/notifymts', { url: order.url }).then((r) => r.json())),
    );
    const tokens = new Set(answers.map((a) => a.uuid));
    expect(tokens.size).toBe(1);
    expect([...tokens][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect((await orderState(order.orderId)).payments).toHaveLength(1);
  });

  it('tells the payment state only to the order’s buyer', async () => {
    const f = await createHallFixture(db);
    const order = await telecomOrder([f.seats[0]!]);
    const stranger = buyer(app);
    expect((await stranger.get(`/payment/state/${order.orderId}/`)).json()).toEqual({
      error: 1,
      message: 'Заказ не найден',
    });
    const withToken = await stranger.get(`/payment/state/${order.orderId}/?token=${encodeURIComponent(order.token)}`);
    expect(withToken.json()).toEqual({ error: 0, status: 'pending' });
    expect((await stranger.get('/payment/state/abc/')).status).toBe(400);
  });
});
