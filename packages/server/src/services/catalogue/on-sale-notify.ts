import { wallClock } from '@partera/contract';
import type { Transaction } from '../../db/index.js';
import { venueJoins } from '../../db/venue-sql.js';
import type { ServerDeps } from '../../deps.js';
import { type OnSalePerformance, type OnSaleReasons, onSaleEmail } from '../../notifications/on-sale-mail.js';
import { type MailConfig, mailContextOf } from '../../notifications/order-mail.js';
import { enqueue } from '../../notifications/outbox.js';
import { performancePath, showPath } from './fragments.js';

/**
 * Telling people that a show went on sale (site-browsing-account.md 2.9, 3 Bookmark and
 * Notify-on-sale request): the bookmarkers who turned 'Сообщить о начале продаж' on, and the
 * addresses of open 'Скоро в продаже' requests whose period holds one of the new dates.
 *
 * Call it after performances of a show were put on sale (sale_state 'on_sale'). Each performance
 * is announced once (on_sale_announcements), so a second call, or two at once, send nothing more;
 * each address gets one e-mail per call, listing the dates that concern it, whatever number of
 * reasons it has; a request is answered once and closed. Everything, the e-mails included (the
 * outbox), is written in one transaction: they exist exactly when the announcement does.
 */

export type OnSaleNotifyDeps = Pick<ServerDeps, 'db' | 'clock'> & {
  config: MailConfig;
};

export interface OnSaleNotifyResult {
  /** The performances announced by this call (none when all were announced before). */
  performances: number[];
  /** The addresses e-mailed. */
  recipients: string[];
}

interface NewPerformanceRow {
  id: number;
  starts_at: Date;
  timezone: string;
  building_name: string;
  hall_name: string;
}

interface Recipient {
  performances: Set<number>;
  reasons: OnSaleReasons;
}

export async function notifyOnSale(
  deps: OnSaleNotifyDeps,
  showId: number,
  /** Only these performances (the ones a sale just opened); all of the show's when absent. */
  only?: readonly number[],
): Promise<OnSaleNotifyResult> {
  const now = deps.clock.now();
  const mail = mailContextOf(deps.config);
  return deps.db.transaction(async (tx) => {
    const show = await tx.query<{ name: string; slug: string }>('SELECT name, slug FROM shows WHERE id = $1', [showId]);
    const found = show.rows[0];
    if (!found) return { performances: [], recipients: [] };
    const fresh = await announce(tx, showId, now, only);
    if (fresh.length === 0) return { performances: [], recipients: [] };

    const recipients = new Map<string, Recipient>();
    const recipientOf = (email: string): Recipient => {
      const key = email.trim().toLowerCase();
      let r = recipients.get(key);
      if (!r) {
        r = { performances: new Set(), reasons: { bookmark: false, request: false } };
        recipients.set(key, r);
      }
      return r;
    };
    for (const email of await bookmarkersToTell(tx, showId)) {
      const r = recipientOf(email);
      r.reasons.bookmark = true;
      for (const p of fresh) r.performances.add(p.id);
    }
    for (const request of await answerRequests(tx, showId, fresh, now)) {
      const r = recipientOf(request.email);
      r.reasons.request = true;
      for (const id of request.performances) r.performances.add(id);
    }

    const byId = new Map(fresh.map((p) => [p.id, p]));
    const about = { name: found.name, path: showPath(found.slug) };
    for (const [email, r] of recipients) {
      const dates: OnSalePerformance[] = [...r.performances]
        .map((id) => byId.get(id)!)
        .sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime() || a.id - b.id)
        .map((p) => ({
          startsAt: new Date(p.starts_at),
          timeZone: p.timezone,
          buildingName: p.building_name,
          hallName: p.hall_name,
          path: performancePath(p.id),
        }));
      await enqueue(tx, onSaleEmail(mail, email, about, dates, r.reasons), now);
    }
    return { performances: fresh.map((p) => p.id), recipients: [...recipients.keys()] };
  });
}

/** Marks the show's upcoming performances on sale as announced; the ones no call announced before. */
async function announce(
  tx: Transaction,
  showId: number,
  now: Date,
  only: readonly number[] | undefined,
): Promise<NewPerformanceRow[]> {
  const inserted = await tx.query<{ performance_id: number }>(
    `INSERT INTO on_sale_announcements (performance_id, announced_at)
     SELECT p.id, $2 FROM performances p
      WHERE p.show_id = $1 AND p.sale_state = 'on_sale' AND p.starts_at > $2
        AND ($3::int[] IS NULL OR p.id = ANY($3::int[]))
      ORDER BY p.id
     ON CONFLICT (performance_id) DO NOTHING
     RETURNING performance_id`,
    [showId, now, only ? [...only] : null],
  );
  if (inserted.rows.length === 0) return [];
  const { rows } = await tx.query<NewPerformanceRow>(
    `SELECT p.id, p.starts_at, c.timezone, b.name AS building_name, h.name AS hall_name
       FROM performances p
       ${venueJoins('p')}
      WHERE p.id = ANY($1::int[])
      ORDER BY p.starts_at, p.id`,
    [inserted.rows.map((r) => r.performance_id)],
  );
  return rows;
}

/** The e-mails of the accounts that bookmarked the show with notify on. */
async function bookmarkersToTell(tx: Transaction, showId: number): Promise<string[]> {
  const { rows } = await tx.query<{ email: string }>(
    `SELECT u.email FROM bookmarks bm JOIN users u ON u.id = bm.user_id
      WHERE bm.show_id = $1 AND bm.to_notify AND u.email IS NOT NULL
      ORDER BY u.id`,
    [showId],
  );
  return rows.map((r) => r.email);
}

/** The venue's calendar day of a performance, yyyy-mm-dd (a request's period is in those days). */
function venueDay(p: NewPerformanceRow): string {
  const t = wallClock(p.starts_at, p.timezone);
  if (!t) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${t.year}-${pad(t.month)}-${pad(t.day)}`;
}

/**
 * The open requests for the show whose period holds a new date, closed (notified_at) as they
 * are answered: the conditional update takes each request once even when two calls race.
 */
async function answerRequests(
  tx: Transaction,
  showId: number,
  fresh: NewPerformanceRow[],
  now: Date,
): Promise<{ email: string; performances: number[] }[]> {
  const open = await tx.query<{ id: number; email: string; date_from: string; date_to: string }>(
    `SELECT id, email, to_char(date_from, 'YYYY-MM-DD') AS date_from, to_char(date_to, 'YYYY-MM-DD') AS date_to
       FROM on_sale_requests WHERE show_id = $1 AND notified_at IS NULL ORDER BY id`,
    [showId],
  );
  const days = fresh.map((p) => ({ id: p.id, day: venueDay(p) }));
  const matching = open.rows
    .map((r) => ({
      ...r,
      performances: days.filter((d) => d.day >= r.date_from && d.day <= r.date_to).map((d) => d.id),
    }))
    .filter((r) => r.performances.length > 0);
  if (matching.length === 0) return [];
  const closed = await tx.query<{ id: number }>(
    'UPDATE on_sale_requests SET notified_at = $2 WHERE id = ANY($1::int[]) AND notified_at IS NULL RETURNING id',
    [matching.map((r) => r.id), now],
  );
  const taken = new Set(closed.rows.map((r) => r.id));
  return matching.filter((r) => taken.has(r.id)).map((r) => ({ email: r.email, performances: r.performances }));
}
