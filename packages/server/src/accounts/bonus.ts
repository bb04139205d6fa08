import type { Queryable, Transaction } from '../db/index.js';

/**
 * The bonus points ledger: THE rule of a buyer's balance. Every change of the points is a row of
 * bonus_transactions with its reason, written in the same transaction as what caused it (a gift
 * reserved, a promo code entered, a card activated, a survey answered); bonus_accounts.balance is
 * the running sum of those rows, moved in step with each one, and never goes below zero. Nothing
 * else writes either table.
 */

export interface LedgerEntry {
  amount: number;
  reason: string;
  createdAt: Date;
}

export type LedgerOutcome = { ok: true; balance: number } | { ok: false; balance: number };

/** The buyer's points (0 before the first change). */
export async function bonusBalance(db: Queryable, userId: number): Promise<number> {
  const r = await db.query<{ balance: number }>('SELECT balance FROM bonus_accounts WHERE user_id = $1', [userId]);
  return r.rows[0]?.balance ?? 0;
}

/** The buyer's ledger, latest first. */
export async function bonusLedger(db: Queryable, userId: number, limit = 50): Promise<LedgerEntry[]> {
  const r = await db.query<{ amount: number; reason: string; created_at: Date | string }>(
    `SELECT amount, reason, created_at FROM bonus_transactions
      WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return r.rows.map((row) => ({ amount: row.amount, reason: row.reason, createdAt: new Date(row.created_at) }));
}

/**
 * Adds `amount` points (a negative amount spends them) with its reason, inside the caller's
 * transaction. A spend the balance does not cover changes nothing and answers ok: false. The
 * balance row is updated with a guard in its WHERE, so two spends at once wait for each other on
 * the row's lock and the second sees the first's result: they cannot overdraw together.
 */
export async function changeBonus(
  tx: Transaction,
  userId: number,
  amount: number,
  reason: string,
  now: Date,
): Promise<LedgerOutcome> {
  if (!Number.isInteger(amount) || amount === 0) throw new Error(`a ledger change is a non-zero integer: ${amount}`);
  await tx.query('INSERT INTO bonus_accounts (user_id, balance) VALUES ($1, 0) ON CONFLICT (user_id) DO NOTHING', [
    userId,
  ]);
  const moved = await tx.query<{ balance: number }>(
    `UPDATE bonus_accounts SET balance = balance + $2
      WHERE user_id = $1 AND balance + $2 >= 0 RETURNING balance`,
    [userId, amount],
  );
  const row = moved.rows[0];
  if (!row) return { ok: false, balance: await bonusBalance(tx, userId) };
  await tx.query('INSERT INTO bonus_transactions (user_id, amount, reason, created_at) VALUES ($1, $2, $3, $4)', [
    userId,
    amount,
    reason,
    now,
  ]);
  return { ok: true, balance: row.balance };
}

/** What the bonus calls answer, word for word (the spec's own texts are in the contract's messages). */
export const bonusMessages = {
  giftNotFound: 'Такого подарка нет',
  giftOutOfStock: 'Этот подарок закончился',
  notEnoughPoints: 'Недостаточно баллов для этого подарка',
  promoWrong: 'Промокод не найден',
  promoExpired: 'Срок действия промокода истёк',
  promoUsedUp: 'Промокод больше не действует',
  promoAlreadyUsed: 'Вы уже использовали этот промокод',
  promoTooManyAttempts: 'Слишком много неверных промокодов. Попробуйте позже.',
  cardUnknown: 'Ошибка при активации карты: карта с таким номером не найдена',
  cardTaken: 'Ошибка при активации карты: карта уже активирована',
  cardAlreadyHave: 'Ошибка при активации карты: к вашему аккаунту уже привязана карта',
  cardNumberInvalid: 'Ошибка при активации карты: номер карты состоит из 8–19 цифр',
  loyaltyGroupUnknown: 'Такой программы лояльности нет',
  surveyNotFound: 'Опрос не найден или уже завершён',
  surveyAlreadyAnswered: 'Вы уже ответили на этот опрос',
  surveyIncomplete: 'Ответьте, пожалуйста, на все вопросы',
} as const;
