import type { FastifyPluginAsync } from 'fastify';

/** The wishlist, notify-on-sale requests and the rating vote (placeholder: its calls are still to be served). */
export const wishlistRoutes: FastifyPluginAsync = async () => {};
