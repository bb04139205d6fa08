import { serviceRoutines } from '../services/routines.js';
import type { Database } from './database.js';
import { migrations } from './migrations/index.js';
import { installRoutines } from './routines.js';

/** The advisory lock of a schema's migrations (its two-key form: this, then the schema's hash). */
export const MIGRATION_LOCK = 727272;

/**
 * Applies versioned migrations in order, in one transaction, recording them in
 * schema_migrations, then installs the services' database functions whose text changed
 * (db/routines.ts). An advisory lock keeps two processes of one deployment starting at once from
 * racing; it is the schema's own, so deployments (and test runs) in other schemas of the same
 * database migrate at the same time. A process that finds another migrating waits for it: the
 * lock timeout that keeps buyers' requests from hanging does not apply here, the statement
 * timeout still bounds the wait.
 */
export async function migrate(db: Database): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query("SELECT set_config('lock_timeout', '0', true)");
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))', [MIGRATION_LOCK]);
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations(version) VALUES ($1)', [m.version]);
      applied.push(m.version);
    }
    await installRoutines(tx, serviceRoutines);
  });
  return applied;
}

/**
 * Splits on semicolons at line ends, except inside a function body quoted with $$ (the
 * migrations quote every body that way).
 */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  for (const [i, part] of sql.split('$$').entries()) {
    if (i % 2 === 1) {
      current += `$$${part}$$`;
      continue;
    }
    const pieces = part.split(/;\s*\n/);
    current += pieces[0];
    for (const piece of pieces.slice(1)) {
      statements.push(current);
      current = piece;
    }
  }
  statements.push(current);
  return statements.map((s) => s.trim()).filter((s) => s.length > 0 && !/^(--[^\n]*\n?)+$/.test(`${s}\n`));
}
