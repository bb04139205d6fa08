import { beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../src/db/index.js';
import { basketSummarySql } from '../src/services/basket/contents.js';
import { placesHeldBy } from '../src/services/holds/rule.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

/**
 * The plans of a buyer's own holds at a sale's start. The database functions keep one plan per
 * statement for every buyer (a generic plan), made while the statistics still say what they said
 * before the sale: no place held. A buyer's places must then still be found through the session's
 * index: the lapse index (held_until) would read every live hold of every buyer, for each select.
 */

/**
 * The generic plan of `sql` (parameters $1 the session, $2 the time), as the database functions
 * would keep it, for a buyer without holds at `now`.
 */
async function genericPlan(tx: Transaction, sql: string, now: Date): Promise<string> {
  await tx.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
  await tx.query(`PREPARE held_plan(text, timestamptz) AS ${sql}`);
  try {
    const r = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE held_plan('a-buyer', '${now.toISOString()}')`);
    return r.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await tx.query('DEALLOCATE held_plan');
  }
}

describeEachDatabase('plans of a buyer’s holds at a sale’s start', (get) => {
  describe('with the statistics of before the first hold and 250 places held by others', () => {
    const now = new Date();

    beforeAll(async () => {
      const db = get().db;
      const f = await createHallFixture(db, { seatCount: 300 });
      await db.query('ANALYZE performance_places');
      await db.query(
        `UPDATE performance_places SET state = 1, hold_session_id = 'other-' || id,
                held_until = $2::timestamptz + interval '15 minutes'
          WHERE id = ANY($1)`,
        [f.seats.slice(0, 250), now],
      );
    });

    it('the session’s live places are read through the session’s index', async () => {
      const plan = await get().db.transaction((tx) =>
        genericPlan(tx, `SELECT id FROM ${placesHeldBy('$1', '$2')} mine`, now),
      );
      expect(plan).toContain('performance_places_session');
      expect(plan).not.toContain('performance_places_lapse');
    });

    it('so is the basket of every select’s answer', async () => {
      const plan = await get().db.transaction((tx) => genericPlan(tx, basketSummarySql('$1', '$2'), now));
      expect(plan).toContain('performance_places_session');
      expect(plan).not.toContain('performance_places_lapse');
    });
  });
});
