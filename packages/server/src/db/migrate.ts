import { serviceRoutines } from '../services/routines.js';
import type { Database } from './database.js';
import { migrations } from './migrations/index.js';
import { installRoutines } from './routines.js';

/**
 * Applies versioned migrations in order, each in its own transaction, recording them in
 * schema_migrations, then installs the services' database functions whose text changed
 * (db/routines.ts). An advisory lock keeps two processes starting at once from racing.
 */
export async function migrate(db: Database): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727272)');
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
