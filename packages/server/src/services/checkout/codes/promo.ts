import { formatKopecks } from '@partera/contract';
import { normalPromoCode } from '../../../accounts/promo-codes.js';
import type { Queryable } from '../../../db/index.js';

/** A promo code of the checkout (kinds percent and fixed; 'bonus' codes are the cabinet's). */
export interface PromoRow {
  id: number;
  code: string;
  kind: 'percent' | 'fixed' | 'bonus';
  /** percent: whole percent; fixed: kopecks. */
  value: number;
  valid_from: Date | null;
  valid_until: Date | null;
  uses_left: number | null;
  min_total: number | null;
  show_ids: number[] | null;
}

/** A basket line as the promo rules see it: its show, and what its tickets cost (kopecks, without gifts). */
export interface PricedLine {
  showId: number;
  tickets: number;
}

/** Our texts; the spec words only the default 'Промокод не найден' (8.4). */
export const PROMO_MESSAGES = {
  notFound: 'Промокод не найден',
  bonus: 'Этот промокод начисляет бонусы: введите его в личном кабинете, на вкладке «Бонусы»',
  notYet: 'Промокод ещё не действует',
  expired: 'Срок действия промокода истёк',
  usedUp: 'Промокод больше не действует',
  otherShows: 'Промокод не действует на билеты в корзине',
  minTotal: (kopecks: number) => `Промокод действует для заказа от ${formatKopecks(kopecks)}`,
  emptyBasket: 'Корзина пуста: сначала выберите билеты',
} as const;

const COLUMNS = 'id, code, kind, value, valid_from, valid_until, uses_left, min_total, show_ids';

/** The code as typed (compared as the cabinet compares: normalPromoCode). `lock` takes its row for the transaction. */
export async function findPromo(q: Queryable, typed: string): Promise<PromoRow | null> {
  const r = await q.query<PromoRow>(`SELECT ${COLUMNS} FROM promo_codes WHERE upper(code) = $1`, [
    normalPromoCode(typed),
  ]);
  return r.rows[0] ?? null;
}

export async function promoById(q: Queryable, id: number, lock: boolean): Promise<PromoRow | null> {
  const r = await q.query<PromoRow>(`SELECT ${COLUMNS} FROM promo_codes WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
  return r.rows[0] ?? null;
}

/** The lines the code discounts: those of its shows, or all when it names none. */
function eligible(promo: PromoRow, lines: readonly PricedLine[]): PricedLine[] {
  const shows = promo.show_ids;
  return shows && shows.length > 0 ? lines.filter((l) => shows.includes(l.showId)) : [...lines];
}

/**
 * Why the code cannot discount this basket now, or null: a 'bonus' code belongs to the cabinet;
 * the code must be within its dates, have uses left, name a show of the basket when it is limited
 * to shows, and the basket (tickets and gifts, `subtotal`) must reach its minimum.
 */
export function promoProblem(
  promo: PromoRow,
  lines: readonly PricedLine[],
  subtotal: number,
  now: Date,
): string | null {
  if (promo.kind === 'bonus') return PROMO_MESSAGES.bonus;
  if (lines.length === 0) return PROMO_MESSAGES.emptyBasket;
  if (promo.valid_from && new Date(promo.valid_from).getTime() > now.getTime()) return PROMO_MESSAGES.notYet;
  if (promo.valid_until && new Date(promo.valid_until).getTime() < now.getTime()) return PROMO_MESSAGES.expired;
  if (promo.uses_left !== null && promo.uses_left <= 0) return PROMO_MESSAGES.usedUp;
  if (eligible(promo, lines).length === 0) return PROMO_MESSAGES.otherShows;
  if (promo.min_total !== null && subtotal < promo.min_total) return PROMO_MESSAGES.minTotal(promo.min_total);
  return null;
}

/**
 * The discount in kopecks: a percent of the eligible tickets' price (rounded down to the kopeck),
 * or a fixed sum never above it. Gifts are goods sold with the ticket and are not discounted.
 */
export function promoDiscount(promo: PromoRow, lines: readonly PricedLine[]): number {
  const base = eligible(promo, lines).reduce((sum, l) => sum + l.tickets, 0);
  if (promo.kind === 'percent') return Math.floor((base * Math.min(promo.value, 100)) / 100);
  if (promo.kind === 'fixed') return Math.min(promo.value, base);
  return 0;
}
