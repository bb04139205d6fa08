import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable, QueryResult } from './database.js';

function wrap(q: { query: PGlite['query'] }): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params as unknown[]);
      // PGlite counts only changed rows (0 for a SELECT): a SELECT's count is its rows, as in node-postgres.
      return { rows: r.rows, rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
    },
  };
}

const insideTransaction = new AsyncLocalStorage<true>();

/**
 * The product's PGlite, started: dataDir undefined means an in-memory database (tests). `from`: a
 * data directory dumped by PGlite's dumpDataDir to start from instead of an empty database (the
 * tests' migrated one, support/pglite-template.ts).
 */
export async function startPglite(dataDir: string | undefined, from?: Blob): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the search's trigram similarity, as on PostgreSQL (migration 0023).
  const pg = new PGlite({ dataDir, extensions: { pg_trgm }, loadDataDir: from });
  await pg.waitReady;
  return pg;
}

/** The product's PGlite (startPglite) as a Database. */
export async function openPglite(dataDir: string | undefined, from?: Blob): Promise<Database> {
  return pgliteDatabase(await startPglite(dataDir, from));
}

/** A started PGlite as a Database; closing it closes the PGlite. */
export function pgliteDatabase(pg: PGlite): Database {
  const base = wrap(pg);
  // PGlite runs one statement or transaction at a time. Queue them first come, first served,
  // so a buyer who asked first is answered first (its own lock promises no order). Work queued
  // from inside a transaction would wait for that transaction forever: it is refused instead.
  let queue: Promise<unknown> = Promise.resolve();
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (insideTransaction.getStore()) {
      return Promise.reject(new Error('Database used inside a transaction: use the transaction’s own handle (tx)'));
    }
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  }
  return {
    kind: 'pglite',
    query: (sql, params) => inTurn(() => base.query(sql, params)),
    transaction: (fn) =>
      inTurn(() => insideTransaction.run(true, () => pg.transaction((tx) => fn({ ...wrap(tx), inTransaction: true })))),
    close: () => pg.close(),
  };
}
