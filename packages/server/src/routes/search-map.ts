import { searchMapData as searchMapDataCall } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route.js';
import { parseFilters, searchOf } from '../services/search/index.js';
import { searchMapData } from '../services/search/map.js';

/**
 * The venue map of the performance search (site-browsing-account.md 2.6): GET /search/mapData/
 * with the results page's own filter keys. Public and read-only, like the other search calls.
 */
export const searchMapRoutes: FastifyPluginAsync = async (app) => {
  const search = searchOf(app.deps);
  route(app, searchMapDataCall, async (input) =>
    searchMapData(app.deps, parseFilters(input), await search.cityId(input.city)),
  );
};
