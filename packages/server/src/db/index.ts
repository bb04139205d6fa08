import type { ServerConfig } from '../config.js';
import type { Database } from './database.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export type { Database, Queryable, QueryResult, Transaction } from './database.js';
export { assertTransaction, Rollback } from './database.js';
export { migrate } from './migrate.js';

type DatabaseSettings = Pick<ServerConfig, 'databaseUrl' | 'dataDir'> & Partial<Pick<ServerConfig, 'dbTimeouts'>>;

/**
 * PostgreSQL when databaseUrl is set, else PGlite in dataDir. PGlite runs one statement at a time
 * in this process, so no lock is ever waited for there; PostgreSQL gets lock and statement
 * timeouts (a canceled statement is answered as the call's "try again", http/errors.ts).
 */
export async function openDatabase(config: DatabaseSettings): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.dbTimeouts ? { timeouts: config.dbTimeouts } : {})
    : openPglite(config.dataDir);
}

export async function openMigratedDatabase(config: DatabaseSettings): Promise<Database> {
  const db = await openDatabase(config);
  await migrate(db);
  return db;
}
