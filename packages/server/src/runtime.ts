import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { buildApp } from './app.js';
import { type Clock, ManualClock, systemClock } from './clock.js';
import { loadConfig, type ServerConfig } from './config.js';
import { openMigratedDatabase } from './db/index.js';
import { developmentSender, startOutboxWorker } from './notifications/outbox.js';
import { seedDemo } from './seed/index.js';
import { sweepExpiredHolds } from './services/holds/index.js';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the whole product: database (PGlite data folder or DATABASE_URL), migrations, the demo
 * catalogue on an empty database, the hold sweeper, the development outbox sender (with
 * development tools, outside production) and the HTTP server with the given page plugins.
 */
export async function startServer(opts: {
  plugins?: FastifyPluginAsync[];
  config?: ServerConfig;
  seed?: 'full' | 'small' | 'none';
  log?: (line: string) => void;
}): Promise<RunningServer> {
  const config = opts.config ?? loadConfig();
  const log = opts.log ?? ((line: string) => console.log(line));
  const clock: Clock = process.env.CLOCK_CONTROL === '1' && config.devTools ? new ManualClock() : systemClock;
  const db = await openMigratedDatabase(config);
  log(`Database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`);
  const seed = opts.seed ?? (process.env.SEED as 'full' | 'small' | 'none' | undefined) ?? 'full';
  if (seed !== 'none') {
    const started = Date.now();
    const summary = await seedDemo(db, { now: clock.now(), scale: seed });
    log(`Demo catalogue ready (${Math.round((Date.now() - started) / 100) / 10} s): ${JSON.stringify(summary)}`);
  }
  const app = await buildApp({ db, clock, config }, { plugins: opts.plugins ?? [], logger: false });
  const sweeper = setInterval(() => {
    sweepExpiredHolds(db, clock.now()).catch((err) => app.log.error(err));
  }, 60_000);
  sweeper.unref();
  // Outside production no gateway delivers e-mails and SMS: the development sender marks them
  // sent, as a real one would, and they stay readable on /dev/outbox/.
  const outboxWorker =
    config.devTools && !config.production
      ? startOutboxWorker({ db, clock }, developmentSender, {
          intervalMs: 1000,
          onError: (err) => app.log.error(err),
        })
      : undefined;
  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl;
  return {
    app,
    url,
    async stop() {
      clearInterval(sweeper);
      await outboxWorker?.stop();
      await app.close();
      await db.close();
    },
  };
}
