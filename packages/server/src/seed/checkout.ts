/**
 * The demo's checkout methods (issue 12, decision 0032): a courier delivers tickets in both demo
 * cities (each has metro stations, the courier form's select), at the city's price. Box offices
 * with their hours, where bookings are paid, are written with the extras; cash bookings are open
 * on every performance that takes reservations, and the demo buyer has bonus points (bonus.ts).
 */
import type { Queryable } from '../db/index.js';

/** Kopecks of a courier delivery per city subdomain. */
export const DEMO_COURIER_PRICES: Readonly<Record<string, number>> = { www: 40_000, spb: 35_000 };

export async function writeCheckoutDemo(tx: Queryable): Promise<void> {
  for (const [subdomain, price] of Object.entries(DEMO_COURIER_PRICES)) {
    await tx.query(
      `UPDATE cities c SET courier_price = $2
        WHERE c.subdomain = $1 AND EXISTS (SELECT 1 FROM metro_stations m WHERE m.city_id = c.id)`,
      [subdomain, price],
    );
  }
}
