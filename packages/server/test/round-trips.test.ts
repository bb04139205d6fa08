/**
 * Issue 9: a seat select, a deselect and an entrance-ticket change cost one short transaction of
 * at most three statements; here, counted at the database handle, the whole request's round trips.
 */
import { expect, it } from 'vitest';
import type { Database, Transaction } from '../src/db/index.js';
import { buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

/**
 * The same database, counting round trips: each statement, and BEGIN and COMMIT of a transaction.
 * The change feed's notification to other processes is not the request's: it goes out after the
 * request, coalesced with the changes of the next 20 ms.
 */
function counting(db: Database): { db: Database; take(): number } {
  let n = 0;
  const counted: Database = {
    kind: db.kind,
    query: (sql, params) => {
      if (!sql.startsWith('SELECT pg_notify(')) n++;
      return db.query(sql, params);
    },
    transaction: (fn) =>
      db.transaction((tx) => {
        n += 2;
        const inner: Transaction = {
          inTransaction: true,
          query: (sql, params) => {
            n++;
            return tx.query(sql, params);
          },
        };
        return fn(inner);
      }),
    ...(db.listen ? { listen: db.listen.bind(db) } : {}),
    close: () => db.close(),
  };
  return {
    db: counted,
    take() {
      const taken = n;
      n = 0;
      return taken;
    },
  };
}

describeEachDatabase('issue 9: round trips of a basket change', (get) => {
  it('select, deselect, entrance add and remove, and clear are one round trip each', async () => {
    const f = await createHallFixture(get().db);
    const c = counting(get().db);
    const { app } = await buildTestApp(c.db);
    const a = buyer(app);
    // Warm-up, not counted: the route reads the performance of a place once per process (for the
    // admission gate) and keeps it, so a first select of a place costs one round trip more.
    expect((await buyer(app).post('/hallPlace/select/', { cypher: f.seats[0]! })).json().result).toBe(1);
    expect((await buyer(app).post('/hallPlace/select/', { cypher: f.sofa[0] })).json().result).toBe(1);
    await get().db.query('UPDATE performance_places SET state = 0, hold_session_id = NULL WHERE performance_id = $1', [
      f.performanceId,
    ]);
    c.take();
    const steps: Array<[string, () => Promise<{ status: number; json(): any }>]> = [
      ['select', () => a.post('/hallPlace/select/', { cypher: f.seats[0]! })],
      ['select a sofa', () => a.post('/hallPlace/select/', { cypher: f.sofa[0] })],
      ['deselect', () => a.post('/hallPlace/deselect/', { cypher: f.seats[0]! })],
      [
        'entrance add',
        () =>
          a.post('/hallPlace/entranceTicketsAdd/', {
            performanceId: f.performanceId,
            sectionId: f.entranceSectionId,
            count: 2,
            taxId: f.tariffId,
            ticketPrice: 2500,
          }),
      ],
      [
        'entrance remove',
        () =>
          a.post('/hallPlace/entranceTicketsRemove/', {
            performanceId: f.performanceId,
            sectionId: f.entranceSectionId,
            count: 1,
            ticketPrice: 2500,
          }),
      ],
      ['clear', () => a.get('/hallPlace/DeselectAll/')],
    ];
    for (const [name, step] of steps) {
      const r = await step();
      expect(r.status, name).toBe(200);
      expect(r.json().result, name).toBe(1);
      expect(c.take(), name).toBe(1);
    }
  });
});
