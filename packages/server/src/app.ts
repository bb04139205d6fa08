import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { ServerDeps } from './deps.js';
import { answerError } from './http/errors.js';
import { langPrefixPlugin, langPrefixRewrite } from './http/lang-prefix.js';
import { securityHeaders } from './http/security-headers.js';
import { sessionPlugin } from './http/session.js';
import { apiRoutes } from './routes/index.js';
import { changeFeedOf } from './services/catalogue/changes.js';
import { createPartnerOriginsCache, findFramedSession, type PartnerOriginsCache } from './services/partners/index.js';

/** The app's dependencies: the same as every service's (deps.ts). */
export type AppDeps = ServerDeps;

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
  /** Fastify's logger: off, or on at the given level (warnings and errors for a running server). */
  logger?: boolean | { level: string };
  /** Extra plugins, registered after the API (the site's pages are one). */
  plugins?: FastifyPluginAsync[];
}

export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // X-Forwarded-For/-Proto/-Host count only from the proxies the operator lists (TRUST_PROXY):
    // from anyone else they would choose the client address, the scheme and the host of links.
    trustProxy: deps.config.trustProxy.length > 0 ? deps.config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // Query strings keep bracket names (LoginForm[contact]) literally, as the contract expects.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // The language prefix comes off every address before routing (decision 0054).
    rewriteUrl: langPrefixRewrite(deps.config.langPrefix),
  });
  app.decorate('deps', deps);
  app.decorate('partnerOrigins', createPartnerOriginsCache(deps.db));
  // The safety net under every route registered below: no error's text, SQL or stack reaches a caller.
  app.setErrorHandler((error, req, reply) => answerError(error, req, reply));
  await app.register(langPrefixPlugin, { prefix: deps.config.langPrefix });
  await app.register(securityHeaders);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(sessionPlugin, {
    secret: deps.config.csrfSecret,
    partnerSession: (sessionId) => findFramedSession(deps.db, sessionId),
    ...(deps.config.production ? { warnPlainHttp: (message: string) => app.log.warn(message) } : {}),
  });
  for (const plugin of apiRoutes) await app.register(plugin);
  for (const plugin of opts.plugins ?? []) await app.register(plugin);
  // Serve only once other processes' changes are heard (the page and map caches depend on it).
  await changeFeedOf(deps.db).ready;
  return app;
}
