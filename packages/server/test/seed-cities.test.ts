import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/index.js';
import { GENRES } from '../src/seed/catalogue/genres.js';
import { CITIES, VENUES } from '../src/seed/catalogue/geography.js';
import { SHOWS } from '../src/seed/catalogue/shows.js';
import { HORIZON_MONTHS, seedDemo } from '../src/seed/index.js';
import { createRandom } from '../src/seed/random.js';
import { planPerformances } from '../src/seed/schedule.js';
import { daysUntilMonthsAhead } from '../src/seed/time.js';
import { openTestPglite, type TestDatabase } from './support/databases.js';

const NOW = new Date('2025-03-10T09:30:00Z');

/**
 * The demo catalogue in both cities (issue 13): the full catalogue plays every genre in each
 * city, and the browser tests' 'two-cities' seed is the 'small' seed with the second city's
 * small part added after it (decision 0051), so that every test written against the small
 * catalogue reads the same capital there.
 */
describe('demo catalogue: both cities', () => {
  it('plays every genre and sub-genre in each city, each on sale on some date of the season', () => {
    const cityOf = new Map(VENUES.map((v) => [v.key, v.city]));
    const plan = planPerformances(
      createRandom('partera-demo/full').fork('schedule'),
      NOW,
      SHOWS,
      daysUntilMonthsAhead(NOW, HORIZON_MONTHS),
    );
    const onSale = new Set(plan.filter((p) => p.sale === 'on_sale').map((p) => p.show));
    const missing: string[] = [];
    for (const city of CITIES) {
      for (const root of GENRES) {
        for (const genre of root.children) {
          const found = SHOWS.some(
            (s, i) => s.genre === genre.slug && cityOf.get(s.hall) === city.subdomain && onSale.has(i),
          );
          if (!found) missing.push(`${city.name}: ${root.name} / ${genre.name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

/** What the capital's part of a seed is, in rows that would differ if its ids or draws moved. */
async function capitalRows(db: Queryable) {
  const www = `(SELECT id FROM cities WHERE subdomain = 'www')`;
  const rows = async (sql: string) => (await db.query(sql)).rows;
  return {
    venues: await rows(`SELECT id, name FROM buildings WHERE city_id = ${www} ORDER BY id`),
    shows: await rows(
      `SELECT s.id, s.slug, s.name, s.rating, s.votes, s.description FROM shows s
        JOIN buildings b ON b.id = s.building_id WHERE b.city_id = ${www} ORDER BY s.id`,
    ),
    persons: await rows(
      `SELECT DISTINCT sp.show_id, sp.person_id, sp.role, p.name FROM show_persons sp JOIN persons p ON p.id = sp.person_id
        JOIN shows s ON s.id = sp.show_id JOIN buildings b ON b.id = s.building_id
        WHERE b.city_id = ${www} ORDER BY 1, 2, 3`,
    ),
    performances: await rows(
      `SELECT p.id, p.show_id, p.starts_at, p.sale_state, p.allow_pay, p.max_gift_count_per_ticket, p.gift_price,
              (SELECT count(*) FROM performance_places pp WHERE pp.performance_id = p.id AND pp.state = 2)::int AS sold,
              (SELECT sum(pc.price) FROM price_categories pc WHERE pc.performance_id = p.id)::int AS prices
         FROM performances p JOIN halls h ON h.id = p.hall_id JOIN buildings b ON b.id = h.building_id
        WHERE b.city_id = ${www} ORDER BY p.id`,
    ),
  };
}

describe("the browser tests' seed: 'two-cities' (PGlite)", () => {
  let small: TestDatabase;
  let both: TestDatabase;

  beforeAll(async () => {
    [small, both] = await Promise.all([openTestPglite(), openTestPglite()]);
    await seedDemo(small.db, { now: NOW, scale: 'small' });
    await seedDemo(both.db, { now: NOW, scale: 'two-cities' });
  }, 120_000);
  afterAll(async () => {
    await small?.close();
    await both?.close();
  });

  it("keeps the capital of the 'small' seed row for row, ids included", async () => {
    const capital = await capitalRows(small.db);
    expect(capital.performances.length).toBeGreaterThanOrEqual(10);
    expect(await capitalRows(both.db)).toEqual(capital);
  });

  it('adds the second city: its club and gallery, each with shows on sale, and genres shared with the capital', async () => {
    const cities = await both.db.query<{ subdomain: string; venues: string[]; genres: string[] }>(
      `SELECT c.subdomain,
              ARRAY(SELECT b.name FROM buildings b WHERE b.city_id = c.id ORDER BY b.id) AS venues,
              ARRAY(SELECT DISTINCT g.slug FROM shows s JOIN genres g ON g.id = s.genre_id
                      JOIN buildings b ON b.id = s.building_id
                     WHERE b.city_id = c.id
                       AND EXISTS (SELECT 1 FROM performances p WHERE p.show_id = s.id AND p.sale_state = 'on_sale')
                     ORDER BY 1) AS genres
         FROM cities c ORDER BY c.id`,
    );
    expect(cities.rows.map((c) => c.subdomain)).toEqual(['www', 'spb']);
    const [www, spb] = cities.rows as [(typeof cities.rows)[0], (typeof cities.rows)[0]];
    expect(spb.venues).toEqual(['Клуб «Маяк»', 'Выставочный центр «Нева-Арт»']);
    expect(spb.genres).toEqual(['rok', 'stendap', 'zhivopis']);
    expect(www.genres).toEqual(expect.arrayContaining(['rok', 'zhivopis']));
    const boxOffices = await both.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM box_offices o JOIN cities c ON c.id = o.city_id WHERE c.subdomain = 'spb'`,
    );
    expect(boxOffices.rows[0]!.n).toBeGreaterThan(0);
  });
});
