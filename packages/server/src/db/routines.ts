import { createHash } from 'node:crypto';
import type { Transaction } from './database.js';

/**
 * A function kept in the database whose text the server writes (decision 0015): the holds and
 * basket modules build their SQL from the one live-hold rule (services/holds/rule.ts), so the
 * functions cannot be frozen into a migration. They are installed after the migrations, in the
 * same locked transaction, and replaced only when their text changes (its hash is kept in
 * schema_routines). `sql` is one `CREATE FUNCTION name(...)` statement.
 */
export interface Routine {
  name: string;
  sql: string;
}

const hashOf = (sql: string) => createHash('sha256').update(sql).digest('hex');

/** Installs or replaces each routine whose text differs from the installed one; returns their names. */
export async function installRoutines(tx: Transaction, routines: readonly Routine[]): Promise<string[]> {
  await tx.query('CREATE TABLE IF NOT EXISTS schema_routines (name text PRIMARY KEY, sha256 text NOT NULL)');
  const installed = new Map(
    (await tx.query<{ name: string; sha256: string }>('SELECT name, sha256 FROM schema_routines')).rows.map((r) => [
      r.name,
      r.sha256,
    ]),
  );
  const changed: string[] = [];
  for (const routine of routines) {
    const sha256 = hashOf(routine.sql);
    if (installed.get(routine.name) === sha256) continue;
    // A new parameter list would add an overload beside the old function: drop the old one first.
    await tx.query(`DROP FUNCTION IF EXISTS ${routine.name}`);
    await tx.query(routine.sql);
    await tx.query(
      `INSERT INTO schema_routines (name, sha256) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET sha256 = EXCLUDED.sha256`,
      [routine.name, sha256],
    );
    changed.push(routine.name);
  }
  return changed;
}
