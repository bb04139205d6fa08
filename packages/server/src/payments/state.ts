import type { PaymentStateAnswer } from '@partera/contract';
import { findBuyerOrder } from './buyer-order.js';
import { reconcileOrderPayments } from './reconcile.js';
import { PAYMENT_MESSAGES, type PaymentDeps } from './service.js';
import { returnUrlsFor } from './urls.js';

export const PAYMENT_STATE_MESSAGES = {
  declined: 'Оплата не прошла. Попробуйте оплатить заказ ещё раз.',
  refunded: 'Пока шла оплата, места заказа заняли. Деньги вернутся на счёт, а билеты можно выбрать заново.',
} as const;

interface PaymentsSummary {
  open: boolean;
  refunded: boolean;
  declined: boolean;
  decline_reason: string | null;
}

/**
 * Where the payment of the buyer's own order stands (GET /payment/state/{orderId}/), for the
 * checkout waiting on a payment taken elsewhere (the partner's app, spec 4.8, or an acquirer's
 * page). An open payment means pending, whatever earlier attempts were declined: the buyer has
 * tried again. While the order waits, its open payments are polled at their acquirers
 * (reconcile.ts), so a lost notification does not leave a paid order waiting.
 */
export async function getPaymentState(
  deps: PaymentDeps,
  input: { orderId: number; sessionId: string; token?: string | undefined },
): Promise<PaymentStateAnswer> {
  let order = await findBuyerOrder(deps.db, input);
  if (!order) return { error: 1, message: PAYMENT_MESSAGES.orderNotFound };
  if (order.status === 'new' && (await reconcileOrderPayments(deps, order.id))) {
    order = (await findBuyerOrder(deps.db, input)) ?? order;
  }
  if (order.status === 'paid') {
    return { error: 0, status: 'paid', redirectUrl: returnUrlsFor(deps.config, order).successUrl };
  }
  const r = await deps.db.query<PaymentsSummary>(
    `SELECT coalesce(bool_or(status IN ('created', 'pending')), false) AS open,
            coalesce(bool_or(status = 'refunded'), false) AS refunded,
            coalesce(bool_or(status = 'declined'), false) AS declined,
            (SELECT decline_reason FROM payments WHERE order_id = $1 AND status = 'declined'
              ORDER BY updated_at DESC LIMIT 1) AS decline_reason
       FROM payments WHERE order_id = $1`,
    [order.id],
  );
  const payments = r.rows[0];
  if (order.status !== 'new') {
    const message = payments?.refunded ? PAYMENT_STATE_MESSAGES.refunded : PAYMENT_MESSAGES.orderCancelled;
    return { error: 0, status: 'cancelled', message };
  }
  if (payments?.open || !payments?.declined) return { error: 0, status: 'pending' };
  return { error: 0, status: 'declined', message: payments.decline_reason ?? PAYMENT_STATE_MESSAGES.declined };
}
