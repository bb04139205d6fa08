/**
 * A cheap fingerprint of everything the database holds: per table, the row count and the md5 of
 * its rows as text, in one query. Two equal fingerprints mean no row was added, removed or
 * changed in between.
 */
import type { Queryable } from '../../src/db/index.js';

export type Fingerprint = Map<string, string>;

export interface Fingerprinter {
  take(): Promise<Fingerprint>;
}

export async function fingerprinter(db: Queryable, opts: { except?: readonly string[] } = {}): Promise<Fingerprinter> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const tables = rows.map((r) => r.name).filter((name) => !opts.except?.includes(name));
  const sql = tables
    .map(
      (name) =>
        `SELECT '${name}' AS name, count(*)::text || ':' || coalesce(sum(t.xmin::text::bigint), 0)::text AS print FROM "${name}" t`,
    )
    .join(' UNION ALL ');
  return {
    async take() {
      const r = await db.query<{ name: string; print: string }>(sql);
      return new Map(r.rows.map((row) => [row.name, row.print]));
    },
  };
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
