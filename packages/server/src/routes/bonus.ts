import {
  loadBonusPage,
  loyaltySignup,
  messages,
  privatePromocode,
  processSurvey,
  promotionsActualize,
  promotionsList,
  saveCard,
  selectGift,
} from '@partera/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { bonusMessages } from '../accounts/bonus.js';
import { bonusPageHtml } from '../accounts/bonus-page.js';
import { reserveGift } from '../accounts/gifts.js';
import { activateCard, signUpLoyalty } from '../accounts/loyalty.js';
import { redeemPromoCode } from '../accounts/promo-codes.js';
import { actualizePromotions, buyerPromotions } from '../accounts/promotions.js';
import { submitSurvey } from '../accounts/surveys.js';
import type { ServerDeps } from '../deps.js';
import { mergedInput, route } from '../http/route.js';
import { clientAddress, FailureCounter, limiterOf, subjectBudgets } from '../limits/index.js';
import { loginFirst, signedInAccount } from './signed-in.js';

/** The site's page for /private/promotions/?view&id= (the path is the promotions calls' too). */
export type PromotionViewPage = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
const viewPages = new WeakMap<ServerDeps, PromotionViewPage>();

/**
 * The site hands its promotion detail page here: GET /private/promotions/?view&id={program_id}
 * shares its path with the ?list and ?actualize calls, so this plugin's route answers it by
 * calling the page (404 when no site is mounted).
 */
export function servePromotionViewPage(app: FastifyInstance, page: PromotionViewPage): void {
  viewPages.set(app.deps, page);
}

/**
 * Bonus points, gifts, promo codes, promotions, the loyalty card and surveys
 * (site-browsing-account.md 2.15, 4, 7 'Promotions, bonuses and card', processSurvey). Every call
 * but the loyalty phone sign-up is the signed-in buyer's own: it names no account, and a guest gets
 * HTTP 401 with 'Войдите, чтобы продолжить'.
 */
export const bonusRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  // Guessing promo codes: wrong codes count per account and per client address; past either
  // budget the call refuses every code, right ones too, until the window ends.
  const limiter = limiterOf(app);
  const wrongPerAccount = new FailureCounter(limiter, subjectBudgets.promoCodeAccount);
  const wrongPerClient = new FailureCounter(limiter, subjectBudgets.promoCodeClient);

  // The detail page of a promotion: the site's (hooks of this plugin see only its own routes).
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || !req.url.startsWith('/private/promotions/')) return;
    const query = (req.query ?? {}) as Record<string, unknown>;
    if (!('view' in query) || 'list' in query || 'actualize' in query) return;
    const page = viewPages.get(deps);
    if (page) {
      await page(req, reply);
      return reply;
    }
    return reply.code(404).send({ error: 404, message: 'Не найдено' });
  });

  route(app, promotionsActualize, async (_input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return promotionsActualize.failure(messages.loginRequired, 401);
    await actualizePromotions(deps, account.id);
    return { result: true };
  });

  route(app, promotionsList, async (_input, req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return promotionsList.failure(messages.loginRequired, 401);
    return { result: true, list: await buyerPromotions(deps, account.id) };
  });

  route(app, loadBonusPage, async (_input, req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loadBonusPage.failure(messages.loginRequired, 401);
    return bonusPageHtml(deps, account);
  });

  route(app, selectGift, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loginFirst;
    const outcome = await reserveGift(deps, account.id, input.giftId);
    return outcome.ok ? { status: 'success' as const } : { status: 'error' as const, message: outcome.message };
  });

  route(app, privatePromocode, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loginFirst;
    const accountKey = `account:${account.id}`;
    const clientKey = `client:${clientAddress(req.ip)}`;
    const [byAccount, byClient] = await Promise.all([
      wrongPerAccount.refused(accountKey),
      wrongPerClient.refused(clientKey),
    ]);
    const refusal = byAccount ?? byClient;
    if (refusal) {
      reply.header('retry-after', String(refusal.retryAfterSeconds));
      return { status: 'error' as const, message: bonusMessages.promoTooManyAttempts };
    }
    const outcome = await redeemPromoCode(deps, account.id, input.code);
    if (outcome.ok) return { status: 'success' as const, add: outcome.balance, diff: outcome.points };
    if (outcome.wrong) await Promise.all([wrongPerAccount.failed(accountKey), wrongPerClient.failed(clientKey)]);
    return { status: 'error' as const, message: outcome.message };
  });

  route(app, saveCard, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return messages.loginRequired;
    const outcome = await activateCard(deps, account.id, {
      number: input['card[number]'],
      accept: input['card[accept]'] === true,
    });
    return outcome.ok ? 'ok' : outcome.message;
  });

  route(app, processSurvey, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return processSurvey.failure(messages.loginRequired, 401);
    const outcome = await submitSurvey(deps, account.id, input.survey, mergedInput(req));
    return outcome.ok ? { result: true, bonus: { sum: outcome.points } } : { result: false, message: outcome.message };
  });

  // The loyalty phone sign-up is open to guests: the /loyalty/ page is public.
  route(app, loyaltySignup, async (input) => {
    const outcome = await signUpLoyalty(deps, input);
    return outcome.ok
      ? { status: 'success' as const, redirectUrl: outcome.redirectUrl }
      : { status: 'error' as const, message: outcome.message };
  });
};
