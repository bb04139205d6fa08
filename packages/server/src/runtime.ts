import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { buildApp } from './app.js';
import { type Clock, ManualClock, systemClock } from './clock.js';
import { loadConfig, type ServerConfig } from './config.js';
import { type Database, openMigratedDatabase } from './db/index.js';
import { startOutboxWorker } from './notifications/outbox.js';
import { messageSendersOf } from './notifications/senders/index.js';
import { changeFeedOf } from './services/catalogue/changes.js';
import { sweepExpiredHolds } from './services/holds/index.js';

const SWEEP_INTERVAL_MS = 5_000;

/** Fills an empty database with demo data (the demo room's seedDemo); see ServerConfig.demoData. */
export type DemoLoader = (
  db: Database,
  opts: { now: Date; scale: 'full' | 'small' | 'two-cities' },
) => Promise<unknown>;

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the whole product: database (PGlite data folder or DATABASE_URL), migrations, the demo
 * catalogue on an empty database when the configuration asks for it (never by default in
 * production) and a loader is given, the hold sweeper, the outbox worker (the configured e-mail
 * and SMS gateways; in development the development sender for a channel without one) and the
 * HTTP server with the given page plugins.
 */
export async function startServer(opts: {
  plugins?: FastifyPluginAsync[];
  config?: ServerConfig;
  /** The demo room's loader; the product itself never imports demo data. */
  demo?: DemoLoader;
  log?: (line: string) => void;
}): Promise<RunningServer> {
  const config = opts.config ?? loadConfig();
  const log = opts.log ?? ((line: string) => console.log(line));
  const clock: Clock = process.env.CLOCK_CONTROL === '1' && config.devTools ? new ManualClock() : systemClock;
  const db = await openMigratedDatabase(config);
  log(`Database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`);
  const scale = config.demoData;
  if (scale !== 'none' && opts.demo) {
    const started = Date.now();
    const summary = await opts.demo(db, { now: clock.now(), scale });
    log(`Demo catalogue ready (${Math.round((Date.now() - started) / 100) / 10} s): ${JSON.stringify(summary)}`);
  } else if (scale !== 'none') {
    log('Demo data was asked for, but this entry point has no demo loader: nothing loaded.');
  }
  const app = await buildApp(
    { db, clock, config },
    {
      plugins: opts.plugins ?? [],
      // Warnings and errors reach the operator (LOG_LEVEL=info adds every request).
      logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    },
  );
  // Every few seconds: a lapsed hold shows as free on the pages once it is swept (sweeper.ts).
  const changes = changeFeedOf(db);
  const sweeper = setInterval(() => {
    sweepExpiredHolds(db, clock.now()).then(
      (swept) => changes.availabilityChanged(swept.performances),
      (err) => app.log.error(err),
    );
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  // The outbox worker delivers through the configured gateways (SMTP, SMS.ru). In development a
  // channel without one has the development sender: its messages are marked sent, as a real
  // sender would mark them, and stay readable on /dev/outbox/. In production such a channel's
  // messages wait in the outbox until a gateway is configured.
  const { senders, unconfigured } = messageSendersOf(config);
  for (const line of unconfigured) log(line);
  const outboxWorker =
    senders.email || senders.sms
      ? startOutboxWorker({ db, clock }, senders, {
          intervalMs: config.production ? 2000 : 1000,
          onError: (err) => app.log.error(err),
          onFailure: ({ message, error, final }) =>
            app.log.warn(
              `Outbox message ${message.id} (${message.channel}) ${final ? 'failed for good' : 'will be retried'} after try ${message.attempts}: ${error}`,
            ),
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
