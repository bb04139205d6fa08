import { basketState as basketStateCall, registrationValidateField } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route.js';
import { basketState, loadBasket } from '../services/basket/index.js';
import { checkGuestEmail } from '../services/orders/guest.js';

/** Basket calls (hall-basket-checkout.md 7.4) and the basket-state extension. */
export const basketRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, basketStateCall, async (_input, req, reply) => {
    const now = deps.clock.now();
    reply.header('cache-control', 'no-store');
    return basketState(await loadBasket(deps.db, req.session.id, now), now, true);
  });

  route(app, registrationValidateField, async (input) => {
    const problem = checkGuestEmail(input.value);
    return problem ? { error: 1, message: problem } : { error: 0 };
  });
};
