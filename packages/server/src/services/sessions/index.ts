import type { Transaction } from '../../db/index.js';

/**
 * Every table that keeps rows under a buyer's session id, with its column. One list, so that a
 * new table keyed by the session is rotated too (tests compare it with the schema).
 */
export const SESSION_KEYED_COLUMNS = [
  { table: 'sessions', column: 'id' },
  { table: 'performance_places', column: 'hold_session_id' },
  { table: 'entrance_holds', column: 'session_id' },
  { table: 'orders', column: 'session_id' },
  { table: 'framed_sessions', column: 'session_id' },
  { table: 'confirmation_codes', column: 'session_id' },
  { table: 'oauth_logins', column: 'session_id' },
  { table: 'basket_codes', column: 'session_id' },
] as const;

/**
 * Gives a session a new id when its privileges change (it enters a partner's frame, an order is
 * placed, later a sign-in): whoever knew the old id (a link someone planted, a shared computer's
 * history) holds an empty session from then on, while the buyer keeps the basket, holds, orders
 * and codes under the new one. Runs inside the caller's transaction, which should hold the
 * session's lock (basket lockSession) so no basket change slips in under the old id.
 */
export async function rotateSession(
  tx: Transaction,
  from: string,
  to: { id: string; csrfToken: string },
): Promise<void> {
  if (from === to.id) return;
  for (const { table, column } of SESSION_KEYED_COLUMNS) {
    if (table === 'sessions') {
      await tx.query('UPDATE sessions SET id = $2, csrf_token = $3 WHERE id = $1', [from, to.id, to.csrfToken]);
    } else {
      await tx.query(`UPDATE ${table} SET ${column} = $2 WHERE ${column} = $1`, [from, to.id]);
    }
  }
}
