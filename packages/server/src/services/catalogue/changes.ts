import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/index.js';

/**
 * What changed in the catalogue, as the page caches hear it: the availability numbers of some
 * performances (a hold, a release, an expiry), or anything at all (this process may have missed
 * changes while its listening connection was down, or more performances changed than one
 * notification names).
 */
export type CatalogueChange = { kind: 'availability'; performances: readonly number[] } | { kind: 'everything' };

export interface ChangeFeed {
  /** Holds of these performances changed through this process. */
  availabilityChanged(performances: Iterable<number>): void;
  /**
   * What is listed changed (a performance moved, cancelled, put on sale): every kept answer may
   * be wrong, not only those that show these performances' numbers. Rare: an operator's command.
   */
  everythingChanged(): void;
  /** Hears every change, this process's at once and other processes' within a few milliseconds. */
  subscribe(listener: (change: CatalogueChange) => void): () => void;
  /** Settles once other processes' changes are heard (at once on the embedded database). */
  readonly ready: Promise<void>;
}

const CHANNEL = 'catalogue_changes';

/**
 * The feed's channel for one schema. NOTIFY reaches every session of the database, whatever its
 * search path, so deployments (and test runs) that share one PostgreSQL database in schemas of
 * their own would otherwise drop each other's kept pages on every hold.
 */
export function channelOf(schema: string): string {
  return `${CHANNEL}_${createHash('sha1').update(schema).digest('hex').slice(0, 16)}`;
}
/** Changes made within this window go out as one notification. */
const COALESCE_MS = 20;
/** A payload holds at most 8000 bytes: past this many performances, 'everything' is sent. */
const MAX_IDS = 1_000;

/**
 * The change feed of one database (decision 0016). A change is heard in this process at once;
 * other processes hear it through PostgreSQL's LISTEN/NOTIFY, sent after the change's transaction
 * (never from inside it: a NOTIFY serialises commits) and coalesced over 20 ms, so a rush of holds
 * sends a few notifications a second instead of one per hold. The embedded database serves one
 * process, so there nothing is sent.
 */
export function createChangeFeed(db: Database, onError: (err: unknown) => void = () => {}): ChangeFeed {
  const origin = randomBytes(6).toString('base64url');
  const listeners = new Set<(change: CatalogueChange) => void>();
  const pending = new Set<number>();
  /** A notification is due within COALESCE_MS. */
  let scheduled = false;
  /** The next notification says 'everything' (everythingChanged). */
  let everything = false;
  const shared = db.kind === 'postgres' && db.listen !== undefined;
  /** This handle's schema's channel, known after one query. */
  const channel = shared
    ? db
        .query<{ schema: string }>('SELECT current_schema() AS schema')
        .then((r) => channelOf(r.rows[0]?.schema ?? 'public'))
    : Promise.resolve(CHANNEL);

  const emit = (change: CatalogueChange) => {
    for (const l of listeners) l(change);
  };

  const flush = () => {
    scheduled = false;
    const ids = [...pending];
    pending.clear();
    const payload = everything || ids.length > MAX_IDS ? `${origin} *` : `${origin} ${ids.join(',')}`;
    everything = false;
    channel.then((name) => db.query('SELECT pg_notify($1, $2)', [name, payload])).catch(onError);
  };

  const send = () => {
    if (!shared || scheduled) return;
    scheduled = true;
    setTimeout(flush, COALESCE_MS).unref();
  };

  let ready = Promise.resolve();
  if (shared) {
    const listen = db.listen!.bind(db);
    ready = channel
      .then((name) =>
        listen(name, {
          message(payload) {
            const [from, what = ''] = payload.split(' ');
            if (from === origin) return;
            if (what === '*') return emit({ kind: 'everything' });
            const performances = what
              .split(',')
              .map(Number)
              .filter((n) => Number.isInteger(n) && n > 0);
            if (performances.length > 0) emit({ kind: 'availability', performances });
          },
          reconnected: () => emit({ kind: 'everything' }),
        }),
      )
      .then(
        () => undefined,
        (err) => onError(err),
      );
  }

  return {
    ready,
    availabilityChanged(performances) {
      const ids = [...performances];
      if (ids.length === 0) return;
      emit({ kind: 'availability', performances: ids });
      for (const id of ids) pending.add(id);
      send();
    },
    everythingChanged() {
      emit({ kind: 'everything' });
      everything = true;
      send();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

const feeds = new WeakMap<Database, ChangeFeed>();

/** The feed of this database handle (one per process and database), made on first use. */
export function changeFeedOf(db: Database): ChangeFeed {
  let feed = feeds.get(db);
  if (!feed) {
    feed = createChangeFeed(db);
    feeds.set(db, feed);
  }
  return feed;
}
