import type { Clock } from '../../clock.js';
import type { Database } from '../../db/index.js';
import { type ChangeFeed, changeFeedOf } from './changes.js';
import { getHallPage, type HallPage, type HallPageViewer } from './hall-page.js';
import { getShowPage, type ShowPage } from './show.js';
import { listUpcomingPerformances, type UpcomingPage, type UpcomingQuery } from './upcoming.js';

export interface PageDataCacheOptions {
  /** Kept at most this long by the app's clock, change or no change (time moves shows into the past). */
  maxAgeMs: number;
  maxEntries: number;
}

interface Entry {
  value: unknown;
  /** The performances whose availability the value shows. */
  tags: readonly number[];
  at: number;
}

/**
 * What the catalogue pages read, kept in the process (decision 0016): the home page's lists, the
 * show pages, the hall pages (decision 0049). An entry names the performances it shows; a change of any of their availability
 * numbers, heard on the change feed from this process or another, drops it, and so does a change
 * of the catalogue. Nothing is kept longer than `maxAgeMs` either. Requests that arrive while an
 * entry is read wait for that one read; a read that a change of its performances overtook is
 * answered but not kept. Misses (an unknown show) are not kept, so made-up addresses cannot fill
 * the cache.
 */
export class PageDataCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<number, Set<string>>();
  private readonly reading = new Map<string, Promise<unknown>>();
  /** Change sequence: the last change of each performance, and of everything. */
  private seq = 0;
  private readonly changedAt = new Map<number, number>();
  private everythingAt = 0;
  private stats = { hits: 0, reads: 0 };

  constructor(
    feed: ChangeFeed,
    private readonly clock: Clock,
    private readonly options: PageDataCacheOptions = { maxAgeMs: 30_000, maxEntries: 2_000 },
  ) {
    feed.subscribe((change) => {
      this.seq++;
      if (change.kind === 'everything') {
        this.everythingAt = this.seq;
        this.changedAt.clear();
        for (const key of [...this.entries.keys()]) this.drop(key);
        return;
      }
      for (const id of change.performances) {
        this.changedAt.set(id, this.seq);
        for (const key of [...(this.byTag.get(id) ?? [])]) this.drop(key);
      }
    });
  }

  async get<V>(key: string, read: () => Promise<V | null>, tagsOf: (value: V) => readonly number[]): Promise<V | null> {
    const now = this.clock.now().getTime();
    const entry = this.entries.get(key);
    if (entry && now - entry.at < this.options.maxAgeMs && now >= entry.at) {
      this.stats.hits++;
      return entry.value as V;
    }
    const pending = this.reading.get(key);
    if (pending) return pending as Promise<V | null>;
    const started = this.seq;
    const reading = (async () => {
      this.stats.reads++;
      const value = await read();
      if (value !== null) {
        const tags = tagsOf(value);
        const overtaken = this.everythingAt > started || tags.some((t) => (this.changedAt.get(t) ?? 0) > started);
        if (!overtaken) this.keep(key, { value, tags, at: now });
      }
      return value;
    })().finally(() => this.reading.delete(key));
    this.reading.set(key, reading);
    return reading;
  }

  /** Hits and reads so far (tests, and the operator's curiosity). */
  counts(): { hits: number; reads: number; entries: number } {
    return { ...this.stats, entries: this.entries.size };
  }

  private keep(key: string, entry: Entry): void {
    this.drop(key);
    this.entries.set(key, entry);
    for (const t of entry.tags) {
      let keys = this.byTag.get(t);
      if (!keys) {
        keys = new Set();
        this.byTag.set(t, keys);
      }
      keys.add(key);
    }
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const t of entry.tags) {
      const keys = this.byTag.get(t);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(t);
    }
  }
}

/** The catalogue pages' reads through the process's cache. */
export interface CachedCatalogue {
  upcoming(q: Omit<UpcomingQuery, 'now'>): Promise<UpcomingPage>;
  showPage(slug: string): Promise<ShowPage | null>;
  /** The hall page's data for one kind of viewer (a new visitor's is everyone's). */
  hallPage(performanceId: number, viewer: HallPageViewer): Promise<HallPage | null>;
  readonly cache: PageDataCache;
}

const catalogues = new WeakMap<object, CachedCatalogue>();

/** The app's cached catalogue (one per app, so per process), made on first use. */
export function cachedCatalogueOf(deps: { db: Database; clock: Clock }): CachedCatalogue {
  let catalogue = catalogues.get(deps);
  if (!catalogue) {
    const cache = new PageDataCache(changeFeedOf(deps.db), deps.clock);
    const { db, clock } = deps;
    catalogue = {
      cache,
      async upcoming(q) {
        const key = `upcoming:${q.cityId}:${q.offset ?? 0}:${q.limit}`;
        const page = await cache.get(
          key,
          () => listUpcomingPerformances(db, { ...q, now: clock.now() }),
          (p) => p.items.map((i) => i.performanceId),
        );
        return page ?? { items: [], hasMore: false };
      },
      showPage: (slug) =>
        cache.get(
          `show:${slug}`,
          () => getShowPage(db, slug, clock.now()),
          (p) => p.performances.map((x) => x.performanceId),
        ),
      hallPage: (performanceId, viewer) =>
        cache.get(
          `hall:${performanceId}:${JSON.stringify(viewer)}`,
          () => getHallPage(db, performanceId, clock.now(), viewer),
          () => [performanceId],
        ),
    };
    catalogues.set(deps, catalogue);
  }
  return catalogue;
}
