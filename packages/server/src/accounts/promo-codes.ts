import { Rollback } from '../db/index.js';
import { bonusMessages, changeBonus } from './bonus.js';
import type { AccountDeps } from './sign-in.js';

/**
 * A promo code entered in the cabinet (site-browsing-account.md 2.15 Bonus tab, 3 Promo-code
 * result, 4 Promo code): a code of kind 'bonus' adds its value in points to the buyer's balance.
 * Codes are compared trimmed and case-insensitively; each account uses a code once (kept in
 * promo_code_uses); a code with uses_left counts down and stops at zero; an expired one is refused.
 * Guessing is cut off by the caller (routes/bonus.ts), which counts the `wrong` outcomes.
 */

export type PromoOutcome =
  | { ok: true; balance: number; points: number }
  | {
      ok: false;
      message: string;
      /** The code does not exist (a guess): counted against the guesser. */
      wrong: boolean;
    };

/** How a typed code is compared: trimmed, in upper case. */
export function normalPromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export async function redeemPromoCode(deps: AccountDeps, userId: number, typed: string): Promise<PromoOutcome> {
  const code = normalPromoCode(typed);
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      // The row's lock orders two buyers taking the last use of a code.
      const found = await tx.query<{
        id: number;
        code: string;
        value: number;
        valid_until: Date | null;
        uses_left: number | null;
      }>(
        `SELECT id, code, value, valid_until, uses_left FROM promo_codes
          WHERE upper(code) = $1 AND kind = 'bonus' FOR UPDATE`,
        [code],
      );
      const promo = found.rows[0];
      if (!promo) throw new Rollback({ message: bonusMessages.promoWrong, wrong: true });
      if (promo.valid_until && new Date(promo.valid_until).getTime() < now.getTime()) {
        throw new Rollback({ message: bonusMessages.promoExpired, wrong: false });
      }
      const used = await tx.query(
        `INSERT INTO promo_code_uses (promo_code_id, user_id, points, used_at) VALUES ($1, $2, $3, $4)
          ON CONFLICT DO NOTHING RETURNING 1`,
        [promo.id, userId, promo.value, now],
      );
      if (used.rows.length === 0) throw new Rollback({ message: bonusMessages.promoAlreadyUsed, wrong: false });
      if (promo.uses_left !== null) {
        if (promo.uses_left <= 0) throw new Rollback({ message: bonusMessages.promoUsedUp, wrong: false });
        await tx.query('UPDATE promo_codes SET uses_left = uses_left - 1 WHERE id = $1', [promo.id]);
      }
      const added = await changeBonus(tx, userId, promo.value, `Промокод ${promo.code}`, now);
      return { ok: true as const, balance: added.balance, points: promo.value };
    });
  } catch (err) {
    if (err instanceof Rollback) return { ok: false, ...(err.value as { message: string; wrong: boolean }) };
    throw err;
  }
}
