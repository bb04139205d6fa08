import { giftCardKey } from '@partera/contract';
import type { Queryable } from '../../../db/index.js';

export interface GiftCardRow {
  id: number;
  number: string;
  /** Kopecks left on the card (what unpaid and paid orders took is already off). */
  balance: number;
  expires_at: Date | null;
}

/** Our texts (8.4 shows the server's message and words none). */
export const GIFT_CARD_MESSAGES = {
  notFound: 'Подарочная карта не найдена',
  expired: 'Срок действия подарочной карты истёк',
  empty: 'На подарочной карте не осталось средств',
  emptyBasket: 'Корзина пуста: сначала выберите билеты',
  notEnough: 'Баланса подарочной карты не хватает, чтобы оплатить весь заказ',
  changed: 'Баланс подарочной карты изменился. Проверьте сумму заказа и оформите его снова.',
} as const;

const COLUMNS = 'id, number, balance, expires_at';
/** Numbers are compared without separators and case (5.6: giftCardKey), as the index of migration 0021 is built. */
const PLAIN = `upper(regexp_replace(number, '[^[:alnum:]]', '', 'g'))`;

export async function findGiftCard(q: Queryable, typed: string): Promise<GiftCardRow | null> {
  const key = giftCardKey(typed);
  if (key === '') return null;
  const r = await q.query<GiftCardRow>(`SELECT ${COLUMNS} FROM gift_cards WHERE ${PLAIN} = $1`, [key]);
  return r.rows[0] ?? null;
}

export async function giftCardById(q: Queryable, id: number, lock: boolean): Promise<GiftCardRow | null> {
  const r = await q.query<GiftCardRow>(`SELECT ${COLUMNS} FROM gift_cards WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
  return r.rows[0] ?? null;
}

/** Why the card cannot pay now, or null. */
export function giftCardProblem(card: GiftCardRow, now: Date): string | null {
  if (card.expires_at && new Date(card.expires_at).getTime() < now.getTime()) return GIFT_CARD_MESSAGES.expired;
  if (card.balance <= 0) return GIFT_CARD_MESSAGES.empty;
  return null;
}
