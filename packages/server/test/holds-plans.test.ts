import { beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../src/db/index.js';
import { basketSummarySql } from '../src/services/basket/contents.js';
import { wantedPlacesSql } from '../src/services/basket/set-routines.js';
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
 * The generic plan of `sql`, as the database functions would keep it: parameters of `types`,
 * explained with the values `args` (SQL literals).
 */
async function genericPlan(tx: Transaction, sql: string, types: string, args: string): Promise<string> {
  await tx.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
  await tx.query(`PREPARE held_plan(${types}) AS ${sql}`);
  try {
    const r = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE held_plan(${args})`);
    return r.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await tx.query('DEALLOCATE held_plan');
  }
}

/** The same for a query of a buyer's holds: $1 the session, $2 the time; a buyer without holds at `now`. */
function heldPlan(tx: Transaction, sql: string, now: Date): Promise<string> {
  return genericPlan(tx, sql, 'text, timestamptz', `'a-buyer', '${now.toISOString()}'`);
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
        heldPlan(tx, `SELECT id FROM ${placesHeldBy('$1', '$2')} mine`, now),
      );
      expect(plan).toContain('performance_places_session');
      expect(plan).not.toContain('performance_places_lapse');
    });

    it('so is the basket of every select’s answer', async () => {
      const plan = await get().db.transaction((tx) => heldPlan(tx, basketSummarySql('$1', '$2'), now));
      expect(plan).toContain('performance_places_session');
      expect(plan).not.toContain('performance_places_lapse');
    });

    it('a select’s one place is read by its key, not by a scan of the hall', async () => {
      // The plan every call keeps; with `id = ANY($1)` it is a scan of the 300 places (and the
      // function plans the statement again on every call instead).
      const plan = await get().db.transaction((tx) =>
        genericPlan(
          tx,
          wantedPlacesSql('id = $1[1]', '$2', '$3'),
          'int[], text, timestamptz',
          `'{1}', 'a-buyer', '${now.toISOString()}'`,
        ),
      );
      expect(plan).toContain('performance_places_pkey');
      expect(plan).not.toContain('Seq Scan');
    });
  });
});
