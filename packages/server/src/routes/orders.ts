import { createAnonymousOrder } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route.js';
import { paymentSessionPath } from '../payments/urls.js';
import { createGuestOrder } from '../services/orders/index.js';

/** Order calls (hall-basket-checkout.md 7.5). */
export const orderRoutes: FastifyPluginAsync = async (app) => {
  route(app, createAnonymousOrder, async (input, req) => {
    const created = await createGuestOrder(app.deps, req.session, {
      email: input.email,
      name: input.name,
      surname: input.surname ?? input.family ?? '',
      patronymic: input.patronymic ?? null,
      phone: input.phone ?? null,
      payment: input.payment ?? input.pm ?? 'card',
      paymentCard: input.pc ?? input.payment_card ?? null,
    });
    if (!created.ok) return { error: created.code, message: created.message };
    return {
      error: 0,
      url: paymentSessionPath(created.orderId),
      params: { token: created.accessToken },
      isFullGiftCardPayment: false,
    };
  });
};
