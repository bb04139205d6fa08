/**
 * The demo's checkout methods (issue 12, decision 0032): a courier delivers tickets in both demo
 * cities (each has metro stations, the courier form's select), at the city's price. Box offices
 * with their hours, where bookings are paid, are written with the extras; cash bookings are open
 * on every performance that takes reservations, and the demo buyer has bonus points (bonus.ts).
 *
 * Order blocking (hall-basket-checkout.md 4.2): the last performance of BLOCKED_ORDER_SHOW on sale
 * (which no season ticket includes: write/extras.ts leaves it out) takes places into a basket,
 * but no order of it can be placed: its cannotCreateOrderCause is shown in a popup instead, and
 * order creation refuses it with the same text.
 */
import type { Queryable } from '../db/index.js';

/** Kopecks of a courier delivery per city subdomain. */
export const DEMO_COURIER_PRICES: Readonly<Record<string, number>> = { www: 40_000, spb: 35_000 };

/** The demo show whose last performance takes no orders (4.2), and why. */
export const BLOCKED_ORDER_SHOW = 'Три сестры';
export const BLOCKED_ORDER_CAUSE =
  'Продажа билетов на этот спектакль приостановлена: состав исполнителей уточняется. Попробуйте позже.';

export async function writeCheckoutDemo(tx: Queryable): Promise<void> {
  await tx.query(
    `UPDATE performances SET cannot_create_order_cause = $2
      WHERE id = (SELECT pf.id FROM performances pf JOIN shows s ON s.id = pf.show_id
                   WHERE s.name = $1
                     AND pf.sale_state = 'on_sale'
                   ORDER BY pf.starts_at DESC, pf.id DESC LIMIT 1)`,
    [BLOCKED_ORDER_SHOW, BLOCKED_ORDER_CAUSE],
  );
  for (const [subdomain, price] of Object.entries(DEMO_COURIER_PRICES)) {
    await tx.query(
      `UPDATE cities c SET courier_price = $2
        WHERE c.subdomain = $1 AND EXISTS (SELECT 1 FROM metro_stations m WHERE m.city_id = c.id)`,
      [subdomain, price],
    );
  }
}
