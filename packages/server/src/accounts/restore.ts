import { isValidEmail, messages, type RestoreForm, restoreFieldMessage, restoreFormError } from '@partera/contract';
import { type Database, Rollback, type Transaction } from '../db/index.js';
import type { OutboxMessageInput } from '../notifications/outbox.js';
import { type CodeDeps, type CodeRequest, checkCode, PIN_RULES, sendCode } from './codes.js';
import { hashPassword } from './passwords.js';
import { bindSessionToAccount, endOtherSessions } from './sessions.js';
import type { SessionMove } from './sign-in.js';
import { normalizeEmail } from './users.js';

/**
 * The password reset ('Забыли пароль?'): a code goes to the account's e-mail, and the code with
 * a new password sets it and signs the session in. Nothing in the answers tells whether an
 * account has the address: the request answers the same either way and takes as long (for an
 * unknown address the code and its e-mail are written and rolled back: nothing is kept or sent),
 * and every refused code is the same 'wrong or outdated' (no tries left, no 'send a code first',
 * which would tell).
 *
 * The code is THE confirmation code of codes.ts (purpose 'restore'): 10 minutes, 5 tries, only
 * from the session it was sent to, and only the last one sent. A code sent before the account's
 * last password change (a reset, or the cabinet's change) no longer works.
 */

const restoreRequestOf = (sessionId: string, userId: number | null, email: string): CodeRequest => ({
  sessionId,
  userId,
  channel: 'email',
  target: email,
  purpose: 'restore',
});

function restoreCodeMessage(email: string, code: string): OutboxMessageInput {
  const minutes = PIN_RULES.lifetimeMs / 60_000;
  return {
    channel: 'email',
    recipient: email,
    subject: `Код для смены пароля: ${code}`,
    text:
      'Здравствуйте!\n\n' +
      `Кто-то запросил смену пароля на сайте Partera для аккаунта с адресом ${email}.\n\n` +
      `Код для смены пароля: ${code}\n\n` +
      `Код действует ${minutes} минут. Никому его не сообщайте.\n\n` +
      'Если вы не запрашивали смену пароля, просто проигнорируйте это письмо: пароль останется прежним.\n\nPartera',
  };
}

export type RestoreRequestOutcome = { ok: true } | { ok: false; message: string };

/**
 * Sends a reset code to the address when an account (not deleted) has it. A malformed address is
 * the only failure: a resend within the pause or past the hourly limit sends nothing and answers
 * as a send does, since telling it would tell that an account has the address (the code sent
 * before still works).
 */
export async function requestRestore(deps: CodeDeps, sessionId: string, email: string): Promise<RestoreRequestOutcome> {
  if (!isValidEmail(email)) return { ok: false, message: messages.emailInvalid };
  const target = normalizeEmail(email);
  const r = await deps.db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = $1 AND deleted_at IS NULL', [
    target,
  ]);
  const userId = r.rows[0]?.id ?? null;
  if (userId !== null) {
    await sendCode(deps, restoreRequestOf(sessionId, userId, target), (code) => restoreCodeMessage(target, code));
    return { ok: true };
  }
  // No account: the same work (the address's lock and counts, the code and its message written),
  // all rolled back at the end, so nothing is kept or sent and the answer takes as long.
  await sendCode({ ...deps, db: rolledBack(deps.db) }, restoreRequestOf(sessionId, null, target), (code) =>
    restoreCodeMessage(target, code),
  ).catch((err: unknown) => {
    if (!(err instanceof Rollback)) throw err;
  });
  return { ok: true };
}

/** The same database, but each transaction is rolled back once its work is done (a Rollback is thrown). */
function rolledBack(db: Database): Database {
  return Object.assign(Object.create(db) as Database, {
    transaction: <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> =>
      db.transaction(async (tx) => {
        throw new Rollback(await fn(tx));
      }),
  });
}

/** Wrong codes for one address from any session or process (the route gives the rate-limit store's counter). */
export interface WrongCodeCounter {
  refused(): Promise<boolean>;
  failed(): Promise<void>;
}

export type RestoreConfirmOutcome = { ok: true; userId: number } | { ok: false; message: string };

/**
 * Sets the new password with the code. Answers 'field::text' (restoreFormError's checks first,
 * so a mistyped password does not spend the code), then the code: the last 'restore' code sent to
 * this session for the address, refused outright once the address has too many wrong ones. On
 * success, in one transaction: the new hash and the time of the change (older codes end with it),
 * the address counted as confirmed (the code came back from it), the session moved to a fresh id
 * bound to the account (as a sign-in does) and every other session of the account ended.
 */
export async function confirmRestore(
  deps: CodeDeps,
  form: RestoreForm & { email: string },
  session: SessionMove,
  wrongCodes: WrongCodeCounter,
): Promise<RestoreConfirmOutcome> {
  const invalid = restoreFormError(form);
  if (invalid) return { ok: false, message: invalid };
  const refused = { ok: false as const, message: restoreFieldMessage('code', messages.restoreCodeWrong) };
  if (await wrongCodes.refused()) return refused;
  const email = normalizeEmail(form.email);
  const checked = await checkCode(
    deps,
    { sessionId: session.from, channel: 'email', target: email, purpose: 'restore' },
    form.code.trim(),
  );
  if (!checked.ok) {
    if (checked.reason === 'wrong') await wrongCodes.failed();
    return refused;
  }
  const userId = checked.userId;
  if (userId === null) return refused;
  const hash = await hashPassword(form.password);
  const now = deps.clock.now();
  const done = await deps.db.transaction(async (tx) => {
    // Still this account's address, not deleted, and no password change since the code was sent.
    const u = await tx.query<{ id: number }>(
      `UPDATE users SET password_hash = $2, password_changed_at = $3, email_confirmed = true
        WHERE id = $1 AND lower(email) = $4 AND deleted_at IS NULL
          AND (password_changed_at IS NULL OR password_changed_at <= $5)
        RETURNING id`,
      [userId, hash, now, email, checked.sentAt],
    );
    if (u.rows.length === 0) return false;
    await bindSessionToAccount(tx, session.from, session.to, userId, now);
    await endOtherSessions(tx, userId, session.to.id);
    return true;
  });
  return done ? { ok: true, userId } : refused;
}
