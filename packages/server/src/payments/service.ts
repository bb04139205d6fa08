import type { PaymentSessionAnswer } from '@partera/contract';
import type { Clock } from '../clock.js';
import type { ServerConfig } from '../config.js';
import type { Database, Queryable, Transaction } from '../db/index.js';
import {
  type MailContext,
  mailContextOf,
  type RefundReason,
  refundEmail,
  ticketsEmail,
} from '../notifications/order-mail.js';
import { enqueue } from '../notifications/outbox.js';
import { sellOrderHolds } from '../services/holds/sale.js';
import { paymentInProgress, rememberPaymentStart } from '../services/orders/in-progress.js';
import type { NotifySecretKey } from '../services/partners/index.js';
import { issueOrderTickets } from '../tickets/issue.js';
import { loadOrder, loadOrderTickets, type TicketOrder } from '../tickets/query.js';
import { AcquirerError } from './acquirers/http.js';
import { type BuyerOrder, findBuyerOrder, paymentOrderOf } from './buyer-order.js';
import { recordPayment } from './ledger.js';
import { PARTNER_PAY } from './partner-pay/provider.js';
import type {
  CallbackOutcome,
  CallbackReply,
  CallbackRequest,
  PaymentEvent,
  PaymentProvider,
  PaymentProviders,
} from './provider.js';
import { refundReceipt } from './receipt.js';
import { absoluteUrl, paymentSessionPath, returnUrlsFor, SBP_PROVIDER, sbpPaymentPath } from './urls.js';

export { getOrderCompletion, type OrderCompletion } from '../tickets/completion.js';
export type { CallbackOutcome } from './provider.js';

export interface PaymentDeps {
  db: Database;
  clock: Clock;
  config: ServerConfig;
  providers: PaymentProviders;
  /** Opens the partners' sealed notify secrets, for the partner pay flow's signatures. */
  notifySecrets: NotifySecretKey;
  /** Where an acquirer's refusal is told to the operator (its code, never a credential). */
  log?: { warn(fields: object, message: string): void };
}

/** Messages of the payment session answer (hall-basket-checkout.md 8.5 where the spec has one). */
export const PAYMENT_MESSAGES = {
  orderNotFound: 'Заказ не найден',
  orderCancelled: 'Заказ отменён. Выберите билеты заново.',
  unknownPayType: 'Неизвестный тип оплаты!',
  unavailable: 'Оплата картой временно недоступна. Попробуйте позже.',
  nothingToPay: 'Сумма заказа равна нулю: оплата картой не нужна.',
  /** The acquirer refused or did not answer the payment's registration (8.5, word for word). */
  acquirerFailed: 'Произошла непредвиденная ошибка в процессе оплаты.',
} as const;

/**
 * Why an order the buyer owns cannot be paid now this way, or null when it can ('paid' is the
 * caller's to answer). `accepted`: the order payment methods this way of paying serves (a card
 * order may also be paid by a wallet button or by SBP; an SBP order only by SBP).
 */
export function refusalOf(
  order: Pick<BuyerOrder, 'status' | 'paymentMethod' | 'total'>,
  // A bonus order's rest (what its points did not cover) is paid by card (services/orders/create.ts).
  // A device-wallet order is paid on its bank page: by the wallet's button, or by this card form
  // when the device lacks the wallet. A culture card is a card of its own kind, paid on the bank's
  // card form; the partner's cashback order (accumulated, or what its spent cashback left) is paid
  // by card, in the partner's own pay flow when it has one.
  accepted: readonly string[] = ['card', 'bonus', 'apple_pay', 'google_pay', 'pushkin_card', 'mts_cashback'],
): string | null {
  if (order.status !== 'new') return PAYMENT_MESSAGES.orderCancelled;
  if (!accepted.includes(order.paymentMethod)) return PAYMENT_MESSAGES.unknownPayType;
  if (order.total <= 0) return PAYMENT_MESSAGES.nothingToPay;
  return null;
}

/**
 * Starts paying an order (POST /payment/session/{orderId}/): checks that the order is this
 * buyer's (their session, or the order's token) and still 'new', registers a payment with the
 * default provider and answers how to reach the bank (3.15): the url with the get or post map
 * submitted as hidden fields into the bank frame. An order placed in the frame of a partner
 * with its own pay flow opens no bank (4.8): the answer names provider mts_pay and the url the
 * checkout hands to /pay/notifymts.
 */
export async function startPaymentSession(
  deps: PaymentDeps,
  input: { orderId: number; sessionId: string; token?: string | undefined },
): Promise<PaymentSessionAnswer> {
  const order = await findBuyerOrder(deps.db, input);
  if (!order) return { error: 1, message: PAYMENT_MESSAGES.orderNotFound };
  const urls = returnUrlsFor(deps.config, order);
  if (order.status === 'paid') return { error: 0, redirectUrl: urls.successUrl };
  // An SBP order is paid by QR code (decision 0036): the checkout opens the SBP call's url.
  if (order.paymentMethod === 'sbp' && !order.partnerPays && refusalOf(order, ['sbp']) === null) {
    return {
      error: 0,
      provider: SBP_PROVIDER,
      url: absoluteUrl(deps.config, sbpPaymentPath(order.id, order.accessToken)),
    };
  }
  const refusal = refusalOf(order);
  if (refusal) return { error: 1, message: refusal };
  if (order.partnerPays) {
    return { error: 0, provider: PARTNER_PAY, url: absoluteUrl(deps.config, paymentSessionPath(order.id)) };
  }
  const provider = deps.providers.default;
  if (!provider) return { error: 1, message: PAYMENT_MESSAGES.unavailable };
  // One registration per order at a time (decision 0047): a second tab's call waits for the
  // order's lock, then answers the payment the first one registered while it is at the acquirer.
  // The acquirer's HTTP call holds the lock, as the SBP registration's does (decision 0036).
  return deps.db.transaction(async (tx): Promise<PaymentSessionAnswer> => {
    await tx.query('SELECT id FROM orders WHERE id = $1 FOR NO KEY UPDATE', [order.id]);
    const inProgress = await paymentInProgress(tx, order.id, deps.clock.now());
    if (inProgress?.start && inProgress.provider === provider.name && inProgress.amount === order.total) {
      return inProgress.start as PaymentSessionAnswer;
    }
    let start: Awaited<ReturnType<PaymentProvider['createSession']>>;
    try {
      // The provider reads its earlier attempts through this transaction (decision 0045).
      const paymentOrder = { ...(await paymentOrderOf(tx, order, deps.config.payments.receipt)), ledger: tx };
      start = await provider.createSession(paymentOrder, urls);
    } catch (err) {
      // The acquirer refused (its error answer) or did not answer: nothing was recorded, and the
      // buyer may try again, which registers a new attempt.
      if (!(err instanceof AcquirerError)) throw err;
      deps.log?.warn({ provider: provider.name, error: err.message }, 'payment registration failed');
      return { error: 1, message: PAYMENT_MESSAGES.acquirerFailed };
    }
    // A partner's pay flow is never the default provider (registry.ts): only a misconfiguration gets here.
    if (start.kind === 'partner-app') return { error: 1, message: PAYMENT_MESSAGES.unavailable };
    await recordPayment(tx, {
      id: start.paymentId,
      orderId: order.id,
      provider: provider.name,
      amount: order.total,
      now: deps.clock.now(),
    });
    const answer: PaymentSessionAnswer =
      start.kind === 'widget'
        ? // The card widget (3.16) is configured from this answer; `widget` is an extension field.
          ({ error: 0, provider: provider.name, widget: start.widget } as PaymentSessionAnswer)
        : {
            error: 0,
            url: start.url,
            provider: provider.name,
            ...(start.method === 'GET' ? { get: start.fields } : { post: start.fields }),
            // The acquirer's page refuses to be framed: the checkout opens it in the top window.
            ...(provider.topWindow ? { target: 'top' as const } : {}),
          };
    await rememberPaymentStart(tx, start.paymentId, answer);
    return answer;
  });
}

/**
 * An acquirer's notification: verify it, then apply it once. The answer is the outcome and, when
 * the acquirer wants one of its own (T-Bank's text OK), that reply: the route sends it as it is.
 */
export async function handleProviderCallback(
  deps: PaymentDeps,
  providerName: string,
  request: CallbackRequest,
): Promise<{ outcome: CallbackOutcome; reply: CallbackReply | undefined }> {
  const provider = deps.providers.get(providerName);
  if (!provider) return { outcome: 'unknown-provider', reply: undefined };
  const event = await provider.handleCallback(request);
  const outcome = event ? await applyPaymentEvent(deps, provider, event) : 'invalid';
  return { outcome, reply: provider.acknowledge?.(outcome) };
}

interface PaymentRow {
  id: string;
  order_id: number;
  status: string;
  amount: number;
}

/**
 * Applies a verified payment event in ONE transaction, keyed by (provider, payment, event id) so
 * a replay changes nothing.
 *
 * Success: the payment is marked succeeded and the order's holds become sales (a late payment
 * re-claims places whose hold lapsed if they are still free). Then the tickets are issued, the
 * order is paid and the e-mail with the tickets is queued. If a place was taken meanwhile, or
 * the order can no longer be paid, the money goes back through the provider and the buyer gets
 * an e-mail saying so. Decline: the payment is marked declined; the order stays 'new' and the
 * basket's holds stay as they are, so the buyer can try again.
 *
 * The refund call is the last step before commit: if it throws, everything rolls back and the
 * acquirer's retry of the notification runs the settlement again (refunds are idempotent).
 */
export async function applyPaymentEvent(
  deps: PaymentDeps,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<CallbackOutcome> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const p = await tx.query<PaymentRow>(
      `SELECT id, order_id, status, amount FROM payments WHERE id = $1 AND provider = $2 FOR UPDATE`,
      [event.paymentId, provider.name],
    );
    const payment = p.rows[0];
    if (!payment) return 'unknown-payment';
    // Tickets are issued for the amount the order costs, never for what a notification claims.
    if (event.kind === 'succeeded' && event.amount !== undefined && event.amount !== payment.amount) {
      return 'amount-mismatch';
    }
    // An event is a replay only for the payment it was first applied to: a provider's event ids
    // need not be unique across payments (a partner's own counter), and an id seen for another
    // order must not leave this one unpaid (migration 0005).
    const recorded = await tx.query(
      `INSERT INTO payment_events (provider, event_id, payment_id, kind, payload, received_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6)
       ON CONFLICT (provider, payment_id, event_id) DO NOTHING RETURNING event_id`,
      [provider.name, event.eventId, payment.id, event.kind, JSON.stringify(event.payload), now],
    );
    if (recorded.rows.length === 0) return 'replayed';

    const open = payment.status === 'created' || payment.status === 'pending';
    switch (event.kind) {
      case 'noted':
        return 'ignored';
      case 'declined':
        if (!open) return 'ignored';
        await setPayment(tx, payment.id, 'declined', now, event.reason ?? null);
        return 'declined';
      case 'refunded':
        if (payment.status !== 'succeeded') return 'ignored';
        await setPayment(tx, payment.id, 'refunded', now);
        return 'refunded';
      case 'succeeded':
        if (!open) return 'ignored';
        return settleSuccess(deps, tx, provider, payment, now);
    }
  });
}

async function setPayment(
  tx: Queryable,
  paymentId: string,
  status: 'succeeded' | 'declined' | 'refunded',
  now: Date,
  reason: string | null = null,
): Promise<void> {
  await tx.query(
    `UPDATE payments SET status = $2, updated_at = $3, decline_reason = coalesce($4, decline_reason) WHERE id = $1`,
    [paymentId, status, now, reason],
  );
}

async function settleSuccess(
  deps: PaymentDeps,
  tx: Transaction,
  provider: PaymentProvider,
  payment: PaymentRow,
  now: Date,
): Promise<CallbackOutcome> {
  await setPayment(tx, payment.id, 'succeeded', now);
  const locked = await tx.query<{ status: string }>(`SELECT status FROM orders WHERE id = $1 FOR UPDATE`, [
    payment.order_id,
  ]);
  const order = (await loadOrder(tx, payment.order_id))!;
  const mail = mailContextOf(deps.config);

  // Paid twice (two tabs), or cancelled meanwhile: this payment cannot buy anything.
  if (locked.rows[0]?.status !== 'new') {
    return refund(deps, tx, provider, payment, order, mail, 'order-closed', now);
  }

  const sale = await sellOrderHolds(tx, payment.order_id, now);
  if (!sale.ok) {
    await tx.query(`UPDATE orders SET status = 'cancelled', cancelled_at = $2 WHERE id = $1`, [payment.order_id, now]);
    return refund(deps, tx, provider, payment, order, mail, 'places-taken', now);
  }

  await issueOrderTickets(tx, payment.order_id, now);
  await tx.query(`UPDATE orders SET status = 'paid', paid_at = $2 WHERE id = $1`, [payment.order_id, now]);
  const tickets = await loadOrderTickets(tx, payment.order_id);
  await enqueue(tx, ticketsEmail(mail, { ...order, status: 'paid', paidAt: now }, tickets), now);
  return 'paid';
}

async function refund(
  deps: PaymentDeps,
  tx: Transaction,
  provider: PaymentProvider,
  payment: PaymentRow,
  order: TicketOrder,
  mail: MailContext,
  reason: RefundReason,
  now: Date,
): Promise<CallbackOutcome> {
  const performances = await tx.query<{ id: number; show_name: string }>(
    `SELECT DISTINCT pf.id, s.name AS show_name
       FROM order_items oi JOIN performances pf ON pf.id = oi.performance_id JOIN shows s ON s.id = pf.show_id
      WHERE oi.order_id = $1 ORDER BY pf.id`,
    [order.id],
  );
  await setPayment(tx, payment.id, 'refunded', now);
  await enqueue(
    tx,
    refundEmail(mail, order, {
      amount: payment.amount,
      reason,
      performances: performances.rows.map((r) => ({ id: r.id, showName: r.show_name })),
    }),
    now,
  );
  const settings = deps.config.payments.receipt;
  const receipt = settings ? await refundReceipt(tx, payment.id, payment.amount, undefined, settings) : undefined;
  await provider.refund(payment.id, payment.amount, receipt);
  return 'refunded';
}
