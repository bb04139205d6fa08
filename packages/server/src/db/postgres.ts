import { createHash } from 'node:crypto';
import pg from 'pg';
import { type DatabaseTimeouts, DEFAULT_DB_TIMEOUTS } from '../config.js';
import type { Database, Queryable, QueryResult } from './database.js';

// Keep int8 (count(*), sums) as JS numbers: every quantity here fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Statements with parameters run as named prepared statements, so PostgreSQL plans each query
 * text once per connection instead of on every call (planning the basket's joins costs more than
 * running them). The name is a hash of the text, so the same text always reuses its statement.
 */
function statementName(sql: string): string {
  return `s_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r =
        params.length > 0
          ? await client.query({ name: statementName(sql), text: sql, values: params as unknown[] })
          : await client.query(sql);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
  };
}

export async function openPostgres(
  url: string,
  opts: { max?: number; timeouts?: DatabaseTimeouts } = {},
): Promise<Database> {
  const timeouts = opts.timeouts ?? DEFAULT_DB_TIMEOUTS;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    lock_timeout: timeouts.lockTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
  });
  await pool.query('select 1');
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ ...wrap(client), inTransaction: true });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
