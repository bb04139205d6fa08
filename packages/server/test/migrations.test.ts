import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Database, migrate } from '../src/db/index.js';
import { MIGRATION_LOCK } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { seedDemo } from '../src/seed/index.js';
import { describeEachDatabase, openTestDatabase, postgresUrl, withSearchPath } from './support/databases.js';

describeEachDatabase('migrations', (get) => {
  it('creates the whole domain and is idempotent', async () => {
    const { db } = get();
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1`,
    );
    const names = tables.rows.map((r) => r.table_name);
    for (const t of ['performances', 'performance_places', 'tickets', 'payments', 'outbox', 'partners', 'reviews']) {
      expect(names).toContain(t);
    }
    expect(await migrate(db)).toEqual([]);
  });

  it('refuses a second issued ticket for the same place', async () => {
    const { db } = get();
    const idx = await db.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'tickets_one_issued_per_place' AND schemaname = current_schema()`,
    );
    expect(idx.rows[0]?.indexdef).toMatch(/UNIQUE/);
  });
});

describe('embedded database', () => {
  it('refuses the outer handle inside a transaction instead of waiting for itself', async () => {
    const db = await openPglite(undefined);
    try {
      await expect(db.transaction(() => db.query('SELECT 1'))).rejects.toThrow(/inside a transaction/);
      await expect(db.transaction((tx) => tx.query('SELECT 1 AS n'))).resolves.toMatchObject({ rows: [{ n: 1 }] });
      expect((await db.query<{ n: number }>('SELECT 2 AS n')).rows[0]?.n).toBe(2);
    } finally {
      await db.close();
    }
  });
});

describe.runIf(postgresUrl)('migrations of schemas sharing a database [postgres]', () => {
  it('migrates a schema while another is migrating; a second process of one schema waits for the first', async () => {
    const suffix = randomBytes(5).toString('hex');
    const [mine, theirs] = [`m_${suffix}`, `o_${suffix}`];
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${mine}; CREATE SCHEMA ${theirs}`);
    // Another deployment's process in the middle of its migration: its schema's lock is held.
    const migrating = new pg.Client({ connectionString: withSearchPath(postgresUrl!, theirs) });
    await migrating.connect();
    // A short lock timeout, as buyers' requests have: a migration must not be bound by it.
    const timeouts = { lockTimeoutMs: 200, statementTimeoutMs: 60_000 };
    const dbs: Database[] = [];
    try {
      await migrating.query('BEGIN');
      await migrating.query('SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))', [MIGRATION_LOCK]);
      const db = await openPostgres(withSearchPath(postgresUrl!, mine), { timeouts });
      dbs.push(db);
      expect((await migrate(db)).length).toBeGreaterThan(0);

      // A second process of that other deployment starts meanwhile: it waits, then migrates.
      const second = await openPostgres(withSearchPath(postgresUrl!, theirs), { timeouts });
      dbs.push(second);
      const migrated = migrate(second);
      const deadline = Date.now() + 30_000;
      while (
        (
          await admin.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = $1 AND objsubid = 2",
            [MIGRATION_LOCK],
          )
        ).rows[0]!.n === 0
      ) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await migrating.query('COMMIT');
      expect((await migrated).length).toBeGreaterThan(0);
    } finally {
      await migrating.end();
      for (const db of dbs) await db.close();
      await admin.query(`DROP SCHEMA ${mine} CASCADE; DROP SCHEMA ${theirs} CASCADE`);
      await admin.end();
    }
  });
});

describe.runIf(postgresUrl)('the demo catalogue seeded by two processes at once [postgres]', () => {
  it('seeds once: the second waits for the first, past the requests’ lock timeout, and finds it there', async () => {
    const schema = await openTestDatabase('postgres');
    // Two processes with a lock timeout far shorter than the seeding, as buyers' requests have.
    const timeouts = { lockTimeoutMs: 100, statementTimeoutMs: 60_000 };
    const one = await openPostgres(schema.url!, { timeouts });
    const other = await openPostgres(schema.url!, { timeouts });
    try {
      const now = new Date('2026-12-01T10:00:00Z');
      const [first, second] = await Promise.all([
        seedDemo(one, { now, scale: 'small' }),
        seedDemo(other, { now, scale: 'small' }),
      ]);
      expect([first.created, second.created].sort()).toEqual([false, true]);
      expect(second.shows).toBe(first.shows);
    } finally {
      await one.close();
      await other.close();
      await schema.close();
    }
  });
});
