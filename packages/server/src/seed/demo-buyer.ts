import { randomBytes } from 'node:crypto';
import { PERSONAL_DATA_CONSENT_VERSION } from '@partera/contract';
import { hashPassword } from '../accounts/passwords.js';
import type { Database, Queryable } from '../db/index.js';
import { SANDBOX } from '../payments/sandbox/provider.js';
import { writeDemoReviews } from './reviews.js';
import { atMoscow } from './time.js';

/**
 * The demo buyer: an account to sign in with and find a lived-in cabinet (development data only:
 * the demo room loads it with the catalogue, a production start never does). Its e-mail is
 * confirmed, and it has paid orders for two performances that are already over (performances
 * of demo shows written into the past of the seed's clock, sales closed, two seats each):
 * - the older one, 12 days ago, reviewed, with an answer it has not read yet (seed/reviews.ts);
 * - the newer one, 3 days ago, not reviewed yet, so the review prompt asks about it.
 * Other demo data of the cabinet (refunds, bonuses) is attached to it by its e-mail.
 */
export const DEMO_BUYER_EMAIL = 'demo@partera.test';
export const DEMO_BUYER_PASSWORD = 'demo-partera-2026';
export const DEMO_BUYER_NAME = { firstName: 'Мария', surname: 'Демидова', patronymic: 'Сергеевна' } as const;

/** A performance the demo buyer saw: how many days ago it was, at 19:00 Moscow time. */
const SEEN_DAYS_AGO = [12, 3] as const;
const SEATS_PER_ORDER = 2;
/** Kopecks per ticket. */
const TICKET_PRICE = 250_000;
const TICKET_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export interface SeenPerformance {
  showId: number;
  showName: string;
  performanceId: number;
  startsAt: Date;
}

export interface DemoBuyer {
  userId: number;
  /** Oldest first. */
  seen: SeenPerformance[];
}

async function one<T>(tx: Queryable, sql: string, params: unknown[]): Promise<T> {
  return (await tx.query<T>(sql, params)).rows[0]!;
}

const ticketCode = () => [...randomBytes(12)].map((b) => TICKET_ALPHABET[b % TICKET_ALPHABET.length]).join('');

/**
 * A past performance of the show in its hall, sales closed, every seated place of the hall on it
 * (so its hall page reads like any other), with one price category.
 */
async function pastPerformance(tx: Queryable, show: { id: number; hall_id: number }, startsAt: Date) {
  const performance = await one<{ id: number }>(
    tx,
    `INSERT INTO performances (show_id, hall_id, starts_at, sale_state, allow_reserve, allow_pay)
     VALUES ($1, $2, $3, 'closed', false, false) RETURNING id`,
    [show.id, show.hall_id, startsAt],
  );
  const category = await one<{ id: number }>(
    tx,
    `INSERT INTO price_categories (performance_id, color, price) VALUES ($1, '#d23f57', $2) RETURNING id`,
    [performance.id, TICKET_PRICE],
  );
  await tx.query(`INSERT INTO tariffs (price_category_id, name, price, is_default) VALUES ($1, 'Полный', $2, true)`, [
    category.id,
    TICKET_PRICE,
  ]);
  await tx.query(
    `INSERT INTO performance_places (performance_id, place_id, price_category_id)
     SELECT $1, p.id, $2 FROM places p JOIN sections s ON s.id = p.section_id
      WHERE s.hall_id = $3 AND s.kind = 'seated'`,
    [performance.id, category.id, show.hall_id],
  );
  return performance.id;
}

/** A paid order (sandbox card payment, e-tickets) of two seats of the performance, tickets issued. */
async function paidOrder(tx: Queryable, userId: number, performanceId: number, startsAt: Date): Promise<void> {
  const boughtAt = new Date(startsAt.getTime() - 7 * 86_400_000);
  const total = TICKET_PRICE * SEATS_PER_ORDER;
  const order = await one<{ id: number }>(
    tx,
    `INSERT INTO orders (session_id, user_id, access_token, status, email, first_name, surname, patronymic,
                         payment_method, delivery_method, total, created_at, paid_at)
     VALUES ($1, $2, $3, 'paid', $4, $5, $6, $7, 'card', 'eticket', $8, $9, $9) RETURNING id`,
    [
      `demo-buyer-${randomBytes(8).toString('hex')}`,
      userId,
      randomBytes(24).toString('hex'),
      DEMO_BUYER_EMAIL,
      DEMO_BUYER_NAME.firstName,
      DEMO_BUYER_NAME.surname,
      DEMO_BUYER_NAME.patronymic,
      total,
      boughtAt,
    ],
  );
  const seats = await tx.query<{ id: number; tariff_id: number }>(
    `UPDATE performance_places pp SET state = 2, order_id = $2,
            tariff_id = (SELECT t.id FROM tariffs t WHERE t.price_category_id = pp.price_category_id AND t.is_default)
      WHERE pp.id IN (SELECT id FROM performance_places WHERE performance_id = $1 AND state = 0 ORDER BY id LIMIT $3)
      RETURNING pp.id, pp.tariff_id`,
    [performanceId, order.id, SEATS_PER_ORDER],
  );
  for (const seat of seats.rows) {
    const item = await one<{ id: number }>(
      tx,
      `INSERT INTO order_items (order_id, performance_id, performance_place_id, tariff_id, price)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [order.id, performanceId, seat.id, seat.tariff_id, TICKET_PRICE],
    );
    await tx.query(
      `INSERT INTO tickets (order_id, order_item_id, performance_id, performance_place_id, code, issued_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [order.id, item.id, performanceId, seat.id, ticketCode(), boughtAt],
    );
  }
  await tx.query(
    `INSERT INTO payments (id, order_id, provider, status, amount, created_at, updated_at)
     VALUES ($1, $2, $3, 'succeeded', $4, $5, $5)`,
    [`demo-${randomBytes(12).toString('hex')}`, order.id, SANDBOX, total, boughtAt],
  );
}

/** Writes the demo buyer into a database that has the demo catalogue; null when it is there already. */
export async function writeDemoBuyer(tx: Queryable, now: Date): Promise<DemoBuyer | null> {
  const existing = await tx.query('SELECT 1 FROM users WHERE email = $1', [DEMO_BUYER_EMAIL]);
  if (existing.rowCount > 0) return null;
  // Two shows of a theatre of the catalogue, in the hall of their first performance.
  const shows = await tx.query<{ id: number; name: string; hall_id: number }>(
    `SELECT * FROM (
       SELECT DISTINCT ON (s.id) s.id, s.name, p.hall_id
         FROM shows s JOIN performances p ON p.show_id = s.id JOIN halls h ON h.id = p.hall_id
        WHERE h.kind = 'theatre'
        ORDER BY s.id, p.starts_at) first
      ORDER BY id LIMIT $1`,
    [SEEN_DAYS_AGO.length],
  );
  if (shows.rows.length < SEEN_DAYS_AGO.length) return null;
  const user = await one<{ id: number }>(
    tx,
    `INSERT INTO users (email, email_confirmed, password_hash, first_name, surname, patronymic, created_at)
     VALUES ($1, true, $2, $3, $4, $5, $6) RETURNING id`,
    [
      DEMO_BUYER_EMAIL,
      await hashPassword(DEMO_BUYER_PASSWORD),
      DEMO_BUYER_NAME.firstName,
      DEMO_BUYER_NAME.surname,
      DEMO_BUYER_NAME.patronymic,
      atMoscow(now, -60, 12),
    ],
  );
  await tx.query(
    `INSERT INTO consents (user_id, kind, text_version, given_at, client) VALUES ($1, 'personal_data', $2, $3, 'demo seed')`,
    [user.id, PERSONAL_DATA_CONSENT_VERSION, atMoscow(now, -60, 12)],
  );
  const seen: SeenPerformance[] = [];
  for (const [i, show] of shows.rows.entries()) {
    const startsAt = atMoscow(now, -SEEN_DAYS_AGO[i]!, 19);
    const performanceId = await pastPerformance(tx, show, startsAt);
    await paidOrder(tx, user.id, performanceId, startsAt);
    seen.push({ showId: show.id, showName: show.name, performanceId, startsAt });
  }
  return { userId: user.id, seen };
}

/**
 * The demo room's step after the catalogue: the demo buyer and the reviews' demo data
 * (seed/reviews.ts), once, in one transaction.
 */
export async function seedDemoBuyer(db: Database, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const buyer = await writeDemoBuyer(tx, now);
    if (buyer) await writeDemoReviews(tx, now, buyer);
  });
}
