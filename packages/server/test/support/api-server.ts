/**
 * A bare API server process for multi-process tests: the same app the product runs, without
 * pages or demo data. Reads DATABASE_URL, PORT, SECRET and UNSAFE_DISABLE_HOLD_GUARD from the
 * environment and prints 'ready' once it listens.
 */
import { buildApp } from '../../src/app.js';
import { systemClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/index.js';

const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
const db = await openDatabase(config);
const app = await buildApp({ db, clock: systemClock, config }, { logger: process.env.LOG === '1' });
await app.listen({ port: config.port, host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', () => {
  app.close().then(() => db.close().then(() => process.exit(0)));
});
