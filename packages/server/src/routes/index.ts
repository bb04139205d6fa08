import type { FastifyPluginAsync } from 'fastify';

/** Every route plugin of the API, one file per area of the spec. */
export const apiRoutes: FastifyPluginAsync[] = [];
