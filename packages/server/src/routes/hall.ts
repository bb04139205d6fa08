import {
  entranceTicketsAdd,
  entranceTicketsRemove,
  hallMap,
  hallPlaceDeselect,
  hallPlaceDeselectAll,
  hallPlaceSelect,
} from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route.js';
import {
  addEntranceTickets,
  deselectAll,
  deselectPlace,
  removeEntranceTickets,
  selectionAnswer,
  selectPlace,
} from '../services/basket/index.js';
import { loadHallMap } from '../services/hall/map.js';

/** The hall page's calls (hall-basket-checkout.md 7.1–7.3): the map and the seat selection. */
export const hallRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, hallMap, async (input, req, reply) => {
    const map = await loadHallMap(deps.db, input.performanceId, req.session.id, deps.clock.now());
    if (!map)
      return reply.code(404).send(hallMap.failure('Возникла ошибка при загрузке схемы зала. Попробуйте позже.', 404));
    reply.header('cache-control', 'no-store');
    return map;
  });

  route(app, hallPlaceSelect, async (input, req) => {
    const performancePlaceId = Number(input.cypher);
    if (!Number.isSafeInteger(performancePlaceId))
      return hallPlaceSelect.failure('Не удалось добавить билет в корзину');
    const outcome = await selectPlace(deps, req.session, { performancePlaceId, tariffId: input.tax ?? null });
    return selectionAnswer(outcome);
  });

  route(app, hallPlaceDeselect, async (input, req) => {
    const performancePlaceId = Number(input.cypher);
    if (!Number.isSafeInteger(performancePlaceId))
      return hallPlaceDeselect.failure('Не удалось удалить билет из корзины');
    const outcome = await deselectPlace(deps, req.session, { performancePlaceId });
    const performanceId = await performanceOfPlace(performancePlaceId);
    return selectionAnswer(outcome, performanceId);
  });

  // A GET in the spec (the page reloads after it); it only ever empties the caller's own basket.
  route(app, hallPlaceDeselectAll, async (_input, req) => selectionAnswer(await deselectAll(deps, req.session)), {
    csrf: false,
  });

  route(app, entranceTicketsAdd, async (input, req) => {
    const outcome = await addEntranceTickets(deps, req.session, {
      performanceId: input.performanceId,
      sectionId: input.sectionId,
      count: input.count,
      tariffId: input.taxId || null,
    });
    return selectionAnswer(outcome, input.performanceId);
  });

  route(app, entranceTicketsRemove, async (input, req) => {
    const outcome = await removeEntranceTickets(deps, req.session, {
      performanceId: input.performanceId,
      sectionId: input.sectionId,
      count: input.count ?? 1,
    });
    return selectionAnswer(outcome, input.performanceId);
  });

  async function performanceOfPlace(performancePlaceId: number): Promise<number | undefined> {
    const r = await deps.db.query<{ performance_id: number }>(
      'SELECT performance_id FROM performance_places WHERE id = $1',
      [performancePlaceId],
    );
    return r.rows[0]?.performance_id;
  }
};
