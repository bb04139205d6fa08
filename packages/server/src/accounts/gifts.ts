import { Rollback } from '../db/index.js';
import { bonusMessages, changeBonus } from './bonus.js';
import type { AccountDeps } from './sign-in.js';

/**
 * Gifts for bonus points (site-browsing-account.md 2.15 Bonus tab, 4 Gift reservation): a small
 * catalogue with a price in points and a stock; reserving one spends its points and takes one
 * from the stock in one transaction, and leaves a reservation the buyer sees in the bonus tab.
 */

export interface Gift {
  id: number;
  name: string;
  description: string;
  points: number;
  stock: number;
}

export interface GiftReservation {
  id: number;
  giftName: string;
  points: number;
  createdAt: Date;
}

export type ReserveOutcome = { ok: true; balance: number } | { ok: false; message: string };

/** The gifts on offer (out-of-stock ones too: the tab shows them as gone). */
export async function listGifts(db: AccountDeps['db']): Promise<Gift[]> {
  const r = await db.query<Gift>(
    'SELECT id, name, description, points, stock FROM bonus_gifts WHERE active ORDER BY sort, points, id',
  );
  return r.rows;
}

/** The buyer's reservations, latest first. */
export async function giftReservationsOf(db: AccountDeps['db'], userId: number): Promise<GiftReservation[]> {
  const r = await db.query<{ id: number; name: string; points: number; created_at: Date | string }>(
    `SELECT r.id, g.name, r.points, r.created_at FROM gift_reservations r JOIN bonus_gifts g ON g.id = r.gift_id
      WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC`,
    [userId],
  );
  return r.rows.map((row) => ({
    id: row.id,
    giftName: row.name,
    points: row.points,
    createdAt: new Date(row.created_at),
  }));
}

/**
 * Reserves one gift for the buyer: the stock drops by one and the gift's points leave the
 * balance, or nothing changes (unknown gift, none left, not enough points).
 */
export async function reserveGift(deps: AccountDeps, userId: number, giftId: number): Promise<ReserveOutcome> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const taken = await tx.query<{ name: string; points: number }>(
        'UPDATE bonus_gifts SET stock = stock - 1 WHERE id = $1 AND active AND stock > 0 RETURNING name, points',
        [giftId],
      );
      const gift = taken.rows[0];
      if (!gift) {
        const known = await tx.query('SELECT 1 FROM bonus_gifts WHERE id = $1 AND active', [giftId]);
        throw new Rollback(known.rowCount > 0 ? bonusMessages.giftOutOfStock : bonusMessages.giftNotFound);
      }
      const spent = await changeBonus(tx, userId, -gift.points, `Подарок «${gift.name}»`, now);
      if (!spent.ok) throw new Rollback(bonusMessages.notEnoughPoints);
      await tx.query('INSERT INTO gift_reservations (user_id, gift_id, points, created_at) VALUES ($1, $2, $3, $4)', [
        userId,
        giftId,
        gift.points,
        now,
      ]);
      return { ok: true as const, balance: spent.balance };
    });
  } catch (err) {
    if (err instanceof Rollback) return { ok: false, message: err.value as string };
    throw err;
  }
}
