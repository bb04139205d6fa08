import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { loadConfig, type ServerConfig } from '../src/config.js';
import type { Database } from '../src/db/index.js';
import { csrfTokenFor, issueSessionId } from '../src/http/session.js';
import { signCallback } from '../src/payments/sandbox/provider.js';
import { sandboxKey } from '../src/payments/sandbox/signature.js';
import { getOrderCompletion } from '../src/payments/service.js';
import { claimEntranceTickets, claimPlaces } from '../src/services/holds/index.js';
import { PAYMENT_IN_PROGRESS_MS } from '../src/services/orders/in-progress.js';
import { countMismatches } from './support/counts.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';

const SECRET = 'payment-test-secret';
const PUBLIC_URL = 'http://shop.test';
const MIN = 60_000;

type Notification = Parameters<typeof signCallback>[1];
const PRICE = 250_000;

const config: ServerConfig = {
  ...loadConfig({}),
  publicUrl: PUBLIC_URL,
  csrfSecret: SECRET,
  production: false,
  devTools: true,
};

/** The HTML pages escape with numeric entities; links read back as the browser would. */
function decodeEntities(s: string): string {
  return s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');
}

function newSessionId(): string {
  return issueSessionId(SECRET);
}

interface Buyer {
  sessionId: string;
  orderId: number;
  accessToken: string;
  total: number;
}

describeEachDatabase('payment', (get) => {
  let app: FastifyInstance;
  let db: Database;
  // Time stands still unless a test moves it, so paid_at and hold expiry are exact.
  const start = new Date(Math.floor(Date.now() / 1000) * 1000);
  const clock = new ManualClock({ now: () => start });

  beforeAll(async () => {
    db = get().db;
    app = await buildApp({ db, clock, config });
  });
  afterAll(async () => {
    await app.close();
  });

  /** Holds the places (and entrance tickets) for a buyer and makes the order from them, as checkout would. */
  async function placeOrder(
    f: HallFixture,
    opts: { seats: number[]; entrance?: number; sessionId?: string; email?: string },
  ): Promise<Buyer> {
    const sessionId = opts.sessionId ?? newSessionId();
    const now = clock.now();
    const heldUntil = new Date(now.getTime() + 15 * MIN);
    return db.transaction(async (tx) => {
      if (opts.seats.length > 0) {
        const claim = await claimPlaces(tx, { performancePlaceIds: opts.seats, sessionId, heldUntil, now });
        expect(claim.ok).toBe(true);
      }
      if (opts.entrance) {
        const claim = await claimEntranceTickets(tx, {
          performanceSectionId: f.performanceSectionId,
          sessionId,
          count: opts.entrance,
          tariffId: f.tariffId,
          heldUntil,
          now,
        });
        expect(claim.ok).toBe(true);
      }
      const accessToken = randomBytes(24).toString('base64url');
      const total = (opts.seats.length + (opts.entrance ?? 0)) * PRICE;
      const order = await tx.query<{ id: number }>(
        `INSERT INTO orders (session_id, access_token, status, email, first_name, surname, payment_method,
                             delivery_method, total, created_at)
         VALUES ($1, $2, 'new', $3, 'Анна', 'Иванова', 'card', 'eticket', $4, $5) RETURNING id`,
        [sessionId, accessToken, opts.email ?? 'anna@example.test', total, now],
      );
      const orderId = order.rows[0]!.id;
      for (const seat of opts.seats) {
        await tx.query(
          `INSERT INTO order_items (order_id, performance_id, performance_place_id, tariff_id, ticket_count, price)
           VALUES ($1, $2, $3, $4, 1, $5)`,
          [orderId, f.performanceId, seat, f.tariffId, PRICE],
        );
      }
      if (opts.entrance) {
        await tx.query(
          `INSERT INTO order_items (order_id, performance_id, performance_section_id, tariff_id, ticket_count, price)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [orderId, f.performanceId, f.performanceSectionId, f.tariffId, opts.entrance, PRICE],
        );
      }
      return { sessionId, orderId, accessToken, total };
    });
  }

  async function startSession(buyer: Pick<Buyer, 'orderId' | 'sessionId'>, body: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: `/payment/session/${buyer.orderId}/`,
      cookies: { sid: buyer.sessionId },
      headers: { 'x-csrf-token': csrfTokenFor(buyer.sessionId, SECRET) },
      payload: body,
    });
  }

  async function paymentIdFor(buyer: Buyer): Promise<string> {
    const res = await startSession(buyer);
    expect(res.statusCode).toBe(200);
    return res.json().get.mdOrder;
  }

  function submitCard(paymentId: string, pan: string) {
    return app.inject({
      method: 'POST',
      url: '/sandbox-bank/pay/',
      payload: { mdOrder: paymentId, pan, expiry: '12/39', cvc: '123', holder: 'ANNA IVANOVA' },
    });
  }

  function returnLink(html: string): string {
    const m = /<a id="return" href="([^"]+)" target="_parent">/.exec(html);
    expect(m, 'the bank page sends the buyer back').not.toBeNull();
    return decodeEntities(m![1]!);
  }

  async function orderState(orderId: number) {
    const order = await db.query<{ status: string; paid_at: Date | null }>(
      'SELECT status, paid_at FROM orders WHERE id = $1',
      [orderId],
    );
    const payments = await db.query<{ id: string; status: string; decline_reason: string | null }>(
      'SELECT id, status, decline_reason FROM payments WHERE order_id = $1 ORDER BY created_at, id',
      [orderId],
    );
    const tickets = await db.query<{ code: string; performance_place_id: number | null }>(
      `SELECT code, performance_place_id FROM tickets WHERE order_id = $1 AND status = 'issued' ORDER BY id`,
      [orderId],
    );
    const mail = await db.query<{ subject: string; body_text: string; attachments: unknown; id: number }>(
      'SELECT id, subject, body_text, attachments FROM outbox WHERE order_id = $1 ORDER BY id',
      [orderId],
    );
    return {
      status: order.rows[0]!.status,
      paidAt: order.rows[0]!.paid_at,
      payments: payments.rows,
      tickets: tickets.rows,
      mail: mail.rows,
    };
  }

  async function placeStates(ids: number[]) {
    const r = await db.query<{ id: number; state: number; hold_session_id: string | null; order_id: number | null }>(
      'SELECT id, state, hold_session_id, order_id FROM performance_places WHERE id = ANY($1::int[]) ORDER BY id',
      [ids],
    );
    return r.rows;
  }

  it('answers the payment session in the spec shape and only to the order’s buyer', async () => {
    const f = await createHallFixture(db);
    const buyer = await placeOrder(f, { seats: [f.seats[0]!, f.seats[1]!] });

    const res = await startSession(buyer);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      error: 0,
      url: '/sandbox-bank/pay/',
      get: { mdOrder: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      provider: 'sandbox',
    });
    const payment = await db.query<{ status: string; amount: number; provider: string }>(
      'SELECT status, amount, provider FROM payments WHERE id = $1',
      [answer.get.mdOrder],
    );
    expect(payment.rows).toEqual([{ status: 'created', amount: 2 * PRICE, provider: 'sandbox' }]);

    // Another session without the order's token does not learn the order exists.
    const stranger = await startSession({ orderId: buyer.orderId, sessionId: newSessionId() });
    expect(stranger.json()).toEqual({ error: 1, message: 'Заказ не найден' });
    // The order's token opens it from another device (the link of the e-mail, a mobile bank page):
    // the payment in progress answers again (decision 0047), no second one is registered.
    const withToken = await startSession(
      { orderId: buyer.orderId, sessionId: newSessionId() },
      { token: buyer.accessToken },
    );
    expect(withToken.json()).toEqual(answer);
    // A state-changing post without the CSRF token changes nothing.
    const noCsrf = await app.inject({
      method: 'POST',
      url: `/payment/session/${buyer.orderId}/`,
      cookies: { sid: buyer.sessionId },
      payload: {},
    });
    expect(noCsrf.statusCode).toBe(403);
    const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [
      buyer.orderId,
    ]);
    expect(count.rows[0]!.n).toBe(1);
  });

  it('shows a hosted card page in Russian with the amount, the order and the test cards', async () => {
    const f = await createHallFixture(db);
    const buyer = await placeOrder(f, { seats: [f.seats[0]!, f.seats[1]!] });
    const paymentId = await paymentIdFor(buyer);
    const page = await app.inject({ method: 'GET', url: `/sandbox-bank/pay/?mdOrder=${paymentId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const html = page.body;
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('Partera');
    expect(html).toContain(`№&nbsp;${buyer.orderId}`);
    expect(html).toContain('5\u00a0000,00\u00a0₽');
    for (const label of ['Номер карты', 'Срок действия', 'CVC', 'Владелец карты', 'Тестовые карты']) {
      expect(html).toContain(label);
    }
    expect(html).toContain('placeholder="ММ/ГГ"');
    for (const card of ['4111 1111 1111 1111', '4000 0000 0000 0002', '4000 0000 0000 3220'])
      expect(html).toContain(card);

    const bad = await app.inject({
      method: 'POST',
      url: '/sandbox-bank/pay/',
      payload: { mdOrder: paymentId, pan: '4111 1111 1111 1112', expiry: '13/30', cvc: '1', holder: '' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Неверный номер карты');
    expect(bad.body).toContain('Введите срок действия в формате ММ/ГГ');
    expect((await orderState(buyer.orderId)).payments[0]!.status).toBe('created');

    const missing = await app.inject({ method: 'GET', url: '/sandbox-bank/pay/?mdOrder=nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Платёж не найден');
  });

  it('pays with the success card: the order is paid, one ticket per place, the e-mail carries the PDFs', async () => {
    const f = await createHallFixture(db);
    const seats = [f.seats[2]!, f.seats[3]!];
    const buyer = await placeOrder(f, { seats, entrance: 2 });
    const paymentId = await paymentIdFor(buyer);

    const bank = await submitCard(paymentId, '4111 1111 1111 1111');
    expect(bank.statusCode).toBe(200);
    expect(bank.body).toContain('Оплата прошла успешно');
    expect(returnLink(bank.body)).toBe(
      `${PUBLIC_URL}/order/complete/?orderId=${buyer.orderId}&token=${encodeURIComponent(buyer.accessToken)}`,
    );
    // Spec 4.9: the checkout hears the outcome with the return URL, addressed to the shop only.
    const message = JSON.stringify({
      type: 'provider-pay-success',
      returnUrl: `${PUBLIC_URL}/order/complete/?orderId=${buyer.orderId}&token=${encodeURIComponent(buyer.accessToken)}`,
    }).replace(/</g, '\\u003c');
    expect(bank.body).toContain(`parent.postMessage(${message},${JSON.stringify(new URL(PUBLIC_URL).origin)})`);

    const state = await orderState(buyer.orderId);
    expect(state.status).toBe('paid');
    expect(new Date(state.paidAt!).toISOString()).toBe(clock.now().toISOString());
    expect(state.payments.map((p) => p.status)).toEqual(['succeeded']);
    expect(state.tickets).toHaveLength(4);
    expect(state.tickets.filter((t) => t.performance_place_id !== null).map((t) => t.performance_place_id)).toEqual(
      seats,
    );
    expect(new Set(state.tickets.map((t) => t.code)).size).toBe(4);
    expect(await placeStates(seats)).toEqual(
      seats.map((id) => ({ id, state: 2, hold_session_id: null, order_id: buyer.orderId })),
    );
    const holds = await db.query('SELECT 1 FROM entrance_holds WHERE session_id = $1', [buyer.sessionId]);
    expect(holds.rows).toHaveLength(0);

    expect(state.mail).toHaveLength(1);
    const mail = state.mail[0]!;
    expect(mail.subject).toBe('Ваши билеты на «Гамлет»');
    expect(mail.body_text).toContain(`Заказ № ${buyer.orderId} оплачен`);
    expect(mail.body_text).toContain('Партер, ряд 1, место 3');
    expect(mail.body_text).toContain('Танцпол, входной билет');
    expect(mail.body_text).toContain(`${PUBLIC_URL}/order/complete/?orderId=${buyer.orderId}&token=`);
    const attachments = mail.attachments as Array<{ filename: string; contentType: string; url: string }>;
    expect(attachments).toHaveLength(4);
    expect(attachments.map((a) => a.filename)).toEqual(state.tickets.map((t) => `bilet-${t.code}.pdf`));
    // The outbox page's attachment link renders the ticket PDF.
    const link = await app.inject({ method: 'GET', url: `/dev/outbox/${mail.id}/attachments/0` });
    expect(link.statusCode).toBe(302);
    const pdf = await app.inject({ method: 'GET', url: link.headers.location as string });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const completion = await getOrderCompletion({ db }, buyer.orderId, buyer.accessToken);
    expect(completion?.order).toMatchObject({ number: String(buyer.orderId), status: 'paid', total: 4 * PRICE });
    expect(completion?.tickets[0]).toMatchObject({
      showName: 'Гамлет',
      buildingName: 'Театр на Остоженке',
      hallName: 'Основная сцена',
      sectionName: 'Партер',
      row: '1',
      place: '3',
      price: PRICE,
    });
    expect(completion?.allTicketsPdfUrl).toBe(
      `/order/tickets/${buyer.orderId}.pdf?token=${encodeURIComponent(buyer.accessToken)}`,
    );
    expect(await getOrderCompletion({ db }, buyer.orderId, 'wrong-token')).toBeNull();
  });

  it('applies a replayed callback once: the same event changes nothing and answers 200', async () => {
    const f = await createHallFixture(db);
    const buyer = await placeOrder(f, { seats: [f.seats[4]!] });
    const paymentId = await paymentIdFor(buyer);
    await submitCard(paymentId, '4111111111111111');
    const before = await orderState(buyer.orderId);
    expect(before.status).toBe('paid');

    // The bank's notification, exactly as it was sent (the event is stored with its payload).
    const event = await db.query<{ payload: Notification }>(
      'SELECT payload FROM payment_events WHERE payment_id = $1',
      [paymentId],
    );
    const notification = signCallback(sandboxKey(SECRET), event.rows[0]!.payload);
    const replay = await app.inject({ method: 'POST', url: '/payment/callback/sandbox/', payload: notification });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ ok: true, result: 'replayed' });

    // A fresh notification of the same success (another event id) does not sell twice either.
    const again = await app.inject({
      method: 'POST',
      url: '/payment/callback/sandbox/',
      payload: signCallback(sandboxKey(SECRET), { ...event.rows[0]!.payload, eventId: 'retry-1' }),
    });
    expect(again.json()).toEqual({ ok: true, result: 'ignored' });

    const after = await orderState(buyer.orderId);
    expect(after).toEqual(before);
    const events = await db.query('SELECT 1 FROM payment_events WHERE payment_id = $1', [paymentId]);
    expect(events.rows).toHaveLength(2);
  });

  it('applies one of many simultaneous deliveries of the same event', async () => {
    const f = await createHallFixture(db);
    const buyer = await placeOrder(f, { seats: [f.seats[5]!, f.seats[6]!] });
    const paymentId = await paymentIdFor(buyer);
    const notification = signCallback(sandboxKey(SECRET), {
      eventId: `burst-${paymentId}`,
      mdOrder: paymentId,
      orderNumber: String(buyer.orderId),
      operation: 'deposited',
      status: '1',
      amount: String(buyer.total),
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        app.inject({ method: 'POST', url: '/payment/callback/sandbox/', payload: notification }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    const results = answers.map((a) => a.json().result).sort();
    expect(results).toEqual(['paid', 'replayed', 'replayed', 'replayed', 'replayed', 'replayed']);
    const state = await orderState(buyer.orderId);
    expect(state.tickets).toHaveLength(2);
    expect(state.mail).toHaveLength(1);
  });

  it('issue 9: every callback of a payment replayed 10 times and out of order gives one payment and one set of tickets', async () => {
    const f = await createHallFixture(db);
    const buyer = await placeOrder(f, { seats: [f.seats[7]!, f.seats[8]!] });
    const paymentId = await paymentIdFor(buyer);
    const event = (eventId: string, operation: Notification['operation'], status: Notification['status']) =>
      signCallback(sandboxKey(SECRET), {
        eventId,
        mdOrder: paymentId,
        orderNumber: String(buyer.orderId),
        operation,
        status,
        amount: String(buyer.total),
      });
    // The bank's success notice comes first; then everything it may send about the payment (the
    // success again, a second success notice with its own id, a stale decline) arrives 10 times
    // each, shuffled, some at once.
    const first = await app.inject({
      method: 'POST',
      url: '/payment/callback/sandbox/',
      payload: event('s-1', 'deposited', '1'),
    });
    expect(first.json()).toEqual({ ok: true, result: 'paid' });
    const events = [event('d-1', 'declined', '0'), event('s-1', 'deposited', '1'), event('s-2', 'deposited', '1')];
    const deliveries = events.flatMap((e) => Array.from({ length: 10 }, () => e));
    let seed = 7;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }
    const answers = [];
    for (let i = 0; i < deliveries.length; i += 5) {
      answers.push(
        ...(await Promise.all(
          deliveries
            .slice(i, i + 5)
            .map((payload) => app.inject({ method: 'POST', url: '/payment/callback/sandbox/', payload })),
        )),
      );
    }
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));

    const state = await orderState(buyer.orderId);
    expect(state.status).toBe('paid');
    expect(state.tickets).toHaveLength(2);
    expect(state.mail).toHaveLength(1);
    const payments = await db.query<{ status: string }>('SELECT status FROM payments WHERE order_id = $1', [
      buyer.orderId,
    ]);
    expect(payments.rows).toEqual([{ status: 'succeeded' }]);
    // Each event applied once: three rows, whatever the number of deliveries.
    const applied = await db.query('SELECT event_id FROM payment_events WHERE payment_id = $1', [paymentId]);
    expect(applied.rows).toHaveLength(3);
    const issued = await db.query(
      `SELECT performance_place_id FROM tickets WHERE status = 'issued' AND performance_place_id = ANY($1::int[])`,
      [[f.seats[7], f.seats[8]]],
    );
    expect(issued.rows).toHaveLength(2);
  });

  it('refuses a callback with a bad signature with 403 and changes nothing', async () => {
    const f = await createHallFixture(db);
    const buyer = await placeOrder(f, { seats: [f.seats[7]!] });
    const paymentId = await paymentIdFor(buyer);
    const genuine = signCallback(sandboxKey(SECRET), {
      eventId: 'forged-1',
      mdOrder: paymentId,
      orderNumber: String(buyer.orderId),
      operation: 'deposited',
      status: '1',
      amount: String(buyer.total),
    });
    const forgedKey = signCallback(sandboxKey('another-secret'), { ...genuine });
    const tampered = { ...genuine, amount: '1' };
    const { checksum: _, ...unsigned } = genuine;
    for (const payload of [forgedKey, tampered, unsigned, { hello: 'world' }]) {
      const res = await app.inject({ method: 'POST', url: '/payment/callback/sandbox/', payload });
      expect(res.statusCode).toBe(403);
    }
    const unknownProvider = await app.inject({ method: 'POST', url: '/payment/callback/nobank/', payload: genuine });
    expect(unknownProvider.statusCode).toBe(404);

    const state = await orderState(buyer.orderId);
    expect(state.status).toBe('new');
    expect(state.payments.map((p) => p.status)).toEqual(['created']);
    expect(state.tickets).toEqual([]);
    const events = await db.query('SELECT 1 FROM payment_events WHERE payment_id = $1', [paymentId]);
    expect(events.rows).toHaveLength(0);
  });

  it('declines the decline card: the order stays new, the places stay held, and the buyer can pay again', async () => {
    const f = await createHallFixture(db);
    const seats = [f.seats[8]!, f.seats[9]!];
    const buyer = await placeOrder(f, { seats });
    const heldBefore = await placeStates(seats);
    const paymentId = await paymentIdFor(buyer);

    const bank = await submitCard(paymentId, '4000 0000 0000 0002');
    expect(bank.body).toContain('Операция отклонена банком-эмитентом');
    expect(returnLink(bank.body)).toBe(`${PUBLIC_URL}/shopcart/?payment=failed&orderId=${buyer.orderId}`);

    const state = await orderState(buyer.orderId);
    expect(state.status).toBe('new');
    expect(state.payments).toEqual([
      { id: paymentId, status: 'declined', decline_reason: 'Операция отклонена банком-эмитентом' },
    ]);
    expect(state.tickets).toEqual([]);
    expect(state.mail).toEqual([]);
    expect(await placeStates(seats)).toEqual(heldBefore);
    expect(heldBefore.every((p) => p.state === 1 && p.hold_session_id === buyer.sessionId)).toBe(true);
    const completion = await getOrderCompletion({ db }, buyer.orderId, buyer.accessToken);
    expect(completion?.lastPayment).toEqual({
      status: 'declined',
      declineReason: 'Операция отклонена банком-эмитентом',
    });

    // The finished payment cannot be tried again on the bank page; a new session can.
    const reopened = await app.inject({ method: 'GET', url: `/sandbox-bank/pay/?mdOrder=${paymentId}` });
    expect(reopened.body).toContain('Этот платёж уже обработан');
    const second = await paymentIdFor(buyer);
    await submitCard(second, '4111 1111 1111 1111');
    const paid = await orderState(buyer.orderId);
    expect(paid.status).toBe('paid');
    expect(paid.tickets).toHaveLength(2);
  });

  it('asks for the 3-D Secure code: the right code pays, a wrong one declines', async () => {
    const f = await createHallFixture(db);
    const good = await placeOrder(f, { seats: [f.seats[10]!] });
    const bad = await placeOrder(f, { seats: [f.seats[11]!] });

    async function confirm(buyer: Buyer, code: string) {
      const paymentId = await paymentIdFor(buyer);
      const step = await submitCard(paymentId, '4000000000003220');
      expect(step.statusCode).toBe(200);
      expect(step.body).toContain('Подтверждение покупки');
      expect(step.body).toContain('12345');
      expect(step.body).toContain('Подтвердить');
      expect(step.body).toContain('•••• 3220');
      // Nothing is decided before the code.
      expect((await orderState(buyer.orderId)).payments.at(-1)!.status).toBe('created');
      const token = decodeEntities(/name="token" value="([^"]+)"/.exec(step.body)![1]!);
      return app.inject({ method: 'POST', url: '/sandbox-bank/3ds/', payload: { mdOrder: paymentId, token, code } });
    }

    const ok = await confirm(good, '12345');
    expect(returnLink(ok.body)).toContain('/order/complete/');
    const goodState = await orderState(good.orderId);
    expect(goodState.status).toBe('paid');
    expect(goodState.tickets).toHaveLength(1);

    const wrong = await confirm(bad, '54321');
    expect(wrong.body).toContain('Неверный код подтверждения');
    expect(returnLink(wrong.body)).toBe(`${PUBLIC_URL}/shopcart/?payment=failed&orderId=${bad.orderId}`);
    const badState = await orderState(bad.orderId);
    expect(badState.status).toBe('new');
    expect(badState.payments.map((p) => p.status)).toEqual(['declined']);
    expect(badState.tickets).toEqual([]);

    // A forged 3-D Secure step (no valid token) does not pay.
    const third = await placeOrder(f, { seats: [f.seats[12]!] });
    const thirdPayment = await paymentIdFor(third);
    const forged = await app.inject({
      method: 'POST',
      url: '/sandbox-bank/3ds/',
      payload: { mdOrder: thirdPayment, token: 'x', code: '12345' },
    });
    expect(forged.body).toContain('Сеанс подтверждения устарел');
    expect((await orderState(third.orderId)).status).toBe('new');
  });

  it('refunds a late payment whose places another buyer took, and cancels the order', async () => {
    const f = await createHallFixture(db);
    const seats = [f.seats[13]!, f.seats[14]!];
    const late = await placeOrder(f, { seats, email: 'late@example.test' });
    const paymentId = await paymentIdFor(late);

    // The hold lapses while the buyer is on the bank page, and someone else takes one seat.
    clock.advance(20 * MIN);
    const other = await placeOrder(f, { seats: [seats[1]!] });
    const otherPlaces = await placeStates([seats[1]!]);

    const bank = await submitCard(paymentId, '4111 1111 1111 1111');
    expect(bank.statusCode).toBe(200);

    const state = await orderState(late.orderId);
    expect(state.status).toBe('cancelled');
    expect(state.payments.map((p) => p.status)).toEqual(['refunded']);
    expect(state.tickets).toEqual([]);
    expect(await placeStates([seats[1]!])).toEqual(otherPlaces);
    expect(otherPlaces[0]).toMatchObject({ state: 1, hold_session_id: other.sessionId });
    // The seat nobody took was not sold to the cancelled order either.
    expect((await placeStates([seats[0]!]))[0]).toMatchObject({ order_id: null });
    expect(state.mail).toHaveLength(1);
    expect(state.mail[0]!.subject).toBe(`Заказ № ${late.orderId}: оплата возвращена`);
    expect(state.mail[0]!.body_text).toContain('Мы автоматически вернули 5\u00a0000\u00a0₽');
    expect(state.mail[0]!.body_text).toContain(`${PUBLIC_URL}/performance/${f.performanceId}/`);
    expect(await countMismatches(db)).toEqual([]);
    clock.reset();
  });

  it('sells a late payment when its lapsed places are still free', async () => {
    const f = await createHallFixture(db);
    const seats = [f.seats[15]!];
    const buyer = await placeOrder(f, { seats });
    const paymentId = await paymentIdFor(buyer);
    clock.advance(30 * MIN);
    await submitCard(paymentId, '4111 1111 1111 1111');
    const state = await orderState(buyer.orderId);
    expect(state.status).toBe('paid');
    expect(state.tickets).toHaveLength(1);
    // The sale moved the availability numbers too: one place sold, none held.
    expect(await countMismatches(db)).toEqual([]);
    const kept = await db.query('SELECT free, held, sold FROM place_counts WHERE performance_id = $1', [
      f.performanceId,
    ]);
    expect(kept.rows).toEqual([{ free: f.seats.length + 3, held: 0, sold: 1 }]);
    clock.reset();
  });

  it('refunds a second payment of an already paid order', async () => {
    const f = await createHallFixture(db);
    const buyer = await placeOrder(f, { seats: [f.seats[16]!] });
    const first = await paymentIdFor(buyer);
    expect(await paymentIdFor(buyer)).toBe(first);
    // A bank form left open past its time: the next session registers a second payment.
    clock.advance(PAYMENT_IN_PROGRESS_MS + 1000);
    const second = await paymentIdFor(buyer);
    expect(second).not.toBe(first);
    await submitCard(first, '4111 1111 1111 1111');
    await submitCard(second, '4111 1111 1111 1111');
    const state = await orderState(buyer.orderId);
    expect(state.status).toBe('paid');
    expect(state.tickets).toHaveLength(1);
    expect(state.payments.map((p) => [p.id, p.status]).sort()).toEqual(
      [
        [first, 'succeeded'],
        [second, 'refunded'],
      ].sort(),
    );
    expect(state.mail.map((m) => m.subject)).toEqual([
      'Ваши билеты на «Гамлет»',
      `Заказ № ${buyer.orderId}: оплата возвращена`,
    ]);
    // Paying a paid order again only sends the buyer to the completion page.
    const res = await startSession(buyer);
    expect(res.json()).toEqual({ error: 0, redirectUrl: expect.stringContaining('/order/complete/') });
  });
});
