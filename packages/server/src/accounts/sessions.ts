import type { Queryable, Transaction } from '../db/index.js';
import { lockSession } from '../services/basket/index.js';
import { rotateSession } from '../services/sessions/index.js';
import { ACCOUNT_COLUMNS, type Account, type AccountRow, toAccount } from './users.js';

/**
 * The account signed in on a session, or null for a guest. A signed-in session is a `sessions`
 * row with its user; a guest's session has no row (nothing is written to serve a guest).
 */
export async function accountOfSession(db: Queryable, sessionId: string): Promise<Account | null> {
  const r = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND u.deleted_at IS NULL`,
    [sessionId],
  );
  const row = r.rows[0];
  return row ? toAccount(row) : null;
}

/**
 * Signs a session in: it moves to a fresh id (whoever knew the guest's id holds an empty session
 * from then on) with everything it had (the basket and its holds, codes, orders), and the new id
 * is bound to the account. Runs in the caller's transaction, under the session's basket lock.
 */
export async function bindSessionToAccount(
  tx: Transaction,
  from: string,
  to: { id: string; csrfToken: string },
  userId: number,
  now: Date,
): Promise<void> {
  await lockSession(tx, from);
  await rotateSession(tx, from, to);
  await tx.query(
    `INSERT INTO sessions (id, user_id, csrf_token, created_at, last_seen_at, signed_in_at)
     VALUES ($1, $2, $3, $4, $4, $4)
     ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, signed_in_at = EXCLUDED.signed_in_at`,
    [to.id, userId, to.csrfToken, now],
  );
  // The guest's orders of this browser become the account's.
  await tx.query('UPDATE orders SET user_id = $2 WHERE session_id = $1 AND user_id IS NULL', [to.id, userId]);
}

/** Ends every session of an account but `keep` (a password change or reset signs the others out). */
export async function endOtherSessions(tx: Transaction, userId: number, keep: string | null): Promise<void> {
  await tx.query('DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2', [userId, keep]);
}
