import { createHash } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Queryable } from '../../db/index.js';
import { SharedRedis } from '../../redis.js';

/**
 * The show page's social proof (site-browsing-account.md 2.9 'N tickets were bought' and 'N
 * visitors browsing', 7 Show page `{currentPath}/showInfo/` → {soldTickets, visitors}; decision
 * 0039). Both numbers are real:
 *
 * - soldTickets: tickets issued (and not returned) for any performance of the show within the
 *   last SOLD_TICKETS_WINDOW_MS (24 hours), read from the database and kept per show for
 *   SOLD_TICKETS_CACHE_MS so that a busy page costs one query a minute, not one a view;
 * - visitors: distinct sessions that opened the show page within the last VISITORS_WINDOW_MS
 *   (5 minutes), counted in this process's memory, or in Redis (one sorted set per show, scored
 *   by the time of the last view) when REDIS_URL is set, so that every process sees the same
 *   number. A view is never written to the database.
 */
export const SOLD_TICKETS_WINDOW_MS = 24 * 60 * 60 * 1000;
export const SOLD_TICKETS_CACHE_MS = 60 * 1000;
export const VISITORS_WINDOW_MS = 5 * 60 * 1000;

/** Where the views of show pages are kept. */
export interface ShowVisitorStore {
  /** Records that `visitor` (a hashed session) viewed the show at `nowMs`. */
  seen(showId: number, visitor: string, nowMs: number): Promise<void>;
  /** Distinct visitors of the show within the window ending at `nowMs`. */
  count(showId: number, nowMs: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * Views in this process's memory (no REDIS_URL). Bounded: at most `maxPerShow` visitors are kept
 * per show and `maxShows` shows; ended views are dropped when read and by a sweep once a minute.
 */
export class MemoryVisitorStore implements ShowVisitorStore {
  private readonly views = new Map<number, Map<string, number>>();
  private nextSweep = 0;

  constructor(
    private readonly maxShows = 20_000,
    private readonly maxPerShow = 10_000,
  ) {}

  async seen(showId: number, visitor: string, nowMs: number): Promise<void> {
    if (nowMs >= this.nextSweep) this.sweep(nowMs);
    let show = this.views.get(showId);
    if (!show) {
      if (this.views.size >= this.maxShows) return;
      show = new Map();
      this.views.set(showId, show);
    }
    show.delete(visitor);
    if (show.size >= this.maxPerShow) {
      // The oldest view goes (a Map keeps insertion order, and a repeated view was re-inserted).
      const oldest = show.keys().next().value;
      if (oldest !== undefined) show.delete(oldest);
    }
    show.set(visitor, nowMs);
  }

  async count(showId: number, nowMs: number): Promise<number> {
    const show = this.views.get(showId);
    if (!show) return 0;
    this.prune(show, nowMs);
    return show.size;
  }

  async close(): Promise<void> {
    this.views.clear();
  }

  private prune(show: Map<string, number>, nowMs: number): void {
    // Oldest first: stop at the first view still inside the window.
    for (const [visitor, at] of show) {
      if (at > nowMs - VISITORS_WINDOW_MS) break;
      show.delete(visitor);
    }
  }

  private sweep(nowMs: number): void {
    this.nextSweep = nowMs + 60_000;
    for (const [showId, show] of this.views) {
      this.prune(show, nowMs);
      if (show.size === 0) this.views.delete(showId);
    }
  }
}

/**
 * Views in Redis: a sorted set per show, member the hashed session, score the time of its last
 * view. Each write trims the ended views and renews the key's lifetime, so an idle show's set
 * disappears by itself. Redis down: nothing is recorded and the count reads 0 (no popup), the
 * page itself never waits on it.
 */
export class RedisVisitorStore implements ShowVisitorStore {
  private readonly shared: SharedRedis;

  constructor(
    url: string,
    warn: (message: string) => void,
    private readonly prefix: string,
  ) {
    this.shared = new SharedRedis(url, warn, 'show page visitors');
  }

  private key(showId: number): string {
    return `${this.prefix}${showId}`;
  }

  async seen(showId: number, visitor: string, nowMs: number): Promise<void> {
    await this.shared.connected;
    const key = this.key(showId);
    try {
      await this.shared.ask((redis) =>
        redis
          .multi()
          .zadd(key, nowMs, visitor)
          .zremrangebyscore(key, '-inf', nowMs - VISITORS_WINDOW_MS)
          .pexpire(key, VISITORS_WINDOW_MS)
          .exec(),
      );
    } catch (err) {
      this.shared.warnOnce(`Redis for show page visitors: ${(err as Error).message}`);
    }
  }

  async count(showId: number, nowMs: number): Promise<number> {
    await this.shared.connected;
    try {
      return await this.shared.ask((redis) => redis.zcount(this.key(showId), `(${nowMs - VISITORS_WINDOW_MS}`, '+inf'));
    } catch (err) {
      this.shared.warnOnce(`Redis for show page visitors: ${(err as Error).message}`);
      return 0;
    }
  }

  async close(): Promise<void> {
    this.shared.close();
  }
}

/** What the show info needs: the database, the clock and where views are kept. */
export interface ShowInfoDeps {
  db: Queryable;
  clock: Clock;
  visitors: ShowVisitorStore;
}

/** A session id is never kept as it is: a short hash is enough to tell visitors apart. */
export function visitorKey(sessionId: string): string {
  return createHash('sha256').update(`show-visitor:${sessionId}`).digest('base64url').slice(0, 16);
}

/** The social-proof numbers of one show, with the sold-ticket count cached per process. */
export class ShowInfo {
  private readonly sold = new Map<number, { value: number; until: number }>();

  constructor(private readonly deps: ShowInfoDeps) {}

  /** A session viewed the show page. */
  async viewed(showId: number, sessionId: string): Promise<void> {
    await this.deps.visitors.seen(showId, visitorKey(sessionId), this.deps.clock.now().getTime());
  }

  async of(showId: number): Promise<{ soldTickets: number; visitors: number }> {
    const nowMs = this.deps.clock.now().getTime();
    const [soldTickets, visitors] = await Promise.all([
      this.soldTickets(showId, nowMs),
      this.deps.visitors.count(showId, nowMs),
    ]);
    return { soldTickets, visitors };
  }

  private async soldTickets(showId: number, nowMs: number): Promise<number> {
    const cached = this.sold.get(showId);
    if (cached && cached.until > nowMs) return cached.value;
    const value = await soldTicketsRecently(this.deps.db, showId, new Date(nowMs));
    if (this.sold.size > 20_000) this.sold.clear();
    this.sold.set(showId, { value, until: nowMs + SOLD_TICKETS_CACHE_MS });
    return value;
  }
}

/** Tickets issued for the show's performances within the window ending at `now`, not returned. */
export async function soldTicketsRecently(db: Queryable, showId: number, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n
       FROM tickets t
       JOIN performances p ON p.id = t.performance_id
      WHERE p.show_id = $1 AND t.status = 'issued' AND t.issued_at > $2 AND t.issued_at <= $3`,
    [showId, new Date(now.getTime() - SOLD_TICKETS_WINDOW_MS), now],
  );
  return Number(rows[0]?.n ?? 0);
}
