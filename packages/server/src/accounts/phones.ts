import { checkPhoneNumber, formatPhone, messages, type PhoneCheck } from '@partera/contract';
import type { Queryable } from '../db/index.js';
import type { OutboxMessageInput } from '../notifications/outbox.js';
import { type CheckOutcome, type CodeDeps, checkCode, PIN_RULES, type SendOutcome, sendCode } from './codes.js';
import type { Account } from './users.js';

/**
 * Confirming an account's phone (site-browsing-account.md 4 and 7; hall-basket-checkout.md 7.7):
 * the number is checked for its country, a code goes to it by SMS, and the right code makes it
 * the account's confirmed phone. A confirmed number belongs to one account only; an unconfirmed
 * one proves nothing. The session that checked a code remembers when (`sessions.phone_checked_at`):
 * a sale that asks for a fresh check (code 631) reads it.
 *
 * Two codes are kept apart by purpose: 'confirm' (adding, changing or re-confirming the number)
 * and 'purchase' (the bonus payment's PIN, which proves the buyer holds the phone right now).
 */

export type PhoneWho = { sessionId: string; userId: number };

/** The account that has confirmed this number, or null. */
async function phoneOwner(db: Queryable, number: string): Promise<number | null> {
  const r = await db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1 AND phone_confirmed', [number]);
  return r.rows[0]?.id ?? null;
}

/**
 * A number that may become this account's phone (or, with userId null, a new account's): well
 * formed for its country and not confirmed by another account.
 */
export async function checkPhoneFor(
  db: Queryable,
  userId: number | null,
  input: string,
  country: string,
): Promise<PhoneCheck> {
  const check = checkPhoneNumber(input, country);
  if (!check.ok) return check;
  const owner = await phoneOwner(db, check.number);
  if (owner !== null && owner !== userId) return { ok: false, message: messages.phoneBelongsToAnother };
  return check;
}

function smsText(code: string, purpose: 'confirm' | 'purchase'): string {
  const minutes = PIN_RULES.lifetimeMs / 60_000;
  const what = purpose === 'purchase' ? 'оплаты бонусами' : 'телефона';
  return `Partera: код ${code} для подтверждения ${what}. Действует ${minutes} мин. Никому его не сообщайте.`;
}

function smsMessage(number: string, code: string, purpose: 'confirm' | 'purchase'): OutboxMessageInput {
  return { channel: 'sms', recipient: `+${number}`, text: smsText(code, purpose) };
}

/** Sends a confirmation code by SMS to `number` (already checked), for the signed-in account. */
export function sendPhoneCode(
  deps: CodeDeps,
  who: PhoneWho,
  number: string,
  purpose: 'confirm' | 'purchase' = 'confirm',
): Promise<SendOutcome> {
  return sendCode(deps, { ...who, channel: 'phone', target: number, purpose }, (code) =>
    smsMessage(number, code, purpose),
  );
}

export type PhoneConfirmOutcome = CheckOutcome | { ok: false; reason: 'taken' };

/** Marks this session as having proved the phone now. */
async function markChecked(db: Queryable, sessionId: string, column: 'phone_checked_at' | 'bonus_pin_at', now: Date) {
  await db.query(`UPDATE sessions SET ${column} = $2 WHERE id = $1`, [sessionId, now]);
}

/**
 * The right code makes the number the account's confirmed phone (with its country), and marks
 * the session as having checked it.
 */
export async function confirmPhone(
  deps: CodeDeps,
  who: PhoneWho,
  number: string,
  country: string,
  code: string,
): Promise<PhoneConfirmOutcome> {
  const checked = await checkCode(
    deps,
    { sessionId: who.sessionId, channel: 'phone', target: number, purpose: 'confirm' },
    code,
  );
  if (!checked.ok) return checked;
  if (checked.userId !== who.userId) return { ok: false, reason: 'none' };
  try {
    // A new number: the bonus PINs checked in any of the account's sessions proved the old one, and
    // so did the other sessions' phone checks; they lapse (an order placed on them answers 113).
    await deps.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE sessions SET bonus_pin_at = NULL, phone_checked_at = CASE WHEN id = $2 THEN phone_checked_at END
          WHERE user_id = $1 AND EXISTS (SELECT 1 FROM users u WHERE u.id = $1 AND u.phone IS DISTINCT FROM $3)`,
        [who.userId, who.sessionId, number],
      );
      await tx.query('UPDATE users SET phone = $2, phone_country = $3, phone_confirmed = true WHERE id = $1', [
        who.userId,
        number,
        country,
      ]);
    });
  } catch (err) {
    // Another account confirmed the number between the send and the check (unique_violation).
    if ((err as { code?: string }).code === '23505') return { ok: false, reason: 'taken' };
    throw err;
  }
  await markChecked(deps.db, who.sessionId, 'phone_checked_at', deps.clock.now());
  return checked;
}

/** The bonus payment's PIN: checked against the account's confirmed phone. */
export async function checkPurchasePin(deps: CodeDeps, who: PhoneWho, number: string, code: string) {
  const checked = await checkCode(
    deps,
    { sessionId: who.sessionId, channel: 'phone', target: number, purpose: 'purchase' },
    code,
  );
  if (checked.ok) await markChecked(deps.db, who.sessionId, 'bonus_pin_at', deps.clock.now());
  return checked;
}

/** How a number is shown in messages: '+7 916 1234567'. */
export function shownPhone(account: Pick<Account, 'phone' | 'phoneCountry'>): string {
  return account.phone ? formatPhone(account.phone, account.phoneCountry) : '';
}
