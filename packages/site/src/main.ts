/**
 * The product's entry point: the API server with the public site's pages.
 * `npm start` runs this with the embedded database; set DATABASE_URL for PostgreSQL.
 */
import { ConfigError, loadConfig, runServer } from '@partera/server';
import { seedDemo } from '@partera/server/demo';
import { sitePages } from './server/index.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`\nPartera cannot start: ${err.message}\n`);
  process.exit(1);
}
// The demo catalogue comes only from this entry, and only when the configuration asks for it
// (always in development; in production only with DEMO_DATA set). With several workers
// (WORKERS, one per core with PostgreSQL) this process starts them and `server` is null.
const server = await runServer({ plugins: [sitePages], config, demo: seedDemo });
if (server) {
  if (config.workers === 1) console.log(`\nPartera is running: ${server.url}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.stop().then(() => process.exit(0));
    });
  }
}
