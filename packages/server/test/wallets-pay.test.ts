/**
 * Device wallets and SBP against the sandbox bank (hall-basket-checkout.md 4.10, 7.6, 8.5;
 * decision 0036): the browser wallet's token paid at once, declined, or through the 3-D Secure
 * form; the phone-maker wallet's merchant validation only for the wallet's own hosts (a server-side
 * request forgery otherwise) and its token; SBP by QR code, one payment per order, settled by
 * the bank's signed notification (a replay changes nothing); only the buyer's own order, for
 * its own amount; the token never kept.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/index.js';
import { DECLINE_REASON } from '../src/payments/sandbox/cards.js';
import { BAD_WALLET_TOKEN } from '../src/payments/sandbox/provider.js';
import { sandboxKey, stepToken } from '../src/payments/sandbox/signature.js';
import { claimPlaces } from '../src/services/holds/index.js';
import { getOrderCompletion } from '../src/tickets/completion.js';
import { formatOrderNumber } from '../src/tickets/format.js';
import { giftsLine } from '../src/tickets/pdf.js';
import { loadOrderTickets } from '../src/tickets/query.js';
import { tableBookingKey, verifyTableBookingToken } from '../src/tickets/table-booking.js';
import { orderBooks } from './support/acquirers/harness.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

const SECRET = 'test-secret';
const NOT_FOUND = 'Заказ не найден';
const PRICE = 250_000;

/** A browser wallet's token as the sandbox reads it (the wallet's documented shape). */
function googleToken(details: { pan?: string; authMethod?: string }): string {
  return JSON.stringify({
    protocolVersion: 'ECv2',
    signature: 'MEQCIH6Q4OwQ0jAceFEkGF0JID6sJNXxOEi4r+mA7biRxqBQAiAondqoUpU/bdsrAOpZIsrHQS9nwiiNwOrr24RyPeHA0Q==',
    signedMessage: JSON.stringify({ paymentMethodDetails: details, messageExpiration: '1999999999999' }),
  });
}

const appleToken = (displayName: string) => ({
  paymentData: { version: 'EC_v1', data: 'c2FuZGJveA==', signature: 'c2ln', header: { transactionId: 'ab12' } },
  paymentMethod: { displayName, network: 'Visa', type: 'debit' },
  transactionIdentifier: 'F0A1',
});

describeEachDatabase('device wallets and SBP', (get) => {
  let app: FastifyInstance;
  let db: Database;
  beforeAll(async () => {
    db = get().db;
    ({ app } = await buildTestApp(db));
  });
  afterEach(() => vi.restoreAllMocks());

  /**
   * A buyer's order of one held seat (card, e-ticket), made as order creation leaves it (the
   * checkout's order calls are another suite's): its id and access token.
   */
  async function order(gifts = 0): Promise<{ b: Buyer; orderId: number; token: string }> {
    const f = await createHallFixture(db);
    const b = buyer(app);
    const now = new Date();
    const token = randomBytes(24).toString('base64url');
    const orderId = await db.transaction(async (tx) => {
      const claim = await claimPlaces(tx, {
        performancePlaceIds: [f.seats[0]!],
        sessionId: b.sessionId,
        heldUntil: new Date(now.getTime() + 15 * 60_000),
        now,
      });
      expect(claim.ok).toBe(true);
      const r = await tx.query<{ id: number }>(
        `INSERT INTO orders (session_id, access_token, status, email, first_name, surname, payment_method,
                             delivery_method, total, created_at)
         VALUES ($1, $2, 'new', 'anna@example.test', 'Анна', 'Иванова', 'card', 'eticket', $3, $4) RETURNING id`,
        [b.sessionId, token, PRICE, now],
      );
      const id = r.rows[0]!.id;
      await tx.query(
        `INSERT INTO order_items (order_id, performance_id, performance_place_id, tariff_id, ticket_count, price, gifts_count)
         VALUES ($1, $2, $3, $4, 1, $5, $6)`,
        [id, f.performanceId, f.seats[0]!, f.tariffId, PRICE, gifts],
      );
      return id;
    });
    return { b, orderId, token };
  }

  const payments = async (orderId: number) =>
    (
      await db.query<{ status: string; method: string; provider: string }>(
        'SELECT status, method, provider FROM payments WHERE order_id = $1 ORDER BY created_at, id',
        [orderId],
      )
    ).rows;

  it('pays by the browser wallet at once, for the order’s amount, and keeps no token', async () => {
    const { b, orderId } = await order();
    const token = googleToken({ authMethod: 'CRYPTOGRAM_3DS' });
    const r = (await b.post('/pay/googlepayproceed/', { orderId, token, amount: 1 })).json();
    expect(r).toEqual({ error: 0, url: expect.stringContaining(`/order/complete/?orderId=${orderId}&token=`) });
    expect(await orderBooks(db, orderId)).toMatchObject({ status: 'paid', tickets: 1, mail: [expect.any(String)] });
    expect(await payments(orderId)).toEqual([{ status: 'succeeded', method: 'google_pay', provider: 'sandbox' }]);
    const events = await db.query<{ payload: unknown }>(
      `SELECT e.payload FROM payment_events e JOIN payments p ON p.id = e.payment_id WHERE p.order_id = $1`,
      [orderId],
    );
    expect(JSON.stringify(events.rows)).not.toContain('signedMessage');
    // Asked again (a double click): the order is paid, nothing more is charged.
    expect((await b.post('/pay/googlepayproceed/', { orderId, token })).json().error).toBe(0);
    expect(await payments(orderId)).toHaveLength(1);
  });

  it('answers the 3-D Secure step; the bank’s ACS page takes only its own PaReq, and the code pays', async () => {
    const { b, orderId } = await order();
    const r = (
      await b.post('/pay/googlepayproceed/', { orderId, token: googleToken({ authMethod: 'PAN_ONLY' }) })
    ).json();
    expect(r).toEqual({
      error: 0,
      data: {
        data: {
          acsUrl: expect.stringMatching(/\/sandbox-bank\/acs\/$/),
          orderId: expect.any(String),
          paReq: expect.any(String),
          termUrl: expect.stringContaining(`/order/complete/?orderId=${orderId}`),
        },
      },
    });
    const { orderId: md, paReq } = r.data.data;
    const acs = (form: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/sandbox-bank/acs/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
    // A PaReq made up, or another payment's, opens nothing.
    expect((await acs({ MD: md, PaReq: 'forged', TermUrl: 'https://evil.test/' })).statusCode).toBe(404);
    expect((await acs({ MD: md, PaReq: stepToken(sandboxKey(SECRET), '3ds', 'other'), TermUrl: '' })).statusCode).toBe(
      404,
    );
    const page = await acs({ MD: md, PaReq: paReq, TermUrl: r.data.data.termUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Подтверждение покупки');
    expect((await orderBooks(db, orderId)).status).toBe('new');
    const done = await app.inject({
      method: 'POST',
      url: '/sandbox-bank/3ds/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ mdOrder: md, token: paReq, code: '12345' }).toString(),
    });
    expect(done.body).toContain('Оплата прошла успешно');
    expect(await orderBooks(db, orderId)).toMatchObject({ status: 'paid', tickets: 1 });
  });

  it('tells a declined card and an unreadable or empty token in the spec’s words; the order can be paid again', async () => {
    const { b, orderId } = await order();
    const declined = (
      await b.post('/pay/googlepayproceed/', { orderId, token: googleToken({ pan: '4000000000000002' }) })
    ).json();
    expect(declined).toEqual({ error: 1, message: DECLINE_REASON });
    expect((await b.post('/pay/googlepayproceed/', { orderId, token: '{"not":"a token"}' })).json()).toEqual({
      error: 1,
      message: BAD_WALLET_TOKEN,
    });
    expect((await b.post('/pay/googlepayproceed/', { orderId, token: '   ' })).json()).toEqual({
      error: 1,
      message: 'Произошла ошибка в процессе оплаты.',
    });
    expect((await orderBooks(db, orderId)).status).toBe('new');
    expect((await payments(orderId)).map((p) => p.status)).toEqual(['declined', 'declined']);
    const r = (
      await b.post('/pay/googlepayproceed/', { orderId, token: googleToken({ pan: '4111111111111111' }) })
    ).json();
    expect(r.error).toBe(0);
  });

  it('pays only the buyer’s own order: another session or a forged order token learns nothing', async () => {
    const { orderId, token } = await order();
    const stranger = buyer(app);
    const wallet = googleToken({ authMethod: 'CRYPTOGRAM_3DS' });
    // The forged token differs from the real one in its last character, whatever that is.
    const forged = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    const forms: Record<string, string | number>[] = [
      { orderId, token: wallet },
      { orderId, token: wallet, orderToken: forged },
    ];
    for (const form of forms) {
      expect((await stranger.post('/pay/googlepayproceed/', form)).json()).toEqual({ error: 1, message: NOT_FOUND });
    }
    expect(
      (
        await stranger.post('/pay/applepayproceed/', { orderId, token: JSON.stringify(appleToken('Visa 1111')) })
      ).json(),
    ).toEqual({
      error: 1,
      message: NOT_FOUND,
    });
    expect((await stranger.post(`/payment/sbp/${orderId}/`, {})).json()).toEqual({ error: 1, message: NOT_FOUND });
    expect((await stranger.get(`/bartello/auth/?orderId=${orderId}`)).json()).toEqual({ error: 1, message: NOT_FOUND });
    expect(await payments(orderId)).toEqual([]);
    // The order's own token (the e-mail link on another device) opens it.
    const r = (await stranger.post('/pay/googlepayproceed/', { orderId, token: wallet, orderToken: token })).json();
    expect(r.error).toBe(0);
  });

  it('validates the phone-maker wallet’s merchant only with the wallet’s own hosts, and makes no other request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const b = buyer(app);
    const refused = [
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:5432/',
      'https://apple-pay-gateway.apple.com.evil.test/paymentservices/startSession',
      'https://evil.test/?apple-pay-gateway.apple.com/paymentservices/',
      'https://user:pw@apple-pay-gateway.apple.com/paymentservices/startSession',
      'https://apple-pay-gateway.apple.com:8443/paymentservices/startSession',
      'http://apple-pay-gateway.apple.com/paymentservices/startSession',
      'https://apple-pay-gateway.apple.com/admin',
      'file:///etc/passwd',
      'not a url',
    ];
    for (const url of refused) {
      expect((await b.get(`/pay/applepaysession/?url=${encodeURIComponent(url)}`)).json(), url).toEqual({
        error: 1,
        message: 'Непредвиденная ошибка оплаты.',
      });
    }
    expect(fetchSpy).not.toHaveBeenCalled();
    const url = 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession';
    const session = (await b.get(`/pay/applepaysession/?url=${encodeURIComponent(url)}`)).json();
    expect(session).toMatchObject({ merchantSessionIdentifier: expect.any(String), signature: expect.any(String) });
    expect(session.error).toBeUndefined();
  });

  it('pays by the phone-maker wallet’s token; a declined one says the bank’s reason', async () => {
    const { b, orderId } = await order();
    const declined = (
      await b.post('/pay/applepayproceed/', { orderId, token: JSON.stringify(appleToken('Visa 0002')) })
    ).json();
    expect(declined).toEqual({ error: 1, message: DECLINE_REASON });
    const paid = (
      await b.post('/pay/applepayproceed/', { orderId, token: JSON.stringify(appleToken('Visa 1111')) })
    ).json();
    expect(paid).toMatchObject({ error: 0, url: expect.stringContaining('/order/complete/') });
    // Both made in the same (frozen) moment: compared as a set.
    expect((await payments(orderId)).map((p) => `${p.method}:${p.status}`).sort()).toEqual([
      'apple_pay:declined',
      'apple_pay:succeeded',
    ]);
  });

  it('pays by SBP: one QR code per order however often asked, settled by the bank’s notification once', async () => {
    const { b, orderId } = await order();
    const first = (await b.post(`/payment/sbp/${orderId}/`, {})).json();
    expect(first).toEqual({
      error: 0,
      status: 'pending',
      payload: expect.stringMatching(/\/sandbox-bank\/sbp\/\?mdOrder=/),
      appUrl: first.payload,
      qr: { size: expect.any(Number), path: expect.stringMatching(/^M\d+ \d+h\d+v1h-\d+z/) },
    });
    const again = await Promise.all([b.post(`/payment/sbp/${orderId}/`, {}), b.post(`/payment/sbp/${orderId}/`, {})]);
    for (const r of again) expect(r.json().payload).toBe(first.payload);
    expect(await payments(orderId)).toEqual([{ status: 'created', method: 'sbp', provider: 'sandbox' }]);
    expect((await b.get(`/payment/state/${orderId}/`)).json()).toEqual({ error: 0, status: 'pending' });

    const mdOrder = new URL(first.payload).searchParams.get('mdOrder')!;
    // The card page does not open an SBP payment, nor the SBP page a card payment.
    expect((await app.inject({ url: `/sandbox-bank/pay/?mdOrder=${mdOrder}` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/sandbox-bank/sbp/?mdOrder=${mdOrder}` })).body).toContain('Оплата через СБП');

    const delivered: Array<{ payload: unknown }> = [];
    const inject = app.inject.bind(app);
    vi.spyOn(app, 'inject').mockImplementation(((opts: { url?: string; payload?: unknown }) => {
      if (opts.url === '/payment/callback/sandbox/') delivered.push({ payload: opts.payload });
      return inject(opts as never);
    }) as never);
    const paid = await app.inject({
      method: 'POST',
      url: '/sandbox-bank/sbp/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ mdOrder, action: 'pay' }).toString(),
    });
    expect(paid.body).toContain('Оплата прошла успешно');
    expect((await b.get(`/payment/state/${orderId}/`)).json()).toMatchObject({ error: 0, status: 'paid' });
    expect((await b.post(`/payment/sbp/${orderId}/`, {})).json()).toMatchObject({ error: 0, status: 'paid' });

    // The bank's notification sent again (a retry after a lost answer) is recognised and changes nothing.
    expect(delivered).toHaveLength(1);
    const replay = await inject({
      method: 'POST',
      url: '/payment/callback/sandbox/',
      payload: delivered[0]!.payload as never,
    });
    expect(replay.json()).toEqual({ ok: true, result: 'replayed' });
    expect(await orderBooks(db, orderId)).toMatchObject({ status: 'paid', tickets: 1, mail: [expect.any(String)] });
  });

  it('answers an SBP order’s payment session with the SBP call', async () => {
    const { b, orderId, token } = await order();
    await db.query(`UPDATE orders SET payment_method = 'sbp' WHERE id = $1`, [orderId]);
    const session = (await b.post(`/payment/session/${orderId}/`, {})).json();
    expect(session).toEqual({
      error: 0,
      provider: 'sbp',
      url: expect.stringContaining(`/payment/sbp/${orderId}/?token=`),
    });
    // The url works from any session: it carries the order's token.
    const url = new URL(session.url);
    expect(url.searchParams.get('token')).toBe(token);
    expect((await buyer(app).post(`${url.pathname}${url.search}`, {})).json()).toMatchObject({
      error: 0,
      status: 'pending',
    });
    // An SBP order is not paid by a wallet.
    expect((await b.post('/pay/googlepayproceed/', { orderId, token: googleToken({}) })).json()).toEqual({
      error: 1,
      message: 'Неизвестный тип оплаты!',
    });
  });

  it("lets a wallet order's page fall back to the card form when the device lacks the wallet", async () => {
    const { b, orderId } = await order();
    await db.query(`UPDATE orders SET payment_method = 'google_pay' WHERE id = $1`, [orderId]);
    const session = (await b.post(`/payment/session/${orderId}/`, {})).json();
    expect(session).toMatchObject({ error: 0 });
    expect(session.post ?? session.get).toBeDefined();
  });

  it('gives the table-booking token only to the owner of a paid order: signed and short-lived', async () => {
    const { b, orderId, token } = await order();
    expect((await b.get(`/bartello/auth/?orderId=${orderId}`)).json()).toEqual({
      error: 1,
      message: 'Столик можно забронировать после оплаты заказа.',
    });
    await b.post('/pay/googlepayproceed/', { orderId, token: googleToken({}) });
    const answer = (await b.get(`/bartello/auth/?orderId=${orderId}`)).json();
    const key = tableBookingKey(SECRET);
    const now = new Date();
    expect(verifyTableBookingToken(key, answer.token, now)).toBe(formatOrderNumber(orderId));
    expect(verifyTableBookingToken(key, answer.token, new Date(now.getTime() + 31 * 60_000))).toBeNull();
    expect(verifyTableBookingToken(tableBookingKey('another secret'), answer.token, now)).toBeNull();
    expect(verifyTableBookingToken(key, `${answer.token.split('.')[0]}.AAAA`, now)).toBeNull();
    const other = buyer(app);
    expect((await other.get(`/bartello/auth/?orderId=${orderId}&token=${token}`)).json().token).toEqual(
      expect.any(String),
    );
  });

  it('names each ticket’s gifts on the order-complete page and in its PDF', async () => {
    const { b, orderId, token } = await order(2);
    expect((await b.post('/pay/googlepayproceed/', { orderId, token: googleToken({}) })).json().error).toBe(0);
    const completion = await getOrderCompletion({ db }, orderId, token);
    expect(completion?.tickets.map((t) => t.gifts)).toEqual([2]);
    expect(completion?.payAgainUrl).toBeNull();
    const tickets = await loadOrderTickets(db, orderId);
    expect(tickets[0]!.gifts).toBe(2);
    expect(giftsLine(2)).toBe('2 подарка к билету — получите на площадке, предъявив этот билет');
    const pdf = await app.inject({ url: completion!.tickets[0]!.pdfUrl! });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});
