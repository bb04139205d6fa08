import { loyaltyCardError, loyaltyPhoneError, messages } from '@partera/contract';
import { Rollback } from '../db/index.js';
import { bonusMessages, changeBonus } from './bonus.js';
import type { AccountDeps } from './sign-in.js';

/**
 * The loyalty card and the loyalty phone sign-up (site-browsing-account.md 2.15 Loyalty card
 * activation form, 3 Loyalty card form and Loyalty sign-up, 5 Other account fields, 8 Card
 * activation).
 *
 * A card is one of the issued numbers (loyalty_cards); the buyer activates it once, having
 * accepted the rules, and an account holds one card. Activation binds the card to the account and
 * credits the card's welcome points through the ledger, in the same transaction.
 */

export interface CardForm {
  number: string;
  accept: boolean;
}

export type CardOutcome = { ok: true; points: number } | { ok: false; message: string };

/** A card number as printed ('6001 0000 0000 0001') reduced to its digits. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export interface LoyaltyCard {
  number: string;
  activatedAt: Date;
}

/** The buyer's activated card, if any. */
export async function loyaltyCardOf(db: AccountDeps['db'], userId: number): Promise<LoyaltyCard | null> {
  const r = await db.query<{ number: string; activated_at: Date | string }>(
    'SELECT number, activated_at FROM loyalty_cards WHERE user_id = $1',
    [userId],
  );
  const row = r.rows[0];
  return row ? { number: row.number, activatedAt: new Date(row.activated_at) } : null;
}

export async function activateCard(deps: AccountDeps, userId: number, form: CardForm): Promise<CardOutcome> {
  const rules = loyaltyCardError(form.accept);
  if (rules) return { ok: false, message: rules };
  const number = cardDigits(form.number);
  if (!/^\d{8,19}$/.test(number)) return { ok: false, message: bonusMessages.cardNumberInvalid };
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const own = await tx.query('SELECT 1 FROM loyalty_cards WHERE user_id = $1', [userId]);
      if (own.rowCount > 0) throw new Rollback(bonusMessages.cardAlreadyHave);
      const card = await tx.query<{ id: number; user_id: number | null; welcome_points: number }>(
        'SELECT id, user_id, welcome_points FROM loyalty_cards WHERE number = $1 FOR UPDATE',
        [number],
      );
      const row = card.rows[0];
      if (!row) throw new Rollback(bonusMessages.cardUnknown);
      if (row.user_id !== null) throw new Rollback(bonusMessages.cardTaken);
      await tx.query('UPDATE loyalty_cards SET user_id = $2, activated_at = $3 WHERE id = $1', [row.id, userId, now]);
      if (row.welcome_points > 0) {
        await changeBonus(tx, userId, row.welcome_points, `Активация карты лояльности ${maskedCard(number)}`, now);
      }
      return { ok: true as const, points: row.welcome_points };
    });
  } catch (err) {
    if (err instanceof Rollback) return { ok: false, message: err.value as string };
    // Two activations of one card at once: the unique index decides; the loser hears the rule.
    if ((err as { code?: string }).code === '23505') return { ok: false, message: messages.cardActivationError };
    throw err;
  }
}

/** A card number with all but its last four digits hidden. */
export function maskedCard(number: string): string {
  return `•••• ${number.slice(-4)}`;
}

/** The programme groups a phone may sign up to (the /loyalty/ page's choice). */
export const LOYALTY_GROUPS = [
  { code: 'theatre', label: 'Театралы' },
  { code: 'concerts', label: 'Меломаны' },
  { code: 'family', label: 'Семейная программа' },
] as const;

export type SignupOutcome = { ok: true; redirectUrl: string } | { ok: false; message: string };

/**
 * The loyalty phone sign-up: a phone typed as +7(ddd) ddd-dd-dd joins a programme group (kept as
 * its digits; signing up again to the same group changes nothing), then the thanks page.
 */
export async function signUpLoyalty(deps: AccountDeps, form: { group: string; phone: string }): Promise<SignupOutcome> {
  const phoneError = loyaltyPhoneError(form.phone);
  if (phoneError) return { ok: false, message: phoneError };
  const group = LOYALTY_GROUPS.find((g) => g.code === form.group.trim());
  if (!group) return { ok: false, message: bonusMessages.loyaltyGroupUnknown };
  const digits = form.phone.replace(/\D/g, '');
  await deps.db.query(
    `INSERT INTO loyalty_signups (group_code, phone, created_at) VALUES ($1, $2, $3)
      ON CONFLICT (group_code, phone) DO NOTHING`,
    [group.code, digits, deps.clock.now()],
  );
  return { ok: true, redirectUrl: `/loyalty/thanks?group=${encodeURIComponent(group.code)}` };
}
