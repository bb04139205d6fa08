import cluster from 'node:cluster';
import type { FastifyPluginAsync } from 'fastify';
import type { ServerConfig } from './config.js';
import { openMigratedDatabase } from './db/index.js';
import { type DemoLoader, type RunningServer, startServer } from './runtime.js';

/** A worker that dies is started again after this pause; one that dies this soon after its start counts as failing. */
const RESTART_MS = 1_000;
const FAILING_WITHIN_MS = 10_000;
const MAX_FAILING_STARTS = 5;

export interface RunOptions {
  plugins?: FastifyPluginAsync[];
  config: ServerConfig;
  demo?: DemoLoader;
  log?: (line: string) => void;
}

/**
 * Runs the product on every core the configuration asks for (`workers`): one process serves
 * itself; several share one port through node:cluster (the primary hands out connections). The
 * primary migrates the database and loads the demo catalogue once, before any worker starts, then
 * starts the workers and starts again any that dies (an out-of-memory kill, a crash); a worker
 * that keeps dying at start stops the whole. Each worker holds its own database pool, caches and
 * change feed (LISTEN/NOTIFY keeps their caches in step, decision 0016); holds and their expiry
 * are safe from any number of processes (decision 0015).
 *
 * Resolves with the running server in a single process or a worker, and with null in the primary.
 */
export async function runServer(opts: RunOptions): Promise<RunningServer | null> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const { config } = opts;
  if (config.workers <= 1) return startServer(opts);
  if (cluster.isWorker) {
    // The primary has loaded the demo catalogue already.
    return startServer({ ...opts, config: { ...config, demoData: 'none' } });
  }
  const db = await openMigratedDatabase(config);
  try {
    if (config.demoData !== 'none' && opts.demo) {
      const summary = await opts.demo(db, { now: new Date(), scale: config.demoData });
      log(`Demo catalogue ready: ${JSON.stringify(summary)}`);
    }
  } finally {
    await db.close();
  }
  let stopping = false;
  let failing = 0;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    failing = lived < FAILING_WITHIN_MS ? failing + 1 : 0;
    log(`Worker ${worker.process.pid} ended (${signal ?? `exit ${code}`}) after ${Math.round(lived / 1000)} s`);
    if (failing >= MAX_FAILING_STARTS) {
      log('Workers keep failing at start: stopping.');
      process.exit(1);
    }
    setTimeout(fork, RESTART_MS);
  });
  cluster.on('listening', (worker) => log(`Worker ${worker.process.pid} is serving`));
  for (let i = 0; i < config.workers; i++) fork();
  log(`Partera is running on ${config.workers} processes: ${config.publicUrl}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
      setTimeout(() => process.exit(0), 10_000).unref();
    });
  }
  return null;
}
