import type { FastifyPluginAsync } from 'fastify';

/** Bonus points, gifts, promo codes, promotions, the loyalty card and surveys (placeholder: its calls are still to be served). */
export const bonusRoutes: FastifyPluginAsync = async () => {};
