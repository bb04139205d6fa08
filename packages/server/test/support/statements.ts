import type { Database } from '../../src/db/index.js';

/**
 * The same database, noting each statement the app sends for a request (a transaction as
 * 'BEGIN'). The change feed's notification to other processes is not a request's: it goes out
 * after a change, coalesced with the next 20 ms's.
 */
export function countingStatements(db: Database): { db: Database; seen: string[] } {
  const seen: string[] = [];
  const counted: Database = {
    kind: db.kind,
    query: (sql, params) => {
      if (!sql.startsWith('SELECT pg_notify(')) seen.push(sql);
      return db.query(sql, params);
    },
    transaction: (fn) => {
      seen.push('BEGIN');
      return db.transaction(fn);
    },
    ...(db.listen ? { listen: db.listen.bind(db) } : {}),
    close: () => db.close(),
  };
  return { db: counted, seen };
}
