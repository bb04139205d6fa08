/**
 * An order with nothing left to pay through an acquirer (the bonus points, a discount or a box
 * office's cash paid all of it) is completed at once: its holds become sales, its tickets are
 * issued, it is paid and the e-mail with the tickets is queued, in the caller's transaction.
 */
import type { Transaction } from '../../db/index.js';
import { type MailConfig, mailContextOf, ticketsEmail } from '../../notifications/order-mail.js';
import { enqueue } from '../../notifications/outbox.js';
import { issueOrderTickets } from '../../tickets/issue.js';
import { loadOrder, loadOrderTickets } from '../../tickets/query.js';
import { sellOrderHolds } from '../holds/sale.js';

export type CompletionConfig = MailConfig;

/** Completes the 'new' order; false (nothing changed) when its places cannot be had any more. */
export async function completeOrderPaid(
  tx: Transaction,
  config: CompletionConfig,
  orderId: number,
  now: Date,
): Promise<boolean> {
  const sale = await sellOrderHolds(tx, orderId, now);
  if (!sale.ok) return false;
  await issueOrderTickets(tx, orderId, now);
  await tx.query(`UPDATE orders SET status = 'paid', paid_at = $2, pay_by = NULL WHERE id = $1`, [orderId, now]);
  const order = (await loadOrder(tx, orderId))!;
  await enqueue(tx, ticketsEmail(mailContextOf(config), order, await loadOrderTickets(tx, orderId)), now);
  return true;
}
