import { hallPlaceSelectGifts, packagesDeselect } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route.js';
import { selectGifts } from '../services/basket/gifts.js';
import { type SelectionOutcome, selectionAnswer } from '../services/basket/index.js';
import { deselectPackagePlaces } from '../services/basket/packages.js';
import { changeFeedOf } from '../services/catalogue/changes.js';

/**
 * Gifts with tickets (hall-basket-checkout.md 7.2 selectGifts) and the package's deselect (7.4).
 * The package's select is the seat select with packageId (routes/hall.ts).
 */
export const giftAndPackageRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const changes = changeFeedOf(deps.db);

  // A change of gifts moves the performance's gift stock, which its map shows (availableGifts).
  const answered = (outcome: SelectionOutcome, performanceId?: number) => {
    if (outcome.ok) changes.availabilityChanged(outcome.changedPerformances);
    return selectionAnswer(outcome, performanceId);
  };

  // The seat form names the hall place (placeId), the entrance form the hall's section.
  route(app, hallPlaceSelectGifts, async (input, req) => {
    const target = input.placeId !== undefined ? { placeId: input.placeId } : { sectionId: input.sectionId! };
    const outcome = await selectGifts(deps, req.session, {
      performanceId: input.objId,
      count: input.numOfGifts,
      ...target,
    });
    return answered(outcome, input.objId);
  });

  route(app, packagesDeselect, async (input, req) => {
    const outcome = await deselectPackagePlaces(deps, req.session, {
      performancePlaceId: Number(input.cypher),
      packagePerformances: input.packagePerformances ?? [],
    });
    // The answer links the ticket's own performance (areInBasketMoreTicketsLeft / performanceFullUrl, 4.4).
    return answered(outcome, outcome.ok ? outcome.changedPerformances[0] : undefined);
  });
};
