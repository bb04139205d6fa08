/**
 * The demo catalogue has a performance whose orders are blocked (hall-basket-checkout.md 4.2,
 * seed/checkout.ts): its places go into a basket, the basket says cannotCreateOrder with the
 * cause, and order creation refuses with that cause.
 */
import { beforeAll, expect, it } from 'vitest';
import { BLOCKED_ORDER_CAUSE, BLOCKED_ORDER_SHOW } from '../src/seed/checkout.js';
import { seedSmallFixture } from '../src/seed/index.js';
import { buyer } from './support/app.js';
import { FULL_GUEST } from './support/checkout.js';
import { describeEachDatabase } from './support/databases.js';
import { suiteApp } from './support/suite-app.js';

describeEachDatabase('demo catalogue: a performance whose orders are blocked', (get) => {
  const s = suiteApp(get);

  beforeAll(async () => {
    await seedSmallFixture(get().db, new Date());
  }, 60_000);

  it('takes places into a basket but no order, telling the buyer why', async () => {
    const blocked = await get().db.query<{ id: number; show: string; on_sale: boolean }>(
      `SELECT pf.id, s.name AS show, pf.sale_state = 'on_sale' AND pf.allow_pay AS on_sale
         FROM performances pf JOIN shows s ON s.id = pf.show_id WHERE pf.cannot_create_order_cause = $1`,
      [BLOCKED_ORDER_CAUSE],
    );
    expect(blocked.rows).toEqual([{ id: expect.any(Number), show: BLOCKED_ORDER_SHOW, on_sale: true }]);
    const performanceId = blocked.rows[0]!.id;
    const map = (await s.app.inject({ url: `/hallview/map/${performanceId}/?json=1` })).json();
    expect(map).toMatchObject({ cannotCreateOrder: true, cannotCreateOrderCause: BLOCKED_ORDER_CAUSE });

    const free = await get().db.query<{ id: number }>(
      'SELECT id FROM performance_places WHERE performance_id = $1 AND state = 0 ORDER BY id LIMIT 1',
      [performanceId],
    );
    const b = buyer(s.app);
    expect((await b.post('/hallPlace/select/', { cypher: free.rows[0]!.id })).json().result).toBe(1);
    expect((await b.get('/shopcart/state/')).json()).toMatchObject({
      cannotCreateOrder: true,
      cannotCreateOrderCause: BLOCKED_ORDER_CAUSE,
    });
    const order = (await b.post('/order/createAnonymousOrder/', { ...FULL_GUEST, payment: 'card' })).json();
    expect(order).toEqual({ error: 1, message: BLOCKED_ORDER_CAUSE });
    const orders = await get().db.query('SELECT id FROM orders WHERE session_id = $1', [b.sessionId]);
    expect(orders.rows).toEqual([]);
  });
});
