/**
 * A payment in progress at the acquirer (decision 0047): the buyer was sent to the acquirer's page
 * (or its widget, or an SBP code) for an unpaid order, and the acquirer has not answered yet. Two
 * rules hang on it: a second order call of the basket with other choices may not replace that
 * order (services/orders/create.ts), and the order's payment session asked again answers the
 * same payment instead of registering a second one (payments/service.ts).
 *
 * A payment counts as in progress for PAYMENT_IN_PROGRESS_MS after it was started: an acquirer's
 * payment page lives about that long (Sber's default session is 20 minutes), and a form the buyer
 * left open longer is taken as given up, so a basket is never stuck behind it. Should such a
 * payment still succeed, its order was replaced meanwhile and settlement returns the money
 * (payments/service.ts: an order no longer 'new' is refunded automatically).
 */
import type { Queryable } from '../../db/index.js';

export const PAYMENT_IN_PROGRESS_MS = 20 * 60_000;

/**
 * The answer to an order call with other choices while the basket's order is being paid at the
 * acquirer (another tab or window): that order stays, the call changes nothing.
 */
export const PAYMENT_IN_PROGRESS_REFUSAL = {
  code: 1,
  message:
    'Этот заказ уже оплачивается в другой вкладке. Завершите оплату там; если она не пройдёт, заказ можно будет изменить.',
} as const;

/** An open payment of an order, with what reached the acquirer (payments.start, migration 0027). */
export interface PaymentInProgress {
  id: string;
  provider: string;
  method: string;
  amount: number;
  /** The payment session's answer for it, or null when none was kept (SBP, an older payment). */
  start: Record<string, unknown> | null;
}

/** The newest payment of the order still in progress at `now`, or null. */
export async function paymentInProgress(q: Queryable, orderId: number, now: Date): Promise<PaymentInProgress | null> {
  const r = await q.query<PaymentInProgress>(
    `SELECT id, provider, method, amount, start FROM payments
      WHERE order_id = $1 AND status IN ('created', 'pending') AND created_at > $2
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [orderId, new Date(now.getTime() - PAYMENT_IN_PROGRESS_MS)],
  );
  return r.rows[0] ?? null;
}

/** Keeps the payment session's answer with the payment, for paymentInProgress to answer it again. */
export async function rememberPaymentStart(q: Queryable, paymentId: string, start: object): Promise<void> {
  await q.query('UPDATE payments SET start = $2::jsonb WHERE id = $1', [paymentId, JSON.stringify(start)]);
}
