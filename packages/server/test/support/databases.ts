import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { Database } from '../../src/db/index.js';
import { migrate } from '../../src/db/index.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';

export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  /** Connection URL (PostgreSQL only): other processes can join the same schema. */
  url?: string;
  db: Database;
  close(): Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The file of the migrated PGlite data directory (a tar dump), if the global setup
     * (support/pglite-template.ts) made one.
     */
    pgliteTemplate?: string;
  }
}

/** The run's migrated data directory (support/pglite-template.ts), read once per test file. */
let template: Promise<Blob | undefined> | undefined;
function migratedTemplate(): Promise<Blob | undefined> {
  const file = inject('pgliteTemplate');
  template ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return template;
}

/**
 * A fresh, migrated PGlite in memory: loaded from the run's migrated data directory when the
 * global setup made one, migrated here otherwise (migrate then finds nothing left to apply, and
 * installs the routines if the template lacks any).
 */
export async function openTestPglite(): Promise<TestDatabase> {
  const db = await openPglite(undefined, await migratedTemplate());
  await migrate(db);
  return { kind: 'pglite', db, close: () => db.close() };
}

/** A fresh schema on the PostgreSQL server of DATABASE_URL, dropped on close. */
export async function openTestPostgres(baseUrl: string): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = withSearchPath(baseUrl, schema);
  const db = await openPostgres(url);
  await migrate(db);
  return {
    kind: 'postgres',
    url,
    db,
    async close() {
      await db.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

export function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

export const postgresUrl = process.env.DATABASE_URL || undefined;

/** The database kinds this run covers: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const databaseKinds: Array<'pglite' | 'postgres'> = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

export function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  return kind === 'postgres' ? openTestPostgres(postgresUrl!) : openTestPglite();
}

/**
 * Runs the same suite once per database kind. The callback receives a getter for the open
 * database (valid inside tests and hooks).
 */
export function describeEachDatabase(name: string, suite: (get: () => TestDatabase) => void): void {
  for (const kind of databaseKinds) {
    describe(`${name} [${kind}]`, () => {
      let current: TestDatabase | undefined;
      beforeAll(async () => {
        current = await openTestDatabase(kind);
      }, 60_000);
      afterAll(async () => {
        await current?.close();
      });
      suite(() => {
        if (!current) throw new Error('database not open yet');
        return current;
      });
    });
  }
}
