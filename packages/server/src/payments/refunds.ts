import {
  escapeHtml,
  formatKopecks,
  type PerformanceChangeStatus,
  type RefundRule,
  refundAmount,
  refundTerms,
} from '@partera/contract';
import type { Clock } from '../clock.js';
import type { Database, Queryable, Transaction } from '../db/index.js';
import { venueJoins } from '../db/venue-sql.js';
import { type MailConfig, mailContextOf, supportText } from '../notifications/order-mail.js';
import { enqueue } from '../notifications/outbox.js';
import { GIFT_CARD_PROVIDER, returnGiftCardShare } from '../services/checkout/codes/index.js';
import { returnSoldTickets } from '../services/holds/index.js';
import { formatDateTime, formatOrderNumber } from '../tickets/format.js';
import type { PaymentProviders } from './provider.js';
import { absoluteUrl } from './urls.js';

/**
 * A buyer returns tickets from the cabinet (site-browsing-account.md 2.15 replace-and-reschedule,
 * 4 Replace/refund). The amount follows rules/refunds.ts of the contract (the whole price after a
 * move or a cancel, else 100/50/30 % by days before the start, nothing under 3 days), of what the
 * ticket cost the buyer (its share of what the card paid, after discounts).
 *
 * Only the signed-in buyer's own tickets of paid orders, issued and never returned: any ticket
 * that fails refuses the whole return and nothing changes. The return runs in three steps:
 * 1. the tickets are claimed (locked, checked, a 'pending' refund written naming each ticket once
 *    ever: two concurrent returns of one ticket cannot both pass);
 * 2. the payment's provider sends the money back (keyed by the refund, so a retry pays once); a
 *    provider that cannot refuses, and the claim is dropped: nothing is ever marked returned
 *    without the provider's yes; a provider that does not answer leaves the claim pending (the
 *    money may have gone), to be finished by a later return with the same key;
 * 3. in one transaction after the provider's answer: the refund is done, the tickets 'returned',
 *    their places back on sale, the payment's refunded amount grows (a payment wholly returned is
 *    'refunded', an order with no ticket left is 'refunded'), and an e-mail tells the buyer.
 * A claim its process left pending (it died after step 1 or 2) is taken over by the next return of
 * its tickets after STALE_CLAIM_MS, and the tab lists such tickets again; the provider is asked
 * again with the same key, so money that already went back is not sent twice.
 */

/** A claim left pending this long (its process died between the provider and step 3) is taken over. */
export const STALE_CLAIM_MS = 5 * 60_000;

export interface RefundDeps {
  db: Database;
  clock: Clock;
  config: MailConfig;
  providers: PaymentProviders;
}

export const REFUND_MESSAGES = {
  failed: 'Не удалось вернуть билеты. Попробуйте позже.',
  notFound: 'Билет не найден среди ваших заказов',
  returned: (code: string) => `Билет ${code} уже возвращён`,
  inProgress: (code: string) => `Возврат билета ${code} уже оформляется`,
  unpaid: (code: string) => `Билет ${code}: заказ не оплачен`,
  late: (code: string) => `Билет ${code}: до начала меньше 3 дней, вернуть его уже нельзя`,
  noCard: (code: string) => `Билет ${code} оплачен без банковской карты: для возврата обратитесь в службу поддержки`,
} as const;

/** A ticket of the buyer as the refund rules see it. */
export interface RefundableTicket {
  id: number;
  code: string;
  orderId: number;
  performanceId: number;
  showName: string;
  startsAt: Date;
  movedFrom: Date | null;
  performanceStatus: PerformanceChangeStatus;
  timeZone: string;
  buildingName: string;
  hallName: string;
  /** 'Партер, ряд 3, место 12' or the entrance section's name. */
  placeText: string;
  /** Kopecks the ticket cost the buyer by card (its share of the payment). */
  paid: number;
}

export interface TicketQuote {
  ticketId: number;
  amount: number;
  percent: number;
  rule: RefundRule;
}

export type QuoteOutcome = { ok: true; tickets: TicketQuote[]; amount: number } | { ok: false; errors: string[] };
export type RefundOutcome =
  | { ok: true; amount: number; count: number; performances: number[] }
  | { ok: false; errors: string[]; performances: number[] };

interface TicketRow {
  id: number;
  code: string;
  status: 'issued' | 'returned';
  order_id: number;
  order_status: string;
  performance_id: number;
  performance_place_id: number | null;
  performance_section_id: number | null;
  show_name: string;
  starts_at: Date | string;
  moved_from: Date | string | null;
  pf_status: PerformanceChangeStatus;
  timezone: string;
  building_name: string;
  hall_name: string;
  section_name: string;
  row_label: string | null;
  place_number: string | null;
  item_price: number;
  ticket_count: number;
  gift_price: number;
  gifts_count: number;
  order_gross: number;
  payment_id: string | null;
  provider: string | null;
  payment_amount: number | null;
  /** The ticket's refund: 'pending', 'done', 'stale' (pending too long), or null. */
  claimed: string | null;
}

/** The buyer's tickets: these ids only, or every issued ticket of a paid order when ids is null. */
async function ticketRows(
  q: Queryable,
  userId: number,
  ids: readonly number[] | null,
  now: Date,
): Promise<TicketRow[]> {
  const r = await q.query<TicketRow>(
    `SELECT t.id, t.code, t.status, t.order_id, o.status AS order_status, t.performance_id, t.performance_place_id,
            t.performance_section_id, s.name AS show_name, pf.starts_at, pf.moved_from, pf.status AS pf_status,
            c.timezone, b.name AS building_name, h.name AS hall_name, sec.name AS section_name, pl.row_label,
            pl.number AS place_number, oi.price AS item_price, oi.ticket_count, oi.gift_price, oi.gifts_count,
            (SELECT coalesce(sum(x.price * x.ticket_count + x.gift_price * x.gifts_count), 0)::int
               FROM order_items x WHERE x.order_id = o.id) AS order_gross,
            pay.id AS payment_id, pay.provider, pay.amount AS payment_amount,
            -- A claim left pending too long is 'stale': the next return takes it over.
            CASE WHEN rf.status = 'pending' AND rf.created_at <= $3 THEN 'stale' ELSE rf.status END AS claimed
       FROM tickets t
       JOIN orders o ON o.id = t.order_id
       JOIN order_items oi ON oi.id = t.order_item_id
       JOIN performances pf ON pf.id = t.performance_id
       JOIN shows s ON s.id = pf.show_id
       ${venueJoins('pf')}
       LEFT JOIN performance_places pp ON pp.id = t.performance_place_id
       LEFT JOIN places pl ON pl.id = pp.place_id
       LEFT JOIN performance_sections ps ON ps.id = t.performance_section_id
       JOIN sections sec ON sec.id = coalesce(pl.section_id, ps.section_id)
       LEFT JOIN LATERAL (
         SELECT p.id, p.provider, p.amount FROM payments p
          WHERE p.order_id = o.id AND p.status IN ('succeeded', 'refunded')
          ORDER BY p.created_at DESC LIMIT 1) pay ON true
       LEFT JOIN refund_tickets rt ON rt.ticket_id = t.id
       LEFT JOIN refunds rf ON rf.id = rt.refund_id
      WHERE o.user_id = $1 AND ($2::int[] IS NULL OR t.id = ANY($2::int[]))
        AND ($2::int[] IS NOT NULL OR (t.status = 'issued' AND o.status = 'paid'
             AND (rt.ticket_id IS NULL OR (rf.status = 'pending' AND rf.created_at <= $3))))
      ORDER BY (pf.status <> 'scheduled') DESC, pf.starts_at, t.id`,
    [userId, ids === null ? null : [...ids], new Date(now.getTime() - STALE_CLAIM_MS)],
  );
  return r.rows;
}

/** What the ticket cost by card: its item's price (and gifts) scaled to what the payment took. */
function paidFor(row: TicketRow): number {
  const gifts = row.ticket_count > 0 ? Math.floor((row.gift_price * row.gifts_count) / row.ticket_count) : 0;
  const gross = row.item_price + gifts;
  const payment = row.payment_amount ?? 0;
  if (row.order_gross <= 0 || payment >= row.order_gross) return gross;
  return Math.floor((gross * payment) / row.order_gross);
}

function placeText(row: TicketRow): string {
  return row.row_label !== null
    ? `${row.section_name}, ряд ${row.row_label}, место ${row.place_number ?? ''}`
    : row.section_name;
}

function ticketOf(row: TicketRow): RefundableTicket {
  return {
    id: row.id,
    code: row.code,
    orderId: row.order_id,
    performanceId: row.performance_id,
    showName: row.show_name,
    startsAt: new Date(row.starts_at),
    movedFrom: row.moved_from === null ? null : new Date(row.moved_from),
    performanceStatus: row.pf_status,
    timeZone: row.timezone,
    buildingName: row.building_name,
    hallName: row.hall_name,
    placeText: placeText(row),
    paid: paidFor(row),
  };
}

/** The terms of returning this ticket at `now`, and its amount. */
export function quoteTicket(ticket: RefundableTicket, now: Date): TicketQuote {
  const terms = refundTerms({ status: ticket.performanceStatus, startsAt: ticket.startsAt }, now);
  return {
    ticketId: ticket.id,
    amount: refundAmount(ticket.paid, terms.percent),
    percent: terms.percent,
    rule: terms.rule,
  };
}

/**
 * The buyer's tickets the tab lists: issued tickets of paid orders not being returned, changed
 * performances first (moved or cancelled), then by start; only those that can still be returned
 * (a cancelled performance's whatever its date; others at least 3 days before the start).
 */
export async function returnableTickets(
  q: Queryable,
  userId: number,
  now: Date,
): Promise<Array<{ ticket: RefundableTicket; quote: TicketQuote }>> {
  const rows = await ticketRows(q, userId, null, now);
  return rows
    .filter((r) => r.payment_id !== null)
    .map((r) => {
      const ticket = ticketOf(r);
      return { ticket, quote: quoteTicket(ticket, now) };
    })
    .filter((t) => t.quote.percent > 0);
}

/** Why this row cannot be returned now, or null. */
function refusalOf(row: TicketRow | undefined, now: Date): string | null {
  if (!row) return REFUND_MESSAGES.notFound;
  if (row.status === 'returned' || row.claimed === 'done') return REFUND_MESSAGES.returned(row.code);
  if (row.claimed === 'pending') return REFUND_MESSAGES.inProgress(row.code);
  if (row.order_status !== 'paid') return REFUND_MESSAGES.unpaid(row.code);
  if (row.payment_id === null) return REFUND_MESSAGES.noCard(row.code);
  if (quoteTicket(ticketOf(row), now).percent === 0) return REFUND_MESSAGES.late(row.code);
  return null;
}

function checked(rows: TicketRow[], ids: readonly number[], now: Date): { errors: string[]; rows: TicketRow[] } {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const errors = [...new Set(ids.map((id) => refusalOf(byId.get(id), now)).filter((e): e is string => e !== null))];
  return { errors, rows: ids.map((id) => byId.get(id)!).filter(Boolean) };
}

const uniqueIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** What returning these tickets would give back now (the confirm popup's figure); changes nothing. */
export async function quoteRefund(
  deps: Pick<RefundDeps, 'db' | 'clock'>,
  userId: number,
  ticketIds: readonly number[],
): Promise<QuoteOutcome> {
  const ids = uniqueIds(ticketIds);
  const now = deps.clock.now();
  const { errors, rows } = checked(await ticketRows(deps.db, userId, ids, now), ids, now);
  if (errors.length > 0) return { ok: false, errors };
  const tickets = rows.map((r) => quoteTicket(ticketOf(r), now));
  return { ok: true, tickets, amount: tickets.reduce((sum, t) => sum + t.amount, 0) };
}

interface Claim {
  refundId: number;
  orderId: number;
  paymentId: string;
  provider: string;
  amount: number;
  rows: TicketRow[];
}

/** Step 1: locks the tickets, checks them afresh and writes one pending refund per payment. */
async function claim(
  deps: RefundDeps,
  userId: number,
  ids: number[],
  now: Date,
): Promise<{ ok: true; claims: Claim[] } | { ok: false; errors: string[] }> {
  return deps.db.transaction(async (tx) => {
    // The lock first, the reading after it: a second return of the same ticket waits here and
    // then sees the first one's claim.
    await tx.query(
      `SELECT t.id FROM tickets t JOIN orders o ON o.id = t.order_id
        WHERE t.id = ANY($1::int[]) AND o.user_id = $2 ORDER BY t.id FOR UPDATE OF t`,
      [ids, userId],
    );
    const { errors, rows } = checked(await ticketRows(tx, userId, ids, now), ids, now);
    if (errors.length > 0) return { ok: false, errors };
    const byPayment = new Map<string, TicketRow[]>();
    for (const r of rows) byPayment.set(r.payment_id!, [...(byPayment.get(r.payment_id!) ?? []), r]);
    const claims: Claim[] = [];
    for (const [paymentId, group] of byPayment) {
      const first = group[0]!;
      const quotes = group.map((r) => quoteTicket(ticketOf(r), now));
      // Never more than the payment has left, counting returns still under way.
      const left = await tx.query<{ left: number }>(
        `SELECT (p.amount - p.refunded_amount - coalesce((SELECT sum(amount) FROM refunds
                   WHERE payment_id = p.id AND status = 'pending'), 0))::int AS left
           FROM payments p WHERE p.id = $1 FOR UPDATE`,
        [paymentId],
      );
      const amount = Math.max(
        0,
        Math.min(
          quotes.reduce((s, q) => s + q.amount, 0),
          left.rows[0]?.left ?? 0,
        ),
      );
      const refund = await tx.query<{ id: number }>(
        `INSERT INTO refunds (order_id, payment_id, user_id, status, amount, created_at)
         VALUES ($1, $2, $3, 'pending', $4, $5) RETURNING id`,
        [first.order_id, paymentId, userId, amount, now],
      );
      const refundId = refund.rows[0]!.id;
      for (const [i, r] of group.entries()) {
        const q = quotes[i]!;
        await tx.query(
          'INSERT INTO refund_tickets (ticket_id, refund_id, amount, percent, rule) VALUES ($1, $2, $3, $4, $5)',
          [r.id, refundId, q.amount, q.percent, q.rule],
        );
      }
      claims.push({ refundId, orderId: first.order_id, paymentId, provider: first.provider!, amount, rows: group });
    }
    return { ok: true, claims };
  });
}

/** Step 2: the provider's answer; a throw is a refusal with the generic message. */
/**
 * Step 2's outcome. `unsure`: the provider did not answer (a timeout, a dropped connection), so
 * the money may have gone: the claim must stay pending, to be taken over later and asked again
 * with the same refund key, never dropped (a new claim would carry a new key and could pay twice).
 */
type PayOutcome = { ok: true; refundId: string | null } | { ok: false; message: string; unsure?: true };

async function payOut(deps: RefundDeps, c: Claim): Promise<PayOutcome> {
  if (c.amount === 0) return { ok: true, refundId: null };
  const provider = deps.providers.get(c.provider);
  if (!provider) return { ok: false, message: REFUND_MESSAGES.failed };
  try {
    return await provider.refundPart(c.paymentId, c.amount, `refund-${c.refundId}`);
  } catch {
    return { ok: false, message: REFUND_MESSAGES.failed, unsure: true };
  }
}

/** Step 3: everything the return changes, in one transaction. */
async function complete(deps: RefundDeps, c: Claim, providerRefundId: string | null, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const done = await tx.query(
      `UPDATE refunds SET status = 'done', provider_refund_id = $2, done_at = $3 WHERE id = $1 AND status = 'pending'`,
      [c.refundId, providerRefundId, now],
    );
    if (done.rowCount === 0) return;
    const ids = c.rows.map((r) => r.id);
    await tx.query(`UPDATE tickets SET status = 'returned' WHERE id = ANY($1::int[]) AND status = 'issued'`, [ids]);
    await returnSoldTickets(tx, c.orderId, {
      placeIds: c.rows.flatMap((r) => (r.performance_place_id === null ? [] : [r.performance_place_id])),
      entranceTicketIds: c.rows.flatMap((r) => (r.performance_section_id === null ? [] : [r.id])),
    });
    await tx.query(
      `UPDATE payments SET refunded_amount = refunded_amount + $2, updated_at = $3,
              status = CASE WHEN refunded_amount + $2 >= amount THEN 'refunded' ELSE status END
        WHERE id = $1`,
      [c.paymentId, c.amount, now],
    );
    // The gift card's share of these tickets goes back to the card (decision 0034).
    const toGiftCard = await returnGiftCardShare(tx, c.refundId, now);
    await tx.query(
      // Wholly returned: nothing left to deliver either.
      `UPDATE orders SET status = 'refunded', delivery = NULL
        WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM tickets WHERE order_id = $1 AND status = 'issued')`,
      [c.orderId],
    );
    await enqueueRefundMail(deps, tx, c, toGiftCard, now);
  });
}

/** Step 2 refused: the claim goes, the tickets stay as they were. */
async function drop(db: Database, c: Claim): Promise<void> {
  await db.query(`DELETE FROM refunds WHERE id = $1 AND status = 'pending'`, [c.refundId]);
}

/**
 * Claims of these tickets left pending by a process that died after step 1 or 2: taken over (one
 * taker wins: the update re-checks the age under the row lock) and finished like fresh ones. The
 * provider is asked again with the same refund key, so money that already went is not sent twice.
 */
async function staleClaims(deps: RefundDeps, userId: number, ids: number[], now: Date): Promise<Claim[]> {
  return deps.db.transaction(async (tx) => {
    const stale = await tx.query<{
      id: number;
      order_id: number;
      payment_id: string;
      provider: string;
      amount: number;
    }>(
      `UPDATE refunds r SET created_at = $4 FROM payments p
        WHERE p.id = r.payment_id AND r.user_id = $1 AND r.status = 'pending' AND r.created_at <= $3
          AND r.id IN (SELECT refund_id FROM refund_tickets WHERE ticket_id = ANY($2::int[]))
       RETURNING r.id, r.order_id, r.payment_id, p.provider, r.amount`,
      [userId, ids, new Date(now.getTime() - STALE_CLAIM_MS), now],
    );
    const claims: Claim[] = [];
    for (const r of stale.rows) {
      const t = await tx.query<{ ticket_id: number }>('SELECT ticket_id FROM refund_tickets WHERE refund_id = $1', [
        r.id,
      ]);
      const rows = await ticketRows(
        tx,
        userId,
        t.rows.map((x) => x.ticket_id),
        now,
      );
      claims.push({
        refundId: r.id,
        orderId: r.order_id,
        paymentId: r.payment_id,
        provider: r.provider,
        amount: r.amount,
        rows,
      });
    }
    return claims;
  });
}

/**
 * Returns the buyer's tickets: all of them or none (each failing ticket says why). The answer
 * names the performances whose places went back on sale, for the page caches.
 */
export async function refundTickets(
  deps: RefundDeps,
  userId: number,
  ticketIds: readonly number[],
): Promise<RefundOutcome> {
  const ids = uniqueIds(ticketIds);
  const now = deps.clock.now();
  const resumed = await staleClaims(deps, userId, ids, now);
  const resumedIds = new Set(resumed.flatMap((c) => c.rows.map((r) => r.id)));
  const rest = ids.filter((id) => !resumedIds.has(id));
  const errors: string[] = [];
  const claims = [...resumed];
  if (rest.length > 0) {
    try {
      const claimed = await claim(deps, userId, rest, now);
      if (claimed.ok) claims.push(...claimed.claims);
      else errors.push(...claimed.errors);
    } catch (err) {
      // Two returns of one ticket at the same instant: the second hits the ticket's one refund row.
      if ((err as { code?: string }).code !== '23505') throw err;
      errors.push(REFUND_MESSAGES.failed);
    }
  }
  const performances = new Set<number>();
  let amount = 0;
  let count = 0;
  for (const c of claims) {
    const paid = await payOut(deps, c);
    if (!paid.ok) {
      if (!paid.unsure) await drop(deps.db, c);
      errors.push(paid.message);
      continue;
    }
    await complete(deps, c, paid.refundId, now);
    amount += c.amount;
    count += c.rows.length;
    for (const r of c.rows) performances.add(r.performance_id);
  }
  if (errors.length > 0) return { ok: false, errors: [...new Set(errors)], performances: [...performances] };
  return { ok: true, amount, count, performances: [...performances] };
}

/**
 * Where the money of a return goes, as the e-mail says it: the bank card's part comes back within
 * days; the gift card's share (decision 0034) is on the gift card again at once.
 */
export function refundMoneyText(toBankCard: number, toGiftCard: number): string {
  const bank = 'Деньги на банковскую карту поступят в течение нескольких дней: срок зависит от вашего банка.';
  if (toGiftCard <= 0) {
    return `Мы вернём ${formatKopecks(toBankCard)} на карту, с которой вы платили. Деньги поступят в течение нескольких дней: срок зависит от вашего банка.`;
  }
  const gift = `${formatKopecks(toGiftCard)} вернулись на подарочную карту, которой вы платили: их можно потратить снова.`;
  if (toBankCard <= 0) return gift;
  return `Мы вернём ${formatKopecks(toBankCard)} на карту, с которой вы платили, а ${gift} ${bank}`;
}

async function enqueueRefundMail(
  deps: RefundDeps,
  tx: Transaction,
  c: Claim,
  toGiftCard: number,
  now: Date,
): Promise<void> {
  const o = await tx.query<{ email: string; first_name: string }>(
    'SELECT email, first_name FROM orders WHERE id = $1',
    [c.orderId],
  );
  const order = o.rows[0];
  if (!order) return;
  const hello = order.first_name.trim() ? `Здравствуйте, ${order.first_name.trim()}!` : 'Здравствуйте!';
  const lines = c.rows.map((r) => {
    const t = ticketOf(r);
    return `«${t.showName}», ${formatDateTime(t.startsAt, t.timeZone)}, ${t.buildingName}, ${t.placeText}, билет ${t.code}`;
  });
  const number = formatOrderNumber(c.orderId);
  const intro = `Вы вернули билеты по заказу № ${number}:`;
  // A return of an order paid wholly by gift card goes through the gift card's own provider.
  const money = refundMoneyText(c.provider === GIFT_CARD_PROVIDER ? 0 : c.amount, toGiftCard);
  const support = supportText(mailContextOf(deps.config));
  const cabinet = absoluteUrl(deps.config, '/private/orders');
  await enqueue(
    tx,
    {
      channel: 'email',
      recipient: order.email,
      subject: `Заказ № ${number}: билеты возвращены`,
      text: [hello, '', intro, ...lines, '', money, `Заказы: ${cabinet}`, '', support].join('\n'),
      html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p>${escapeHtml(money)}</p><p><a href="${escapeHtml(cabinet)}">Мои заказы</a></p><p style="color:#667085;font-size:13px">${escapeHtml(support)}</p>`,
      orderId: c.orderId,
    },
    now,
  );
}
