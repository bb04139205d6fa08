import { checkOnSaleRequest, ON_SALE_REQUEST_MESSAGES } from '@partera/contract';
import { buyersToday } from '../../accounts/profile.js';
import { normalizeEmail } from '../../accounts/users.js';
import type { Queryable } from '../../db/index.js';

/**
 * The 'Скоро в продаже' request (site-browsing-account.md 2.9, 3, 5, 8): anyone, a guest too,
 * leaves an e-mail and a period; when a performance of the show in that period goes on sale, one
 * e-mail tells them (on-sale-notify.ts). The checks are the contract's (checkOnSaleRequest)
 * against the buyer's today in Moscow.
 */

export type OnSaleRequestOutcome = { ok: true; message: string } | { ok: false; message: string };

export const UNKNOWN_SHOW = 'Шоу не найдено';

/** yyyy-mm-dd of a local calendar date, as the database's date columns take it. */
function dateColumn(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(d.getFullYear()).padStart(4, '0')}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Stores the request. An address has one open request per show: asking again replaces its
 * period (the index on_sale_requests_open), so a repeat is neither an error nor a second e-mail.
 */
export async function requestOnSaleNotice(
  db: Queryable,
  form: { showId: number; from: string; to: string; email: string },
  now: Date,
): Promise<OnSaleRequestOutcome> {
  const checked = checkOnSaleRequest(form, buyersToday(now));
  if (!checked.ok) return checked;
  const stored = await db.query(
    `INSERT INTO on_sale_requests (show_id, email, date_from, date_to, created_at)
     SELECT s.id, $2, $3::date, $4::date, $5 FROM shows s WHERE s.id = $1
     ON CONFLICT (show_id, email) WHERE notified_at IS NULL
     DO UPDATE SET date_from = EXCLUDED.date_from, date_to = EXCLUDED.date_to, created_at = EXCLUDED.created_at
     RETURNING id`,
    [form.showId, normalizeEmail(checked.email), dateColumn(checked.from), dateColumn(checked.to), now],
  );
  if (stored.rowCount === 0) return { ok: false, message: UNKNOWN_SHOW };
  return { ok: true, message: ON_SALE_REQUEST_MESSAGES.sent };
}
