import { createAnonymousOrder, createSessionOrder, ErrorCode, messages } from '@partera/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_PARAM } from '../http/names.js';
import { route } from '../http/route.js';
import { issueSession, switchSession } from '../http/session.js';
import { paymentSessionPath } from '../payments/urls.js';
import { createGuestOrder, type OrderCreation, orderMessages } from '../services/orders/index.js';
import { signedInAccount } from './signed-in.js';

/** Order calls (hall-basket-checkout.md 7.5). */
export const orderRoutes: FastifyPluginAsync = async (app) => {
  route(app, createAnonymousOrder, async (input, req, reply) => {
    const { csrfSecret } = app.deps.config;
    const next = issueSession(csrfSecret);
    const created = await createGuestOrder(
      app.deps,
      req.session,
      {
        email: input.email,
        name: input.name,
        surname: input.surname ?? input.family ?? '',
        patronymic: input.patronymic ?? null,
        phone: input.phone ?? null,
        payment: input.payment ?? input.pm ?? 'card',
        paymentCard: input.pc ?? input.payment_card ?? null,
      },
      next,
    );
    return answerOf(created, next, req, reply);
  });

  // A signed-in buyer's order: the account's name and e-mail, the basket of the session. Card
  // and e-ticket are what this server takes today (the other methods come with the checkout).
  route(app, createSessionOrder, async (input, req, reply) => {
    const account = await signedInAccount(app.deps.db, req, reply);
    if (!account) return { error: ErrorCode.loginRequired, message: messages.loginRequired };
    if (input.pm !== 'card' || input.dm !== 'eticket') return { ...orderMessages.unsupportedPayment, error: 1 };
    const next = issueSession(app.deps.config.csrfSecret);
    const created = await createGuestOrder(
      app.deps,
      req.session,
      {
        email: account.email ?? '',
        name: account.firstName,
        surname: account.surname,
        patronymic: account.patronymic || null,
        phone: account.phone ? `+${account.phone}` : null,
        payment: input.pm,
        paymentCard: input.pc ?? null,
      },
      next,
    );
    return answerOf(created, next, req, reply);
  });

  /** The order's answer: the payment session to open, and the session's new id (see rotateSession). */
  function answerOf(
    created: OrderCreation,
    next: { id: string; csrfToken: string },
    req: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (!created.ok) return { error: created.code, message: created.message };
    switchSession(req, reply, next.id, app.deps.config.csrfSecret);
    return {
      error: 0,
      url: paymentSessionPath(created.orderId),
      params: { token: created.accessToken },
      isFullGiftCardPayment: false,
      session: { name: SESSION_PARAM, id: next.id, csrfToken: next.csrfToken },
    };
  }
};
