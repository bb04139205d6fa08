import {
  searchAutocomplete,
  searchAutocompleteMore,
  searchPerformanceCount,
  searchPersonCount,
  searchPlaceCount,
} from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route.js';
import { countText, parseFilters, type ResultsKind, searchOf, type WireFilters } from '../services/search/index.js';

/**
 * Search (site-browsing-account.md 2.2, 2.6, 7 Search): the header's suggestions, both variants,
 * and the results pages' filter counts. They read and change nothing of the buyer's, so they ask
 * for no CSRF token: a partner page or a forged form learns only what the public pages show.
 */
export const searchRoutes: FastifyPluginAsync = async (app) => {
  const search = searchOf(app.deps);

  route(
    app,
    searchAutocomplete,
    async (input) => search.list(input.text, input.index, await search.cityId(input.city)),
    { csrf: false },
  );

  route(
    app,
    searchAutocompleteMore,
    async (input) => search.grouped(input.text, input.index, await search.cityId(input.city)),
    { csrf: false },
  );

  const count = (kind: ResultsKind) => async (input: WireFilters & { city?: string }) =>
    countText(kind, await search.count(kind, parseFilters(input), await search.cityId(input.city)));

  route(app, searchPerformanceCount, count('performance'));
  route(app, searchPlaceCount, count('place'));
  route(app, searchPersonCount, async (input) => count(input.index === 'organizer' ? 'organizer' : 'person')(input));
};
