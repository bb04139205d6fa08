import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/index.js';
import { buildTestApp } from './app.js';
import { openTestDatabase } from './databases.js';

/**
 * Runs `body` against an app whose admission gate lets one buyer in (rate 1, burst 1) and keeps
 * its queue and counters in the Redis of REDIS_URL. A data folder of its own names this run's
 * keys in Redis (redisNamespace), so every call starts on a fresh queue.
 */
export async function withRedisGate(body: (app: FastifyInstance, db: Database) => Promise<void>): Promise<void> {
  const db = await openTestDatabase('pglite');
  const config = {
    admission: { rate: 1, burst: 1 },
    redisUrl: process.env.REDIS_URL,
    dataDir: `/nonexistent/${randomBytes(6).toString('hex')}`,
  };
  const { app } = await buildTestApp(db.db, { config });
  try {
    await body(app, db.db);
  } finally {
    await app.close();
    await db.close();
  }
}
