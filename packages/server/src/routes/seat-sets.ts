import {
  bestAvailable,
  bestPlaceCheck,
  futureTicketAdd,
  futureTicketRemove,
  hallPlaceDeselectGroup,
  hallPlaceSelectExclusive,
  hallPlaceSelectGroup,
  roublesToKopecks,
} from '@partera/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { route } from '../http/route.js';
import { clientAddress } from '../limits/index.js';
import {
  addFutureTickets,
  checkBestPlaces,
  deselectPlaces,
  type NamedPlace,
  placePerformanceLookup,
  removeFutureTickets,
  type SelectionOutcome,
  selectBestAvailable,
  selectionAnswer,
  selectionMessages,
  selectPlaces,
} from '../services/basket/index.js';
import { changeFeedOf } from '../services/catalogue/changes.js';

/** A price in roubles as the database's kopecks, within its integer (a larger one matches nothing anyway). */
const kopecksOf = (roubles: number) => Math.max(-2_147_483_648, Math.min(2_147_483_647, roublesToKopecks(roubles)));

type GroupPlace = { cypher: string; tax?: number; exclisivePlace?: boolean; baseObjId?: number };

const named = (places: readonly GroupPlace[]): NamedPlace[] =>
  places.map((p) => ({
    performancePlaceId: Number(p.cypher),
    tariffId: p.tax ?? null,
    exclusive: p.exclisivePlace === true,
    performanceId: p.baseObjId ?? null,
  }));

/**
 * The hall page's seat-set calls (hall-basket-checkout.md 7.1–7.3, decision 0026): groups and
 * exclusive pairs held all or nothing, best available, the list view's future tickets and the
 * best-places check. Every add passes the admission gate (decision 0018) like a seat select: the
 * route's `admission` option names its performance, and the route counts and gates the attempt
 * in one step before the handler runs.
 */
export const seatSetRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const changes = changeFeedOf(deps.db);
  const performanceOfPlace = placePerformanceLookup(deps.db);

  /** A change of a performance's holds outdates its shared map and the pages showing its numbers. */
  const answered = (outcome: SelectionOutcome, performanceId?: number) => {
    if (outcome.ok) changes.availabilityChanged(outcome.changedPerformances);
    return selectionAnswer(outcome, performanceId);
  };

  // The path names the page's session (spec 7.2): a page of another session (a stale tab, a link
  // carrying someone's session id) is refused and never touches that session's basket.
  const foreignSession = (reply: FastifyReply, call: typeof hallPlaceSelectGroup | typeof hallPlaceDeselectGroup) =>
    reply.code(403).send(call.failure(selectionMessages.foreignSession.message, 403));

  // The group's performance: the one its first place names, or that place's own.
  route(
    app,
    hallPlaceSelectGroup,
    async (input, req, reply) => {
      if (input.sessionId !== req.session.id) return foreignSession(reply, hallPlaceSelectGroup);
      const places = named(input.places);
      return answered(await selectPlaces(deps, req.session, { places, client: clientAddress(req.ip) }));
    },
    {
      admission: ({ places: [first] }) =>
        first?.baseObjId ?? (first && performanceOfPlace.deferred(Number(first.cypher))),
    },
  );

  route(app, hallPlaceDeselectGroup, async (input, req, reply) => {
    if (input.sessionId !== req.session.id) return foreignSession(reply, hallPlaceDeselectGroup);
    return answered(await deselectPlaces(deps, req.session, { places: named(input.places) }));
  });

  // baseObjId is the performance of the star seat (decision 0026).
  route(
    app,
    hallPlaceSelectExclusive,
    async (input, req) => {
      const places = named([{ cypher: input.cypher, exclisivePlace: true, baseObjId: input.baseObjId }]);
      return answered(await selectPlaces(deps, req.session, { places, client: clientAddress(req.ip) }));
    },
    { admission: (input) => input.baseObjId },
  );

  route(
    app,
    bestAvailable,
    async (input, req) => {
      const outcome = await selectBestAvailable(deps, req.session, {
        performanceId: input.performanceId,
        count: input.count,
        priceMin: input.priceMin === undefined ? null : kopecksOf(input.priceMin),
        priceMax: input.priceMax === undefined ? null : kopecksOf(input.priceMax),
        sectionId: input.sectionId ?? null,
        client: clientAddress(req.ip),
      });
      return answered(outcome, input.performanceId);
    },
    { admission: (input) => input.performanceId },
  );

  route(
    app,
    futureTicketAdd,
    async (input, req) => {
      const outcome = await addFutureTickets(deps, req.session, {
        performanceId: input.performanceId,
        sectionId: input.sectionId,
        tariffId: input.taxId,
        priceCategoryId: input.fundId ?? null,
        count: input.count,
        client: clientAddress(req.ip),
      });
      return answered(outcome, input.performanceId);
    },
    { admission: (input) => input.performanceId },
  );

  route(app, futureTicketRemove, async (input, req) => {
    const outcome = await removeFutureTickets(deps, req.session, {
      performanceId: input.performanceId,
      sectionId: input.sectionId,
      price: kopecksOf(input.ticketPrice),
      count: input.count ?? 1,
    });
    return answered(outcome, input.performanceId);
  });

  route(app, bestPlaceCheck, async (input, req, reply) => {
    reply.header('cache-control', 'no-store');
    const check = await checkBestPlaces(deps, req.session, input.performanceId);
    if (check.available) return { status: 'success' as const };
    return { status: 'error' as const, message: { error: check.message } };
  });
};
