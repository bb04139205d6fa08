/**
 * The demo catalogue carries what issue 11's selection modes need: packages of two to four
 * performances on sale that a buyer can fill and order, performances with and without gifts
 * whose seats offer different numbers of them, and seated price categories with several tariffs.
 */
import { beforeAll, expect, it } from 'vitest';
import { DEMO_PACKAGES, seedSmallFixture } from '../src/seed/index.js';
import { buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { suiteApp } from './support/suite-app.js';

describeEachDatabase('demo catalogue: gifts, packages and tariffs', (get) => {
  const s = suiteApp(get);
  const db = () => get().db;

  beforeAll(async () => {
    await seedSmallFixture(db(), new Date());
  }, 60_000);

  it('has the season tickets, each over 2–4 evenings of distinct shows on sale, within one order’s limit', async () => {
    const r = await db().query<{ name: string; n: number; performances: number; shows: number; on_sale: boolean }>(
      `SELECT k.name, k.tickets_in_performance_count AS n, count(*)::int AS performances,
              count(DISTINCT pf.show_id)::int AS shows, bool_and(pf.sale_state = 'on_sale' AND pf.allow_pay) AS on_sale
         FROM packages k JOIN package_performances x ON x.package_id = k.id JOIN performances pf ON pf.id = x.performance_id
        GROUP BY k.id ORDER BY k.id`,
    );
    expect(r.rows.map((k) => k.name)).toEqual(DEMO_PACKAGES.map((k) => k.name));
    for (const k of r.rows) {
      expect(k.performances).toBeGreaterThanOrEqual(2);
      expect(k.performances).toBeLessThanOrEqual(4);
      expect(k.shows).toBe(k.performances);
      expect(k.on_sale).toBe(true);
      expect(k.n * k.performances).toBeLessThanOrEqual(8);
    }
  });

  it('offers gifts at some performances, none at others, and more on better seats', async () => {
    const r = await db().query<{ gifted: number; plain: number; offers: number[] }>(
      `SELECT count(*) FILTER (WHERE max_gift_count_per_ticket > 0 AND gift_price > 0)::int AS gifted,
              count(*) FILTER (WHERE max_gift_count_per_ticket = 0)::int AS plain,
              (SELECT array_agg(DISTINCT pp.available_gifts ORDER BY pp.available_gifts) FROM performance_places pp
                 JOIN performances g ON g.id = pp.performance_id WHERE g.max_gift_count_per_ticket = 5) AS offers
         FROM performances`,
    );
    expect(r.rows[0]).toMatchObject({ offers: [0, 2, 5] });
    expect(r.rows[0]!.gifted).toBeGreaterThan(0);
    expect(r.rows[0]!.plain).toBeGreaterThan(0);
    const stray = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM performance_places pp JOIN performances pf ON pf.id = pp.performance_id
        WHERE pf.max_gift_count_per_ticket = 0 AND pp.available_gifts > 0`,
    );
    expect(stray.rows[0]!.n).toBe(0);
  });

  it('sells seats of some categories at more than one tariff', async () => {
    const r = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM price_categories c
        WHERE (SELECT count(*) FROM tariffs t WHERE t.price_category_id = c.id) > 1
          AND EXISTS (SELECT 1 FROM performance_places pp WHERE pp.price_category_id = c.id)`,
    );
    expect(r.rows[0]!.n).toBeGreaterThan(0);
  });

  it('lets a buyer fill the two-evening package and order it', async () => {
    const k = await db().query<{ package_id: number; n: number; performance_id: number }>(
      `SELECT x.package_id, k.tickets_in_performance_count AS n, x.performance_id
         FROM package_performances x JOIN packages k ON k.id = x.package_id
        WHERE k.name = $1 ORDER BY x.position`,
      [DEMO_PACKAGES[1].name],
    );
    const a = buyer(s.app);
    for (const { package_id, n, performance_id } of k.rows) {
      const free = await db().query<{ id: number }>(
        `SELECT pp.id FROM performance_places pp JOIN places pl ON pl.id = pp.place_id
          WHERE pp.performance_id = $1 AND pp.state = 0 AND pl.group_id = 0 AND pl.exclusive_pair_place_id IS NULL
          ORDER BY pp.id LIMIT $2`,
        [performance_id, n],
      );
      for (const { id } of free.rows) {
        expect((await a.post('/hallPlace/select/', { cypher: id, packageId: package_id })).json().result).toBe(1);
      }
    }
    const order = await a.post('/order/createAnonymousOrder/', {
      email: 'tatiana@example.ru',
      name: 'Татьяна',
      surname: 'Ларина',
      payment: 'card',
      pc: 'bankovskaya_karta',
    });
    expect(order.json(), JSON.stringify(order.json())).toMatchObject({ error: 0 });
  });
});
