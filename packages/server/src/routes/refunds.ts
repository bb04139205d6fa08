import {
  deliveryFormFromFields,
  messages,
  mtsCashbackTab,
  privateAddDelivery,
  privateDelDelivery,
  privateReplaces,
  refundQuote,
  refundReplaces,
} from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { cashbackPage } from '../accounts/cashback-page.js';
import { addDelivery, deliveryAnswer, removeDelivery } from '../accounts/deliveries.js';
import { replacesPage } from '../accounts/replaces-page.js';
import { route } from '../http/route.js';
import { quoteRefund, type RefundDeps, refundTickets } from '../payments/refunds.js';
import { createPaymentSetup } from '../payments/registry.js';
import { changeFeedOf } from '../services/catalogue/changes.js';
import { loginFirst, signedInAccount } from './signed-in.js';

/**
 * Replace and reschedule (refunds), the per-order delivery and the cashback tab
 * (site-browsing-account.md 2.15, 4 Replace/refund, 7 Personal account, 8): every call concerns
 * the account signed in on the session only (a ticket or order id of another buyer is refused
 * like an unknown one); a guest gets HTTP 401 'Войдите, чтобы продолжить'. A return calls the
 * payment provider, so it draws on the payments rate limit (limits/table.ts).
 */
export const refundRoutes: FastifyPluginAsync = async (app) => {
  const changes = changeFeedOf(app.deps.db);
  // The acquirers this server pays through, to send money back (the sandbox bank's pages are
  // served by the payment routes; its callback is never used here).
  const { providers } = createPaymentSetup(app.deps, { deliverSandboxCallback: async () => 503 });
  const deps: RefundDeps = { ...app.deps, providers };
  const ids = (input: { 'ticketIds[]'?: number[] | undefined; ticketIds?: number[] | undefined }) =>
    input['ticketIds[]'] ?? input.ticketIds ?? [];

  route(app, privateReplaces, async (_input, req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const account = await signedInAccount(app.deps.db, req, reply);
    if (!account) return privateReplaces.failure(messages.loginRequired, 401);
    return (await replacesPage(app.deps.db, account.id, app.deps.clock.now())).markup;
  });

  route(app, refundQuote, async (input, req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const account = await signedInAccount(app.deps.db, req, reply);
    if (!account) return refundQuote.failure(messages.loginRequired, 401);
    const quote = await quoteRefund(deps, account.id, ids(input));
    if (!quote.ok) return { ok: false, errors: quote.errors };
    return { ok: true, count: quote.tickets.length, amount: quote.amount, tickets: quote.tickets };
  });

  route(app, refundReplaces, async (input, req, reply) => {
    const account = await signedInAccount(app.deps.db, req, reply);
    if (!account) return refundReplaces.failure(messages.loginRequired, 401);
    const outcome = await refundTickets(deps, account.id, ids(input));
    changes.availabilityChanged(outcome.performances);
    if (!outcome.ok) return { ok: false, errors: outcome.errors.length > 0 ? outcome.errors : [messages.refundFailed] };
    return { ok: true };
  });

  route(app, mtsCashbackTab, async (_input, req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const account = await signedInAccount(app.deps.db, req, reply);
    if (!account) return mtsCashbackTab.failure(messages.loginRequired, 401);
    return (await cashbackPage(app.deps.db, account.id, app.deps.clock.now())).markup;
  });

  route(app, privateAddDelivery, async (input, req, reply) => {
    const account = await signedInAccount(app.deps.db, req, reply);
    if (!account) return loginFirst.message;
    const form = deliveryFormFromFields(input as Record<string, unknown>);
    return deliveryAnswer(await addDelivery(app.deps, account.id, input['delivery[order]'], form));
  });

  route(app, privateDelDelivery, async (input, req, reply) => {
    const account = await signedInAccount(app.deps.db, req, reply);
    if (!account) return loginFirst.message;
    return deliveryAnswer(await removeDelivery(app.deps, account.id, input.IdOrder));
  });
};
