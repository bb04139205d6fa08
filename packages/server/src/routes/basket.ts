import {
  basketState as basketStateCall,
  loadMetroList,
  registrationValidateField,
  shopcartResetExclude,
} from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route.js';
import { loadBasket, resetExclude, selectionAnswer } from '../services/basket/index.js';
import { changeFeedOf } from '../services/catalogue/changes.js';
import { basketMetroStations } from '../services/checkout/facts.js';
import { basketStateWithCheckout } from '../services/checkout/state.js';
import { checkGuestEmail } from '../services/orders/guest.js';

/** Basket calls (hall-basket-checkout.md 7.4) and the basket-state extension. */
export const basketRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const changes = changeFeedOf(deps.db);

  // The basket with what its checkout offers this buyer (decision 0032).
  route(app, basketStateCall, async (_input, req, reply) => {
    reply.header('cache-control', 'no-store');
    return basketStateWithCheckout(deps, req.session.id);
  });

  // The courier form's metro stations: those of the city the basket's venues are in (3.12).
  route(app, loadMetroList, async (_input, req) =>
    basketMetroStations(deps.db, await loadBasket(deps.db, req.session.id, deps.clock.now())),
  );

  // The booking-only conflict's way out (spec 4.4, 8.1): isBooking=1 keeps the bookings (after
  // 623), isBooking=0 keeps the tickets to pay (after 624); the page reloads afterwards.
  route(app, shopcartResetExclude, async (input, req) => {
    const outcome = await resetExclude(deps, req.session, { keepBookings: input.isBooking === 1 });
    if (outcome.ok) changes.availabilityChanged(outcome.changedPerformances);
    return selectionAnswer(outcome);
  });

  route(app, registrationValidateField, async (input) => {
    const problem = checkGuestEmail(input.value);
    return problem ? { error: 1, message: problem } : { error: 0 };
  });
};
