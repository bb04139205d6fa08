import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { Database } from './db/index.js';
import { sessionPlugin } from './http/session.js';
import { apiRoutes } from './routes/index.js';
import { createPartnerOriginsCache, type PartnerOriginsCache } from './services/partners/index.js';

export interface AppDeps {
  db: Database;
  clock: Clock;
  config: ServerConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /**
     * The registered partner origins, one cache per server process: the pages' and the bank's
     * frame-ancestors and the widgets' CORS all read it.
     */
    partnerOrigins: PartnerOriginsCache;
  }
}

export interface BuildOptions {
  logger?: boolean;
  /** Extra plugins, registered after the API (the site's pages are one). */
  plugins?: FastifyPluginAsync[];
}

export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    // Query strings keep bracket names (LoginForm[contact]) literally, as the contract expects.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });
  app.decorate('deps', deps);
  app.decorate('partnerOrigins', createPartnerOriginsCache(deps.db));
  await app.register(cookie);
  await app.register(formbody);
  await app.register(sessionPlugin, { secret: deps.config.csrfSecret, secureCookie: deps.config.production });
  for (const plugin of apiRoutes) await app.register(plugin);
  for (const plugin of opts.plugins ?? []) await app.register(plugin);
  return app;
}
