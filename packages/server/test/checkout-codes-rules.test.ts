import { CODES_CONFLICTS, codesConflict, giftCardKey, giftCardShown, pushkinCardBirthDate } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountOfSession } from '../src/accounts/index.js';
import type { ManualClock } from '../src/clock.js';
import {
  CASHBACK_MESSAGES,
  codesRefusal,
  FULL_PAYMENT_MESSAGES,
  GIFT_CARD_MESSAGES,
  NOTHING_APPLIED,
  PROMO_MESSAGES,
  PUSHKIN_MESSAGES,
} from '../src/services/checkout/codes/index.js';
import { registeredBuyer, TEST_PASSWORD } from './support/accounts.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { checkoutHall, orderIdOf } from './support/checkout.js';
import { balanceOf, GUEST, giftCard, promoCode } from './support/codes.js';
import { describeEachDatabase } from './support/databases.js';
import { openPayment, payAtSandboxBank } from './support/orders.js';

describe('gift card numbers and the culture card’s data', () => {
  it('compares numbers without dashes and case, and shows only the last group', () => {
    expect(giftCardKey(' abcd-1234 ef ')).toBe('ABCD1234EF');
    expect(giftCardShown('abcd-1234-ef56')).toBe('****-****-EF56');
  });
  it('reads the birth date from the card’s JSON in either form, and nothing else', () => {
    expect(pushkinCardBirthDate({ birthDate: '2008-03-01' })).toEqual(new Date('2008-03-01T00:00:00Z'));
    expect(pushkinCardBirthDate({ birth_date: '01.03.2008' })).toEqual(new Date('2008-03-01T00:00:00Z'));
    expect(pushkinCardBirthDate({ birthday: '31.02.2008' })).toBeNull();
    expect(pushkinCardBirthDate({ birthDate: 20080301 })).toBeNull();
    expect(pushkinCardBirthDate(null)).toBeNull();
  });
});

describe('the rules of 4.5 between codes, cards and the payment', () => {
  const none = { giftCard: false, promo: false, cashbackSpend: false };
  it('a gift card leaves card payment (the rest) or the full card payment, never cash, bonus or the culture card', () => {
    const card = { ...none, giftCard: true };
    expect(codesConflict(card, 'card')).toBeNull();
    expect(codesConflict(card, 'gift_card')).toBeNull();
    for (const pm of ['cash', 'bonus', 'apple_pay', 'sbp'] as const) {
      expect(codesConflict(card, pm)).toBe(CODES_CONFLICTS.giftCardPayment);
    }
    expect(codesConflict(card, 'pushkin_card')).toBe(CODES_CONFLICTS.pushkinCardSplit);
  });
  it('spending cashback excludes the gift card, the promo code and the culture card', () => {
    const spend = { ...none, cashbackSpend: true };
    expect(codesConflict(spend, 'mts_cashback')).toBeNull();
    expect(codesConflict({ ...spend, giftCard: true }, 'card')).toBe(CODES_CONFLICTS.giftCardCashbackSpend);
    expect(codesConflict({ ...spend, promo: true }, 'card')).toBe(CODES_CONFLICTS.cashbackSpendPromo);
    expect(codesConflict(spend, 'pushkin_card')).toBe(CODES_CONFLICTS.pushkinCardSplit);
    expect(codesConflict({ ...none, promo: true }, 'pushkin_card')).toBe(CODES_CONFLICTS.pushkinCardSplit);
  });
  it('the full card payment needs the card to cover everything; the culture card needs an eligible basket and age', () => {
    const applied = { ...NOTHING_APPLIED, giftCard: { number: '****-AB12', balance: 1000, applied: 1000 }, toPay: 500 };
    expect(codesRefusal(applied, 'gift_card')).toEqual({ code: 1, message: GIFT_CARD_MESSAGES.notEnough });
    expect(codesRefusal({ ...applied, toPay: 0 }, 'gift_card')).toBeNull();
    expect(codesRefusal(NOTHING_APPLIED, 'gift_card')).toEqual({
      code: 1,
      message: 'Пожалуйста введите номер подарочной карты.',
    });
    const now = new Date('2026-11-25T12:00:00Z');
    const eligible = { ...NOTHING_APPLIED, pushkinCard: { eligible: true } };
    expect(codesRefusal(eligible, 'pushkin_card', { now })).toMatchObject({ message: PUSHKIN_MESSAGES.birthDate });
    const at = (iso: string) => codesRefusal(eligible, 'pushkin_card', { birthDate: new Date(iso), now });
    expect(at('2012-11-26')).toMatchObject({ message: PUSHKIN_MESSAGES.age }); // 13, 14 tomorrow
    expect(at('2012-11-25')).toBeNull(); // 14 today
    expect(at('2003-11-26')).toBeNull(); // 22, 23 tomorrow
    expect(at('2003-11-25')).toMatchObject({ message: PUSHKIN_MESSAGES.age }); // 23 today
  });
});

describeEachDatabase('issue 12: the culture card, the cashback and the rules on the server', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });
  const state = async (b: Buyer) => (await b.get('/shopcart/state/')).json().checkout;
  const order = async (b: Buyer, form: Record<string, string>) =>
    (await b.post('/order/createAnonymousOrder/', { ...GUEST, ...form })).json();

  it('tells whether the basket can be paid with the culture card, and why not', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const b = buyer(app);
    await b.post('/hallPlace/select/', { cypher: f.seats[0]! });
    const show = await get().db.query<{ name: string }>(
      'SELECT s.name FROM shows s JOIN performances pf ON pf.show_id = s.id WHERE pf.id = $1',
      [f.performanceId],
    );
    expect((await state(b)).pushkinCard).toEqual({
      eligible: false,
      reason: PUSHKIN_MESSAGES.notInProgramme(show.rows[0]!.name),
    });
    await get().db.query(
      'UPDATE shows SET pushkin_card = true WHERE id = (SELECT show_id FROM performances WHERE id = $1)',
      [f.performanceId],
    );
    expect((await state(b)).pushkinCard).toEqual({ eligible: true });
    await b.post('/hallPlace/select/', { cypher: f.seats[1]! });
    expect((await state(b)).pushkinCard).toEqual({ eligible: false, reason: PUSHKIN_MESSAGES.oneTicket });
    await b.post('/hallPlace/deselect/', { cypher: f.seats[1]! });
    const { code } = await promoCode(get().db);
    await b.get(`/shopcart/applypromo/?promocode=${code}`);
    expect((await state(b)).pushkinCard).toEqual({ eligible: false, reason: PUSHKIN_MESSAGES.split });
    // Refused at order time whatever the page says.
    expect((await order(b, { payment: 'pushkin_card', pushkinCardInfo: '{"birthDate":"2008-01-01"}' })).error).not.toBe(
      0,
    );
    await b.get('/shopcart/applypromo/?promocode=');
    const young = await order(b, { payment: 'pushkin_card', pushkinCardInfo: '{"birthDate":"2016-01-01"}' });
    expect(young.error).not.toBe(0);
    const noDate = await order(b, { payment: 'pushkin_card', pushkinCardInfo: '{}' });
    expect(noDate.error).not.toBe(0);
    const ok = await order(b, { payment: 'pushkin_card', pushkinCardInfo: '{"birthDate":"2008-01-01"}' });
    expect(ok.error).toBe(0);
    // A culture card is paid on the bank's card form like any card.
    const orderId = orderIdOf(ok);
    await payAtSandboxBank(app, await openPayment(b, { orderId, url: ok.url, params: ok.params }));
    expect((await get().db.query('SELECT status FROM orders WHERE id = $1', [orderId])).rows[0]).toEqual({
      status: 'paid',
    });
  });

  it('pays an order the partner’s cashback method placed, by card', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const b = buyer(app);
    await framed(b);
    await b.post('/hallPlace/select/', { cypher: f.seats[9]! });
    const placed = await order(b, { payment: 'mts_cashback' });
    expect(placed.error).toBe(0);
    const orderId = orderIdOf(placed);
    await payAtSandboxBank(app, await openPayment(b, { orderId, url: placed.url, params: placed.params }));
    expect((await get().db.query('SELECT status FROM orders WHERE id = $1', [orderId])).rows[0]).toEqual({
      status: 'paid',
    });
  });

  it('refuses an order on a code that went bad after it was applied', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const { code, id } = await promoCode(get().db, { kind: 'percent', value: 10 });
    const b = buyer(app);
    await b.post('/hallPlace/select/', { cypher: f.seats[2]! });
    await b.get(`/shopcart/applypromo/?promocode=${code}`);
    await get().db.query('UPDATE promo_codes SET valid_until = $2 WHERE id = $1', [
      id,
      new Date(clock.now().getTime() - 1),
    ]);
    expect(await order(b, { payment: 'card' })).toMatchObject({ error: 1, message: PROMO_MESSAGES.expired });
  });

  it('gives the card back when the places of a full card payment went to someone else meanwhile', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const card = await giftCard(get().db, 250_000);
    const b = buyer(app);
    await b.post('/hallPlace/select/', { cypher: f.seats[3]! });
    await b.post('/shopcart/applygiftcard/', { gift_card_number: card.number });
    const placed = await order(b, { payment: 'gift_card' });
    expect(placed.error).toBe(0);
    expect(await balanceOf(get().db, card.id)).toBe(0);
    // The hold lapses and another buyer takes the seat before the full payment is called.
    await get().db.query('UPDATE performance_places SET held_until = $2 WHERE id = $1', [
      f.seats[3],
      new Date(clock.now().getTime() - 1000),
    ]);
    expect((await buyer(app).post('/hallPlace/select/', { cypher: f.seats[3]! })).json().result).toBe(1);
    expect((await b.get(placed.url)).json()).toEqual({ error: 1, message: FULL_PAYMENT_MESSAGES.placesTaken });
    expect(await balanceOf(get().db, card.id)).toBe(250_000);
    expect((await get().db.query('SELECT 1 FROM tickets WHERE order_id = $1', [orderIdOf(placed)])).rowCount).toBe(0);
  });

  async function framed(b: Buyer, percent = 5): Promise<number> {
    const partner = await get().db.query<{ id: number }>(
      `INSERT INTO partners (name, hash, cashback_percent) VALUES ('Телеком', $1, 10) RETURNING id`,
      [`h${Math.random().toString(36).slice(2)}`],
    );
    await get().db.query(
      `INSERT INTO framed_sessions (session_id, partner_id, cashback_percent, updated_at) VALUES ($1, $2, $3, now())`,
      [b.sessionId, partner.rows[0]!.id, percent],
    );
    return partner.rows[0]!.id;
  }

  async function confirmedBuyer(): Promise<Buyer> {
    const { b } = await registeredBuyer(app);
    const account = await accountOfSession(get().db, b.sessionId);
    await get().db.query('UPDATE users SET phone = $2, phone_confirmed = true WHERE id = $1', [
      account!.id,
      `79${String(account!.id).padStart(9, '0')}`,
    ]);
    return b;
  }

  it('accumulates the partner’s cashback on a paid order and lets the phone’s owner spend it', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const b = await confirmedBuyer();
    const partnerId = await framed(b);
    await b.post('/hallPlace/select/', { cypher: f.seats[4]! });
    expect((await b.post('/shopcart/applycashback/', { action: 'nakopit_keshbek' })).json()).toEqual({ error: 0 });
    expect((await state(b)).cashback).toEqual({ percent: 5, balance: 0, action: 'nakopit_keshbek' });
    const first = (await b.get('/order/createSessionOrder/?pm=card&dm=eticket&cookies=')).json();
    expect(first.error).toBe(0);
    const firstId = orderIdOf(first);
    await payAtSandboxBank(app, await openPayment(b, { orderId: firstId, url: first.url, params: first.params }));
    const row = await get().db.query('SELECT cashback_action, cashback_percent, partner_id FROM orders WHERE id = $1', [
      firstId,
    ]);
    expect(row.rows[0]).toEqual({ cashback_action: 'nakopit_keshbek', cashback_percent: 5, partner_id: partnerId });

    // 5 % of 2 500 ₽ = 125 ₽ earned; the next basket spends it.
    await b.post('/hallPlace/select/', { cypher: f.seats[5]! });
    expect((await b.post('/shopcart/applycashback/', { action: 'spisat_keshbek' })).json()).toEqual({ error: 0 });
    const c = await state(b);
    expect(c.cashback).toEqual({ percent: 5, balance: 125, action: 'spisat_keshbek' });
    expect(c.totals).toMatchObject({ cashback: 125, toPay: 2375 });
    // Spending excludes the promo code and the gift card (4.5).
    const { code } = await promoCode(get().db);
    expect((await b.get(`/shopcart/applypromo/?promocode=${code}`)).json()).toEqual({
      error: 1,
      message: CODES_CONFLICTS.cashbackSpendPromo,
    });
    const card = await giftCard(get().db, 100_000);
    expect((await b.post('/shopcart/applygiftcard/', { gift_card_number: card.number })).json()).toEqual({
      success: false,
      message: CODES_CONFLICTS.cashbackSpendGiftCard,
    });
    const second = (await b.get('/order/createSessionOrder/?pm=card&dm=eticket&cookies=')).json();
    expect(second.error).toBe(0);
    const spent = await get().db.query('SELECT total, cashback_spent, cashback_action FROM orders WHERE id = $1', [
      orderIdOf(second),
    ]);
    expect(spent.rows[0]).toEqual({ total: 237_500, cashback_spent: 12_500, cashback_action: 'spisat_keshbek' });

    // The balance is spent while that order lives: a third basket has nothing; cancelled, it comes back.
    await b.post('/hallPlace/select/', { cypher: f.seats[6]! });
    expect((await state(b)).cashback).toMatchObject({ balance: 0, alert: CASHBACK_MESSAGES.nothingToSpend });
    await get().db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [orderIdOf(second)]);
    expect((await state(b)).cashback).toMatchObject({ balance: 125 });
  });

  it('lets two orders of one phone spend its cashback at once no more than it holds', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const { b: first, email } = await registeredBuyer(app);
    const account = (await accountOfSession(get().db, first.sessionId))!;
    const phone = `79${String(account.id).padStart(9, '0')}`;
    await get().db.query('UPDATE users SET phone = $2, phone_confirmed = true WHERE id = $1', [account.id, phone]);
    const second = buyer(app);
    const signIn = await second.post('/login/ajaxauth/', {
      'LoginForm[contact]': email,
      'LoginForm[password]': TEST_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const partnerId = await framed(first);
    await get().db.query(
      `INSERT INTO framed_sessions (session_id, partner_id, cashback_percent, updated_at) VALUES ($1, $2, 5, now())`,
      [second.sessionId, partnerId],
    );
    // 200 ₽ earned before, by an order this product recorded for the phone.
    await get().db.query(
      `INSERT INTO orders (session_id, access_token, status, email, first_name, surname, payment_method, delivery_method,
                           total, created_at, partner_id, cashback_percent, cashback_action, cashback_phone)
       VALUES ('old', $1, 'paid', 'x@example.ru', 'А', 'Б', 'card', 'eticket', 400000, now(), $2, 5,
               'nakopit_keshbek', $3)`,
      [`tok${Math.random()}`, partnerId, phone],
    );
    for (const [i, b] of [first, second].entries()) {
      await b.post('/hallPlace/select/', { cypher: f.seats[10 + i]! });
      await b.post('/shopcart/applycashback/', { action: 'spisat_keshbek' });
      expect((await state(b)).totals.cashback).toBe(200);
    }
    const answers = await Promise.all(
      [first, second].map((b) => b.get('/order/createSessionOrder/?pm=card&dm=eticket&cookies=').then((r) => r.json())),
    );
    expect(answers.map((a) => a.error)).toEqual([0, 0]);
    const spent = await get().db.query<{ spent: number }>(
      `SELECT sum(cashback_spent)::int AS spent FROM orders WHERE cashback_phone = $1 AND status = 'new'`,
      [phone],
    );
    expect(spent.rows[0]!.spent).toBe(20_000);
  });

  it('lets a guest only accumulate, forces accumulating with a gift card, and offers no cashback outside a frame', async () => {
    const f = await checkoutHall(get().db, { now: clock.now() });
    const guest = buyer(app);
    await framed(guest);
    await guest.post('/hallPlace/select/', { cypher: f.seats[7]! });
    await guest.post('/shopcart/applycashback/', { action: 'spisat_keshbek' });
    expect((await state(guest)).cashback).toEqual({
      percent: 5,
      balance: 0,
      action: 'spisat_keshbek',
      alert: CASHBACK_MESSAGES.signInToSpend,
    });
    expect((await state(guest)).totals.cashback).toBe(0);
    await guest.post('/shopcart/applycashback/', { action: '' });
    const card = await giftCard(get().db, 100_000);
    await guest.post('/shopcart/applygiftcard/', { gift_card_number: card.number });
    expect((await guest.post('/shopcart/applycashback/', { action: 'spisat_keshbek' })).json()).toEqual({
      error: 1,
      message: CODES_CONFLICTS.giftCardCashbackSpend,
    });
    expect((await guest.post('/shopcart/applycashback/', { action: 'nakopit_keshbek' })).json()).toEqual({ error: 0 });
    // The order call's own action cannot spend with the gift card either: accumulating is forced.
    const placed = await order(guest, { payment: 'card', cashback: 'spisat_keshbek' });
    expect(placed.error).toBe(0);
    const row = await get().db.query('SELECT cashback_action, cashback_spent FROM orders WHERE id = $1', [
      orderIdOf(placed),
    ]);
    expect(row.rows[0]).toEqual({ cashback_action: 'nakopit_keshbek', cashback_spent: 0 });

    const outside = buyer(app);
    await outside.post('/hallPlace/select/', { cypher: f.seats[8]! });
    expect((await outside.post('/shopcart/applycashback/', { action: 'nakopit_keshbek' })).json()).toEqual({
      error: 1,
      message: CASHBACK_MESSAGES.noCashback,
    });
    expect((await state(outside)).cashback).toBeNull();
  });
});
