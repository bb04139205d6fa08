import {
  applyCashback,
  applyGiftCard as applyGiftCardCall,
  applyGiftCardNoLimits,
  applyPromo,
  giftCardFullProceed as giftCardFullProceedCall,
  kopecksToRoubles,
  messages,
} from '@partera/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../http/route.js';
import { clientAddress, FailureCounter, limiterOf, type SubjectBudget } from '../limits/index.js';
import {
  type ApplyOutcome,
  applyGiftCard,
  applyPromoCode,
  giftCardFullProceed,
  setCashbackAction,
} from '../services/checkout/codes/index.js';

const MINUTE = 60_000;
/** Wrong promo codes and gift card numbers of one session: 10 per 30 minutes (then every code is refused). */
const WRONG_PER_SESSION: SubjectBudget = { name: 'checkout-codes-session', windowMs: 30 * MINUTE, maxFailures: 10 };
/** Of one client address (many buyers may share it): 30 per 30 minutes. */
const WRONG_PER_CLIENT: SubjectBudget = { name: 'checkout-codes-client', windowMs: 30 * MINUTE, maxFailures: 30 };

export const CODES_TOO_MANY = 'Слишком много неверных попыток. Попробуйте позже.';

/**
 * Codes and cards at the checkout (hall-basket-checkout.md 7.4, 7.5, 8.4; decision 0034): the
 * promo code, the two gift card forms, the partner's cashback choice (extension) and the full
 * gift-card payment. Every call works on the request's own session: the `ftlsid` field of the
 * no-limits form names a session, and is ignored, so no page can apply a code to another buyer's
 * basket. Wrong codes and card numbers count per session and per client address; past either
 * budget every code is refused until the window ends (the calls' request budget is the
 * limits table's 'promo-codes').
 */
export const codesRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const limiter = limiterOf(app);
  const perSession = new FailureCounter(limiter, WRONG_PER_SESSION);
  const perClient = new FailureCounter(limiter, WRONG_PER_CLIENT);

  /** Runs an apply with the guess budgets: refused when spent, a wrong code counted. */
  async function guarded<T extends ApplyOutcome>(
    req: FastifyRequest,
    reply: FastifyReply,
    apply: () => Promise<T>,
  ): Promise<T | { ok: false; message: string; wrong: false }> {
    const keys = [`session:${req.session.id}`, `client:${clientAddress(req.ip)}`] as const;
    const [a, b] = await Promise.all([perSession.refused(keys[0]), perClient.refused(keys[1])]);
    const refusal = a ?? b;
    if (refusal) {
      reply.header('retry-after', String(refusal.retryAfterSeconds));
      return { ok: false, message: CODES_TOO_MANY, wrong: false };
    }
    const outcome = await apply();
    if (!outcome.ok && outcome.wrong) await Promise.all([perSession.failed(keys[0]), perClient.failed(keys[1])]);
    return outcome;
  }

  route(app, applyPromo, async (input, req, reply) => {
    const outcome = await guarded(req, reply, () => applyPromoCode(deps, req.session.id, input.promocode));
    return outcome.ok ? { error: 0 } : { error: 1, message: outcome.message || messages.promoNotFound };
  });

  async function giftCard(number: string, req: FastifyRequest, reply: FastifyReply, remain: boolean) {
    const outcome = await guarded(req, reply, () => applyGiftCard(deps, req.session.id, number));
    if (!outcome.ok) return { success: false, message: outcome.message };
    const { applied } = outcome;
    const card = 'card' in outcome ? outcome.card : undefined;
    return {
      success: true,
      ...(card ? { message: messages.giftCardApplied } : {}),
      basketTotalAfterApplying: kopecksToRoubles(applied.toPay),
      ...(card
        ? {
            cardBalance: kopecksToRoubles(card.balance),
            gift_card_number: card.number,
            ...(remain
              ? { cardBalanceRemainAfterApplying: kopecksToRoubles(card.balance - applied.giftCardPaid) }
              : {}),
          }
        : {}),
    };
  }

  route(app, applyGiftCardNoLimits, (input, req, reply) => giftCard(input.gift_card_number, req, reply, false));
  route(app, applyGiftCardCall, (input, req, reply) => giftCard(input.gift_card_number, req, reply, true));

  route(app, applyCashback, async (input, req) => {
    const outcome = await setCashbackAction(deps, req.session.id, input.action === '' ? null : input.action);
    return outcome.ok ? { error: 0 } : { error: 1, message: outcome.message };
  });

  route(app, giftCardFullProceedCall, async (input, req) =>
    giftCardFullProceed(deps, { orderId: input.order_id, sessionId: req.session.id }),
  );
};
