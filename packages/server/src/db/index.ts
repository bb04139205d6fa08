import type { ServerConfig } from '../config.js';
import type { Database } from './database.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export type { Database, Queryable, QueryResult, Transaction } from './database.js';
export { assertTransaction, Rollback } from './database.js';
export { migrate } from './migrate.js';

export async function openDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

export async function openMigratedDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const db = await openDatabase(config);
  await migrate(db);
  return db;
}
