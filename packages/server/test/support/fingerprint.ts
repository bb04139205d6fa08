/**
 * A cheap fingerprint of everything the database holds: per table, how many row changes it has
 * seen since the fingerprinter was set up. A row trigger on every table writes one line to a log
 * for each row inserted, updated or deleted (a statement trigger, for a truncate), in the
 * writer's own transaction, so a change that is rolled back leaves no line. Two equal
 * fingerprints mean no row was added, removed or changed in between.
 *
 * Reading the log costs about a millisecond; reading every table (a row count and a sum of row
 * versions per table) cost 30–70 ms a time, most of a fuzz run. The log takes inserts only: no
 * row is shared between writers, so it adds no lock a request could wait on or deadlock over.
 */
import type { Queryable } from '../../src/db/index.js';

export type Fingerprint = Map<string, string>;

export interface Fingerprinter {
  take(): Promise<Fingerprint>;
}

const LOG = 'test_row_changes';

export async function fingerprinter(db: Queryable, opts: { except?: readonly string[] } = {}): Promise<Fingerprinter> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const tables = rows.map((r) => r.name).filter((name) => name !== LOG && !opts.except?.includes(name));
  await db.query(`CREATE TABLE IF NOT EXISTS ${LOG} (table_name text NOT NULL)`);
  await db.query(
    `CREATE OR REPLACE FUNCTION ${LOG}_log() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO ${LOG} (table_name) VALUES (TG_TABLE_NAME);
       RETURN NULL;
     END $$`,
  );
  for (const name of tables) {
    await db.query(
      `CREATE OR REPLACE TRIGGER ${LOG}_row AFTER INSERT OR UPDATE OR DELETE ON "${name}"
         FOR EACH ROW EXECUTE FUNCTION ${LOG}_log()`,
    );
    await db.query(
      `CREATE OR REPLACE TRIGGER ${LOG}_truncate AFTER TRUNCATE ON "${name}"
         FOR EACH STATEMENT EXECUTE FUNCTION ${LOG}_log()`,
    );
  }
  return {
    async take() {
      const r = await db.query<{ name: string; print: string }>(
        `SELECT table_name AS name, count(*)::text AS print FROM ${LOG} GROUP BY table_name`,
      );
      return new Map(r.rows.map((row) => [row.name, row.print]));
    },
  };
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
