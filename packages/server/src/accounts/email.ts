import { isValidEmail, messages } from '@partera/contract';
import type { OutboxMessageInput } from '../notifications/outbox.js';
import { type CheckOutcome, type CodeDeps, checkCode, PIN_RULES, type SendOutcome, sendCode } from './codes.js';
import { emailOwner, normalizeEmail } from './users.js';

/**
 * Confirming an account's e-mail (site-browsing-account.md 4, Phone or e-mail add/change): the
 * address is checked, a code goes to it, and the right code makes it the account's confirmed
 * e-mail. Registration sends the first code itself.
 */

export type EmailCheck = { ok: true; email: string } | { ok: false; message: string };

/** A well-formed address that no other account has. */
export async function checkEmailFor(deps: Pick<CodeDeps, 'db'>, userId: number, email: string): Promise<EmailCheck> {
  if (!isValidEmail(email)) return { ok: false, message: messages.emailInvalid };
  const owner = await emailOwner(deps.db, email);
  if (owner !== null && owner !== userId) return { ok: false, message: messages.emailBelongsToAnother };
  return { ok: true, email: normalizeEmail(email) };
}

function emailCodeMessage(email: string, code: string): OutboxMessageInput {
  const minutes = PIN_RULES.lifetimeMs / 60_000;
  return {
    channel: 'email',
    recipient: email,
    subject: `Код подтверждения: ${code}`,
    text:
      `Ваш код подтверждения e-mail: ${code}\n\n` +
      `Он действует ${minutes} минут. Если вы не запрашивали код, просто удалите это письмо.\n\nPartera`,
  };
}

/** Sends a code to the address, for the account signed in on this session. */
export function sendEmailCode(
  deps: CodeDeps,
  who: { sessionId: string; userId: number },
  email: string,
): Promise<SendOutcome> {
  const target = normalizeEmail(email);
  return sendCode(deps, { ...who, channel: 'email', target, purpose: 'confirm' }, (code) =>
    emailCodeMessage(target, code),
  );
}

export type ConfirmOutcome = CheckOutcome | { ok: false; reason: 'taken' };

/** The right code makes the address the account's confirmed e-mail. */
export async function confirmEmail(
  deps: CodeDeps,
  who: { sessionId: string; userId: number },
  email: string,
  code: string,
): Promise<ConfirmOutcome> {
  const target = normalizeEmail(email);
  const checked = await checkCode(
    deps,
    { sessionId: who.sessionId, channel: 'email', target, purpose: 'confirm' },
    code,
  );
  if (!checked.ok) return checked;
  if (checked.userId !== who.userId) return { ok: false, reason: 'none' };
  try {
    await deps.db.query('UPDATE users SET email = $2, email_confirmed = true WHERE id = $1', [who.userId, target]);
  } catch (err) {
    // Another account took the address between the check and the code (unique_violation).
    if ((err as { code?: string }).code === '23505') return { ok: false, reason: 'taken' };
    throw err;
  }
  return checked;
}
