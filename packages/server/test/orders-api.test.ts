import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';

describeEachDatabase('guest order calls', (get) => {
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
    // A second order of the same basket cancels the first: only the newest can be paid.
    const again = (await a.post('/order/createAnonymousOrder/', guest)).json();
    expect(again.error).toBe(0);
    const first = await get().db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
    expect(first.rows[0]!.status).toBe('cancelled');
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
