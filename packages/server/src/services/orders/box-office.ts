/**
 * A booking paid in cash at a box office (delivery 'booking_cash'): the cashier finds the order by
 * its number, takes the order's total and marks it paid before its deadline (`pay_by`). The order
 * is then completed like any paid one: its held places become sales, its tickets are issued and
 * the e-mail with them is queued. No acquirer payment is recorded: the money is the box office's,
 * so an online return of these tickets is refused and sends the buyer to support.
 */
import type { ServerDeps } from '../../deps.js';
import { formatRoubles } from '../../tickets/format.js';
import { completeOrderPaid } from './complete.js';

export type BoxOfficeDeps = Pick<ServerDeps, 'db' | 'clock' | 'config'>;

/** An amount the cashier typed, '1500' or '1500.50' (a comma too), in kopecks; null for anything else. */
export function kopecksOf(text: string): number | null {
  const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

export type BoxOfficeOutcome = { ok: true; total: number } | { ok: false; message: string };

/**
 * Marks the cash booking `orderId` paid when `amountKopecks` is exactly its total. Refused when
 * the order is not a cash booking, is already paid, was cancelled (by the buyer, or released at
 * its deadline by the sweeper) or its deadline has passed.
 */
export async function payBookingAtBoxOffice(
  deps: BoxOfficeDeps,
  orderId: number,
  amountKopecks: number,
): Promise<BoxOfficeOutcome> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const r = await tx.query<{ status: string; delivery_method: string; total: number; pay_by: Date | null }>(
      'SELECT status, delivery_method, total, pay_by FROM orders WHERE id = $1 FOR UPDATE',
      [orderId],
    );
    const order = r.rows[0];
    if (!order) return { ok: false, message: `Заказа № ${orderId} нет` };
    if (order.delivery_method !== 'booking_cash') {
      return { ok: false, message: `Заказ № ${orderId} не бронь с оплатой в кассе` };
    }
    if (order.status === 'paid') return { ok: false, message: `Заказ № ${orderId} уже оплачен` };
    if (order.status !== 'new') return { ok: false, message: `Бронь № ${orderId} отменена` };
    if (order.pay_by !== null && new Date(order.pay_by).getTime() <= now.getTime()) {
      return { ok: false, message: `Срок оплаты брони № ${orderId} истёк` };
    }
    if (amountKopecks !== order.total) {
      return {
        ok: false,
        message: `К оплате по заказу № ${orderId}: ${formatRoubles(order.total)}, указано ${formatRoubles(amountKopecks)}`,
      };
    }
    if (!(await completeOrderPaid(tx, deps.config, orderId, now))) {
      return { ok: false, message: `Места брони № ${orderId} уже не удержаны` };
    }
    return { ok: true, total: order.total };
  });
}
