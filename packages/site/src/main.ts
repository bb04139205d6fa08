/**
 * The product's entry point: the API server with the public site's pages.
 * `npm start` runs this with the embedded database; set DATABASE_URL for PostgreSQL.
 */
import { startServer } from '@partera/server';
import { sitePages } from './server/index.js';

const server = await startServer({ plugins: [sitePages] });
console.log(`\nPartera is running: ${server.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.stop().then(() => process.exit(0));
  });
}
