/**
 * Unpaid orders cancelled by a performance's cancellation or by the buyer's account deletion are
 * cancelled at the app's clock (issue 12, migration 0027): the codes' release trigger gives a gift
 * card's amount back at the order's cancelled_at, so the card's history reads the app's time, never
 * the database's. The clock is moved days ahead, so the two cannot agree by chance.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { cancelPerformance } from '../src/services/catalogue/performance-changes.js';
import { registeredBuyer, TEST_PASSWORD, uniqueEmail } from './support/accounts.js';
import { buildTestApp, buyer } from './support/app.js';
import { checkoutHall, orderIdOf } from './support/checkout.js';
import { applyGiftCard, giftCardReleaseTimes } from './support/code-release.js';
import { balanceOf, GUEST, giftCard } from './support/codes.js';
import { describeEachDatabase } from './support/databases.js';
import { placeSessionOrder } from './support/orders.js';

const DAY = 86_400_000;

describeEachDatabase('issue 12: orders cancelled at the app’s clock', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });
  beforeEach(() => {
    clock.reset();
    clock.advance(3 * DAY);
  });

  it('cancels a cancelled performance’s unpaid order at the app’s time, and its gift card amount comes back then', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const card = await giftCard(get().db, 100_000);
    const b = buyer(app);
    expect((await b.post('/hallPlace/select/', { cypher: f.seats[0]! })).json().result).toBe(1);
    expect(await applyGiftCard(b, card.number)).toBe(true);
    const placed = (
      await b.post('/order/createAnonymousOrder/', { ...GUEST, payment: 'card', pc: 'bankovskaya_karta' })
    ).json();
    expect(placed.error).toBe(0);
    expect(await balanceOf(get().db, card.id)).toBe(0);

    const now = clock.now().getTime();
    expect(await cancelPerformance({ db: get().db, clock }, f.performanceId)).toMatchObject({ ok: true });
    expect(await giftCardReleaseTimes(get().db, orderIdOf(placed))).toEqual([now, now, now]);
    expect(await balanceOf(get().db, card.id)).toBe(100_000);
  });

  it('cancels a deleted account’s unpaid order at the app’s time, and its gift card amount comes back then', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const card = await giftCard(get().db, 100_000);
    const { b } = await registeredBuyer(app, { email: uniqueEmail('cancelled-at') });
    expect((await b.post('/hallPlace/select/', { cypher: f.seats[0]! })).json().result).toBe(1);
    expect(await applyGiftCard(b, card.number)).toBe(true);
    const { orderId } = await placeSessionOrder(b);
    expect(await balanceOf(get().db, card.id)).toBe(0);

    const now = clock.now().getTime();
    expect((await b.post('/private/delete/', { password: TEST_PASSWORD })).json().status).toBe('success');
    expect(await giftCardReleaseTimes(get().db, orderId)).toEqual([now, now, now]);
    expect(await balanceOf(get().db, card.id)).toBe(100_000);
  });
});
