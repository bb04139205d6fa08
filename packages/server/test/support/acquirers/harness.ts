/**
 * What the acquirer tests share: the payment settings of a deployment using one acquirer, a
 * signed-in buyer's order up to its payment session, the shop's view of an order, and a callback
 * posted as the acquirer would post it.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { ManualClock } from '../../../src/clock.js';
import type { PaymentSettings, ReceiptSettings } from '../../../src/config.js';
import type { Database, Queryable } from '../../../src/db/index.js';
import { registeredBuyer } from '../accounts.js';
import { type Buyer, buildTestApp } from '../app.js';
import type { TestDatabase } from '../databases.js';
import { placeSessionOrder } from '../orders.js';

/** Receipts of a shop on the simplified system whose gifts carry 20 % VAT and tickets none. */
export const TEST_RECEIPT: ReceiptSettings = {
  ticketVat: 'none',
  giftVat: 'vat20',
  taxation: 'usn_income',
  method: 'full_prepayment',
};

export function paymentSettings(settings: Partial<PaymentSettings>): PaymentSettings {
  return {
    provider: 'sandbox',
    sandbox: true,
    yookassa: undefined,
    tbank: undefined,
    sber: undefined,
    receipt: TEST_RECEIPT,
    ...settings,
  };
}

/** An acquirer's simulator and the app of a deployment that pays through it, for one suite. */
export interface AcquirerSuite<S> {
  readonly sim: S;
  readonly app: FastifyInstance;
  /** Frozen; back at the start before each test. */
  readonly clock: ManualClock;
  /** The deployment's payment settings. */
  readonly payments: PaymentSettings;
  db(): Database;
}

/**
 * Starts the simulator and the app over the suite's database before its tests (the payment
 * settings made from the simulator's address), and closes both after them.
 */
export function acquirerSuite<S extends { close(): Promise<void> }>(
  get: () => TestDatabase,
  start: () => Promise<S>,
  payments: (sim: S) => Partial<PaymentSettings>,
): AcquirerSuite<S> {
  let sim: S | undefined;
  let built: Awaited<ReturnType<typeof buildTestApp>> | undefined;
  beforeAll(async () => {
    sim = await start();
    built = await buildTestApp(get().db, { config: { payments: paymentSettings(payments(sim)) } });
  });
  afterAll(async () => {
    await built?.app.close();
    await sim?.close();
  });
  beforeEach(() => built?.clock.reset());
  const ready = () => {
    if (!sim || !built) throw new Error('the suite’s simulator and app are not started yet');
    return { sim, ...built };
  };
  return {
    get sim() {
      return ready().sim;
    },
    get app() {
      return ready().app;
    },
    get clock() {
      return ready().clock;
    },
    get payments() {
      return ready().config.payments;
    },
    db: () => get().db,
  };
}

export interface StartedPayment {
  b: Buyer;
  orderId: number;
  /** The payment session's answer (hall-basket-checkout.md 3.15). */
  session: any;
}

/** A signed-in buyer selects the seats, places the order (card, e-ticket) and starts paying it. */
export async function startPayment(app: FastifyInstance, seats: readonly number[]): Promise<StartedPayment> {
  const { b } = await registeredBuyer(app);
  for (const id of seats) expect((await b.post('/hallPlace/select/', { cypher: id })).json().result).toBe(1);
  const order = await placeSessionOrder(b);
  const session = (await b.post(order.url, order.params)).json();
  return { b, orderId: order.orderId, session };
}

/** A signed-in buyer selects the seats and places the order (card, e-ticket), not yet paying it. */
export async function placeOrder(
  app: FastifyInstance,
  seats: readonly number[],
): Promise<{ b: Buyer; orderId: number }> {
  const { b } = await registeredBuyer(app);
  for (const id of seats) expect((await b.post('/hallPlace/select/', { cypher: id })).json().result).toBe(1);
  return { b, orderId: (await placeSessionOrder(b)).orderId };
}

/** The buyer's own ticket ids of an order, oldest first (for a return from the cabinet). */
export async function ticketIds(db: Queryable, orderId: number): Promise<number[]> {
  const r = await db.query<{ id: number }>('SELECT id FROM tickets WHERE order_id = $1 ORDER BY id', [orderId]);
  return r.rows.map((t) => t.id);
}

/** The address the checkout opens in the bank frame: the url with its GET fields. */
export function bankPage(session: { url: string; get?: Record<string, string> }): string {
  const url = new URL(session.url);
  for (const [name, value] of Object.entries(session.get ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

/** The shop's books on an order: its status, payments, issued tickets and the e-mails it queued. */
export async function orderBooks(db: Queryable, orderId: number) {
  const order = await db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
  const payments = await db.query<{ id: string; provider: string; status: string; refunded_amount: number }>(
    'SELECT id, provider, status, refunded_amount FROM payments WHERE order_id = $1 ORDER BY created_at, id',
    [orderId],
  );
  const tickets = await db.query(`SELECT 1 FROM tickets WHERE order_id = $1 AND status = 'issued'`, [orderId]);
  const mail = await db.query<{ subject: string }>('SELECT subject FROM outbox WHERE order_id = $1 ORDER BY id', [
    orderId,
  ]);
  return {
    status: order.rows[0]?.status,
    payments: payments.rows,
    tickets: tickets.rows.length,
    mail: mail.rows.map((m) => m.subject),
  };
}

/** An acquirer's notification to /payment/callback/{provider}/: JSON, or a form. */
export async function notify(
  app: FastifyInstance,
  provider: string,
  payload: Record<string, unknown>,
  opts: { form?: boolean; remoteAddress?: string } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: `/payment/callback/${provider}/`,
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    ...(opts.form
      ? {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(payload as Record<string, string>).toString(),
        }
      : { payload }),
  });
  return { status: res.statusCode, body: res.body, type: res.headers['content-type'] };
}

/**
 * A payment started too late: the buyer lingered on the acquirer's page past the hold, and another
 * buyer took the seats meanwhile.
 */
export async function lateStart(suite: AcquirerSuite<unknown>, seats: readonly number[]): Promise<StartedPayment> {
  const started = await startPayment(suite.app, seats);
  suite.clock.advance(16 * 60_000);
  const { b } = await registeredBuyer(suite.app);
  for (const id of seats) expect((await b.post('/hallPlace/select/', { cypher: id })).json().result).toBe(1);
  return started;
}

/** The order is paid with this many tickets, and its buyer got one e-mail (the tickets): applied once. */
export async function expectPaidOnce(db: Queryable, orderId: number, tickets: number): Promise<void> {
  const books = await orderBooks(db, orderId);
  expect(books).toMatchObject({ status: 'paid', tickets });
  expect(books.mail).toHaveLength(1);
}

/** The shop's JSON answer to a callback, with its HTTP status. */
export function answerOf(res: { status: number; body: string }): { status: number; body: unknown } {
  return { status: res.status, body: JSON.parse(res.body) };
}

/** The message a buyer is given when the acquirer refuses or does not answer (hall-basket-checkout.md 8.5). */
export const ACQUIRER_FAILED = 'Произошла непредвиденная ошибка в процессе оплаты.';
