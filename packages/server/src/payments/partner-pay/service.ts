import type { CallResponse, partnerPayOrder, payNotifyMts } from '@partera/contract';
import { formatOrderNumber } from '../../tickets/format.js';
import { findBuyerOrder, paymentDescription, paymentOrderOf } from '../buyer-order.js';
import { recordPayment } from '../ledger.js';
import type { CallbackRequest } from '../provider.js';
import { PAYMENT_MESSAGES, type PaymentDeps, refusalOf } from '../service.js';
import { orderIdOfPaymentSessionUrl, returnUrlsFor } from '../urls.js';
import { authenticatePartner } from './authenticate.js';
import { PARTNER_PAY } from './provider.js';

export const PARTNER_PAY_MESSAGES = {
  badUrl: 'Неверная ссылка на оплату заказа. Обновите страницу и попробуйте ещё раз.',
  notPartnerOrder: 'Этот заказ нельзя оплатить в приложении партнёра. Обновите страницу, чтобы оплатить его картой.',
  alreadyPaid: 'Заказ уже оплачен.',
  unavailable: 'Оплата в приложении партнёра временно недоступна. Попробуйте позже.',
  badSignature: 'Подпись запроса не прошла проверку',
  orderNotFound: 'Заказ не найден',
} as const;

type NotifyAnswer = CallResponse<typeof payNotifyMts>;

/**
 * POST /pay/notifymts (spec 7.6, 4.8): the checkout hands over the url of a payment session
 * answered with provider mts_pay, and gets the orderToken for the partner page. The order must
 * be the buyer's own and placed in the frame of a partner with its own pay flow. The order row
 * is locked while the payment is registered, so two calls at once register one payment; while
 * it is open, asking again answers the same token. After a decline, a new payment (and token).
 */
export async function notifyPartnerPay(
  deps: PaymentDeps,
  input: { sessionId: string; url: string; params?: Record<string, unknown> | undefined },
): Promise<NotifyAnswer> {
  const orderId = orderIdOfPaymentSessionUrl(input.url, deps.config.langPrefix);
  if (orderId === null) return { error: 1, message: PARTNER_PAY_MESSAGES.badUrl };
  const provider = deps.providers.get(PARTNER_PAY);
  if (!provider) return { error: 1, message: PARTNER_PAY_MESSAGES.unavailable };
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const order = await findBuyerOrder(
      tx,
      { orderId, sessionId: input.sessionId, token: input.params?.token },
      { lock: true },
    );
    if (!order) return { error: 1, message: PAYMENT_MESSAGES.orderNotFound };
    if (!order.partnerPays) return { error: 1, message: PARTNER_PAY_MESSAGES.notPartnerOrder };
    if (order.status === 'paid') return { error: 1, message: PARTNER_PAY_MESSAGES.alreadyPaid };
    const refusal = refusalOf(order);
    if (refusal) return { error: 1, message: refusal };

    const open = await tx.query<{ id: string }>(
      `SELECT id FROM payments WHERE order_id = $1 AND provider = $2 AND status IN ('created', 'pending')
        ORDER BY created_at DESC, id LIMIT 1`,
      [order.id, PARTNER_PAY],
    );
    if (open.rows[0]) return { uuid: open.rows[0].id };
    // The partner's app takes the money and issues its own receipt: none is built here.
    const start = await provider.createSession(
      await paymentOrderOf(tx, order, undefined),
      returnUrlsFor(deps.config, order),
    );
    await recordPayment(tx, {
      id: start.paymentId,
      orderId: order.id,
      provider: PARTNER_PAY,
      amount: order.total,
      now,
    });
    return { uuid: start.paymentId };
  });
}

/** The path the partner signs when it reads an order (signature.ts). */
export function partnerOrderPath(orderToken: string): string {
  return `/partner-pay/orders/${orderToken}/`;
}

type PartnerOrderAnswer = CallResponse<typeof partnerPayOrder>;

const PARTNER_STATUS = {
  created: 'pending',
  pending: 'pending',
  succeeded: 'succeeded',
  declined: 'declined',
  refunded: 'refunded',
} as const;

/**
 * GET /partner-pay/orders/{orderToken}/: the partner's back end reads what to charge, signed with
 * its notify secret. Only the partner whose frame the order was placed in sees it.
 */
export async function readPartnerOrder(
  deps: Pick<PaymentDeps, 'db' | 'clock' | 'notifySecrets'>,
  request: { headers: CallbackRequest['headers']; orderToken: string },
): Promise<{ status: 200 | 403 | 404; answer: PartnerOrderAnswer }> {
  const partner = await authenticatePartner(deps, request.headers, {
    method: 'GET',
    path: partnerOrderPath(request.orderToken),
    fields: [],
  });
  if (!partner) return { status: 403, answer: { error: 403, message: PARTNER_PAY_MESSAGES.badSignature } };
  const r = await deps.db.query<{
    status: keyof typeof PARTNER_STATUS;
    amount: number;
    order_id: number;
    cashback_percent: number;
    cashback_action: string | null;
  }>(
    `SELECT p.status, p.amount, o.id AS order_id, o.cashback_percent, o.cashback_action
       FROM payments p JOIN orders o ON o.id = p.order_id
      WHERE p.id = $1 AND p.provider = $2 AND o.partner_id = $3`,
    [request.orderToken, PARTNER_PAY, partner.id],
  );
  const row = r.rows[0];
  if (!row) return { status: 404, answer: { error: 404, message: PARTNER_PAY_MESSAGES.orderNotFound } };
  const orderNumber = formatOrderNumber(row.order_id);
  return {
    status: 200,
    answer: {
      orderToken: request.orderToken,
      orderNumber,
      amount: row.amount,
      currency: 'RUB',
      description: paymentDescription(orderNumber),
      cashbackPercent: row.cashback_percent,
      // An order that spends the buyer's cashback earns none (decision 0034).
      cashbackAmount:
        row.cashback_action === 'spisat_keshbek' ? 0 : Math.floor((row.amount * row.cashback_percent) / 100),
      status: PARTNER_STATUS[row.status],
    },
  };
}
