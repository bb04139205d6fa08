import { messages } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { accountOfSession } from '../src/accounts/index.js';
import { buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';

describeEachDatabase('order calls', (get) => {
  let app: FastifyInstance;
  let f: HallFixture;
  const guest = { email: 'ivan@example.ru', name: 'Иван', surname: 'Петров', payment: 'card', pc: 'bankovskaya_karta' };

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db));
    f = await createHallFixture(get().db);
  });

  it('GET /registration/validateField/ checks the e-mail', async () => {
    const a = buyer(app);
    expect((await a.get('/registration/validateField/?field=email&value=ivan@example.ru')).json()).toEqual({
      error: 0,
    });
    const bad = (await a.get('/registration/validateField/?field=email&value=ivan@')).json();
    expect(bad.error).not.toBe(0);
    expect(bad.message).toBeTruthy();
  });

  it('createAnonymousOrder turns the basket into an order and hands out the payment session', async () => {
    const a = buyer(app);
    await a.post('/hallPlace/select/', { cypher: f.seats[0]! });
    await a.post('/hallPlace/select/', { cypher: f.seats[1]! });
    const r = (await a.post('/order/createAnonymousOrder/', guest)).json();
    expect(r).toMatchObject({ error: 0, isFullGiftCardPayment: false });
    expect(r.url).toMatch(/^\/payment\/session\/\d+\/$/);
    expect(r.params.token).toHaveLength(32);
    const orderId = Number(r.url.split('/')[3]);
    const order = await get().db.query<{ status: string; total: number; email: string }>(
      'SELECT status, total, email FROM orders WHERE id = $1',
      [orderId],
    );
    expect(order.rows[0]).toEqual({ status: 'new', total: 500000, email: 'ivan@example.ru' });
    const items = await get().db.query('SELECT 1 FROM order_items WHERE order_id = $1', [orderId]);
    expect(items.rows).toHaveLength(2);
    // The same order call again (a reload, a second tab) answers the same order (decision 0047).
    const same = (await a.post('/order/createAnonymousOrder/', guest)).json();
    expect(same).toMatchObject({ error: 0, url: r.url, params: r.params });
    // Other choices, nothing being paid: the new order replaces the first, the only one that can be paid.
    const again = (await a.post('/order/createAnonymousOrder/', { ...guest, name: 'Пётр' })).json();
    expect(again.error).toBe(0);
    expect(again.url).not.toBe(r.url);
    const first = await get().db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
    expect(first.rows[0]!.status).toBe('cancelled');
  });

  it('createSessionOrder places a signed-in buyer’s order with the account’s details; a guest is asked to sign in', async () => {
    const guestAnswer = await buyer(app).get('/order/createSessionOrder/?pm=card&dm=eticket&cookies=');
    expect(guestAnswer.status).toBe(401);
    expect(guestAnswer.json()).toEqual({ error: 440, message: messages.loginRequired });

    const b = buyer(app);
    const email = `session.order.${Date.now()}@example.ru`;
    const registered = await b.post('/registration/', {
      'RegistrationForm[email]': email,
      'RegistrationForm[password]': 'long enough 1',
      'RegistrationForm[firstname]': 'Ольга',
      'RegistrationForm[surname]': 'Ларина',
      'RegistrationForm[consent]': '1',
    });
    expect(registered.json().state).toBe(1);
    expect((await b.get('/order/createSessionOrder/?pm=card&dm=eticket&cookies=')).json().error).toBe(620);
    await b.post('/hallPlace/select/', { cypher: f.seats[10]! });
    // Cash goes with a box-office booking only (4.5): a pair the checkout does not offer reloads the page.
    expect((await b.get('/order/createSessionOrder/?pm=cash&dm=eticket&cookies=')).json().error).toBe(630);
    const before = b.sessionId;
    const r = (await b.get('/order/createSessionOrder/?pm=card&dm=eticket&cookies=')).json();
    expect(r).toMatchObject({ error: 0, isFullGiftCardPayment: false, session: { id: b.sessionId } });
    expect(b.sessionId).not.toBe(before);
    const orderId = Number(r.url.split('/')[3]);
    const order = await get().db.query<{ email: string; first_name: string; surname: string; user_id: number }>(
      'SELECT email, first_name, surname, user_id FROM orders WHERE id = $1',
      [orderId],
    );
    const account = await accountOfSession(get().db, b.sessionId);
    expect(order.rows[0]).toEqual({ email, first_name: 'Ольга', surname: 'Ларина', user_id: account!.id });
    // The new session is still signed in, and opens the order's payment.
    expect((await b.post(r.url, r.params)).json().error).toBe(0);
  });

  it('anonymousSessionPay (7.5): the wallet and phone flow’s fields place the guest’s order as the anonymous order does', async () => {
    const a = buyer(app);
    // 'family' for the surname, 'method' for the phone maker's wallet, 'payment_card' for the card type.
    const wallet = {
      email: 'anna@example.ru',
      name: 'Анна',
      family: 'Каренина',
      payment_card: 'bankovskaya_karta',
      method: 'apple_pay',
      token: 'a wallet token',
      'extra[fingerprint]': 'fp-1',
    };
    expect((await a.post('/order/anonymousSessionPay/', wallet)).json().error).toBe(620);
    await a.post('/hallPlace/select/', { cypher: f.seats[15]! });
    const r = (await a.post('/order/anonymousSessionPay/', wallet)).json();
    expect(r).toMatchObject({ error: 0, isFullGiftCardPayment: false });
    expect(r.url).toMatch(/^\/payment\/session\/\d+\/$/);
    const orderId = Number(r.url.split('/')[3]);
    const order = await get().db.query(
      'SELECT status, email, first_name, surname, payment_method, delivery_method, payment_card, total FROM orders WHERE id = $1',
      [orderId],
    );
    expect(order.rows[0]).toEqual({
      status: 'new',
      email: 'anna@example.ru',
      first_name: 'Анна',
      surname: 'Каренина',
      payment_method: 'apple_pay',
      delivery_method: 'eticket',
      payment_card: 'bankovskaya_karta',
      total: 250000,
    });
    // Pressed again (the wallet sheet closed and opened): the same order.
    expect((await a.post('/order/anonymousSessionPay/', wallet)).json()).toMatchObject({ error: 0, url: r.url });
    // No surname nor family: the contract's refusal, never a 5xx, and no second order.
    const { family: _family, ...noSurname } = wallet;
    const refused = await a.post('/order/anonymousSessionPay/', noSurname);
    expect(refused.status).toBe(400);
    const count = await get().db.query(`SELECT 1 FROM orders WHERE email = 'anna@example.ru' AND status = 'new'`);
    expect(count.rows).toHaveLength(1);
  });

  it('refuses an empty basket, an incomplete form and other payment methods', async () => {
    const a = buyer(app);
    const empty = (await a.post('/order/createAnonymousOrder/', guest)).json();
    expect(empty.error).toBe(620);
    await a.post('/hallPlace/select/', { cypher: f.seats[5]! });
    const blank = (await a.post('/order/createAnonymousOrder/', { ...guest, name: '   ' })).json();
    expect(blank.error).not.toBe(0);
    const noName = await a.post('/order/createAnonymousOrder/', { email: 'x@y.ru', payment: 'card' });
    expect(noName.status).toBe(400);
    const cash = (await a.post('/order/createAnonymousOrder/', { ...guest, payment: 'cash' })).json();
    expect(cash.error).not.toBe(0);
    const count = await get().db.query(`SELECT 1 FROM orders WHERE session_id = $1`, [a.sessionId]);
    expect(count.rows).toHaveLength(0);
  });
});
