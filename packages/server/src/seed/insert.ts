import type { Queryable } from '../db/index.js';

/** Column name → PostgreSQL type, in insert order. */
export type Columns = Record<string, string>;

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Takes `count` consecutive ids from a table's serial sequence. The seed decides every id before
 * it inserts, so rows can point at each other (exclusive pairs, hall SVG place ids) in one pass.
 * The table lock keeps other writers (whose serial defaults draw from the same sequence) out
 * until the seed commits, so the block cannot interleave with theirs.
 */
export async function allocateIds(tx: Queryable, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  await tx.query(`LOCK TABLE ${quote(table)} IN SHARE ROW EXCLUSIVE MODE`);
  const r = await tx.query<{ first: number }>(
    `SELECT (setval(s.seq, nextval(s.seq) + $2 - 1) - $2 + 1)::int AS first
     FROM (SELECT pg_get_serial_sequence($1, 'id') AS seq) s`,
    [table, count],
  );
  const first = r.rows[0]!.first;
  return Array.from({ length: count }, (_, i) => first + i);
}

/**
 * Multi-row insert of plain objects through jsonb_to_recordset: one parameter per chunk, so the
 * 65 535-parameter limit never bites and arrays (text[]) travel as JSON arrays.
 */
export async function insertRows(
  tx: Queryable,
  table: string,
  columns: Columns,
  rows: readonly Record<string, unknown>[],
  chunkSize = 5000,
): Promise<void> {
  const names = Object.keys(columns);
  const list = names.map(quote).join(', ');
  const record = names.map((n) => `${quote(n)} ${columns[n]}`).join(', ');
  const sql = `INSERT INTO ${quote(table)} (${list}) SELECT ${list} FROM jsonb_to_recordset($1::jsonb) AS r(${record})`;
  for (let start = 0; start < rows.length; start += chunkSize) {
    await tx.query(sql, [JSON.stringify(rows.slice(start, start + chunkSize))]);
  }
}

/** A PostgreSQL array literal of integers, the cheapest way to ship a long id list. */
export function intArray(values: ArrayLike<number>): string {
  return `{${Array.prototype.join.call(values, ',')}}`;
}

/**
 * Runs a bulk write into `table` with foreign-key triggers off, as pg_restore does, when that is
 * safe and allowed: the role may set session_replication_role (superusers, and always on
 * PGlite) and the table has no triggers of its own that replica mode would also skip, or the
 * caller redoes their work (`redo`: the kept availability numbers of performance_places are
 * recounted in one statement instead). Per-row foreign-key checks cost four fifths of the time of
 * the seed's half a million rows; instead `verify` re-checks every reference of the written rows
 * in one set-based query afterwards and must throw on any orphan, which rolls the whole seed
 * back. Otherwise the write simply runs with its triggers on and `verify` is skipped.
 */
export async function bulkWrite(
  tx: Queryable,
  table: string,
  write: () => Promise<void>,
  verify: () => Promise<void>,
  redo?: () => Promise<void>,
): Promise<'unchecked-then-verified' | 'checked'> {
  const own = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal',
    [table],
  );
  let fast = own.rows[0]?.n === 0 || redo !== undefined;
  if (fast) {
    await tx.query('SAVEPOINT seed_bulk_write');
    try {
      await tx.query('SET LOCAL session_replication_role = replica');
    } catch {
      fast = false;
      await tx.query('ROLLBACK TO SAVEPOINT seed_bulk_write');
    }
    await tx.query('RELEASE SAVEPOINT seed_bulk_write');
  }
  await write();
  if (!fast) return 'checked';
  await tx.query('SET LOCAL session_replication_role = origin');
  await verify();
  await redo?.();
  return 'unchecked-then-verified';
}

/** Throws when the query's single `bad` count is not zero. */
export async function expectNone(tx: Queryable, what: string, sql: string): Promise<void> {
  const r = await tx.query<{ bad: number }>(sql);
  const bad = r.rows[0]?.bad ?? 0;
  if (bad !== 0) throw new Error(`seed integrity check failed: ${bad} ${what}`);
}
