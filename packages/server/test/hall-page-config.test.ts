/**
 * The hall configuration's next date and list view (hall-basket-checkout.md 2.1, 3.1; decision
 * 0029): nextDateUrl names the show's next performance on sale after this one (null when none),
 * and isOnlySections is true for a performance marked to sell by sections and for a hall with
 * nothing to draw (no plan, no places).
 */
import { expect, it } from 'vitest';
import { buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';
import { suiteApp } from './support/suite-app.js';

const DAY = 86_400_000;

describeEachDatabase('the hall configuration: next date and list view', (get) => {
  const s = suiteApp(get);
  const db = () => get().db;
  const inDays = (days: number) => new Date(s.clock.now().getTime() + days * DAY);
  const config = async (performanceId: number) => {
    const r = await buyer(s.app).get(`/spa-api/app/widget-hall/${performanceId}/`);
    expect(r.status).toBe(200);
    return r.json().config;
  };
  const pageOf = (performanceId: number) =>
    `${new URL(s.app.deps.config.publicUrl).origin}/performance/${performanceId}/`;

  it('links the show’s next performance on sale after this one, skipping those not on sale; null after the last', async () => {
    const f = await createHallFixture(db(), { startsAt: inDays(10) });
    const { show_id: showId } = (
      await db().query<{ show_id: number }>('SELECT show_id FROM performances WHERE id = $1', [f.performanceId])
    ).rows[0]!;
    const another = async (days: number, sale = 'on_sale', sellable = true) =>
      (
        await db().query<{ id: number }>(
          `INSERT INTO performances (show_id, hall_id, starts_at, sale_state, allow_reserve, allow_pay)
           VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
          [showId, f.hallId, inDays(days), sale, sellable],
        )
      ).rows[0]!.id;
    const earlier = await another(5);
    await another(11, 'soon');
    await another(12, 'closed');
    await another(13, 'on_sale', false);
    const next = await another(20);
    const last = await another(30);
    // Another show's performance in between is not this show's next date.
    const other = await createHallFixture(db(), { startsAt: inDays(15) });

    expect((await config(earlier)).nextDateUrl).toBe(pageOf(f.performanceId));
    expect((await config(f.performanceId)).nextDateUrl).toBe(pageOf(next));
    expect((await config(next)).nextDateUrl).toBe(pageOf(last));
    expect((await config(last)).nextDateUrl).toBeNull();
    expect((await config(other.performanceId)).nextDateUrl).toBeNull();
    // A performance that has started is no next date any more.
    s.clock.advance(25 * DAY);
    expect((await config(next)).nextDateUrl).toBe(pageOf(last));
    s.clock.advance(6 * DAY);
    expect((await config(next)).nextDateUrl).toBeNull();
  });

  it('serves the list view for a performance marked to sell by sections, and for a hall with nothing to draw', async () => {
    const f = await createHallFixture(db(), { startsAt: inDays(10) });
    expect((await config(f.performanceId)).isOnlySections).toBe(false);
    await db().query('UPDATE performances SET sell_by_sections = true WHERE id = $1', [f.performanceId]);
    expect((await config(f.performanceId)).isOnlySections).toBe(true);

    // A loft: standing sections only, no plan, no places.
    const loft = (
      await db().query<{ id: number }>(
        `INSERT INTO halls (building_id, name, kind)
         SELECT building_id, 'Лофт', 'club' FROM halls WHERE id = $1 RETURNING id`,
        [f.hallId],
      )
    ).rows[0]!.id;
    await db().query(`INSERT INTO sections (hall_id, name, kind, capacity) VALUES ($1, 'Танцпол', 'entrance', 100)`, [
      loft,
    ]);
    const gig = (
      await db().query<{ id: number }>(
        `INSERT INTO performances (show_id, hall_id, starts_at)
         SELECT show_id, $2, $3 FROM performances WHERE id = $1 RETURNING id`,
        [f.performanceId, loft, inDays(12)],
      )
    ).rows[0]!.id;
    expect((await config(gig)).isOnlySections).toBe(true);
    // Its layout still has a drawing to insert (an empty one), and the section to sell.
    const layout = await buyer(s.app).get(`/hallview/layout/${loft}/`);
    expect(layout.status).toBe(200);
    expect(layout.json().svg).toMatch(/^<svg [^>]*viewBox="0 0 1 1"><\/svg>$/);
    expect(layout.json().sections).toMatchObject([{ name: 'Танцпол', kind: 'entrance' }]);
    // Drawn after all: the plan again.
    await db().query(`UPDATE halls SET svg = '<svg viewBox="0 0 10 10"></svg>' WHERE id = $1`, [loft]);
    expect((await config(gig)).isOnlySections).toBe(false);
  });
});
