import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Database, Queryable } from '../db/index.js';
import { SANDBOX } from '../payments/sandbox/provider.js';
import { movePerformance } from '../services/catalogue/performance-changes.js';
import { DEMO_BUYER_EMAIL } from './demo-buyer.js';

/**
 * The demo of the cabinet's 'Возврат билетов' tab (development data only): the demo buyer holds a
 * paid ticket of an upcoming demo performance (a seated one, about a week ahead), which the
 * organiser then moves a week later through movePerformance, as the operator's command would. So
 * the tab shows a moved performance's ticket, returnable for its whole price. Skipped quietly when
 * the demo buyer is absent or already has its moved ticket.
 */

const TICKET_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const DAY = 86_400_000;
const MOVED_BY_DAYS = 7;

const ticketCode = () => [...randomBytes(12)].map((b) => TICKET_ALPHABET[b % TICKET_ALPHABET.length]).join('');

/** A free seat of an upcoming performance on sale (4 to 14 days ahead, the nearest to a week). */
async function upcomingSeat(q: Queryable, now: Date) {
  const r = await q.query<{ performance_id: number; place_id: number; price: number; tariff_id: number | null }>(
    `SELECT pp.performance_id, pp.id AS place_id, pc.price,
            (SELECT t.id FROM tariffs t WHERE t.price_category_id = pc.id ORDER BY t.is_default DESC, t.id LIMIT 1) AS tariff_id
       FROM performances pf
       JOIN performance_places pp ON pp.performance_id = pf.id AND pp.state = 0
       JOIN price_categories pc ON pc.id = pp.price_category_id
      WHERE pf.sale_state = 'on_sale' AND pf.status = 'scheduled' AND pf.starts_at BETWEEN $1 AND $2
      ORDER BY abs(extract(epoch FROM pf.starts_at - $3::timestamptz)), pf.id, pc.price DESC, pp.id
      LIMIT 1`,
    [new Date(now.getTime() + 4 * DAY), new Date(now.getTime() + 14 * DAY), new Date(now.getTime() + 7 * DAY)],
  );
  return r.rows[0] ?? null;
}

/** The paid order of one seat (sandbox card payment, an e-ticket issued), bought yesterday. */
async function paidSeat(
  tx: Queryable,
  user: { id: number; email: string; first_name: string; surname: string },
  seat: { performance_id: number; place_id: number; price: number; tariff_id: number | null },
  now: Date,
): Promise<void> {
  const boughtAt = new Date(now.getTime() - DAY);
  const order = await tx.query<{ id: number }>(
    `INSERT INTO orders (session_id, user_id, access_token, status, email, first_name, surname, payment_method,
                         delivery_method, total, created_at, paid_at)
     VALUES ($1, $2, $3, 'paid', $4, $5, $6, 'card', 'eticket', $7, $8, $8) RETURNING id`,
    [
      `demo-refunds-${randomBytes(8).toString('hex')}`,
      user.id,
      randomBytes(24).toString('hex'),
      user.email,
      user.first_name,
      user.surname,
      seat.price,
      boughtAt,
    ],
  );
  const orderId = order.rows[0]!.id;
  await tx.query(`UPDATE performance_places SET state = 2, order_id = $2, tariff_id = $3 WHERE id = $1`, [
    seat.place_id,
    orderId,
    seat.tariff_id,
  ]);
  const item = await tx.query<{ id: number }>(
    `INSERT INTO order_items (order_id, performance_id, performance_place_id, tariff_id, price)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [orderId, seat.performance_id, seat.place_id, seat.tariff_id, seat.price],
  );
  await tx.query(
    `INSERT INTO tickets (order_id, order_item_id, performance_id, performance_place_id, code, issued_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [orderId, item.rows[0]!.id, seat.performance_id, seat.place_id, ticketCode(), boughtAt],
  );
  await tx.query(
    `INSERT INTO payments (id, order_id, provider, status, amount, created_at, updated_at)
     VALUES ($1, $2, $3, 'succeeded', $4, $5, $5)`,
    [`demo-${randomBytes(12).toString('hex')}`, orderId, SANDBOX, seat.price, boughtAt],
  );
}

/** The demo room's step after the demo buyer: its ticket of a moved performance. */
export async function seedRefundsDemo(db: Database, now: Date): Promise<void> {
  const users = await db.query<{ id: number; email: string; first_name: string; surname: string }>(
    'SELECT id, email, first_name, surname FROM users WHERE email = $1 AND deleted_at IS NULL',
    [DEMO_BUYER_EMAIL],
  );
  const user = users.rows[0];
  if (!user) return;
  const done = await db.query(
    `SELECT 1 FROM tickets t JOIN orders o ON o.id = t.order_id JOIN performances pf ON pf.id = t.performance_id
      WHERE o.user_id = $1 AND pf.status = 'moved' LIMIT 1`,
    [user.id],
  );
  if (done.rows.length > 0) return;
  const performanceId = await db.transaction(async (tx) => {
    const seat = await upcomingSeat(tx, now);
    if (!seat) return null;
    await paidSeat(tx, user, seat, now);
    return seat.performance_id;
  });
  if (performanceId === null) return;
  const start = await db.query<{ starts_at: Date | string }>('SELECT starts_at FROM performances WHERE id = $1', [
    performanceId,
  ]);
  const clock: Clock = { now: () => now };
  await movePerformance(
    { db, clock },
    performanceId,
    new Date(new Date(start.rows[0]!.starts_at).getTime() + MOVED_BY_DAYS * DAY),
  );
}
