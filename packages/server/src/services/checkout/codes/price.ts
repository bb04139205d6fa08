import { giftCardShown } from '@partera/contract';
import type { Queryable, Transaction } from '../../../db/index.js';
import { findFramedSession } from '../../partners/index.js';
import { CASHBACK_MESSAGES, cashbackBalance, confirmedPhone, lockCashback } from './cashback.js';
import { giftCardById, giftCardProblem } from './gift-card.js';
import { type PricedLine, promoById, promoDiscount, promoProblem } from './promo.js';
import { pushkinEligibility } from './pushkin.js';
import { readBasketCodes } from './store.js';
import { type AppliedCodes, type CodesInput, NOTHING_APPLIED } from './types.js';

/** Spending cashback pays part of an order (spec 9): at least this much is left to pay by card. */
export const CASHBACK_MIN_CARD_PART = 100;

interface ShowOfPerformance {
  id: number;
  show_id: number;
  pushkin_card: boolean;
}

const inTransaction = (q: Queryable): q is Transaction => (q as Partial<Transaction>).inTransaction === true;

/**
 * Prices what the session applied against its basket (decision 0034). Inside a transaction (order
 * creation) the promo code's and the gift card's rows are locked, promo first, so two orders
 * spending the last use or the same balance take turns and the second sees what the first left;
 * the phone's cashback is locked the same way. On the pool (the basket state) nothing is locked.
 * Order of the money: the promo's discount first, then the cashback spent, then the gift card
 * pays what is left (4.5 forbids the cashback with the gift card or the promo, so at most two meet).
 */
export async function priceCodes(q: Queryable, input: CodesInput): Promise<AppliedCodes> {
  const { lines, subtotal, now } = input;
  const applied: AppliedCodes = { ...NOTHING_APPLIED, subtotal, toPay: subtotal, held: { ...NOTHING_APPLIED.held } };
  if (lines.length === 0) return applied;
  const lock = inTransaction(q);
  const codes = await readBasketCodes(q, input.sessionId);
  const shows = await showsOf(q, lines);
  const priced: PricedLine[] = lines.map((l) => ({
    showId: shows.get(l.performanceId)?.show_id ?? 0,
    tickets: l.price * l.count,
  }));

  if (codes.promoCodeId !== null) {
    const promo = await promoById(q, codes.promoCodeId, lock);
    const problem = promo ? promoProblem(promo, priced, subtotal, now) : null;
    if (!promo || problem) applied.refusal = { code: 1, message: problem ?? 'Промокод не найден' };
    else {
      applied.discount = promoDiscount(promo, priced);
      applied.promo = { code: promo.code, discount: applied.discount };
      applied.held.promoCodeId = promo.id;
    }
  }
  let rest = subtotal - applied.discount;

  const framed = await findFramedSession(q, input.sessionId);
  if (framed && framed.cashbackPercent > 0) {
    // A gift card forces accumulating (4.5).
    let action = input.cashbackAction ?? codes.cashbackAction;
    let alert: string | undefined;
    if (codes.giftCardId !== null && action !== null) {
      if (action === 'spisat_keshbek') alert = CASHBACK_MESSAGES.forcedByGiftCard;
      action = 'nakopit_keshbek';
    }
    const phone = await confirmedPhone(q, input.userId);
    if (phone && lock && action === 'spisat_keshbek') await lockCashback(q, phone);
    const balance = phone ? await cashbackBalance(q, phone, framed.partnerId) : 0;
    if (action === 'spisat_keshbek') {
      if (!phone) alert = CASHBACK_MESSAGES.signInToSpend;
      else if (balance <= 0) alert = CASHBACK_MESSAGES.nothingToSpend;
      applied.cashbackPaid = Math.max(0, Math.min(balance, rest - CASHBACK_MIN_CARD_PART));
      rest -= applied.cashbackPaid;
    }
    applied.held.cashbackPhone = phone;
    applied.cashback = { percent: framed.cashbackPercent, balance, action, ...(alert ? { alert } : {}) };
  }

  if (codes.giftCardId !== null) {
    const card = await giftCardById(q, codes.giftCardId, lock);
    const problem = card ? giftCardProblem(card, now) : null;
    if (!card || problem) applied.refusal ??= { code: 1, message: problem ?? 'Подарочная карта не найдена' };
    else {
      applied.giftCardPaid = Math.min(card.balance, rest);
      rest -= applied.giftCardPaid;
      applied.giftCard = { number: giftCardShown(card.number), balance: card.balance, applied: applied.giftCardPaid };
      applied.held.giftCardId = card.id;
    }
  }
  applied.toPay = rest;

  const birth = await birthDateOf(q, input.userId);
  applied.pushkinCard = pushkinEligibility(
    lines.map((l) => ({
      showName: l.showName,
      inProgramme: shows.get(l.performanceId)?.pushkin_card === true,
      count: l.count,
      giftsCount: l.giftsCount,
    })),
    codes.promoCodeId !== null || codes.giftCardId !== null || applied.cashback?.action === 'spisat_keshbek',
    birth,
    now,
  );
  return applied;
}

async function showsOf(
  q: Queryable,
  lines: readonly { performanceId: number }[],
): Promise<Map<number, ShowOfPerformance>> {
  const ids = [...new Set(lines.map((l) => l.performanceId))];
  const r = await q.query<ShowOfPerformance>(
    `SELECT pf.id, pf.show_id, s.pushkin_card FROM performances pf JOIN shows s ON s.id = pf.show_id
      WHERE pf.id = ANY($1::int[])`,
    [ids],
  );
  return new Map(r.rows.map((row) => [row.id, row]));
}

/** A signed-in buyer's birth date (users.birth_date), or null. */
export async function birthDateOf(q: Queryable, userId: number | null): Promise<Date | null> {
  if (userId === null) return null;
  const r = await q.query<{ birth_date: string | null }>(
    `SELECT to_char(birth_date, 'YYYY-MM-DD') AS birth_date FROM users WHERE id = $1`,
    [userId],
  );
  const raw = r.rows[0]?.birth_date;
  return raw ? new Date(`${raw}T00:00:00Z`) : null;
}
