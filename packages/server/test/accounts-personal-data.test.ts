/**
 * The buyer's personal data (152-ФЗ) from the cabinet: the export (the account, the consent, the
 * orders, never a secret; a guest gets 401) and the account's deletion (the current password,
 * wrong ones counted with wrong sign-ins; signed out everywhere, no sign-in, the e-mail free to
 * register again, the orders kept anonymised with their amounts and valid tickets, another
 * account untouched).
 */
import { messages, PERSONAL_DATA_CONSENT_VERSION } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { accountOfSession } from '../src/accounts/index.js';
import type { ManualClock } from '../src/clock.js';
import { SESSION_PARAM } from '../src/http/names.js';
import { lastOutboxCode, registeredBuyer, TEST_PASSWORD, uniqueEmail } from './support/accounts.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';
import { openPayment, paidSessionOrder, placeSessionOrder } from './support/orders.js';

const PRICE = 250_000;
const PASSWORD = TEST_PASSWORD;

describeEachDatabase('accounts: personal data (export, deletion)', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  let f: HallFixture;
  let next = 0;
  const seat = () => f.seats[next++]!;

  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
    f = await createHallFixture(get().db, { seatCount: 40, entranceCapacity: 20 });
  });
  beforeEach(() => clock.reset());

  async function registered(email = uniqueEmail('pd')): Promise<{ b: Buyer; email: string; userId: number }> {
    const { b } = await registeredBuyer(app, { email });
    const account = await accountOfSession(get().db, b.sessionId);
    return { b, email, userId: account!.id };
  }

  async function signedIn(email: string, password = PASSWORD): Promise<Buyer> {
    const b = buyer(app);
    const r = await b.post('/login/ajaxauth/', { 'LoginForm[contact]': email, 'LoginForm[password]': password });
    expect(r.json().state, r.body).toBe(1);
    return b;
  }

  const login = (email: string, password = PASSWORD) =>
    buyer(app)
      .post('/login/ajaxauth/', { 'LoginForm[contact]': email, 'LoginForm[password]': password })
      .then((r) => r.json());

  const remove = (b: Buyer, password: string) => b.post('/private/delete/', { password });

  /** The export as the browser downloads it, with its headers. */
  const download = (b: Buyer) =>
    app.inject({ method: 'GET', url: '/private/export/', cookies: { [SESSION_PARAM]: b.sessionId } });

  /** The buyer's basket as a paid session order (card, e-tickets): tickets are issued. */
  const paidOrder = (b: Buyer) => paidSessionOrder(app, b, [seat()]);

  async function orderRow(orderId: number) {
    const r = await get().db.query<{
      user_id: number | null;
      status: string;
      total: number;
      email: string;
      first_name: string;
      surname: string;
      patronymic: string | null;
      phone: string | null;
      access_token: string;
    }>(
      'SELECT user_id, status, total, email, first_name, surname, patronymic, phone, access_token FROM orders WHERE id = $1',
      [orderId],
    );
    return r.rows[0]!;
  }

  it('exports the account, its consent and its orders as a download, with no secret in it', async () => {
    const { b, email, userId } = await registered();
    const orderId = await paidOrder(b);
    await get().db.query(
      "INSERT INTO outside_accounts (provider, subject, user_id, created_at) VALUES ('vk', $1, $2, now())",
      [`vk-${userId}`, userId],
    );
    // A bonus promo code entered in the cabinet: the ledger and the code's use are the buyer's data.
    const code = `EXPORT${userId}`;
    await get().db.query("INSERT INTO promo_codes (code, kind, value) VALUES ($1, 'bonus', 150)", [code]);
    expect((await b.post('/private/promocode/', { code })).json()).toMatchObject({ status: 'success', diff: 150 });
    const res = await download(b);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="partera-data-${clock.now().toISOString().slice(0, 10)}.json"`,
    );
    const data = res.json();
    expect(data.account).toMatchObject({
      id: userId,
      surname: 'Каренина',
      firstName: 'Анна',
      email: { value: email, confirmed: false },
      phone: null,
      birthDate: null,
    });
    expect(new Date(data.account.createdAt).toISOString()).toBe(data.account.createdAt);
    expect(data.consents).toEqual([
      expect.objectContaining({ kind: 'personal_data', textVersion: PERSONAL_DATA_CONSENT_VERSION, orderId: null }),
    ]);
    expect(data.consents[0].client).not.toBe('');
    expect(data.orders).toHaveLength(1);
    const order = data.orders[0];
    expect(order).toMatchObject({ id: orderId, status: 'paid', total: PRICE, buyer: { email, surname: 'Каренина' } });
    expect(order.performances[0].items[0].tickets).toHaveLength(1);
    expect(order.payments).toEqual([expect.objectContaining({ status: 'succeeded', amount: PRICE })]);
    expect(data.bonuses).toMatchObject({
      balance: 150,
      transactions: [expect.objectContaining({ amount: 150 })],
      promoCodes: [expect.objectContaining({ code, points: 150 })],
      giftReservations: [],
      loyaltyCard: null,
    });
    expect(data.surveys).toEqual([]);
    expect(data.linkedAccounts).toEqual([expect.objectContaining({ provider: 'vk', subject: `vk-${userId}` })]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    for (const s of data.sessions) expect(Object.keys(s).sort()).toEqual(['createdAt', 'lastSeenAt', 'signedInAt']);

    // No secret: the password hash, the order's token, a session id, a code's hash.
    const { access_token } = await orderRow(orderId);
    const hash = (await get().db.query<{ h: string }>('SELECT password_hash AS h FROM users WHERE id = $1', [userId]))
      .rows[0]!.h;
    const codes = await get().db.query<{ code_hash: string }>(
      'SELECT code_hash FROM confirmation_codes WHERE user_id = $1',
      [userId],
    );
    expect(codes.rows.length).toBeGreaterThan(0);
    for (const secret of [hash, access_token, b.sessionId, ...codes.rows.map((c) => c.code_hash)]) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.body).not.toMatch(/token|password_hash|"\$argon2/i);
  });

  it('answers a guest 401', async () => {
    const guest = buyer(app);
    const res = await download(guest);
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe(messages.loginRequired);
    expect(res.headers['content-disposition']).toBeUndefined();
    const del = await remove(guest, PASSWORD);
    expect(del.status).toBe(401);
    expect(del.json()).toEqual({ status: 'error', message: messages.loginRequired });
  });

  it('refuses a wrong password and counts it with wrong sign-ins', async () => {
    const { b, email } = await registered();
    const elsewhere = await signedIn(email);
    for (let i = 0; i < 10; i++) {
      const r = await remove(i % 2 === 0 ? b : elsewhere, `guess ${i} guess`);
      expect(r.json()).toEqual({ status: 'error', message: messages.passwordOldWrong });
    }
    // Past the budget, not even the right password is checked, and sign-ins are refused too.
    expect((await remove(b, PASSWORD)).json()).toEqual({ status: 'error', message: messages.passwordTooManyAttempts });
    expect(await login(email)).toEqual({ state: 0, messages: { error: messages.loginTooManyAttempts } });
    expect((await download(b)).statusCode).toBe(200);
    expect(await accountOfSession(get().db, elsewhere.sessionId)).not.toBeNull();
    clock.advance(15 * 60_000);
    expect((await remove(b, PASSWORD)).json().status).toBe('success');
  });

  it('deletes the account: signed out everywhere, no sign-in, the e-mail free, orders kept anonymised and tickets valid', async () => {
    const { b, email, userId } = await registered();
    const orderId = await paidOrder(b);
    const before = await orderRow(orderId);
    const elsewhere = await signedIn(email);
    // Something in the other browser's basket: it goes back on sale.
    const held = seat();
    expect((await elsewhere.post('/hallPlace/select/', { cypher: held })).json().result).toBe(1);
    const other = await registered();
    const otherOrder = await paidOrder(other.b);
    const otherBefore = await orderRow(otherOrder);
    await get().db.query(
      `INSERT INTO bookmarks (user_id, show_id, created_at) SELECT $1, show_id, now() FROM performances WHERE id = $2`,
      [userId, f.performanceId],
    );
    await get().db.query(
      "INSERT INTO outside_accounts (provider, subject, user_id, created_at) VALUES ('yandex', $1, $2, now())",
      [`ya-${userId}`, userId],
    );

    // The loyalty programme's sign-up of the account's phone goes with it; another number's stays.
    await get().db.query("UPDATE users SET phone = '79161230001' WHERE id = $1", [userId]);
    await get().db.query(
      `INSERT INTO loyalty_signups (group_code, phone, created_at)
       VALUES ('theatre', '79161230001', now()), ('theatre', '79161230002', now())`,
    );

    const oldSession = b.sessionId;
    const r = await remove(b, PASSWORD);
    expect(r.json()).toEqual({ status: 'success', message: messages.accountDeleted });
    // This browser is a new guest; the other one is a guest too.
    expect(b.sessionId).not.toBe(oldSession);
    for (const who of [b, elsewhere]) {
      expect(await accountOfSession(get().db, who.sessionId)).toBeNull();
      expect((await who.get('/private/profile/')).status).toBe(401);
      expect((await download(who)).statusCode).toBe(401);
    }
    expect(await accountOfSession(get().db, oldSession)).toBeNull();
    const sessions = await get().db.query('SELECT 1 FROM sessions WHERE user_id = $1', [userId]);
    expect(sessions.rows).toHaveLength(0);
    const state = await get().db.query<{ state: number; hold_session_id: string | null }>(
      'SELECT state, hold_session_id FROM performance_places WHERE id = $1',
      [held],
    );
    expect(state.rows[0]!.hold_session_id).toBeNull();

    // Nothing personal is left on the account; it signs in no more.
    const user = await get().db.query(
      `SELECT email, phone, surname, first_name, patronymic, birth_date, password_hash, deleted_at IS NOT NULL AS deleted
         FROM users WHERE id = $1`,
      [userId],
    );
    expect(user.rows[0]).toEqual({
      email: null,
      phone: null,
      surname: '',
      first_name: '',
      patronymic: '',
      birth_date: null,
      password_hash: null,
      deleted: true,
    });
    expect(await login(email)).toEqual({ state: 0, messages: { error: messages.loginFailed } });
    const codes = await get().db.query('SELECT 1 FROM confirmation_codes WHERE user_id = $1', [userId]);
    expect(codes.rows).toHaveLength(0);
    const bookmarks = await get().db.query('SELECT 1 FROM bookmarks WHERE user_id = $1', [userId]);
    expect(bookmarks.rows).toHaveLength(0);
    const signups = await get().db.query<{ phone: string }>('SELECT phone FROM loyalty_signups ORDER BY phone');
    expect(signups.rows).toEqual([{ phone: '79161230002' }]);
    const linked = await get().db.query('SELECT 1 FROM outside_accounts WHERE user_id = $1', [userId]);
    expect(linked.rows).toHaveLength(0);
    // The consent stays, as the proof it was given.
    const consents = await get().db.query('SELECT 1 FROM consents WHERE user_id = $1', [userId]);
    expect(consents.rows).toHaveLength(1);

    // The order stays (54-ФЗ) with its amount, without the buyer's name, e-mail or phone.
    const after = await orderRow(orderId);
    expect(after).toEqual({
      ...before,
      email: `deleted-${orderId}@invalid`,
      first_name: '',
      surname: '',
      patronymic: null,
      phone: null,
    });
    expect(after.total).toBe(PRICE);
    const tickets = await get().db.query<{ code: string }>(
      "SELECT code FROM tickets WHERE order_id = $1 AND status = 'issued'",
      [orderId],
    );
    expect(tickets.rows).toHaveLength(1);
    const payments = await get().db.query<{ status: string }>('SELECT status FROM payments WHERE order_id = $1', [
      orderId,
    ]);
    expect(payments.rows.map((p) => p.status)).toContain('succeeded');
    // The buyer's tickets stay valid for the order's link.
    const token = encodeURIComponent(after.access_token);
    for (const url of [
      `/order/tickets/${orderId}.pdf?token=${token}`,
      `/order/ticket/${tickets.rows[0]!.code}.pdf?token=${token}`,
    ]) {
      const pdf = await app.inject({ method: 'GET', url });
      expect(pdf.statusCode, url).toBe(200);
      expect(pdf.body.startsWith('%PDF-')).toBe(true);
    }

    // The e-mail can register again: a new account.
    const again = await registered(email);
    expect(again.userId).not.toBe(userId);

    // Another account is untouched.
    expect(await orderRow(otherOrder)).toEqual(otherBefore);
    expect(await accountOfSession(get().db, other.b.sessionId)).toMatchObject({ id: other.userId, email: other.email });
    expect((await download(other.b)).statusCode).toBe(200);
  });

  it('cancels the unpaid orders: a payment arriving later is refunded, never sent to a wiped address', async () => {
    const { b } = await registered();
    expect((await b.post('/hallPlace/select/', { cypher: seat() })).json().result).toBe(1);
    const order = await placeSessionOrder(b);
    const mdOrder = await openPayment(b, order);
    const { orderId } = order;
    expect((await orderRow(orderId)).status).toBe('new');

    expect((await remove(b, PASSWORD)).json().status).toBe('success');
    expect((await orderRow(orderId)).status).toBe('cancelled');
    // The bank's page was still open: the payment goes through and comes straight back.
    await app.inject({
      method: 'POST',
      url: '/sandbox-bank/pay/',
      payload: { mdOrder, pan: '4111 1111 1111 1111', expiry: '12/39', cvc: '123', holder: 'A K' },
    });
    expect((await orderRow(orderId)).status).toBe('cancelled');
    const tickets = await get().db.query('SELECT 1 FROM tickets WHERE order_id = $1', [orderId]);
    expect(tickets.rows).toHaveLength(0);
    const payments = await get().db.query<{ status: string }>('SELECT status FROM payments WHERE order_id = $1', [
      orderId,
    ]);
    expect(payments.rows.map((p) => p.status)).not.toContain('succeeded');
  });

  it('deletes an account without a password (VK ID, Yandex ID) with a code sent to its e-mail', async () => {
    const { b, email, userId } = await registered();
    // Signed up through an outside account: a confirmed e-mail and no password.
    await get().db.query('UPDATE users SET password_hash = NULL, email_confirmed = true WHERE id = $1', [userId]);
    const other = await registered();

    // A password proves nothing here, and an empty code is asked for.
    expect((await remove(b, PASSWORD)).json()).toEqual({ status: 'error', message: messages.deletionCodeEmpty });
    const sent = (await b.post('/private/delete/code/', {})).json();
    expect(sent).toEqual({ status: 'success', message: messages.deletionCodeSent });
    const code = await lastOutboxCode(get().db, email);
    const wrong = code === '0000' ? '1111' : '0000';
    const refused = (await b.post('/private/delete/', { code: wrong })).json();
    expect(refused.status).toBe('error');
    expect(refused.message).toBe(messages.codeWrong(4));
    // Another buyer cannot use this browser's code, nor is a code sent to an account with a password.
    expect((await other.b.post('/private/delete/', { code })).json().message).toBe(messages.passwordOldEmpty);
    expect((await other.b.post('/private/delete/code/', {})).json()).toEqual({
      status: 'error',
      message: messages.deletionByPassword,
    });
    expect((await buyer(app).post('/private/delete/code/', {})).status).toBe(401);

    const r = (await b.post('/private/delete/', { code })).json();
    expect(r).toEqual({ status: 'success', message: messages.accountDeleted });
    const user = await get().db.query<{ deleted: boolean }>(
      'SELECT deleted_at IS NOT NULL AS deleted FROM users WHERE id = $1',
      [userId],
    );
    expect(user.rows[0]!.deleted).toBe(true);
    expect(await accountOfSession(get().db, other.b.sessionId)).toMatchObject({ id: other.userId });
  });

  it('refuses the deletion of an account already deleted elsewhere', async () => {
    const { b, email } = await registered();
    const elsewhere = await signedIn(email);
    expect((await remove(elsewhere, PASSWORD)).json().status).toBe('success');
    const r = await remove(b, PASSWORD);
    expect(r.status).toBe(401);
  });
});
