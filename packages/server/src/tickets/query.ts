import { timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/index.js';
import { venueJoins } from '../db/venue-sql.js';
import { formatOrderNumber } from './format.js';

/** One issued ticket with everything printed on it. */
export interface TicketView {
  code: string;
  status: 'issued' | 'returned';
  kind: 'place' | 'entrance';
  performanceId: number;
  showName: string;
  performanceDate: Date;
  /** IANA zone of the venue's city: the time printed on the ticket is local to the venue. */
  timeZone: string;
  buildingName: string;
  buildingAddress: string;
  hallName: string;
  sectionName: string;
  row: string | null;
  place: string | null;
  /** Kopecks, per ticket. */
  price: number;
  ageMark: number;
  /** Gifts that come with this ticket, collected at the venue (decision 0027). */
  gifts: number;
}

/** The order a ticket belongs to, as the ticket and the e-mail show it. */
export interface TicketOrder {
  id: number;
  number: string;
  status: 'new' | 'paid' | 'cancelled' | 'refunded';
  accessToken: string;
  sessionId: string;
  email: string;
  firstName: string;
  surname: string;
  patronymic: string | null;
  /** Kopecks. */
  total: number;
  paidAt: Date | null;
  /** How the tickets reach the buyer: 'eticket', 'courier', or a box office's 'booking_card' / 'booking_cash'. */
  deliveryMethod: string;
  /** A courier delivery's address and metro station; null for other deliveries. */
  courier: { address: string; metroName: string } | null;
}

interface OrderRow {
  id: number;
  status: TicketOrder['status'];
  access_token: string;
  session_id: string;
  email: string;
  first_name: string;
  surname: string;
  patronymic: string | null;
  total: number;
  paid_at: Date | null;
  delivery_method: string;
  delivery: { address?: string; metroName?: string } | null;
}

interface TicketRow {
  order_id: number;
  code: string;
  status: 'issued' | 'returned';
  performance_id: number;
  performance_place_id: number | null;
  show_name: string;
  starts_at: Date;
  timezone: string;
  building_name: string;
  building_address: string;
  hall_name: string;
  section_name: string;
  row_label: string | null;
  place_number: string | null;
  price: number;
  age_mark: number;
  gifts: number;
}

/** Order and tickets joined once; a ticket is either a place or an entrance section's ticket. */
const TICKETS_SQL = `
SELECT t.order_id, t.code, t.status, t.performance_id, t.performance_place_id,
       s.name AS show_name, pf.starts_at, c.timezone, s.age_mark,
       b.name AS building_name, b.address AS building_address, h.name AS hall_name,
       coalesce(ps_sec.name, pl_sec.name) AS section_name,
       pl.row_label, pl.number AS place_number,
       oi.price,
       -- An item's gifts shared among its tickets, the first ones taking the remainder.
       (oi.gifts_count / oi.ticket_count
        + CASE WHEN (SELECT count(*) FROM tickets t2 WHERE t2.order_item_id = t.order_item_id AND t2.id <= t.id)
                    <= oi.gifts_count % oi.ticket_count THEN 1 ELSE 0 END)::int AS gifts
  FROM tickets t
  JOIN order_items oi ON oi.id = t.order_item_id
  JOIN performances pf ON pf.id = t.performance_id
  JOIN shows s ON s.id = pf.show_id
  ${venueJoins('pf')}
  LEFT JOIN performance_places pp ON pp.id = t.performance_place_id
  LEFT JOIN places pl ON pl.id = pp.place_id
  LEFT JOIN sections pl_sec ON pl_sec.id = pl.section_id
  LEFT JOIN performance_sections psn ON psn.id = t.performance_section_id
  LEFT JOIN sections ps_sec ON ps_sec.id = psn.section_id`;

function toTicket(r: TicketRow): TicketView {
  return {
    code: r.code,
    status: r.status,
    kind: r.performance_place_id !== null ? 'place' : 'entrance',
    performanceId: r.performance_id,
    showName: r.show_name,
    performanceDate: new Date(r.starts_at),
    timeZone: r.timezone,
    buildingName: r.building_name,
    buildingAddress: r.building_address,
    hallName: r.hall_name,
    sectionName: r.section_name,
    row: r.row_label,
    place: r.place_number,
    price: r.price,
    ageMark: r.age_mark,
    gifts: r.gifts,
  };
}

function toOrder(r: OrderRow): TicketOrder {
  return {
    id: r.id,
    number: formatOrderNumber(r.id),
    status: r.status,
    accessToken: r.access_token,
    sessionId: r.session_id,
    email: r.email,
    firstName: r.first_name,
    surname: r.surname,
    patronymic: r.patronymic,
    total: r.total,
    paidAt: r.paid_at === null ? null : new Date(r.paid_at),
    deliveryMethod: r.delivery_method,
    courier:
      r.delivery_method === 'courier' && r.delivery
        ? { address: r.delivery.address ?? '', metroName: r.delivery.metroName ?? '' }
        : null,
  };
}

export async function loadOrder(q: Queryable, orderId: number): Promise<TicketOrder | null> {
  const r = await q.query<OrderRow>(
    `SELECT id, status, access_token, session_id, email, first_name, surname, patronymic, total, paid_at,
            delivery_method, delivery
       FROM orders WHERE id = $1`,
    [orderId],
  );
  return r.rows[0] ? toOrder(r.rows[0]) : null;
}

/** Issued tickets of an order, in the order of its items. */
export async function loadOrderTickets(q: Queryable, orderId: number): Promise<TicketView[]> {
  const r = await q.query<TicketRow>(`${TICKETS_SQL} WHERE t.order_id = $1 AND t.status = 'issued' ORDER BY t.id`, [
    orderId,
  ]);
  return r.rows.map(toTicket);
}

/** A ticket by its code, with its order (to check the buyer's token). */
export async function loadTicketByCode(
  q: Queryable,
  code: string,
): Promise<{ ticket: TicketView; orderId: number } | null> {
  const r = await q.query<TicketRow>(`${TICKETS_SQL} WHERE t.code = $1`, [code]);
  const row = r.rows[0];
  return row ? { ticket: toTicket(row), orderId: row.order_id } : null;
}

/** Constant-time check of the buyer's order token. */
export function tokenMatches(order: Pick<TicketOrder, 'accessToken'>, token: unknown): boolean {
  if (typeof token !== 'string' || token === '') return false;
  const want = Buffer.from(order.accessToken);
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** 'Партер, ряд 5, место 12' or 'Танцпол, входной билет'. */
export function describePlace(t: Pick<TicketView, 'kind' | 'sectionName' | 'row' | 'place'>): string {
  if (t.kind === 'entrance') return `${t.sectionName}, входной билет`;
  return `${t.sectionName}, ряд ${t.row ?? '—'}, место ${t.place ?? '—'}`;
}

export function buyerName(o: Pick<TicketOrder, 'surname' | 'firstName' | 'patronymic'>): string {
  return [o.surname, o.firstName, o.patronymic].filter((p) => p && p.trim() !== '').join(' ');
}
