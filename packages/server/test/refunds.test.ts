/**
 * Returning tickets from the cabinet (site-browsing-account.md 2.15 replace-and-reschedule, 4
 * Replace/refund, 7, 8 Refund): the tab lists the buyer's returnable tickets with the amount of
 * the rule (changed performances first), the quote and the return pay the same, a return sets the
 * tickets 'returned', frees the places, records the refund in the ledger and mails the buyer; a
 * ticket is never returned twice (even by two concurrent calls on PostgreSQL), another buyer's
 * ticket changes nothing, a provider that cannot refund refuses, a guest gets 401. Also the
 * performance changes (move, cancel) and the cashback tab.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { accountOfSession } from '../src/accounts/index.js';
import type { ManualClock } from '../src/clock.js';
import { PARTNER_PAY_REFUND_REFUSED } from '../src/payments/partner-pay/provider.js';
import { type PaymentProvider, PaymentProviders } from '../src/payments/provider.js';
import { refundTickets, STALE_CLAIM_MS } from '../src/payments/refunds.js';
import { cancelPerformance, movePerformance } from '../src/services/catalogue/performance-changes.js';
import { registeredBuyer, uniqueEmail } from './support/accounts.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';
import { paidSessionOrder } from './support/orders.js';

const DAY = 86_400_000;

describeEachDatabase('refunds: the return of tickets from the cabinet', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;

  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });
  beforeEach(() => clock.reset());

  const db = () => get().db;
  const deps = () => ({ db: db(), clock, config: app.deps.config });

  /** A hall whose performance starts `days` from now. */
  const hall = (days: number) =>
    createHallFixture(db(), { seatCount: 6, startsAt: new Date(clock.now().getTime() + days * DAY) });

  async function registered(): Promise<{ b: Buyer; email: string; userId: number }> {
    const { b, email } = await registeredBuyer(app, { email: uniqueEmail('refunds') });
    const account = await accountOfSession(db(), b.sessionId);
    return { b, email, userId: account!.id };
  }

  /** The buyer buys these seats and pays through the sandbox bank; the tickets' ids. */
  async function bought(b: Buyer, seats: number[]): Promise<{ orderId: number; tickets: number[] }> {
    const orderId = await paidSessionOrder(app, b, seats);
    const t = await db().query<{ id: number }>('SELECT id FROM tickets WHERE order_id = $1 ORDER BY id', [orderId]);
    return { orderId, tickets: t.rows.map((row) => row.id) };
  }

  const tab = (b: Buyer) => b.get('/private/replaces/');
  const quote = (b: Buyer, ids: number[]) =>
    b.get(`/refund/quote/?${ids.map((id) => `ticketIds[]=${id}`).join('&')}`).then((r) => r.json());
  const refund = (b: Buyer, ids: number[]) =>
    b.post('/refund/replaces/', { ticketIds: JSON.stringify(ids) }).then((r) => r.json());

  async function state(ticketId: number) {
    const r = await db().query<{ status: string; place_state: number; order_status: string; refunded: number }>(
      `SELECT t.status, pp.state AS place_state, o.status AS order_status,
              (SELECT sum(refunded_amount)::int FROM payments WHERE order_id = o.id) AS refunded
         FROM tickets t JOIN orders o ON o.id = t.order_id JOIN performance_places pp ON pp.id = t.performance_place_id
        WHERE t.id = $1`,
      [ticketId],
    );
    return r.rows[0]!;
  }

  it('answers a guest 401 on every call', async () => {
    const guest = buyer(app);
    expect((await tab(guest)).status).toBe(401);
    expect((await guest.get('/private/mtscashback/')).status).toBe(401);
    expect((await guest.get('/refund/quote/?ticketIds[]=1')).status).toBe(401);
    const r = await guest.post('/refund/replaces/', { 'ticketIds[]': 1 });
    expect(r.status).toBe(401);
    expect(r.json()).toEqual({ ok: false, errors: ['Войдите, чтобы продолжить'] });
  });

  it('returns a ticket 10 days or more ahead for its whole price: returned, the place on sale, the ledger, the e-mail', async () => {
    const f = await hall(20);
    const { b, email } = await registered();
    const { orderId, tickets } = await bought(b, [f.seats[0]!]);
    const page = (await tab(b)).body;
    expect(page).toContain(`data-refund-ticket="${tickets[0]}"`);
    expect(page).toContain('data-refund-amount="250000"');
    expect(page).toContain('Условия возврат билетов');
    expect(page).toContain('Возврат за 10 дней и более до начала: 100 % стоимости билета.');

    expect(await quote(b, tickets)).toMatchObject({ ok: true, count: 1, amount: 250_000 });
    expect(await refund(b, tickets)).toEqual({ ok: true });
    expect(await state(tickets[0]!)).toEqual({
      status: 'returned',
      place_state: 0,
      order_status: 'refunded',
      refunded: 250_000,
    });
    const pay = await db().query<{ status: string }>('SELECT status FROM payments WHERE order_id = $1', [orderId]);
    expect(pay.rows.map((p) => p.status)).toContain('refunded');
    const mail = await db().query<{ subject: string; body_text: string }>(
      'SELECT subject, body_text FROM outbox WHERE recipient = $1 AND order_id = $2 ORDER BY id DESC LIMIT 1',
      [email, orderId],
    );
    expect(mail.rows[0]!.subject).toBe(`Заказ № ${orderId}: билеты возвращены`);
    expect(mail.rows[0]!.body_text).toContain('2\u00a0500\u00a0₽');

    // Never twice; the tab lists it no more.
    expect(await refund(b, tickets)).toEqual({ ok: false, errors: [expect.stringContaining('уже возвращён')] });
    expect((await tab(b)).body).not.toContain(`data-refund-ticket="${tickets[0]}"`);
    // The place is on sale again: another buyer can hold it.
    const other = buyer(app);
    expect((await other.post('/hallPlace/select/', { cypher: f.seats[0]! })).json().result).toBe(1);
  });

  it('pays 50 % from 5 to 10 days, 30 % from 3 to 5 days, and refuses under 3 days', async () => {
    const f = await hall(12);
    const { b } = await registered();
    const { tickets } = await bought(b, [f.seats[0]!, f.seats[1]!]);
    clock.advance(6 * DAY);
    expect(await quote(b, [tickets[0]!])).toMatchObject({
      ok: true,
      amount: 125_000,
      tickets: [{ percent: 50, rule: 'days5' }],
    });
    clock.advance(2 * DAY);
    expect((await tab(b)).body).toContain('data-refund-amount="75000"');
    expect(await refund(b, [tickets[0]!])).toEqual({ ok: true });
    expect(
      await db().query('SELECT amount FROM refunds WHERE order_id = (SELECT order_id FROM tickets WHERE id = $1)', [
        tickets[0],
      ]),
    ).toMatchObject({ rows: [{ amount: 75_000 }] });
    clock.advance(2 * DAY);
    expect(await refund(b, [tickets[1]!])).toEqual({
      ok: false,
      errors: [expect.stringContaining('до начала меньше 3 дней')],
    });
    expect((await state(tickets[1]!)).status).toBe('issued');
    expect((await state(tickets[0]!)).order_status).toBe('paid');
  });

  it('refuses another buyer’s ticket (and a mix of theirs and one’s own) without changing anything', async () => {
    const f = await hall(20);
    const owner = await registered();
    const { tickets } = await bought(owner.b, [f.seats[0]!]);
    const { tickets: mine } = await bought((await registered()).b, [f.seats[1]!]);
    const thief = await registered();
    expect(await refund(thief.b, tickets)).toEqual({ ok: false, errors: ['Билет не найден среди ваших заказов'] });
    expect(await quote(thief.b, tickets)).toEqual({ ok: false, errors: ['Билет не найден среди ваших заказов'] });
    expect((await tab(thief.b)).body).not.toContain(`data-refund-ticket="${tickets[0]}"`);
    expect(await state(tickets[0]!)).toMatchObject({ status: 'issued', place_state: 2 });
    // All or none: one's own ticket with someone else's returns nothing.
    expect((await refund(owner.b, [...tickets, ...mine])).ok).toBe(false);
    expect(await state(tickets[0]!)).toMatchObject({ status: 'issued', place_state: 2 });
    expect(await state(mine[0]!)).toMatchObject({ status: 'issued', place_state: 2 });
  });

  it('lists a moved performance first with both dates and pays its whole price days before the new start', async () => {
    const later = await hall(30);
    const moved = await hall(20);
    const { b, email } = await registered();
    const { tickets: ordinary } = await bought(b, [later.seats[0]!]);
    const { tickets } = await bought(b, [moved.seats[0]!]);
    const outcome = await movePerformance(deps(), moved.performanceId, new Date(clock.now().getTime() + 4 * DAY));
    expect(outcome).toMatchObject({ ok: true, notified: 1 });
    const mail = await db().query<{ subject: string }>(
      'SELECT subject FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
    expect(mail.rows[0]!.subject).toBe('«Гамлет»: перенесено');
    const page = (await tab(b)).body;
    expect(page).toContain('Перенесено: было');
    expect(page.indexOf(`data-refund-ticket="${tickets[0]}"`)).toBeLessThan(
      page.indexOf(`data-refund-ticket="${ordinary[0]}"`),
    );
    expect(await quote(b, tickets)).toMatchObject({ ok: true, amount: 250_000, tickets: [{ rule: 'moved' }] });
    expect(await refund(b, tickets)).toEqual({ ok: true });
  });

  it('cancels a performance: closed to sale, its tickets returned for the whole price even on the day', async () => {
    const f = await hall(2);
    const { b } = await registered();
    const { tickets } = await bought(b, [f.seats[0]!]);
    expect((await refund(b, tickets)).ok).toBe(false);
    // Another buyer's order of it, still awaiting payment.
    const { b: late } = await registered();
    expect((await late.post('/hallPlace/select/', { cypher: f.seats[2]! })).json().result).toBe(1);
    const unpaid = (await late.get('/order/createSessionOrder/?pm=card&dm=eticket&cookies=')).json();
    expect(unpaid.error).toBe(0);
    expect(await cancelPerformance(deps(), f.performanceId)).toMatchObject({ ok: true });
    const closed = await db().query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
      Number(unpaid.url.split('/')[3]),
    ]);
    expect(closed.rows[0]!.status).toBe('cancelled');
    expect(await cancelPerformance(deps(), f.performanceId)).toEqual({ ok: false, message: 'Сеанс уже отменён' });
    const pf = await db().query<{ sale_state: string; status: string }>(
      'SELECT sale_state, status FROM performances WHERE id = $1',
      [f.performanceId],
    );
    expect(pf.rows[0]).toEqual({ sale_state: 'closed', status: 'cancelled' });
    expect((await buyer(app).post('/hallPlace/select/', { cypher: f.seats[1]! })).json().result).not.toBe(1);
    expect((await tab(b)).body).toContain('Мероприятие отменено');
    expect(await refund(b, tickets)).toEqual({ ok: true });
  });

  it('refuses when the provider cannot send the money back, and changes nothing', async () => {
    const f = await hall(20);
    const { b } = await registered();
    const { orderId, tickets } = await bought(b, [f.seats[0]!]);
    await db().query(`UPDATE payments SET provider = 'mts_pay' WHERE order_id = $1`, [orderId]);
    expect(await refund(b, tickets)).toEqual({ ok: false, errors: [PARTNER_PAY_REFUND_REFUSED] });
    expect(await state(tickets[0]!)).toMatchObject({ status: 'issued', place_state: 2, refunded: 0 });
    const left = await db().query('SELECT 1 FROM refunds WHERE order_id = $1', [orderId]);
    expect(left.rows).toHaveLength(0);
  });

  it('takes over a claim its process left pending, lists its ticket again and finishes it once', async () => {
    const f = await hall(20);
    const { b, userId } = await registered();
    const { orderId, tickets } = await bought(b, [f.seats[0]!]);
    // A return that died between the provider's answer and its last step, long ago.
    const pay = await db().query<{ id: string }>('SELECT id FROM payments WHERE order_id = $1', [orderId]);
    const refundRow = await db().query<{ id: number }>(
      `INSERT INTO refunds (order_id, payment_id, user_id, status, amount, created_at)
       VALUES ($1, $2, $3, 'pending', 250000, $4) RETURNING id`,
      [orderId, pay.rows[0]!.id, userId, clock.now()],
    );
    await db().query(
      `INSERT INTO refund_tickets (ticket_id, refund_id, amount, percent, rule) VALUES ($1, $2, 250000, 100, 'days10')`,
      [tickets[0], refundRow.rows[0]!.id],
    );
    // Fresh, it is a return under way: not listed, refused.
    expect((await tab(b)).body).not.toContain(`data-refund-ticket="${tickets[0]}"`);
    expect(await refund(b, tickets)).toEqual({ ok: false, errors: [expect.stringContaining('уже оформляется')] });
    clock.advance(STALE_CLAIM_MS);
    expect((await tab(b)).body).toContain(`data-refund-ticket="${tickets[0]}"`);
    expect(await refund(b, tickets)).toEqual({ ok: true });
    const rows = await db().query<{ status: string }>('SELECT status FROM refunds WHERE order_id = $1', [orderId]);
    expect(rows.rows).toEqual([{ status: 'done' }]);
    expect(await state(tickets[0]!)).toMatchObject({ status: 'returned', refunded: 250_000 });
  });

  it('keeps the claim when the provider does not answer, and asks again later with the same key: paid once', async () => {
    const f = await hall(20);
    const { b, userId } = await registered();
    const { orderId, tickets } = await bought(b, [f.seats[0]!]);
    const keys: string[] = [];
    let answers = false;
    const provider = {
      name: 'sandbox',
      refundPart: async (_paymentId: string, _amount: number, key: string) => {
        keys.push(key);
        if (!answers) throw new Error('connection reset');
        return { ok: true as const, refundId: `r-${key}` };
      },
    } as unknown as PaymentProvider;
    const withProvider = { ...deps(), providers: new PaymentProviders([provider]) };

    expect(await refundTickets(withProvider, userId, tickets)).toMatchObject({ ok: false });
    // The money may have gone: the return stays under way, not dropped, and the ticket is not listed.
    const pending = await db().query<{ status: string }>('SELECT status FROM refunds WHERE order_id = $1', [orderId]);
    expect(pending.rows).toEqual([{ status: 'pending' }]);
    expect(await refund(b, tickets)).toEqual({ ok: false, errors: [expect.stringContaining('уже оформляется')] });

    clock.advance(STALE_CLAIM_MS);
    answers = true;
    expect(await refundTickets(withProvider, userId, tickets)).toMatchObject({ ok: true });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await state(tickets[0]!)).toMatchObject({ status: 'returned', refunded: 250_000 });
  });

  it('answers 400 with the message when ticketIds is not a list of ids', async () => {
    const { b } = await registered();
    const r = await b.post('/refund/replaces/', { other: '1' });
    expect(r.status).toBe(400);
    expect(r.json()).toEqual({ ok: false, errors: ['Неверное значение параметра ticketIds'] });
  });

  it('returns a ticket once when two returns of it race', async () => {
    if (get().kind !== 'postgres') return;
    const f = await hall(20);
    const { b } = await registered();
    const { tickets } = await bought(b, [f.seats[0]!]);
    const answers = await Promise.all([refund(b, tickets), refund(b, tickets), refund(b, tickets)]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    const rows = await db().query<{ n: number; sum: number }>(
      `SELECT count(*)::int AS n, sum(amount)::int AS sum FROM refunds WHERE order_id = (SELECT order_id FROM tickets WHERE id = $1)`,
      [tickets[0]],
    );
    expect(rows.rows[0]).toEqual({ n: 1, sum: 250_000 });
    expect((await state(tickets[0]!)).refunded).toBe(250_000);
  });

  it('shows the cashback of the buyer’s own orders, credited after the event, or how to earn it', async () => {
    const f = await hall(10);
    const { b } = await registered();
    expect((await b.get('/private/mtscashback/')).body).toContain('У вас пока нет кешбэка');
    const { orderId } = await bought(b, [f.seats[0]!]);
    await db().query('UPDATE orders SET cashback_percent = 5 WHERE id = $1', [orderId]);
    const page = (await b.get('/private/mtscashback/')).body;
    expect(page).toContain(`№ ${orderId}`);
    expect(page).toContain('<b>125\u00a0₽</b>');
    expect(page).toContain('Начислится после');
    clock.advance(11 * DAY);
    expect((await b.get('/private/mtscashback/')).body).toContain('Начислен<');
    expect((await (await registered()).b.get('/private/mtscashback/')).body).not.toContain(`№ ${orderId}`);
  });
});
