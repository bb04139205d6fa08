/**
 * Looks at the site with demo data: a PGlite database in a temporary folder, migrated and seeded
 * (the server's demo catalogue when it is there, else a small fixture), the API and the site's
 * pages on http://localhost:3100. Build the client first (pnpm --filter @partera/site build).
 *
 *   npx tsx --tsconfig packages/site/tsconfig.json --conditions=source packages/site/scripts/dev-preview.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as server from '@partera/server';
import { buildApp, type Database, loadConfig, migrate, openDatabase, systemClock } from '@partera/server';
import { sitePages } from '../src/server/index.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'partera-preview-'));
const config = { ...loadConfig({ PORT: '3100', DATA_DIR: dataDir }), databaseUrl: undefined };
const db = await openDatabase(config);
await migrate(db);

type SeedDemo = (db: Database, opts: { now: Date; scale: 'full' | 'small' }) => Promise<unknown>;
const seedDemo = (server as unknown as { seedDemo?: SeedDemo }).seedDemo;
if (seedDemo) {
  console.log(
    'Seeding the demo catalogue…',
    await seedDemo(db, { now: systemClock.now(), scale: process.env.PREVIEW_SCALE === 'small' ? 'small' : 'full' }),
  );
} else {
  await seedFixture(db, systemClock.now());
  console.log('Seeded the small preview fixture (the server exports no seedDemo).');
}

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

/** Two cities, a few shows with performances over the coming weeks; no seats (no hall plans). */
async function seedFixture(db: Database, now: Date): Promise<void> {
  const day = (n: number, hour: number) => {
    const d = new Date(now);
    d.setUTCDate(d.getUTCDate() + n);
    d.setUTCHours(hour - 3, 0, 0, 0);
    return d;
  };
  await db.query(`INSERT INTO cities (subdomain, name, support_phone) VALUES
    ('www', 'Москва', '+7 495 123-45-67'), ('spb', 'Санкт-Петербург', '+7 812 123-45-67')`);
  await db.query(
    `INSERT INTO genres (name, slug) VALUES ('Драма', 'drama'), ('Концерт', 'concert'), ('Балет', 'ballet')`,
  );
  await db.query(`INSERT INTO buildings (city_id, name, slug, address) VALUES
    (1, 'Малый театр', 'maly', 'Театральная пл., 1'), (2, 'Мариинский театр', 'mariinsky', 'Театральная пл., 1')`);
  await db.query(
    `INSERT INTO halls (building_id, name, kind) VALUES (1, 'Основная сцена', 'theatre'), (2, 'Историческая сцена', 'theatre')`,
  );
  const shows = [
    ['anna-karenina', 'Анна Каренина', 1, 1, 16],
    ['revizor', 'Ревизор', 1, 1, 12],
    ['shchelkunchik', 'Щелкунчик', 3, 2, 0],
    ['vecher-romansa', 'Вечер русского романса', 2, 1, 6],
  ] as const;
  for (const [i, [slug, name, genre, building, age]] of shows.entries()) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO shows (slug, name, genre_id, building_id, age_mark, description, duration_minutes)
       VALUES ($1, $2, $3, $4, $5, $6, 150) RETURNING id`,
      [slug, name, genre, building, age, `«${name}» — спектакль в постановке театра.`],
    );
    const showId = rows[0]!.id;
    for (let k = 0; k < 4; k++) {
      const perf = await db.query<{ id: number }>(
        `INSERT INTO performances (show_id, hall_id, starts_at, sale_state) VALUES ($1, $2, $3, $4) RETURNING id`,
        [showId, building, day(2 + i + k * 5, 19), k === 3 ? 'soon' : 'on_sale'],
      );
      await db.query(`INSERT INTO price_categories (performance_id, color, price) VALUES ($1, '#d6002a', $2)`, [
        perf.rows[0]!.id,
        (1500 + i * 500) * 100,
      ]);
    }
  }
}
