import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/index.js';
import { issueOrderTickets, TICKET_CODE } from '../src/tickets/issue.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';

const PRICE = 250_000;

/** Every PDF rendered, counted: a stored PDF must not be rendered again (finding 4). */
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/tickets/pdf.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/tickets/pdf.js')>();
  return {
    ...original,
    renderTicketsPdf: (...args: Parameters<typeof original.renderTicketsPdf>) => {
      renders.count++;
      return original.renderTicketsPdf(...args);
    },
  };
});

/**
 * Checks that a buffer is a PDF a reader can open: header, trailer, and a cross-reference table
 * whose every entry points at the object it names. Answers the number of pages.
 */
function parsePdf(pdf: Buffer): { pages: number; text: string } {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  expect(startxref).not.toBeNull();
  const xrefAt = Number(startxref![1]);
  expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
  const header = /^xref\s+(\d+) (\d+)\s+/.exec(text.slice(xrefAt));
  expect(header).not.toBeNull();
  const first = Number(header![1]);
  const count = Number(header![2]);
  const entries = text
    .slice(xrefAt + header![0].length)
    .split(/\r?\n/)
    .slice(0, count);
  entries.forEach((entry, i) => {
    const m = /^(\d{10}) (\d{5}) ([nf])/.exec(entry);
    expect(m, `xref entry ${i}`).not.toBeNull();
    if (m![3] === 'n') {
      const offset = Number(m![1]);
      expect(text.slice(offset, offset + 20)).toMatch(new RegExp(`^${first + i} 0 obj`));
    }
  });
  const pages = (text.match(/\/Type \/Page\b(?!s)/g) ?? []).length;
  return { pages, text };
}

describeEachDatabase('tickets', (get) => {
  let app: FastifyInstance;
  let db: Database;
  const clock = new ManualClock();

  beforeAll(async () => {
    db = get().db;
    app = await buildApp({ db, clock, config: { ...loadConfig({}), publicUrl: 'http://shop.test', devTools: false } });
  });
  afterAll(async () => {
    await app.close();
  });

  /** A paid order straight in the tables: places sold, items written; tickets issued by the code under test. */
  async function paidOrder(f: HallFixture, seats: number[], entrance = 0) {
    const accessToken = randomBytes(24).toString('base64url');
    const now = clock.now();
    const order = await db.query<{ id: number }>(
      `INSERT INTO orders (session_id, access_token, status, email, first_name, surname, patronymic, payment_method,
                           delivery_method, total, created_at, paid_at)
       VALUES ('s', $1, 'paid', 'buyer@example.test', 'Анна', 'Иванова', 'Сергеевна', 'card', 'eticket', $2, $3, $3)
       RETURNING id`,
      [accessToken, (seats.length + entrance) * PRICE, now],
    );
    const orderId = order.rows[0]!.id;
    for (const seat of seats) {
      await db.query(`UPDATE performance_places SET state = 2, order_id = $2 WHERE id = $1`, [seat, orderId]);
      await db.query(
        `INSERT INTO order_items (order_id, performance_id, performance_place_id, ticket_count, price)
         VALUES ($1, $2, $3, 1, $4)`,
        [orderId, f.performanceId, seat, PRICE],
      );
    }
    if (entrance > 0) {
      await db.query(
        `INSERT INTO order_items (order_id, performance_id, performance_section_id, ticket_count, price)
         VALUES ($1, $2, $3, $4, $5)`,
        [orderId, f.performanceId, f.performanceSectionId, entrance, PRICE],
      );
    }
    const codes = await db.transaction((tx) => issueOrderTickets(tx, orderId, now));
    return { orderId, accessToken, codes };
  }

  it('issues one ticket per place and per entrance ticket, each with its own unguessable code', async () => {
    const f = await createHallFixture(db);
    const { orderId, codes } = await paidOrder(f, [f.seats[0]!, f.seats[1]!], 3);
    expect(codes).toHaveLength(5);
    for (const code of codes) expect(code).toMatch(TICKET_CODE);
    expect(new Set(codes).size).toBe(5);
    const rows = await db.query<{ performance_place_id: number | null; performance_section_id: number | null }>(
      `SELECT performance_place_id, performance_section_id FROM tickets WHERE order_id = $1 AND status = 'issued' ORDER BY id`,
      [orderId],
    );
    expect(rows.rows.map((r) => r.performance_place_id)).toEqual([f.seats[0], f.seats[1], null, null, null]);
    expect(rows.rows.filter((r) => r.performance_section_id === f.performanceSectionId)).toHaveLength(3);
  });

  it('raises instead of issuing a second ticket for a sold place, and keeps nothing of the attempt', async () => {
    const f = await createHallFixture(db);
    const seat = f.seats[2]!;
    const first = await paidOrder(f, [seat]);
    // A second order for the same place (a bug upstream): the unique index is the last guard.
    const order = await db.query<{ id: number }>(
      `INSERT INTO orders (session_id, access_token, status, email, first_name, surname, payment_method, delivery_method, total, created_at)
       VALUES ('t', $1, 'new', 'x@example.test', 'Б', 'В', 'card', 'eticket', $2, $3) RETURNING id`,
      [randomBytes(12).toString('hex'), PRICE, clock.now()],
    );
    const second = order.rows[0]!.id;
    await db.query(
      `INSERT INTO order_items (order_id, performance_id, performance_place_id, ticket_count, price) VALUES ($1, $2, $3, 1, $4)`,
      [second, f.performanceId, seat, PRICE],
    );
    await expect(db.transaction((tx) => issueOrderTickets(tx, second, clock.now()))).rejects.toThrow(
      /tickets_one_issued_per_place|duplicate key/,
    );
    const tickets = await db.query<{ order_id: number }>(
      `SELECT order_id FROM tickets WHERE performance_place_id = $1`,
      [seat],
    );
    expect(tickets.rows).toEqual([{ order_id: first.orderId }]);
  });

  it('serves a ticket PDF only to the holder of the order’s token', async () => {
    const f = await createHallFixture(db, { startsAt: new Date('2031-03-14T16:30:00Z') });
    const { orderId, accessToken, codes } = await paidOrder(f, [f.seats[3]!], 1);
    const code = codes[0]!;

    const ok = await app.inject({ method: 'GET', url: `/order/ticket/${code}.pdf?token=${accessToken}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['content-disposition']).toBe(`inline; filename="bilet-${code}.pdf"`);
    const pdf = parsePdf(ok.rawPayload);
    expect(pdf.pages).toBe(1);
    // Text is in an embedded font with a Unicode map, so it can be searched and copied.
    expect(pdf.text).toContain('/FontFile2');
    expect(pdf.text).toContain('/ToUnicode');

    // Finding 9: a wrong or missing token answers like a ticket that does not exist (ticket-pdfs.test.ts).
    const wrong = await app.inject({ method: 'GET', url: `/order/ticket/${code}.pdf?token=not-the-token` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.rawPayload.subarray(0, 4).toString()).not.toBe('%PDF');
    const none = await app.inject({ method: 'GET', url: `/order/ticket/${code}.pdf` });
    expect(none.statusCode).toBe(404);
    const unknown = await app.inject({ method: 'GET', url: `/order/ticket/ZZZZZZZZZZZZ.pdf?token=${accessToken}` });
    expect(unknown.statusCode).toBe(404);
    const malformed = await app.inject({ method: 'GET', url: `/order/ticket/abc.pdf?token=${accessToken}` });
    expect(malformed.statusCode).toBe(404);

    const all = await app.inject({ method: 'GET', url: `/order/tickets/${orderId}.pdf?token=${accessToken}` });
    expect(all.statusCode).toBe(200);
    expect(parsePdf(all.rawPayload).pages).toBe(2);
    expect((await app.inject({ method: 'GET', url: `/order/tickets/${orderId}.pdf?token=x` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/order/tickets/99999999.pdf?token=x` })).statusCode).toBe(404);

    // A returned ticket is no longer printed.
    await db.query(`UPDATE tickets SET status = 'returned' WHERE code = $1`, [code]);
    const returned = await app.inject({ method: 'GET', url: `/order/ticket/${code}.pdf?token=${accessToken}` });
    expect(returned.statusCode).toBe(404);
  });
  it('finding 4: renders a ticket PDF once and stores it; the order’s PDF again only when its tickets change', async () => {
    const f = await createHallFixture(db);
    const { orderId, accessToken, codes } = await paidOrder(f, [f.seats[4]!, f.seats[5]!]);
    const ticketUrl = `/order/ticket/${codes[0]}.pdf?token=${accessToken}`;
    const orderUrl = `/order/tickets/${orderId}.pdf?token=${accessToken}`;
    const download = (url: string) => app.inject({ method: 'GET', url });

    const before = renders.count;
    const first = await download(ticketUrl);
    expect(first.statusCode).toBe(200);
    expect(renders.count).toBe(before + 1);
    const second = await download(ticketUrl);
    expect(second.statusCode).toBe(200);
    expect(renders.count).toBe(before + 1);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    const all = await download(orderUrl);
    expect(parsePdf(all.rawPayload).pages).toBe(2);
    expect((await download(orderUrl)).rawPayload.equals(all.rawPayload)).toBe(true);
    expect(renders.count).toBe(before + 2);
    const stored = await db.query<{ scope: string; ticket_codes: string[] }>(
      'SELECT scope, ticket_codes FROM ticket_pdfs WHERE order_id = $1 ORDER BY scope',
      [orderId],
    );
    expect(stored.rows).toEqual([
      { scope: codes[0], ticket_codes: [codes[0]] },
      { scope: 'order', ticket_codes: codes },
    ]);

    // A returned ticket: its stored PDF is not served, and the order's is built again without it.
    await db.query(`UPDATE tickets SET status = 'returned' WHERE code = $1`, [codes[0]]);
    const returned = await download(ticketUrl);
    expect(returned.statusCode).toBe(404);
    expect(returned.rawPayload.subarray(0, 4).toString()).not.toBe('%PDF');
    const rest = await download(orderUrl);
    expect(parsePdf(rest.rawPayload).pages).toBe(1);
    expect(renders.count).toBe(before + 3);
    expect((await download(orderUrl)).statusCode).toBe(200);
    expect(renders.count).toBe(before + 3);
  });

  it('finding 9: a wrong or missing token answers exactly as a ticket or order that does not exist', async () => {
    const f = await createHallFixture(db);
    const { orderId, codes } = await paidOrder(f, [f.seats[6]!]);
    const answers = await Promise.all(
      [
        `/order/ticket/${codes[0]}.pdf?token=not-the-token`,
        `/order/ticket/${codes[0]}.pdf`,
        '/order/ticket/ZZZZZZZZZZZZ.pdf?token=not-the-token',
        '/order/ticket/abc.pdf',
        `/order/tickets/${orderId}.pdf?token=not-the-token`,
        `/order/tickets/${orderId}.pdf`,
        '/order/tickets/99999999.pdf?token=not-the-token',
        '/order/tickets/abc.pdf',
      ].map((url) => app.inject({ method: 'GET', url })),
    );
    const shapes = answers.map((r) => ({ status: r.statusCode, type: r.headers['content-type'], body: r.body }));
    expect(shapes[0]).toEqual({
      status: 404,
      type: 'text/plain; charset=utf-8',
      body: 'Билет не найден. Откройте ссылку из письма с билетами.',
    });
    for (const shape of shapes) expect(shape).toEqual(shapes[0]);
  });
});
