import type { FastifyPluginAsync } from 'fastify';

/** Reviews: the form, posting, the cabinet's list, answers and the prompt (placeholder: its calls are still to be served). */
export const reviewRoutes: FastifyPluginAsync = async () => {};
