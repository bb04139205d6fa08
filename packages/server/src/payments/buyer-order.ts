import type { ReceiptSettings } from '../config.js';
import type { Queryable } from '../db/index.js';
import { formatOrderNumber } from '../tickets/format.js';
import { tokenMatches } from '../tickets/query.js';
import type { PaymentOrder } from './provider.js';
import { orderReceipt } from './receipt.js';

/** An order as the payment calls need it, with the partner it was placed under. */
export interface BuyerOrder {
  id: number;
  status: string;
  accessToken: string;
  /** Kopecks. */
  total: number;
  email: string;
  paymentMethod: string;
  partnerId: number | null;
  /** Whole percent of the ticket price, copied from the partner's frame when the order was made. */
  cashbackPercent: number;
  /** The order's partner takes the payment in its own pay flow (spec 4.8). */
  partnerPays: boolean;
  /** The partner's name, when there is one. */
  partnerName: string | null;
}

interface Row {
  id: number;
  status: string;
  session_id: string;
  access_token: string;
  total: number;
  email: string;
  payment_method: string;
  partner_id: number | null;
  cashback_percent: number;
  own_pay_flow: boolean | null;
  partner_name: string | null;
}

/**
 * The order, if it is this buyer's: placed in their session, or opened with the order's token
 * (the e-mail link, another device). Anyone else learns nothing, not even that it exists.
 * `lock` takes the order row for the rest of the transaction.
 */
export async function findBuyerOrder(
  q: Queryable,
  buyer: { orderId: number; sessionId: string; token?: unknown },
  opts: { lock?: boolean } = {},
): Promise<BuyerOrder | null> {
  const r = await q.query<Row>(
    `SELECT o.id, o.status, o.session_id, o.access_token, o.total, o.email, o.payment_method, o.partner_id,
            o.cashback_percent, p.own_pay_flow, p.name AS partner_name
       FROM orders o LEFT JOIN partners p ON p.id = o.partner_id
      WHERE o.id = $1${opts.lock ? ' FOR UPDATE OF o' : ''}`,
    [buyer.orderId],
  );
  const row = r.rows[0];
  if (!row) return null;
  const owned = row.session_id === buyer.sessionId || tokenMatches({ accessToken: row.access_token }, buyer.token);
  if (!owned) return null;
  return {
    id: row.id,
    status: row.status,
    accessToken: row.access_token,
    total: row.total,
    email: row.email,
    paymentMethod: row.payment_method,
    partnerId: row.partner_id,
    cashbackPercent: row.cashback_percent,
    partnerPays: row.own_pay_flow === true,
    partnerName: row.partner_name,
  };
}

/**
 * What a provider is told about the order it takes the payment for, with the receipt lines of
 * its tickets and gifts (none when the deployment sends no receipts: PAYMENT_RECEIPTS=0).
 */
export async function paymentOrderOf(
  q: Queryable,
  order: Pick<BuyerOrder, 'id' | 'total' | 'email'>,
  receipt: ReceiptSettings | undefined,
): Promise<PaymentOrder> {
  const number = formatOrderNumber(order.id);
  return {
    id: order.id,
    number,
    amount: order.total,
    email: order.email,
    description: paymentDescription(number),
    receipt: receipt ? await orderReceipt(q, order, order.total, receipt) : { email: order.email, items: [] },
  };
}

/** The purpose of the payment, as the bank page and the partner's app show it. */
export function paymentDescription(orderNumber: string): string {
  return `Билеты, заказ № ${orderNumber}`;
}
