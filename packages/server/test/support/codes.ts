import type { Database } from '../../src/db/index.js';

let n = 0;
const unique = (prefix: string) => `${prefix}${++n}${Math.random().toString(36).slice(2, 7).toUpperCase()}`;

/** A promo code of the checkout; its typed code. */
export async function promoCode(
  db: Database,
  opts: {
    kind?: 'percent' | 'fixed' | 'bonus';
    value?: number;
    validFrom?: Date | null;
    validUntil?: Date | null;
    usesLeft?: number | null;
    minTotal?: number | null;
    showIds?: number[] | null;
  } = {},
): Promise<{ code: string; id: number }> {
  const code = unique('PROMO');
  const r = await db.query<{ id: number }>(
    `INSERT INTO promo_codes (code, kind, value, valid_from, valid_until, uses_left, min_total, show_ids)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      code,
      opts.kind ?? 'percent',
      opts.value ?? 10,
      opts.validFrom ?? null,
      opts.validUntil ?? null,
      opts.usesLeft ?? null,
      opts.minTotal ?? null,
      opts.showIds ?? null,
    ],
  );
  return { code, id: r.rows[0]!.id };
}

/** A gift card with this balance (kopecks); its number in groups of 4 ('ABCD-1234-…'). */
export async function giftCard(
  db: Database,
  balance: number,
  opts: { expiresAt?: Date | null } = {},
): Promise<{ number: string; id: number }> {
  const raw = unique('GC').padEnd(12, '7').slice(0, 12);
  const number = raw.match(/.{1,4}/g)!.join('-');
  const r = await db.query<{ id: number }>(
    `INSERT INTO gift_cards (number, initial_balance, balance, expires_at) VALUES ($1, $2, $2, $3) RETURNING id`,
    [number, balance, opts.expiresAt ?? null],
  );
  return { number, id: r.rows[0]!.id };
}

export async function balanceOf(db: Database, cardId: number): Promise<number> {
  const r = await db.query<{ balance: number }>('SELECT balance FROM gift_cards WHERE id = $1', [cardId]);
  return r.rows[0]!.balance;
}

export async function showOf(db: Database, performanceId: number): Promise<number> {
  const r = await db.query<{ show_id: number }>('SELECT show_id FROM performances WHERE id = $1', [performanceId]);
  return r.rows[0]!.show_id;
}

/** A guest's order form (card unless said). */
export const GUEST = {
  email: 'olga@example.ru',
  name: 'Ольга',
  surname: 'Ларина',
  patronymic: 'Дмитриевна',
  phone: '+7 916 111-22-33',
};
