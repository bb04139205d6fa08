/**
 * The one database interface the services use. Two drivers implement it: PGlite (PostgreSQL in
 * WASM, in-process, a data folder on disk; the default) and node-postgres for a real server.
 * Both speak the same SQL dialect, so the same migrations and queries run on either.
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; a throw rolls it back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Thrown inside a transaction to roll it back and hand a value to the caller. */
export class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}
