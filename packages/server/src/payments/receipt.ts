import type { ReceiptSettings } from '../config.js';
import type { Queryable } from '../db/index.js';
import { venueJoins } from '../db/venue-sql.js';
import { formatDateTime } from '../tickets/format.js';
import type { Receipt, ReceiptItem } from './provider.js';

/**
 * The 54-ФЗ receipt data of a payment and of a refund, built once here for every acquirer: each
 * maps these lines to its own fields (vat, payment subject and method codes) and nothing else.
 *
 * A line is what the order sold: an order item's tickets (a service, at the ticket VAT) and its
 * gifts (goods, at the gift VAT), named by the show, its date and the place, and a courier
 * delivery's price (a service, at the ticket VAT). The lines of a
 * receipt add up to the amount paid or returned exactly: when that differs from the items' prices
 * (a promo code, a gift card or bonus points paid part), every line is scaled to it, and a line
 * whose amount no longer divides by its quantity is split in two (quantity × price stays exact
 * to the kopeck, as the acquirers check).
 */

/** The longest line name the acquirers take (YooKassa and T-Bank: 128). */
export const RECEIPT_NAME_MAX = 128;

/** A receipt line before it is fitted to the amount. */
export interface ReceiptLine {
  name: string;
  quantity: number;
  /** Kopecks, all units together. */
  amount: number;
  /** A ticket is a service at the ticket VAT, a gift goods at the gift VAT, a delivery a service at the ticket VAT. */
  kind: 'ticket' | 'gift' | 'delivery';
}

/** The courier's line: the delivery is sold with the tickets and is part of the amount paid. */
export const DELIVERY_LINE_NAME = 'Доставка билетов курьером';

interface ItemRow {
  ticket_count: number;
  price: number;
  gifts_count: number;
  gift_price: number;
  show_name: string;
  starts_at: Date | string;
  timezone: string;
  section_name: string;
  row_label: string | null;
  place_number: string | null;
}

/** The order's items with what names them; `ticketIds` narrows them to those tickets' items. */
const ITEMS_SQL = `
SELECT oi.ticket_count, oi.price, oi.gifts_count, oi.gift_price, s.name AS show_name, pf.starts_at, c.timezone,
       sec.name AS section_name, pl.row_label, pl.number AS place_number
  FROM order_items oi
  JOIN performances pf ON pf.id = oi.performance_id
  JOIN shows s ON s.id = pf.show_id
  ${venueJoins('pf')}
  LEFT JOIN performance_places pp ON pp.id = oi.performance_place_id
  LEFT JOIN places pl ON pl.id = pp.place_id
  LEFT JOIN performance_sections ps ON ps.id = oi.performance_section_id
  JOIN sections sec ON sec.id = coalesce(pl.section_id, ps.section_id)
 WHERE oi.order_id = $1
 ORDER BY oi.id`;

function clip(name: string): string {
  const flat = name.replace(/\s+/g, ' ').trim();
  return flat.length <= RECEIPT_NAME_MAX ? flat : `${flat.slice(0, RECEIPT_NAME_MAX - 1)}…`;
}

function what(row: ItemRow): string {
  const when = formatDateTime(new Date(row.starts_at), row.timezone);
  const where =
    row.row_label !== null
      ? `${row.section_name}, ряд ${row.row_label}, место ${row.place_number ?? ''}`
      : row.section_name;
  return `«${row.show_name}», ${when}, ${where}`;
}

function linesOf(rows: ItemRow[]): ReceiptLine[] {
  return rows.flatMap((row): ReceiptLine[] => [
    {
      name: clip(`Билет ${what(row)}`),
      quantity: row.ticket_count,
      amount: row.price * row.ticket_count,
      kind: 'ticket',
    },
    ...(row.gifts_count > 0
      ? [
          {
            name: clip(`Подарок к билету ${what(row)}`),
            quantity: row.gifts_count,
            amount: row.gift_price * row.gifts_count,
            kind: 'gift' as const,
          },
        ]
      : []),
  ]);
}

/**
 * Each line's share of `amount`, in proportion to its own amount, adding up to it exactly: rounded
 * down, then the kopecks left over go one each to the lines that lost the most in the rounding
 * (largest remainders). Products stay exact integers (amounts reach 10¹⁰ kopecks).
 */
function shares(amounts: readonly number[], amount: number): number[] {
  const whole = BigInt(amounts.reduce((sum, a) => sum + a, 0));
  const exact = amounts.map((a) => BigInt(a) * BigInt(amount));
  const targets = exact.map((x) => Number(x / whole));
  let rest = amount - targets.reduce((sum, t) => sum + t, 0);
  const byRemainder = exact
    .map((x, i) => ({ i, remainder: x % whole }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of byRemainder) {
    if (rest-- <= 0) break;
    targets[i]! += 1;
  }
  return targets;
}

/**
 * The lines scaled to add up to `amount` exactly, as receipt items (shares above); a line whose
 * amount does not divide by its quantity becomes two (so many units at the lower price, the rest a
 * kopeck dearer). Lines of nothing are left out.
 */
export function fitReceiptItems(
  lines: readonly ReceiptLine[],
  amount: number,
  settings: ReceiptSettings,
): ReceiptItem[] {
  const sold = lines.filter((l) => l.amount > 0 && l.quantity > 0);
  if (sold.length === 0 || amount <= 0) return [];
  const targets = shares(
    sold.map((l) => l.amount),
    amount,
  );
  return sold.flatMap((line, i) => {
    const total = targets[i]!;
    const unit = Math.floor(total / line.quantity);
    const dearer = total - unit * line.quantity;
    const item = (quantity: number, price: number): ReceiptItem => ({
      name: line.name,
      quantity,
      price,
      amount: quantity * price,
      vat: line.kind === 'gift' ? settings.giftVat : settings.ticketVat,
      subject: line.kind === 'gift' ? 'commodity' : 'service',
      method: settings.method,
    });
    return [item(line.quantity - dearer, unit), item(dearer, unit + 1)].filter((it) => it.quantity > 0 && it.price > 0);
  });
}

/** The receipt of paying `amount` for the order: its tickets and gifts, and its courier delivery. */
export async function orderReceipt(
  q: Queryable,
  order: { id: number; email: string },
  amount: number,
  settings: ReceiptSettings,
): Promise<Receipt> {
  const [rows, delivery] = await Promise.all([
    q.query<ItemRow>(ITEMS_SQL, [order.id]),
    q.query<{ delivery_price: number }>('SELECT delivery_price FROM orders WHERE id = $1', [order.id]),
  ]);
  const price = delivery.rows[0]?.delivery_price ?? 0;
  const lines = [
    ...linesOf(rows.rows),
    ...(price > 0 ? [{ name: DELIVERY_LINE_NAME, quantity: 1, amount: price, kind: 'delivery' as const }] : []),
  ];
  return { email: order.email, items: fitReceiptItems(lines, amount, settings) };
}

/** How payments/refunds.ts names a return to the provider: `refund-{refunds.id}`. */
const RETURN_KEY = /^refund-([1-9]\d{0,9})$/;

/**
 * The receipt of returning `amount` of a payment. A return of tickets from the cabinet (its key
 * names the refund) lists the tickets returned, each for what it gives back; any other refund
 * (the whole payment, when its places were lost) lists the order's lines scaled to the amount.
 */
export async function refundReceipt(
  q: Queryable,
  paymentId: string,
  amount: number,
  refundKey: string | undefined,
  settings: ReceiptSettings,
): Promise<Receipt> {
  const order = await q.query<{ id: number; email: string }>(
    'SELECT o.id, o.email FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.id = $1',
    [paymentId],
  );
  const found = order.rows[0];
  if (!found) return { email: '', items: [] };
  const refundId = refundKey === undefined ? undefined : RETURN_KEY.exec(refundKey)?.[1];
  if (refundId !== undefined) {
    const returned = await q.query<ItemRow & { refunded: number }>(
      `SELECT x.*, rt.amount AS refunded
         FROM refund_tickets rt
         JOIN refunds r ON r.id = rt.refund_id
         JOIN tickets t ON t.id = rt.ticket_id
         JOIN LATERAL (${ITEMS_SQL.replace('WHERE oi.order_id = $1', 'WHERE oi.id = t.order_item_id')}) x ON true
        WHERE r.id = $1 AND r.payment_id = $2
        ORDER BY t.id`,
      [Number(refundId), paymentId],
    );
    if (returned.rows.length > 0) {
      const lines = returned.rows.map(
        (row): ReceiptLine => ({
          name: clip(`Билет ${what(row)}`),
          quantity: 1,
          amount: row.refunded,
          kind: 'ticket',
        }),
      );
      return { email: found.email, items: fitReceiptItems(lines, amount, settings) };
    }
  }
  return orderReceipt(q, found, amount, settings);
}
