import {
  entranceTicketsAdd,
  entranceTicketsRemove,
  hallMap,
  hallPlaceDeselect,
  hallPlaceDeselectAll,
  hallPlaceSelect,
} from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { pickEncoding } from '../http/compression.js';
import { route } from '../http/route.js';
import { budgets, clientOf, limiterOf, requesterOf, sendTooManyRequests } from '../limits/index.js';
import {
  addEntranceTickets,
  deselectAll,
  deselectPlace,
  placePerformanceLookup,
  removeEntranceTickets,
  type SelectionOutcome,
  selectionAnswer,
  selectPlace,
} from '../services/basket/index.js';
import { changeFeedOf } from '../services/catalogue/changes.js';
import { hallMapCacheOf } from '../services/hall/map-cache.js';

/** The hall page's calls (hall-basket-checkout.md 7.1–7.3): the map and the seat selection. */
export const hallRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  const maps = hallMapCacheOf(deps);
  const changes = changeFeedOf(deps.db);
  const limiter = limiterOf(app);
  const performanceOfPlace = placePerformanceLookup(deps.db);

  /**
   * A basket change's answer. A change of a performance's holds outdates its shared map and the
   * pages that show its numbers, in this process at once and in the others within milliseconds.
   */
  const answered = (outcome: SelectionOutcome, performanceId?: number) => {
    if (outcome.ok) changes.availabilityChanged(outcome.changedPerformances);
    return selectionAnswer(outcome, performanceId);
  };

  // The shared, cached map unless this buyer holds places of the performance: then one built
  // for them, which costs a full build and so has its own, smaller rate limit; so does a map
  // sent uncompressed (tens of megabytes for a stadium).
  route(app, hallMap, async (input, req, reply) => {
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const personal = !req.session.isNew && (await maps.holdsPlaces(input.performanceId, req.session.id));
    const costly = [
      ...(personal ? [budgets.personalHallMap] : []),
      ...(encoding === 'identity' ? [budgets.uncompressedHallMap] : []),
    ];
    if (costly.length > 0) {
      const refusal = await limiter.take(costly, requesterOf(req));
      if (refusal) return sendTooManyRequests(reply, hallMap, refusal);
    }
    const format = input.compact === undefined ? 'spec' : 'compact';
    const map = personal
      ? await maps.personal(input.performanceId, req.session.id, encoding, format)
      : await maps.shared(input.performanceId, encoding, format);
    if (!map)
      return reply.code(404).send(hallMap.failure('Возникла ошибка при загрузке схемы зала. Попробуйте позже.', 404));
    // no-store: the answer depends on the buyer's holds; and nothing caches it, so Accept-Encoding needs no Vary.
    reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
    if (map.encoding !== 'identity') reply.header('content-encoding', map.encoding);
    return reply.send(map.body);
  });

  // The contract lets through only a cypher of 1 to 10 digits within the database's integer.
  // The route gates it by the place's performance (decision 0018) before this handler runs.
  route(
    app,
    hallPlaceSelect,
    async (input, req) => {
      const outcome = await selectPlace(deps, req.session, {
        performancePlaceId: Number(input.cypher),
        tariffId: input.tax ?? null,
        client: clientOf(req),
        // Package mode (spec 2.2): the package's rules too (basket/packages.ts).
        ...(input.packageId !== undefined ? { packageId: input.packageId } : {}),
      });
      return answered(outcome);
    },
    { admission: (input) => performanceOfPlace.deferred(Number(input.cypher)) },
  );

  route(app, hallPlaceDeselect, async (input, req) => {
    const performancePlaceId = Number(input.cypher);
    const outcome = await deselectPlace(deps, req.session, { performancePlaceId });
    // The answer links the performance (read once per process, performanceOfPlace).
    return answered(outcome, await performanceOfPlace(performancePlaceId));
  });

  // A GET in the spec (the page reloads after it); the contract marks it as changing state, so
  // like a POST it needs the CSRF token and this site's Origin.
  route(app, hallPlaceDeselectAll, async (_input, req) => answered(await deselectAll(deps, req.session)));

  route(
    app,
    entranceTicketsAdd,
    async (input, req) => {
      const outcome = await addEntranceTickets(deps, req.session, {
        performanceId: input.performanceId,
        sectionId: input.sectionId,
        count: input.count,
        tariffId: input.taxId || null,
        client: clientOf(req),
      });
      return answered(outcome, input.performanceId);
    },
    { admission: (input) => input.performanceId },
  );

  route(app, entranceTicketsRemove, async (input, req) => {
    const outcome = await removeEntranceTickets(deps, req.session, {
      performanceId: input.performanceId,
      sectionId: input.sectionId,
      count: input.count ?? 1,
    });
    return answered(outcome, input.performanceId);
  });
};
