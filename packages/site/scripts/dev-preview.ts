/**
 * Looks at the site with demo data: a PGlite database in a temporary folder, migrated and seeded
 * with the demo catalogue (PREVIEW_SCALE=small for the small one), the API and the site's pages
 * on http://localhost:3100. Build the client first (pnpm --filter @partera/site build).
 *
 *   npx tsx --tsconfig packages/site/tsconfig.json --conditions=source packages/site/scripts/dev-preview.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, loadConfig, migrate, openDatabase, systemClock } from '@partera/server';
import { seedDemo } from '@partera/server/demo';
import { sitePages } from '../src/server/index.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'partera-preview-'));
const config = { ...loadConfig({ PORT: '3100', DATA_DIR: dataDir }), databaseUrl: undefined };
const db = await openDatabase(config);
await migrate(db);

console.log(
  'Seeding the demo catalogue…',
  await seedDemo(db, { now: systemClock.now(), scale: process.env.PREVIEW_SCALE === 'small' ? 'small' : 'full' }),
);

const app = await buildApp({ db, clock: systemClock, config }, { plugins: [sitePages] });
await app.listen({ port: config.port, host: '127.0.0.1' });
console.log(`Site preview on http://localhost:${config.port}/ (data in ${dataDir})`);

const stop = async () => {
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
