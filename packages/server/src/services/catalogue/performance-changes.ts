import { escapeHtml } from '@partera/contract';
import type { Queryable } from '../../db/index.js';
import { venueJoins } from '../../db/venue-sql.js';
import type { ServerDeps } from '../../deps.js';
import { enqueue } from '../../notifications/outbox.js';
import { absoluteUrl, type SiteAddress } from '../../payments/urls.js';
import { formatDateTime } from '../../tickets/format.js';
import { changeFeedOf } from './changes.js';
import { notifyOnSale, type OnSaleNotifyDeps } from './on-sale-notify.js';

/**
 * The organiser moves or cancels a performance (an operator's command, cli/performances.ts). The
 * performance keeps the start it had before its first move (moved_from) and says what happened
 * (status 'moved' or 'cancelled', changed_at); every buyer holding a ticket of it gets an e-mail
 * pointing to the cabinet's 'Возврат билетов' tab, where such tickets are returned for their whole
 * price. A cancelled performance is closed to sale: no new holds or orders, and its orders still
 * awaiting payment are cancelled. The page caches hear of
 * the change at once (the change feed), so show and schedule pages drop or re-date it.
 */

/** Without a configuration (the demo seed) nobody is e-mailed: the site's address is unknown. */
export type PerformanceChangeDeps = Pick<ServerDeps, 'db' | 'clock'> & { config?: SiteAddress };

export type PerformanceChangeOutcome =
  | { ok: true; performanceId: number; notified: number }
  | { ok: false; message: string };

export const PERFORMANCE_CHANGE_MESSAGES = {
  notFound: 'Сеанс не найден',
  cancelled: 'Сеанс отменён: его уже нельзя перенести',
  alreadyCancelled: 'Сеанс уже отменён',
  badDate: 'Новая дата должна быть позже текущего момента',
  sameDate: 'Сеанс уже назначен на это время',
  notComing: 'Продажи этого сеанса уже открыты или закрыты',
} as const;

/** The cancel's reason as the basket and hall map give it to a buyer who tries to order. */
export const CANCELLED_CAUSE = 'Мероприятие отменено. Билеты можно вернуть в личном кабинете.';

interface PerformanceRow {
  id: number;
  status: string;
  starts_at: Date;
  show_name: string;
  timezone: string;
}

async function lockPerformance(q: Queryable, id: number): Promise<PerformanceRow | null> {
  const r = await q.query<PerformanceRow>(
    `SELECT pf.id, pf.status, pf.starts_at, s.name AS show_name, c.timezone
       FROM performances pf JOIN shows s ON s.id = pf.show_id
       ${venueJoins('pf')}
      WHERE pf.id = $1 FOR UPDATE OF pf`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** Moves a performance to a new start; a cancelled one cannot be moved. */
export async function movePerformance(
  deps: PerformanceChangeDeps,
  id: number,
  newStart: Date,
): Promise<PerformanceChangeOutcome> {
  const now = deps.clock.now();
  if (!(newStart.getTime() > now.getTime())) return { ok: false, message: PERFORMANCE_CHANGE_MESSAGES.badDate };
  const outcome = await deps.db.transaction(async (tx): Promise<PerformanceChangeOutcome> => {
    const pf = await lockPerformance(tx, id);
    if (!pf) return { ok: false, message: PERFORMANCE_CHANGE_MESSAGES.notFound };
    if (pf.status === 'cancelled') return { ok: false, message: PERFORMANCE_CHANGE_MESSAGES.cancelled };
    if (new Date(pf.starts_at).getTime() === newStart.getTime()) {
      return { ok: false, message: PERFORMANCE_CHANGE_MESSAGES.sameDate };
    }
    await tx.query(
      `UPDATE performances SET status = 'moved', moved_from = coalesce(moved_from, starts_at), starts_at = $2,
              changed_at = $3
        WHERE id = $1`,
      [id, newStart, now],
    );
    const when = `перенесено с ${formatDateTime(new Date(pf.starts_at), pf.timezone)} на ${formatDateTime(newStart, pf.timezone)}`;
    const notified = await notifyHolders(deps, tx, pf, when, now);
    return { ok: true, performanceId: id, notified };
  });
  if (outcome.ok) changeFeedOf(deps.db).everythingChanged();
  return outcome;
}

/** Cancels a performance: closed to sale at once, its buyers told they get their money back. */
export async function cancelPerformance(deps: PerformanceChangeDeps, id: number): Promise<PerformanceChangeOutcome> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx): Promise<PerformanceChangeOutcome> => {
    const pf = await lockPerformance(tx, id);
    if (!pf) return { ok: false, message: PERFORMANCE_CHANGE_MESSAGES.notFound };
    if (pf.status === 'cancelled') return { ok: false, message: PERFORMANCE_CHANGE_MESSAGES.alreadyCancelled };
    await tx.query(
      `UPDATE performances SET status = 'cancelled', changed_at = $2, sale_state = 'closed', allow_reserve = false,
              allow_pay = false, cannot_create_order_cause = $3
        WHERE id = $1`,
      [id, now, CANCELLED_CAUSE],
    );
    // Orders of it still awaiting payment can no longer be paid: a payment arriving later is
    // returned automatically by settlement (the order is no longer 'new'). They are cancelled at
    // the app's clock: the codes' release trigger (migration 0027) gives a gift card's amount
    // back at cancelled_at, so the card's history reads the app's time, not the database's.
    await tx.query(
      `UPDATE orders SET status = 'cancelled', cancelled_at = $2
        WHERE status = 'new' AND id IN (SELECT order_id FROM order_items WHERE performance_id = $1)`,
      [id, now],
    );
    const notified = await notifyHolders(deps, tx, pf, 'отменено', now);
    return { ok: true, performanceId: id, notified };
  });
  if (outcome.ok) changeFeedOf(deps.db).everythingChanged();
  return outcome;
}

/** One e-mail per paid order holding an issued ticket of the performance; how many went. */
async function notifyHolders(
  deps: PerformanceChangeDeps,
  tx: Queryable,
  pf: PerformanceRow,
  what: string,
  now: Date,
): Promise<number> {
  const orders = await tx.query<{ id: number; email: string; first_name: string }>(
    `SELECT DISTINCT o.id, o.email, o.first_name FROM tickets t JOIN orders o ON o.id = t.order_id
      WHERE t.performance_id = $1 AND t.status = 'issued' AND o.status = 'paid' ORDER BY o.id`,
    [pf.id],
  );
  if (!deps.config) return 0;
  const tab = absoluteUrl(deps.config, '/private/#tb_replace-and-reschedule');
  for (const o of orders.rows) {
    const hello = o.first_name.trim() ? `Здравствуйте, ${o.first_name.trim()}!` : 'Здравствуйте!';
    const line = `Мероприятие «${pf.show_name}» ${what}.`;
    const refund = 'Если вам не подходит это изменение, верните билеты в личном кабинете: вернётся полная стоимость.';
    await enqueue(
      tx,
      {
        channel: 'email',
        recipient: o.email,
        subject: `«${pf.show_name}»: ${what.split(' с ')[0]}`,
        text: [hello, '', line, refund, tab, '', `Заказ № ${o.id}`].join('\n'),
        html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(line)}</p><p>${escapeHtml(refund)}</p><p><a href="${escapeHtml(tab)}">Вернуть билеты</a></p><p>Заказ № ${o.id}</p>`,
        orderId: o.id,
      },
      now,
    );
  }
  return orders.rows.length;
}

/**
 * Opens the sale of a performance announced as coming ('Скоро в продаже': sale_state 'soon' →
 * 'on_sale'), then tells whoever asked (notifyOnSale: the bookmarkers with 'Сообщить о начале
 * продаж' on and the open requests whose dates hold it), for this performance only. The page
 * caches hear of it at once.
 */
export async function openSales(
  deps: OnSaleNotifyDeps,
  id: number,
): Promise<{ ok: true; performanceId: number; notified: number } | { ok: false; message: string }> {
  const opened = await deps.db.query<{ show_id: number }>(
    `UPDATE performances SET sale_state = 'on_sale'
      WHERE id = $1 AND sale_state = 'soon' AND status <> 'cancelled' RETURNING show_id`,
    [id],
  );
  const showId = opened.rows[0]?.show_id;
  if (showId === undefined) {
    const exists = await deps.db.query('SELECT 1 FROM performances WHERE id = $1', [id]);
    return {
      ok: false,
      message: exists.rows.length ? PERFORMANCE_CHANGE_MESSAGES.notComing : PERFORMANCE_CHANGE_MESSAGES.notFound,
    };
  }
  changeFeedOf(deps.db).everythingChanged();
  const told = await notifyOnSale(deps, showId, [id]);
  return { ok: true, performanceId: id, notified: told.recipients.length };
}
