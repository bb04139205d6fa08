import type { FastifyPluginAsync } from 'fastify';

/** Replace and reschedule (refunds), per-order delivery and the cashback tab (placeholder: its calls are still to be served). */
export const refundRoutes: FastifyPluginAsync = async () => {};
