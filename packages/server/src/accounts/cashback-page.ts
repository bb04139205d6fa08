import { formatKopecks, venueDateTime } from '@partera/contract';
import type { Queryable } from '../db/index.js';
import { venueJoins } from '../db/venue-sql.js';
import { html, type SafeHtml } from '../http/html.js';
import { formatOrderNumber } from '../tickets/format.js';

/**
 * The cabinet's cashback tab (site-browsing-account.md 2.15 mts-cash-back, 9 Cashback; GET
 * /private/mtscashback/): the telecom cashback of the signed-in buyer's own orders. An order
 * placed under the telecom partner's offer carries its percent (orders.cashback_percent); the
 * cashback is that percent of what the buyer paid and kept (returned tickets' money deducted),
 * rounded down to kopecks, and is credited in the telecom's cashback service after the event
 * (its last performance). The cashback is spent in that service, not on this site, so the tab
 * shows what was earned, credited and still to come; without any such order, how to earn it.
 */

/** The promoted cashback, per cent (section 9). */
export const PROMOTED_CASHBACK_PERCENT = 5;

export interface CashbackLine {
  orderId: number;
  showNames: string[];
  percent: number;
  /** Kopecks paid and not returned. */
  paid: number;
  /** Kopecks of cashback. */
  cashback: number;
  /** The last performance's start: the cashback is credited after it. */
  creditedAfter: Date;
  credited: boolean;
  timeZone: string;
}

interface Row {
  id: number;
  cashback_percent: number;
  paid: number;
  show_names: string[];
  last_start: Date | string;
  timezone: string;
}

/** The buyer's orders with cashback, newest first. */
export async function cashbackLines(q: Queryable, userId: number, now: Date): Promise<CashbackLine[]> {
  const r = await q.query<Row>(
    `SELECT o.id, o.cashback_percent,
            (SELECT coalesce(sum(p.amount - p.refunded_amount), 0)::int FROM payments p
              WHERE p.order_id = o.id AND p.status IN ('succeeded', 'refunded')) AS paid,
            array(SELECT DISTINCT s.name FROM order_items oi JOIN performances pf ON pf.id = oi.performance_id
                    JOIN shows s ON s.id = pf.show_id WHERE oi.order_id = o.id ORDER BY s.name) AS show_names,
            (SELECT max(pf.starts_at) FROM order_items oi JOIN performances pf ON pf.id = oi.performance_id
              WHERE oi.order_id = o.id) AS last_start,
            coalesce((SELECT c.timezone FROM order_items oi JOIN performances pf ON pf.id = oi.performance_id
                        ${venueJoins('pf')} WHERE oi.order_id = o.id LIMIT 1), 'Europe/Moscow') AS timezone
       FROM orders o
      WHERE o.user_id = $1 AND o.cashback_percent > 0 AND o.status IN ('paid', 'refunded')
      ORDER BY o.id DESC`,
    [userId],
  );
  return r.rows
    .map((row) => {
      const creditedAfter = new Date(row.last_start);
      return {
        orderId: row.id,
        showNames: row.show_names,
        percent: row.cashback_percent,
        paid: row.paid,
        cashback: Math.floor((row.paid * row.cashback_percent) / 100),
        creditedAfter,
        credited: creditedAfter.getTime() <= now.getTime(),
        timeZone: row.timezone,
      };
    })
    .filter((l) => l.cashback > 0);
}

function line(l: CashbackLine): SafeHtml {
  const date = venueDateTime(l.creditedAfter, l.timeZone)?.date ?? '';
  return html`<tr>
  <td>№ ${formatOrderNumber(l.orderId)}</td>
  <td>${l.showNames.map((n) => `«${n}»`).join(', ')}</td>
  <td class="cashback__num">${formatKopecks(l.paid)}</td>
  <td class="cashback__num">${l.percent}&nbsp;%</td>
  <td class="cashback__num"><b>${formatKopecks(l.cashback)}</b></td>
  <td>${l.credited ? 'Начислен' : `Начислится после ${date}`}</td>
</tr>`;
}

function howToEarn(): SafeHtml {
  return html`<section class="cashback__how" aria-labelledby="cashback-how-title">
  <h2 class="cashback__title" id="cashback-how-title">Билеты на все мероприятия с кешбэком ${PROMOTED_CASHBACK_PERCENT}%!</h2>
  <ul>
    <li>Кешбэк начисляется в сервисе МТС Cashback и доступен абонентам любого оператора.</li>
    <li>Он становится доступен после даты мероприятия.</li>
    <li>Потратить его можно на товары и услуги связи МТС или на билеты на нашем сайте.</li>
  </ul>
  <p><a class="button" href="/landing/cashback_rules/">Правила программы</a></p>
</section>`;
}

/** The tab's HTML for the buyer at `now`. */
export async function cashbackPage(q: Queryable, userId: number, now: Date): Promise<SafeHtml> {
  const lines = await cashbackLines(q, userId, now);
  if (lines.length === 0) {
    return html`<div class="cashback" data-cashback>
  <p class="cashback__empty" data-cashback-empty>У вас пока нет кешбэка. Он начисляется за билеты, купленные по предложению МТС Cashback: ${PROMOTED_CASHBACK_PERCENT}% от стоимости билета.</p>
  ${howToEarn()}
</div>`;
  }
  const credited = lines.filter((l) => l.credited).reduce((s, l) => s + l.cashback, 0);
  const coming = lines.filter((l) => !l.credited).reduce((s, l) => s + l.cashback, 0);
  return html`<div class="cashback" data-cashback>
  <dl class="cashback__totals">
    <div><dt>Начислено</dt><dd data-cashback-credited>${formatKopecks(credited)}</dd></div>
    <div><dt>Ожидает начисления</dt><dd data-cashback-coming>${formatKopecks(coming)}</dd></div>
  </dl>
  <p class="cashback__note">Кешбэк тратится в сервисе МТС Cashback: там же видно, сколько уже потрачено.</p>
  <div class="cashback__table-wrap">
    <table class="cashback__table">
      <thead><tr><th>Заказ</th><th>Мероприятие</th><th>Оплачено</th><th>Кешбэк, %</th><th>Кешбэк</th><th>Статус</th></tr></thead>
      <tbody>${lines.map(line)}</tbody>
    </table>
  </div>
  ${howToEarn()}
</div>`;
}
