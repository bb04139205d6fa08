import { createAnonymousOrder } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { SESSION_PARAM } from '../http/names.js';
import { route } from '../http/route.js';
import { issueSession, switchSession } from '../http/session.js';
import { paymentSessionPath } from '../payments/urls.js';
import { createGuestOrder } from '../services/orders/index.js';

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
    if (!created.ok) return { error: created.code, message: created.message };
    switchSession(req, reply, next.id, csrfSecret);
    return {
      error: 0,
      url: paymentSessionPath(created.orderId),
      params: { token: created.accessToken },
      isFullGiftCardPayment: false,
      session: { name: SESSION_PARAM, id: next.id, csrfToken: next.csrfToken },
    };
  });
};
