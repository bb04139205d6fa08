import type { CheckoutState } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { OFFER_TEXTS } from '../src/services/checkout/offer.js';
import { buildTestApp, buyer } from './support/app.js';
import { buyerWithPoints, checkBonusPin, checkoutHall } from './support/checkout.js';
import { describeEachDatabase } from './support/databases.js';

const HOUR = 3_600_000;

describeEachDatabase('issue 12: what the checkout offers', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });

  const ids = (c: CheckoutState) => Object.fromEntries(c.payments.map((p) => [p.id, p.deliveries]));
  async function stateOf(b: ReturnType<typeof buyer>) {
    return (await b.get('/shopcart/state/')).json();
  }

  it('offers a guest card, cash, wallets and SBP with their deliveries, card and e-ticket preselected, courier at the city’s price', async () => {
    const f = await checkoutHall(get().db, { courierPrice: 40_000, metro: ['Арбатская'], now: clock.now() });
    const b = buyer(app);
    expect((await stateOf(b)).checkout).toBeUndefined();
    await b.post('/hallPlace/select/', { cypher: f.seats[0]! });
    const state = await stateOf(b);
    expect(state.userIsGuest).toBe(true);
    const c: CheckoutState = state.checkout;
    expect(ids(c)).toEqual({
      card: ['eticket', 'booking_card', 'courier'],
      cash: ['booking_cash'],
      apple_pay: ['eticket'],
      google_pay: ['eticket'],
      pushkin_card: ['eticket'],
      sbp: ['eticket'],
    });
    // The culture card is shown, with why it cannot be chosen for a show outside its programme.
    expect(c.payments.find((p) => p.id === 'pushkin_card')?.unavailable).toBeTruthy();
    expect(c.preselect).toEqual({ pm: 'card', dm: 'eticket' });
    const payBy = new Date(clock.now().getTime() + 72 * HOUR).toISOString();
    expect(c.deliveries).toEqual([
      { id: 'eticket', title: 'Электронный билет', price: 0 },
      expect.objectContaining({ id: 'booking_card', price: 0, payBy }),
      expect.objectContaining({ id: 'booking_cash', price: 0, payBy }),
      expect.objectContaining({ id: 'courier', price: 400 }),
    ]);
    expect(c).toMatchObject({ hasKarmaStop: false, userIsDirect: true, bonus: null, promo: null, giftCard: null });
    expect(c.deliveryAlertText).toBeUndefined();
    expect(c.totals).toEqual({
      tickets: 2500,
      gifts: 0,
      delivery: 0,
      discount: 0,
      giftCard: 0,
      cashback: 0,
      toPay: 2500,
    });
  });

  it('closes a booking 24 hours before the performance and the courier 3 days before, and says why', async () => {
    const soon = await checkoutHall(get().db, {
      startsInHours: 40,
      courierPrice: 40_000,
      metro: ['Таганская'],
      now: clock.now(),
    });
    const b = buyer(app);
    await b.post('/hallPlace/select/', { cypher: soon.seats[0]! });
    const c: CheckoutState = (await stateOf(b)).checkout;
    expect(ids(c).card).toEqual(['eticket', 'booking_card']);
    expect(c.deliveries.find((d) => d.id === 'booking_cash')?.payBy).toBe(
      new Date(soon.startsAt.getTime() - 24 * HOUR).toISOString(),
    );
    expect(c.deliveryAlertText).toBe(OFFER_TEXTS.courierTooLate);

    const tomorrow = await checkoutHall(get().db, { startsInHours: 20, now: clock.now() });
    const late = buyer(app);
    await late.post('/hallPlace/select/', { cypher: tomorrow.seats[0]! });
    const offer: CheckoutState = (await stateOf(late)).checkout;
    expect(ids(offer).card).toEqual(['eticket']);
    expect(ids(offer).cash).toBeUndefined();
    // No metro, no courier price: no courier and nothing to explain.
    expect(offer.deliveryAlertText).toBeUndefined();
  });

  it('offers a booking-only show as a cash booking, nothing preselected', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    await get().db.query('UPDATE performances SET allow_pay = false WHERE id = $1', [f.performanceId]);
    const b = buyer(app);
    await b.post('/hallPlace/select/', { cypher: f.seats[0]! });
    const c: CheckoutState = (await stateOf(b)).checkout;
    expect(ids(c)).toEqual({ cash: ['booking_cash'] });
    expect(c.preselect).toBeNull();
  });

  it('offers the partner’s cashback only under the partner, still preselects card (the widget knows whether it is framed), and the buyer is not direct', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const partner = await get().db.query<{ id: number }>(
      `INSERT INTO partners (name, hash, cashback_percent) VALUES ('Телеком', $1, 5) RETURNING id`,
      [`h${Date.now()}`],
    );
    const b = buyer(app);
    await b.post('/hallPlace/select/', { cypher: f.seats[1]! });
    await get().db.query(
      `INSERT INTO framed_sessions (session_id, partner_id, cashback_percent, updated_at) VALUES ($1, $2, 5, now())`,
      [b.sessionId, partner.rows[0]!.id],
    );
    const c: CheckoutState = (await stateOf(b)).checkout;
    expect(ids(c).mts_cashback).toEqual(['eticket']);
    expect(c.preselect).toEqual({ pm: 'card', dm: 'eticket' });
    expect(c.userIsDirect).toBe(false);
  });

  it('offers a signed-in buyer’s points with the balance, karma stop from the account, the PIN as it stands', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const b = await buyerWithPoints(app, get().db, 700);
    await get().db.query(
      'UPDATE users SET has_karma_stop = true WHERE id = (SELECT user_id FROM sessions WHERE id = $1)',
      [b.sessionId],
    );
    await b.post('/hallPlace/select/', { cypher: f.seats[2]! });
    let state = await stateOf(b);
    expect(state.userIsGuest).toBe(false);
    expect(state.checkout.payments.find((p: { id: string }) => p.id === 'bonus')).toMatchObject({
      deliveries: ['eticket', 'booking_card'],
      hint: 'Доступно баллов: 700',
    });
    expect(state.checkout).toMatchObject({ hasKarmaStop: true, bonus: { balance: 700, phoneConfirmed: false } });
    await checkBonusPin(get().db, b);
    state = await stateOf(b);
    expect(state.checkout.bonus).toEqual({ balance: 700, phoneConfirmed: true });

    const none = await buyerWithPoints(app, get().db, 0);
    await none.post('/hallPlace/select/', { cypher: f.seats[3]! });
    expect(ids((await stateOf(none)).checkout).bonus).toBeUndefined();
  });

  it('GET /shopcart/loadMetroList/ lists the stations of the basket’s city, none for an empty basket', async () => {
    const f = await checkoutHall(get().db, {
      courierPrice: 30_000,
      metro: ['Чистые пруды', 'Арбатская'],
      now: clock.now(),
    });
    await checkoutHall(get().db, { metro: ['Невский проспект'], now: clock.now() });
    const b = buyer(app);
    expect((await b.get('/shopcart/loadMetroList/')).json()).toEqual([]);
    await b.post('/hallPlace/select/', { cypher: f.seats[4]! });
    expect((await b.get('/shopcart/loadMetroList/')).json()).toEqual([
      { id: f.stations[1], name: 'Арбатская' },
      { id: f.stations[0], name: 'Чистые пруды' },
    ]);
  });
});
