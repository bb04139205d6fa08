import { type CashbackAction, CODES_CONFLICTS, giftCardKey, maskGiftCardNumber } from '@partera/contract';
import type { Clock } from '../../../clock.js';
import { type Database, Rollback, type Transaction } from '../../../db/index.js';
import { loadBasket } from '../../basket/contents.js';
import { lockSession } from '../../basket/selection.js';
import { findFramedSession } from '../../partners/index.js';
import { CASHBACK_MESSAGES } from './cashback.js';
import { findGiftCard, GIFT_CARD_MESSAGES, giftCardProblem } from './gift-card.js';
import { priceCodes } from './price.js';
import { findPromo, PROMO_MESSAGES } from './promo.js';
import { readBasketCodes, writeBasketCodes } from './store.js';
import type { AppliedCodes } from './types.js';

export interface CodesDeps {
  db: Database;
  clock: Clock;
}

/** An apply call's outcome; `wrong` marks a guess (no such code or card), counted against the guesser. */
export type ApplyOutcome = { ok: true; applied: AppliedCodes } | { ok: false; message: string; wrong: boolean };

const SESSION_ROW = `SELECT user_id FROM sessions WHERE id = $1`;

type Refused = { ok: false; message: string; wrong: boolean };

/**
 * Runs one change of the session's codes with its basket locked (the order call takes the same
 * lock, so a code cannot change under an order being placed), then prices the basket with it;
 * `verify` may refuse what the pricing found, and a refusal (Rollback) undoes the change.
 */
async function withBasket(
  deps: CodesDeps,
  sessionId: string,
  change: (tx: Transaction, ctx: { now: Date; lines: number }) => Promise<Refused | null>,
  verify: (applied: AppliedCodes) => string | null = () => null,
): Promise<ApplyOutcome> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx): Promise<ApplyOutcome> => {
      await lockSession(tx, sessionId);
      const basket = await loadBasket(tx, sessionId, now);
      const refused = await change(tx, { now, lines: basket.lines.length });
      if (refused) return refused;
      const user = await tx.query<{ user_id: number | null }>(SESSION_ROW, [sessionId]);
      const applied = await priceCodes(tx, {
        sessionId,
        userId: user.rows[0]?.user_id ?? null,
        lines: basket.lines,
        subtotal: basket.total,
        now,
      });
      const problem = verify(applied);
      if (problem) throw new Rollback(problem);
      return { ok: true, applied };
    });
  } catch (err) {
    if (err instanceof Rollback) return { ok: false, message: String(err.value), wrong: false };
    throw err;
  }
}

/**
 * GET /shopcart/applypromo/ (7.4, 8.4): applies a promo code of kind percent or fixed to the
 * session's basket, or with an empty code removes the one applied. Refused: an unknown code (a
 * guess), a cabinet 'bonus' code, one out of its dates or uses, one for other shows or a bigger
 * basket (promoProblem, as the pricing finds it), and any code while cashback is being spent (4.5).
 */
export async function applyPromoCode(deps: CodesDeps, sessionId: string, typed: string): Promise<ApplyOutcome> {
  const removing = typed.trim() === '';
  return withBasket(
    deps,
    sessionId,
    async (tx, { now, lines }) => {
      if (removing) {
        await writeBasketCodes(tx, sessionId, { promoCodeId: null }, now);
        return null;
      }
      const promo = await findPromo(tx, typed);
      if (!promo) return { ok: false, message: PROMO_MESSAGES.notFound, wrong: true };
      if (promo.kind === 'bonus') throw new Rollback(PROMO_MESSAGES.bonus);
      if (lines === 0) throw new Rollback(PROMO_MESSAGES.emptyBasket);
      const codes = await readBasketCodes(tx, sessionId);
      if (codes.cashbackAction === 'spisat_keshbek' && (await findFramedSession(tx, sessionId))) {
        throw new Rollback(CODES_CONFLICTS.cashbackSpendPromo);
      }
      await writeBasketCodes(tx, sessionId, { promoCodeId: promo.id }, now);
      return null;
    },
    (applied) => (!removing && !applied.promo ? (applied.refusal?.message ?? PROMO_MESSAGES.notFound) : null),
  );
}

/**
 * The gift card apply calls (7.4, 3.14, 8.4): finds the card by its number (without dashes and
 * case), checks its expiry and balance and keeps it with the session's basket; an empty number
 * removes it. Refused while cashback is being spent (4.5). The balance is only looked at here:
 * the order takes it, under the card row's lock (recordCodesOnOrder), so two baskets may apply
 * one card and the second order gets what the first left.
 */
export async function applyGiftCard(
  deps: CodesDeps,
  sessionId: string,
  typed: string,
): Promise<ApplyOutcome & { card?: { number: string; balance: number } }> {
  let card: { number: string; balance: number } | undefined;
  const outcome = await withBasket(deps, sessionId, async (tx, { now, lines }) => {
    if (giftCardKey(typed) === '') {
      await writeBasketCodes(tx, sessionId, { giftCardId: null }, now);
      return null;
    }
    const found = await findGiftCard(tx, typed);
    if (!found) return { ok: false, message: GIFT_CARD_MESSAGES.notFound, wrong: true };
    const problem = lines === 0 ? GIFT_CARD_MESSAGES.emptyBasket : giftCardProblem(found, now);
    if (problem) throw new Rollback(problem);
    const codes = await readBasketCodes(tx, sessionId);
    if (codes.cashbackAction === 'spisat_keshbek' && (await findFramedSession(tx, sessionId))) {
      throw new Rollback(CODES_CONFLICTS.cashbackSpendGiftCard);
    }
    await writeBasketCodes(tx, sessionId, { giftCardId: found.id }, now);
    card = { number: maskGiftCardNumber(found.number), balance: found.balance };
    return null;
  });
  return outcome.ok && card ? { ...outcome, card } : outcome;
}

/**
 * POST /shopcart/applycashback/ (extension, decision 0034): the partner's cashback checkbox and
 * its choice, kept with the basket. Only in a partner's frame with a cashback; spending is refused
 * with a gift card or a promo code applied (4.5), and needs a confirmed phone to be worth anything
 * (the basket state's cashback alert says so).
 */
export async function setCashbackAction(
  deps: CodesDeps,
  sessionId: string,
  action: CashbackAction | null,
): Promise<ApplyOutcome> {
  return withBasket(deps, sessionId, async (tx, { now }) => {
    const framed = await findFramedSession(tx, sessionId);
    if (action !== null && !(framed && framed.cashbackPercent > 0)) throw new Rollback(CASHBACK_MESSAGES.noCashback);
    const codes = await readBasketCodes(tx, sessionId);
    if (action === 'spisat_keshbek' && codes.giftCardId !== null)
      throw new Rollback(CODES_CONFLICTS.giftCardCashbackSpend);
    if (action === 'spisat_keshbek' && codes.promoCodeId !== null)
      throw new Rollback(CODES_CONFLICTS.cashbackSpendPromo);
    await writeBasketCodes(tx, sessionId, { cashbackAction: action }, now);
    return null;
  });
}
