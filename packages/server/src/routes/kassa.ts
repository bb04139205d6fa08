import { boxOfficePoints } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route.js';
import { boxOfficesOf, toBoxOfficePoint } from '../services/catalogue/box-offices.js';

/**
 * Box offices (site-browsing-account.md 2.10): the points of the /kassa/ map. Public data that
 * changes nothing, so no CSRF token: another site learns only what the page shows.
 */
export const kassaRoutes: FastifyPluginAsync = async (app) => {
  const offices = boxOfficesOf(app.deps);
  route(app, boxOfficePoints, async (input) => {
    const points = await offices.points(await offices.cityId(input.city), {
      metroId: input.idm ?? null,
      divisionId: input.idd ?? null,
      onlineOnly: input.online === true,
    });
    return points.map(toBoxOfficePoint);
  });
};
