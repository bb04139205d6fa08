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

/**
 * The handle of one open transaction: what Database.transaction hands its callback. Helpers that
 * only make sense inside a transaction (a lock, a claim, a rotation of the session) take this
 * type, so the pool cannot be handed to them: its statements would each run on their own and a
 * row lock would end with its statement.
 */
export interface Transaction extends Queryable {
  readonly inTransaction: true;
}

/** Throws unless `q` is a transaction's handle (for callers the type system cannot see). */
export function assertTransaction(q: Queryable): asserts q is Transaction {
  if ((q as Partial<Transaction>).inTransaction !== true) {
    throw new Error('This runs only inside a transaction: pass the handle Database.transaction gives');
  }
}

/** What a channel listener hears: each notification's payload, and a reconnection (notifications may have been missed). */
export interface ChannelListener {
  message(payload: string): void;
  reconnected(): void;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; a throw rolls it back. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Hears NOTIFY on a channel from every process using the database, on a connection of its own
   * (PostgreSQL only: the embedded database has no other process to hear). Returns the unsubscribe.
   */
  listen?(channel: string, listener: ChannelListener): Promise<() => void>;
  close(): Promise<void>;
}

/** Thrown inside a transaction to roll it back and hand a value to the caller. */
export class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}
