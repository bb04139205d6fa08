import { createHash } from 'node:crypto';
import pg from 'pg';
import { type DatabaseTimeouts, DEFAULT_DB_TIMEOUTS } from '../config.js';
import type { ChannelListener, Database, Queryable, QueryResult } from './database.js';

// Keep int8 (count(*), sums) as JS numbers: every quantity here fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** How many statement names are remembered: the query texts are a small fixed set, but a bound keeps a stray one from growing the map. */
export const STATEMENT_NAMES_CACHED = 2_000;
const statementNames = new Map<string, string>();

/**
 * Statements with parameters run as named prepared statements, so PostgreSQL plans each query
 * text once per connection instead of on every call (planning the basket's joins costs more than
 * running them). The name is a hash of the text, so the same text always reuses its statement;
 * it is computed once per text (hashing on every call cost about 2% of a seat hold's CPU) and
 * kept for at most STATEMENT_NAMES_CACHED texts, the oldest forgotten first.
 */
export function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `s_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    if (statementNames.size >= STATEMENT_NAMES_CACHED) {
      statementNames.delete(statementNames.keys().next().value as string);
    }
    statementNames.set(sql, name);
  }
  return name;
}

/** How many names statementName holds now (for tests of its bound). */
export const statementNamesCached = (): number => statementNames.size;

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
  const listeners = channelListeners(url);
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
    listen: (channel, listener) => listeners.add(channel, listener),
    async close() {
      await listeners.close();
      await pool.end();
    },
  };
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const RECONNECT_MS = 1_000;

/**
 * One connection of its own that LISTENs on every channel asked for (the pool's connections come
 * and go). When it drops it connects again every second; listeners are then told, since
 * notifications sent meanwhile are lost.
 */
function channelListeners(url: string) {
  const listeners = new Map<string, Set<ChannelListener>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (n) => {
        for (const l of listeners.get(n.channel) ?? []) l.message(n.payload ?? '');
      });
      c.on('error', () => c.end().catch(() => {}));
      c.on('end', () => {
        if (client === c) client = null;
        if (!closed) retry = setTimeout(() => reconnect(), RECONNECT_MS).unref();
      });
      await c.connect();
      for (const channel of listeners.keys()) await c.query(`LISTEN ${channel}`);
      client = c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const reconnect = () => {
    if (closed) return;
    connect().then(
      () => {
        for (const set of listeners.values()) for (const l of set) l.reconnected();
      },
      () => {
        retry = setTimeout(() => reconnect(), RECONNECT_MS).unref();
      },
    );
  };

  return {
    async add(channel: string, listener: ChannelListener): Promise<() => void> {
      if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        if (client) await client.query(`LISTEN ${channel}`);
      }
      set.add(listener);
      if (!client) await connect();
      return () => {
        set.delete(listener);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await connecting?.catch(() => {});
      await client?.end().catch(() => {});
    },
  };
}
