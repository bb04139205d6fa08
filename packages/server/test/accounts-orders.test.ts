/**
 * The cabinet's orders tab: a signed-in buyer's orders, newest first, with their performances,
 * items and tickets; the PDFs of a paid one, the bank page of an unpaid one; only the account's
 * own orders (a guest's order of the same browser joins at sign-in); pages by a `before` id; and
 * two statements whatever the number of orders.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { accountOfSession, listAccountOrders, ORDER_STATUS_TEXT } from '../src/accounts/index.js';
import type { Queryable } from '../src/db/index.js';
import { issueOrderTickets, TICKET_CODE } from '../src/tickets/issue.js';
import { registeredBuyer, TEST_PASSWORD, uniqueEmail } from './support/accounts.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';
import { type PlacedOrder, payOrder, placeSessionOrder } from './support/orders.js';

const PRICE = 250_000;
const PASSWORD = TEST_PASSWORD;

/** Counts the statements sent through the handle. */
function counting(db: Queryable): { db: Queryable; take(): number } {
  let n = 0;
  return {
    db: {
      query: (sql, params) => {
        n++;
        return db.query(sql, params);
      },
    },
    take() {
      const taken = n;
      n = 0;
      return taken;
    },
  };
}

describeEachDatabase('accounts: the cabinet’s orders', (get) => {
  let app: FastifyInstance;
  let f: HallFixture;
  let next = 0;
  /** A seat no other test of this suite takes. */
  const seat = () => f.seats[next++]!;

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db));
    f = await createHallFixture(get().db, { seatCount: 40, entranceCapacity: 20 });
  });

  async function registered(email = uniqueEmail('orders')): Promise<{ b: Buyer; email: string; userId: number }> {
    const { b } = await registeredBuyer(app, { email });
    const account = await accountOfSession(get().db, b.sessionId);
    return { b, email, userId: account!.id };
  }

  /** The buyer's basket as a session order (a signed-in buyer paying by card, e-tickets). */
  async function sessionOrder(b: Buyer, seats: number[], entrance = 0) {
    for (const id of seats) expect((await b.post('/hallPlace/select/', { cypher: id })).json().result).toBe(1);
    if (entrance > 0) {
      const added = await b.post('/hallPlace/entranceTicketsAdd/', {
        performanceId: f.performanceId,
        sectionId: f.entranceSectionId,
        count: entrance,
        taxId: f.tariffId,
        ticketPrice: PRICE / 100,
      });
      expect(added.status).toBe(200);
    }
    return placeSessionOrder(b);
  }

  /** Pays the order through the sandbox bank with the success card: tickets are issued. */
  const pay = (b: Buyer, order: PlacedOrder) => payOrder(app, b, order);

  async function tokenOf(orderId: number): Promise<string> {
    const r = await get().db.query<{ access_token: string }>('SELECT access_token FROM orders WHERE id = $1', [
      orderId,
    ]);
    return r.rows[0]!.access_token;
  }

  it('shows the account’s orders newest first, with items, tickets, the PDFs once paid and the bank page while unpaid', async () => {
    const { b, userId } = await registered();
    const firstSeat = seat();
    const paid = await sessionOrder(b, [firstSeat], 2);
    await pay(b, paid);
    const dropped = await sessionOrder(b, [seat()]);
    // A new order of the same basket cancels the unpaid one before it; it takes both held seats.
    const open = await sessionOrder(b, [seat()]);

    const page = await listAccountOrders(get().db, userId);
    expect(page.totalCount).toBe(3);
    expect(page.nextBefore).toBeNull();
    expect(page.orders.map((o) => [o.id, o.status, o.statusText])).toEqual([
      [open.orderId, 'new', 'Ожидает оплаты'],
      [dropped.orderId, 'cancelled', 'Отменён'],
      [paid.orderId, 'paid', 'Оплачен'],
    ]);

    const token = await tokenOf(paid.orderId);
    const done = page.orders[2]!;
    expect(done).toMatchObject({
      number: String(paid.orderId),
      total: 3 * PRICE,
      paymentMethod: 'card',
      deliveryMethod: 'eticket',
      payUrl: null,
      pdfUrl: `/order/tickets/${paid.orderId}.pdf?token=${encodeURIComponent(token)}`,
    });
    expect(new Date(done.createdAt).toISOString()).toBe(done.createdAt);
    expect(done.paidAt).not.toBeNull();
    expect(done.performances).toHaveLength(1);
    const performance = done.performances[0]!;
    expect(performance).toMatchObject({
      performanceId: f.performanceId,
      performanceUrl: `/performance/${f.performanceId}/`,
      showName: 'Гамлет',
      timeZone: 'Europe/Moscow',
      buildingName: 'Театр на Остоженке',
      buildingAddress: 'ул. Остоженка, 1',
      hallName: 'Основная сцена',
    });
    expect(performance.showUrl).toBe(`/show/${performance.showSlug}/`);
    expect(performance.showSlug).toMatch(/^hamlet-/);
    const [place, entrance] = performance.items;
    expect(place).toMatchObject({ kind: 'place', sectionName: 'Партер', row: '1', ticketCount: 1, price: PRICE });
    expect(place!.place).toBe(
      (
        await get().db.query<{ number: string }>(
          'SELECT pl.number FROM performance_places pp JOIN places pl ON pl.id = pp.place_id WHERE pp.id = $1',
          [firstSeat],
        )
      ).rows[0]!.number,
    );
    expect(entrance).toMatchObject({
      kind: 'entrance',
      sectionName: 'Танцпол',
      row: null,
      place: null,
      ticketCount: 2,
      price: PRICE,
      tariffName: 'Полный',
    });
    expect(place!.tickets).toHaveLength(1);
    expect(entrance!.tickets).toHaveLength(2);
    const tickets = [...place!.tickets, ...entrance!.tickets];
    const issued = await get().db.query<{ code: string }>('SELECT code FROM tickets WHERE order_id = $1 ORDER BY id', [
      paid.orderId,
    ]);
    expect(tickets.map((t) => t.code)).toEqual(issued.rows.map((r) => r.code));
    for (const t of tickets) {
      expect(t.code).toMatch(TICKET_CODE);
      expect(t).toEqual({
        code: t.code,
        status: 'issued',
        pdfUrl: `/order/ticket/${t.code}.pdf?token=${encodeURIComponent(token)}`,
      });
    }

    // The links answer the account's browser with the PDFs; a wrong token learns nothing.
    for (const url of [done.pdfUrl!, ...tickets.map((t) => t.pdfUrl!)]) {
      const res = await b.get(url);
      expect(res.status, url).toBe(200);
      expect(res.body.startsWith('%PDF-')).toBe(true);
      const wrong = url.replace(/token=.*$/, `token=${randomBytes(24).toString('base64url')}`);
      expect((await b.get(wrong)).status).toBe(404);
    }
    const pdf = await app.inject({ method: 'GET', url: done.pdfUrl! });
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);

    // The unpaid order: its items, no tickets or PDFs yet, and the bank page to pay it.
    const pending = page.orders[0]!;
    expect(pending.payUrl).toBe(
      `/payment/bank/${open.orderId}/?token=${encodeURIComponent(await tokenOf(open.orderId))}`,
    );
    expect(pending.pdfUrl).toBeNull();
    expect(pending.total).toBe(2 * PRICE);
    expect(pending.performances[0]!.items.map((i) => [i.kind, i.tickets])).toEqual([
      ['place', []],
      ['place', []],
    ]);
    expect(page.orders[1]!).toMatchObject({ payUrl: null, pdfUrl: null });
  });

  it('never shows an account another account’s orders', async () => {
    const anna = await registered();
    const boris = await registered();
    const annas = await sessionOrder(anna.b, [seat()]);
    await pay(anna.b, annas);
    const boriss = await sessionOrder(boris.b, [seat()]);

    const ofAnna = await listAccountOrders(get().db, anna.userId);
    const ofBoris = await listAccountOrders(get().db, boris.userId);
    expect(ofAnna.orders.map((o) => o.id)).toEqual([annas.orderId]);
    expect(ofBoris.orders.map((o) => o.id)).toEqual([boriss.orderId]);
    expect([ofAnna.totalCount, ofBoris.totalCount]).toEqual([1, 1]);
    // A stranger's cursor does not open anyone's orders either.
    expect((await listAccountOrders(get().db, boris.userId, { before: annas.orderId + 1 })).orders).toEqual([]);

    const fresh = await registered();
    expect(await listAccountOrders(get().db, fresh.userId)).toEqual({ orders: [], totalCount: 0, nextBefore: null });
  });

  it('takes in a guest’s order of the same browser when the buyer signs in', async () => {
    const { email, userId } = await registered();
    const guest = buyer(app);
    await guest.post('/hallPlace/select/', { cypher: seat() });
    const placed = (
      await guest.post('/order/createAnonymousOrder/', {
        email: 'guest@example.ru',
        name: 'Анна',
        surname: 'Каренина',
        payment: 'card',
        pc: 'bankovskaya_karta',
      })
    ).json();
    expect(placed.error).toBe(0);
    const orderId = Number(placed.url.split('/')[3]);
    expect((await listAccountOrders(get().db, userId)).orders).toEqual([]);

    const signedIn = await guest.post('/login/ajaxauth/', {
      'LoginForm[contact]': email,
      'LoginForm[password]': PASSWORD,
    });
    expect(signedIn.status).toBe(200);
    expect((await accountOfSession(get().db, guest.sessionId))?.id).toBe(userId);
    const page = await listAccountOrders(get().db, userId);
    expect(page.orders.map((o) => [o.id, o.status])).toEqual([[orderId, 'new']]);
    expect(page.orders[0]!.payUrl).toMatch(new RegExp(`^/payment/bank/${orderId}/\\?token=`));
  });

  /** Orders straight in the tables, one seat each; a paid one gets its tickets issued by the real code. */
  async function insertOrders(
    userId: number,
    statuses: Array<'new' | 'paid' | 'cancelled' | 'refunded'>,
    deliveryMethod = 'eticket',
  ) {
    const db = get().db;
    const ids: number[] = [];
    for (const status of statuses) {
      const now = new Date();
      const order = await db.query<{ id: number }>(
        `INSERT INTO orders (session_id, user_id, access_token, status, email, first_name, surname, payment_method,
                             delivery_method, total, created_at, paid_at)
         VALUES ('s', $1, $2, $3, 'anna@example.test', 'Анна', 'Каренина', 'card', $7, $4, $5, $6)
         RETURNING id`,
        [
          userId,
          randomBytes(24).toString('base64url'),
          status,
          PRICE,
          now,
          status === 'new' ? null : now,
          deliveryMethod,
        ],
      );
      const orderId = order.rows[0]!.id;
      await db.query(
        `INSERT INTO order_items (order_id, performance_id, performance_place_id, tariff_id, ticket_count, price)
         VALUES ($1, $2, $3, $4, 1, $5)`,
        [orderId, f.performanceId, seat(), f.tariffId, PRICE],
      );
      if (status === 'paid' || status === 'refunded') {
        await db.transaction((tx) => issueOrderTickets(tx, orderId, now));
      }
      if (status === 'refunded')
        await db.query(`UPDATE tickets SET status = 'returned' WHERE order_id = $1`, [orderId]);
      ids.push(orderId);
    }
    return ids;
  }

  it('pages by a `before` id and counts every order of the account', async () => {
    const { userId } = await registered();
    const ids = await insertOrders(userId, ['paid', 'new', 'cancelled', 'refunded', 'paid', 'paid', 'cancelled']);
    const newestFirst = [...ids].reverse();

    const seen: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const page = await listAccountOrders(get().db, userId, { limit: 3, before });
      expect(page.totalCount).toBe(ids.length);
      expect(page.orders.length).toBeLessThanOrEqual(3);
      seen.push(...page.orders.map((o) => o.id));
      before = page.nextBefore;
      pages++;
    } while (before !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst);

    // A page that ends exactly at the last order says there is no next one.
    const exact = await listAccountOrders(get().db, userId, { limit: 4, before: newestFirst[2]! });
    expect(exact.orders.map((o) => o.id)).toEqual(newestFirst.slice(3));
    expect(exact.nextBefore).toBeNull();
    // 20 a page unless told; a cursor past the oldest gives an empty page with the count.
    expect((await listAccountOrders(get().db, userId)).orders).toHaveLength(ids.length);
    expect(await listAccountOrders(get().db, userId, { before: ids[0]! })).toEqual({
      orders: [],
      totalCount: ids.length,
      nextBefore: null,
    });

    // Every status in the cabinet's words; a refunded order's returned tickets have no PDF.
    const all = await listAccountOrders(get().db, userId);
    for (const o of all.orders) expect(o.statusText).toBe(ORDER_STATUS_TEXT[o.status]);
    const refunded = all.orders.find((o) => o.status === 'refunded')!;
    expect(refunded.pdfUrl).toBeNull();
    expect(refunded.performances[0]!.items[0]!.tickets).toEqual([
      { code: expect.stringMatching(TICKET_CODE), status: 'returned', pdfUrl: null },
    ]);
  });

  it('offers PDFs of an e-ticket order only: a box-office or courier order lists its tickets without links', async () => {
    const { b, userId } = await registered();
    const [courier] = await insertOrders(userId, ['paid'], 'courier');
    const [boxOffice] = await insertOrders(userId, ['paid'], 'booking_card');
    const [cash] = await insertOrders(userId, ['paid'], 'booking_cash');
    const [eticket] = await insertOrders(userId, ['paid']);
    const page = await listAccountOrders(get().db, userId);
    const byId = new Map(page.orders.map((o) => [o.id, o]));
    for (const id of [courier!, boxOffice!, cash!]) {
      const order = byId.get(id)!;
      expect(order.pdfUrl, order.deliveryMethod).toBeNull();
      const tickets = order.performances[0]!.items[0]!.tickets;
      expect(tickets).toEqual([{ code: expect.stringMatching(TICKET_CODE), status: 'issued', pdfUrl: null }]);
    }
    const withPdfs = byId.get(eticket!)!;
    const [ticket] = withPdfs.performances[0]!.items[0]!.tickets;
    for (const url of [withPdfs.pdfUrl!, ticket!.pdfUrl!]) expect((await b.get(url)).status, url).toBe(200);
  });

  it('reads a page in two statements whatever the number of orders', async () => {
    const { userId } = await registered();
    const c = counting(get().db);
    await listAccountOrders(c.db, userId);
    expect(c.take()).toBe(1);

    await insertOrders(userId, ['paid']);
    const one = await listAccountOrders(c.db, userId);
    expect(one.orders).toHaveLength(1);
    expect(c.take()).toBe(2);

    const other = await createHallFixture(get().db);
    await insertOrders(userId, ['paid', 'new', 'cancelled', 'paid', 'refunded', 'paid', 'new', 'paid', 'paid']);
    // An order over two performances: still one statement for every item of the page.
    const [mixed] = await insertOrders(userId, ['new']);
    await get().db.query(
      `INSERT INTO order_items (order_id, performance_id, performance_place_id, tariff_id, ticket_count, price)
       VALUES ($1, $2, $3, $4, 1, $5)`,
      [mixed, other.performanceId, other.seats[0], other.tariffId, PRICE],
    );
    const many = await listAccountOrders(c.db, userId);
    expect(many.orders).toHaveLength(11);
    expect(c.take()).toBe(2);
    expect(many.orders[0]!.performances.map((p) => p.performanceId).sort()).toEqual(
      [f.performanceId, other.performanceId].sort(),
    );
  });
});
