import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/index.js';
import { openPglite } from '../src/db/pglite.js';
import { describeEachDatabase } from './support/databases.js';

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
