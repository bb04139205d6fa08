import { buildingsList, scheduleRows, showsList } from '@partera/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../http/route.js';
import { listsOf } from '../services/catalogue/lists.js';
import { parseScheduleAddress } from '../services/catalogue/schedule-address.js';

/** The site's schedule page n, for its address without ?ajax (the 'next page' link without scripts). */
export type SchedulePageHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const schedulePages = new WeakMap<object, SchedulePageHandler>();

/**
 * The schedule's page n shares its address with the rows call (spec 7: {url}page-{n}/?ajax);
 * the site registers its page here and the call hands it the requests without ?ajax.
 */
export function serveSchedulePage(app: FastifyInstance, page: SchedulePageHandler): void {
  schedulePages.set(app.deps, page);
}

/**
 * The schedule's rows and the list widgets (site-browsing-account.md 2.8, 2.12, 7 Schedule and
 * lists): public catalogue reads that change nothing, so they ask for no CSRF token; a partner
 * page or a forged request learns only what the public pages show. Each answer is HTML whose
 * every value is escaped; a made-up venue or genre gets 404, a malformed request 400 (the
 * contract), never a 500.
 */
export const listRoutes: FastifyPluginAsync = async (app) => {
  const lists = listsOf(app.deps);

  route(app, scheduleRows, async (input, req, reply) => {
    const page = schedulePages.get(app.deps);
    if (input.ajax === undefined && page) {
      await page(req, reply);
      return reply.sent ? undefined : '';
    }
    const address = parseScheduleAddress(input);
    if (!address) {
      reply.code(400);
      return '';
    }
    const found = await lists.schedule(address, await lists.city(input.city));
    if (!found) {
      reply.code(404);
      return '';
    }
    return found.html;
  });

  route(app, showsList, async (input) => (await lists.showsList(input, await lists.city(input.city))).html);

  route(app, buildingsList, async (input) => (await lists.venuesList(input, await lists.city(input.city))).html);
};
