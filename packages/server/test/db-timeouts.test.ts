/**
 * Issue 9: PostgreSQL's lock_timeout and statement_timeout are set, and a timeout becomes the
 * call's own "try again" answer (HTTP 503, Retry-After), never a request left hanging.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/index.js';
import { openPostgres } from '../src/db/postgres.js';
import { BUSY_MESSAGE, errorAnswer } from '../src/http/errors.js';
import { buildTestApp, buyer } from './support/app.js';
import { openTestDatabase, postgresUrl, type TestDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';

describe.runIf(postgresUrl)('issue 9: a wait for a lock ends in the call’s “try again” [postgres]', () => {
  let schema: TestDatabase;
  let db: Database;
  let f: HallFixture;

  beforeAll(async () => {
    schema = await openTestDatabase('postgres');
    f = await createHallFixture(schema.db);
    // The app's own pool, with a lock timeout short enough for a test.
    db = await openPostgres(schema.url!, { timeouts: { lockTimeoutMs: 300, statementTimeoutMs: 10_000 } });
  });
  afterAll(async () => {
    await db?.close();
    await schema?.close();
  });

  it('a seat select that waits for the buyer’s lock past lock_timeout answers 503 in its shape and holds nothing', async () => {
    const { app } = await buildTestApp(db);
    const a = buyer(app);
    expect((await a.post('/hallPlace/select/', { cypher: f.seats[0]! })).json()).toMatchObject({ result: 1 });

    // Another transaction sits on the buyer's session lock (a stuck request, a long report).
    const blocker = new pg.Client({ connectionString: schema.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT basket_lock($1)', [a.sessionId]);
      const started = Date.now();
      const refused = await a.post('/hallPlace/select/', { cypher: f.seats[1]! });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(refused.status).toBe(503);
      expect(refused.json()).toMatchObject({ result: 0, error: 503, message: BUSY_MESSAGE });
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    const held = await db.query('SELECT 1 FROM performance_places WHERE id = $1 AND state = 1', [f.seats[1]]);
    expect(held.rows).toEqual([]);
    // The lock gone, the same call goes through.
    expect((await a.post('/hallPlace/select/', { cypher: f.seats[1]! })).json()).toMatchObject({ result: 1 });
  });

  it('a statement past statement_timeout is canceled and answered 503 too', async () => {
    const slow = await openPostgres(schema.url!, { timeouts: { lockTimeoutMs: 300, statementTimeoutMs: 200 } });
    try {
      await expect(slow.query('SELECT pg_sleep(2)')).rejects.toMatchObject({ code: '57014' });
      expect(errorAnswer({ code: '57014' })).toEqual({ status: 503, message: BUSY_MESSAGE });
      expect(errorAnswer({ code: '55P03' })).toEqual({ status: 503, message: BUSY_MESSAGE });
    } finally {
      await slow.close();
    }
  });
});
