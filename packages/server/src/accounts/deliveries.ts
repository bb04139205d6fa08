import { type DeliveryForm, messages, normalizePhone, validateDeliveryA } from '@partera/contract';
import type { Clock } from '../clock.js';
import type { Database, Queryable } from '../db/index.js';

/**
 * Courier delivery of one order (site-browsing-account.md 2.15 'Order delivery form', 3
 * Per-order delivery, 5 first variant, 7 addDelivery / delDelivery). Kept on the order itself
 * (orders.delivery), so the account's data export shows it and the account's deletion erases it.
 *
 * Only the signed-in buyer's own order, awaiting payment or paid, whose performances have not
 * started yet. The fields are checked in the first variant's order (surname, first name,
 * patronymic, metro, address, phone; the first failure wins), then the metro must be a station
 * of the city the order's venue is in, and the phone must hold 10 to 15 digits.
 */

export interface OrderDelivery {
  surname: string;
  firstname: string;
  patronymic: string;
  metroId: number;
  metroName: string;
  address: string;
  phone: string;
  /** ISO 8601. */
  addedAt: string;
}

export interface MetroStation {
  id: number;
  name: string;
}

export const DELIVERY_MESSAGES = {
  orderNotFound: 'Заказ не найден',
  orderClosed: 'Доставку можно оформить только для действующего заказа',
  started: 'Мероприятие уже началось: доставка невозможна',
  metroUnknown: 'Выберите станцию метро из списка',
  phoneInvalid: 'Укажите телефон полностью, с кодом города или оператора',
  none: 'Доставка для этого заказа не оформлена',
} as const;

export type DeliveryDeps = { db: Database; clock: Clock };

/** A field of a failed check ('surname', 'metro', …), or null when the text is not about one. */
export type DeliveryOutcome = { ok: true } | { ok: false; message: string; field: keyof DeliveryForm | null };

interface OrderRow {
  id: number;
  status: string;
  city_ids: number[];
  first_start: Date | string | null;
}

/** The buyer's order with the cities of its venues and its first start, locked for the change. */
async function ownOrder(q: Queryable, userId: number, orderId: number): Promise<OrderRow | null> {
  const r = await q.query<OrderRow>(
    `SELECT o.id, o.status,
            array(SELECT DISTINCT b.city_id FROM order_items oi JOIN performances pf ON pf.id = oi.performance_id
                    JOIN halls h ON h.id = pf.hall_id JOIN buildings b ON b.id = h.building_id
                   WHERE oi.order_id = o.id) AS city_ids,
            (SELECT min(pf.starts_at) FROM order_items oi JOIN performances pf ON pf.id = oi.performance_id
              WHERE oi.order_id = o.id) AS first_start
       FROM orders o WHERE o.id = $1 AND o.user_id = $2 FOR UPDATE`,
    [orderId, userId],
  );
  return r.rows[0] ?? null;
}

/** Why the order takes no delivery change now, or null. */
function orderRefusal(order: OrderRow | null, now: Date): string | null {
  if (!order) return DELIVERY_MESSAGES.orderNotFound;
  if (order.status !== 'new' && order.status !== 'paid') return DELIVERY_MESSAGES.orderClosed;
  if (order.first_start === null || new Date(order.first_start).getTime() <= now.getTime()) {
    return DELIVERY_MESSAGES.started;
  }
  return null;
}

/** Adds (or replaces) the courier delivery of the buyer's order. */
export async function addDelivery(
  deps: DeliveryDeps,
  userId: number,
  orderId: number,
  form: DeliveryForm,
): Promise<DeliveryOutcome> {
  const failed = validateDeliveryA(form);
  if (failed) return { ok: false, message: failed.message, field: failed.field };
  const phone = normalizePhone(String(form.phone ?? ''));
  if (!/^\d{10,15}$/.test(phone)) return { ok: false, message: DELIVERY_MESSAGES.phoneInvalid, field: 'phone' };
  const now = deps.clock.now();
  return deps.db.transaction(async (tx): Promise<DeliveryOutcome> => {
    const order = await ownOrder(tx, userId, orderId);
    const refusal = orderRefusal(order, now);
    if (refusal) return { ok: false, message: refusal, field: null };
    const station = await tx.query<{ id: number; name: string }>(
      'SELECT id, name FROM metro_stations WHERE id = $1 AND city_id = ANY($2::int[])',
      [Number(form.metro), order!.city_ids],
    );
    const metro = station.rows[0];
    if (!metro) return { ok: false, message: DELIVERY_MESSAGES.metroUnknown, field: 'metro' };
    const delivery: OrderDelivery = {
      surname: String(form.surname).trim(),
      firstname: String(form.firstname).trim(),
      patronymic: String(form.patronymic).trim(),
      metroId: metro.id,
      metroName: metro.name,
      address: String(form.address).trim(),
      phone,
      addedAt: now.toISOString(),
    };
    await tx.query('UPDATE orders SET delivery = $2::jsonb WHERE id = $1', [orderId, JSON.stringify(delivery)]);
    return { ok: true };
  });
}

/** Removes the courier delivery of the buyer's order. */
export async function removeDelivery(deps: DeliveryDeps, userId: number, orderId: number): Promise<DeliveryOutcome> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx): Promise<DeliveryOutcome> => {
    const refusal = orderRefusal(await ownOrder(tx, userId, orderId), now);
    if (refusal) return { ok: false, message: refusal, field: null };
    const r = await tx.query('UPDATE orders SET delivery = NULL WHERE id = $1 AND delivery IS NOT NULL', [orderId]);
    return r.rowCount === 0 ? { ok: false, message: DELIVERY_MESSAGES.none, field: null } : { ok: true };
  });
}

/**
 * For the orders page: each of these orders' delivery (by order id; only the buyer's orders), and
 * whether it can take one, with the metro stations of its city.
 */
export async function deliveriesOf(
  q: Queryable,
  userId: number,
  orderIds: readonly number[],
  now: Date,
): Promise<Map<number, { delivery: OrderDelivery | null; open: boolean; stations: MetroStation[] }>> {
  const r = await q.query<OrderRow & { delivery: OrderDelivery | null }>(
    `SELECT o.id, o.status, o.delivery,
            array(SELECT DISTINCT b.city_id FROM order_items oi JOIN performances pf ON pf.id = oi.performance_id
                    JOIN halls h ON h.id = pf.hall_id JOIN buildings b ON b.id = h.building_id
                   WHERE oi.order_id = o.id) AS city_ids,
            (SELECT min(pf.starts_at) FROM order_items oi JOIN performances pf ON pf.id = oi.performance_id
              WHERE oi.order_id = o.id) AS first_start
       FROM orders o WHERE o.user_id = $1 AND o.id = ANY($2::int[])`,
    [userId, [...orderIds]],
  );
  const cityIds = [...new Set(r.rows.flatMap((o) => o.city_ids))];
  const s = await q.query<{ id: number; name: string; city_id: number }>(
    'SELECT id, name, city_id FROM metro_stations WHERE city_id = ANY($1::int[]) ORDER BY name, id',
    [cityIds],
  );
  const out = new Map<number, { delivery: OrderDelivery | null; open: boolean; stations: MetroStation[] }>();
  for (const o of r.rows) {
    out.set(o.id, {
      delivery: o.delivery,
      open: orderRefusal(o, now) === null,
      stations: s.rows.filter((st) => o.city_ids.includes(st.city_id)).map((st) => ({ id: st.id, name: st.name })),
    });
  }
  return out;
}

/** The call's answer: 'ok', the check's message, or the generic one for anything unexpected. */
export function deliveryAnswer(outcome: DeliveryOutcome | null): string {
  if (!outcome) return messages.deliveryError;
  return outcome.ok ? 'ok' : outcome.message;
}
