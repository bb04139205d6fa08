import { once } from 'node:events';
import { pipeline, Readable, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGunzip, createGzip } from 'node:zlib';
import type { Clock } from '../../clock.js';
import type { Database, Queryable } from '../../db/index.js';
import type { Encoding } from '../../http/compression.js';
import { changeFeedOf } from '../catalogue/changes.js';
import { placesHeldBy } from '../holds/rule.js';
import { HallLayoutCache, hallLayoutCacheOf } from './layout.js';
import {
  type CompactParts,
  compactJson,
  compactParts,
  type HallMapSource,
  hallMapJson,
  loadHallMapSource,
  loadOwnPlaces,
} from './map.js';

/**
 * The hall map's answers, built and compressed once per process and performance.
 *
 * A stadium's map is 25 MB of JSON that takes the database and the process most of a second to
 * write; every buyer opening the hall page asks for it, and ten asking at once used to build it
 * ten times over (seconds each, a gigabyte of memory). Here:
 *
 * - the map every buyer sees who holds nothing in the performance is built once, compressed
 *   with gzip and with brotli (about 0.8 MB and 0.5 MB for the stadium), and kept for
 *   `freshMs`. A hold, release or expiry heard on the change feed (`changed`: this process's
 *   at once, other processes' within milliseconds) has it built again, but not before it has
 *   been served for `changedRebuildFactor` times as long as it took to build: a small hall is
 *   rebuilt at once, the stadium at most every second or two however fast seats are taken;
 * - while the map of a hall of `staleFromPlaces` or more is built again, the one kept is served
 *   at once (stale while revalidate, decision 0053): a stadium's rebuild (about a second) keeps
 *   no buyer waiting. It is served so only while it is younger than `staleMs` by the app's clock,
 *   counted from the start of its build (what it shows is the state of that moment); an older one
 *   is waited for, as is a smaller hall's map (quick to build: its answer stays exact and fast). So every answer shows the holds of at most `staleMs` ago, and
 *   during a rush a hold shows in the stadium's map after about three of its build times
 *   (the build under way, the rebuild floor, the rebuild). A place taken meanwhile still shows
 *   as free, and selecting it answers the spec's 'Не удалось добавить билет в корзину'
 *   (hall-basket-checkout.md 8.2: a seat the server will not add is answered with that message);
 * - requests that have to wait for a build wait for that one build (single flight);
 * - the cache keeps at most `maxBytes` of compressed maps and `maxEntries` performances, the
 *   least recently served go first;
 * - a buyer who holds places of the performance gets a map of their own (their places in
 *   state 1). The compact map (the canvas plan's) lays the buyer's few places, read fresh, over
 *   the shared map's parts kept beside its compressed bytes: a stadium's costs milliseconds, not
 *   a read of every place. The spec's map is built for them, streamed through the compressor as
 *   it is written; at most `personalBuilds` such builds run at once, the rest wait their turn.
 *   The route rate-limits both per buyer.
 */

/** The spec's map (places as objects), or the compact one written against the hall layout (decision 0025). */
export type MapFormat = 'spec' | 'compact';

export interface HallMapCacheOptions {
  freshMs: number;
  changedRebuildFactor: number;
  /**
   * A hall of this many places or more is served stale while its map is built again; a smaller
   * one is waited for. By the hall's size, not by how long its last build took, so that what a
   * buyer sees of a small hall does not depend on how busy the machine is.
   */
  staleFromPlaces: number;
  /** The oldest a stale map may be (app clock, from the start of its build) and still be served. */
  staleMs: number;
  maxBytes: number;
  maxEntries: number;
  personalBuilds: number;
}

export const defaultHallMapCacheOptions: HallMapCacheOptions = {
  freshMs: 3_000,
  changedRebuildFactor: 1,
  // The arena and the stadium (22,912 and 85,792 places: builds of 0.2 to 1.8 s), not a theatre.
  staleFromPlaces: 10_000,
  staleMs: 10_000,
  maxBytes: 64 * 1024 * 1024,
  maxEntries: 500,
  personalBuilds: 2,
};

interface SharedMap {
  /** The app clock's time of the build's start (freshness: tests move that clock). */
  builtAt: number;
  /** Monotonic times of the build's start and end, and what it cost (the rebuild floor). */
  startedMono: number;
  finishedMono: number;
  gzip: Buffer;
  br: Buffer;
  /** The compact map's parts, what a buyer's own places are laid over (compact format only). */
  parts?: CompactParts;
  /** A rebuild is due when its floor ends (revalidateAfter). */
  scheduled?: boolean;
  /** How many places the map shows. */
  places: number;
}

/** What a kept map costs the cache's memory bound. */
function sizeOf(map: SharedMap): number {
  const parts = map.parts ? map.parts.category.byteLength + map.parts.cyphers.byteLength : 0;
  return map.gzip.length + map.br.length + parts;
}

/** An answer ready to send: a Buffer (shared, already compressed) or a stream (personal). */
export interface MapBody {
  encoding: Encoding;
  body: Buffer | Readable;
}

/** Compressors: the shared map is compressed once, so harder; a personal one on every request, so fast. */
function compressor(encoding: Exclude<Encoding, 'identity'>, fast: boolean): Transform {
  if (encoding === 'gzip') return createGzip({ level: fast ? 1 : 6 });
  return createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: fast ? 1 : 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

function collect(stream: Transform): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    stream.on('data', (c: Buffer) => parts.push(c));
    stream.on('end', () => resolve(Buffer.concat(parts)));
    stream.on('error', reject);
  });
}

/** Writes the text pieces into both compressors at once (the zlib work runs off the main thread). */
async function compressBoth(pieces: Iterable<string>): Promise<{ gzip: Buffer; br: Buffer }> {
  const gzip = compressor('gzip', false);
  const br = compressor('br', false);
  const out = Promise.all([collect(gzip), collect(br)]);
  for (const piece of pieces) {
    gzip.write(piece);
    br.write(piece);
    // Asked after both writes: one may drain while the other is awaited.
    if (gzip.writableNeedDrain) await once(gzip, 'drain');
    if (br.writableNeedDrain) await once(br, 'drain');
  }
  gzip.end();
  br.end();
  const [g, b] = await out;
  return { gzip: g, br: b };
}

/**
 * `from` flowing through `through`: an error or an early close of either (a client that goes
 * away) destroys both, so nothing is left paused holding a map in memory.
 */
function piped(from: Readable, through: Transform): Transform {
  pipeline(from, through, () => {
    // The answer ends with the error; nothing else to do.
  });
  return through;
}

/** A counting semaphore: at most `size` holders at once, the others queue. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  async take(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}

/** Cache key of a performance's map in one format. */
const keyOf = (performanceId: number, format: MapFormat) => `${format}:${performanceId}`;
const performanceOfKey = (key: string) => Number(key.slice(key.indexOf(':') + 1));

export class HallMapCache {
  private readonly entries = new Map<string, SharedMap>();
  private readonly building = new Map<string, Promise<SharedMap | null>>();
  /** Monotonic time of the last change of a performance's holds, for the maps kept or being built. */
  private readonly changes = new Map<number, number>();
  private readonly personalSlots: Slots;
  private bytes = 0;
  /** Shared maps built so far (what the single flight saves is counted here). */
  builds = 0;
  /** Of those, the ones built while the kept map was served stale. */
  revalidations = 0;

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    private readonly options: HallMapCacheOptions = defaultHallMapCacheOptions,
    private readonly layouts = new HallLayoutCache(db),
  ) {
    this.personalSlots = new Slots(options.personalBuilds);
  }

  /** The map of a buyer who holds no place of the performance; null for an unknown performance. */
  async shared(performanceId: number, encoding: Encoding, format: MapFormat = 'spec'): Promise<MapBody | null> {
    const map = await this.sharedMap(performanceId, format);
    if (!map) return null;
    // A client that takes no compression (rare: scripts) gets the gzip unpacked as it is sent.
    if (encoding === 'identity') return { encoding, body: piped(Readable.from([map.gzip]), createGunzip()) };
    return { encoding, body: map[encoding] };
  }

  /**
   * The map of a buyer who holds places of the performance, built for them and compressed as it
   * is written; null for an unknown performance.
   */
  async personal(
    performanceId: number,
    sessionId: string,
    encoding: Encoding,
    format: MapFormat = 'spec',
  ): Promise<MapBody | null> {
    if (format === 'compact') return this.ownCompact(performanceId, sessionId, encoding);
    const release = await this.personalSlots.take();
    try {
      const source = await loadHallMapSource(this.db, performanceId, sessionId, this.clock.now());
      if (!source) return null;
      const text = Readable.from(hallMapJson(source));
      const body = encoding === 'identity' ? text : piped(text, compressor(encoding, true));
      body.once('close', release);
      return { encoding, body };
    } catch (err) {
      release();
      throw err;
    }
  }

  /** The compact map of a buyer who holds places: their places laid over the shared map's parts. */
  private async ownCompact(performanceId: number, sessionId: string, encoding: Encoding): Promise<MapBody | null> {
    const shared = await this.sharedMap(performanceId, 'compact');
    if (!shared?.parts) return null;
    const own = await loadOwnPlaces(this.db, performanceId, sessionId, this.clock.now());
    const text = Readable.from([compactJson(shared.parts, own)]);
    return { encoding, body: encoding === 'identity' ? text : piped(text, compressor(encoding, true)) };
  }

  /** Holds of the performance changed: its shared map is out of date. */
  changed(performanceId: number): void {
    if (this.known(performanceId)) this.changes.set(performanceId, performance.now());
  }

  /** Whether a map of the performance, in any format, is kept or being built. */
  private known(performanceId: number): boolean {
    return (['spec', 'compact'] as const).some(
      (f) => this.entries.has(keyOf(performanceId, f)) || this.building.has(keyOf(performanceId, f)),
    );
  }

  /** Anything may have changed (the feed's connection was lost for a while). */
  changedAll(): void {
    for (const key of new Set([...this.entries.keys(), ...this.building.keys()])) this.changed(performanceOfKey(key));
  }

  /** True when the session holds live places of the performance: its map is then its own. */
  async holdsPlaces(performanceId: number, sessionId: string): Promise<boolean> {
    const r = await this.db.query<{ holds: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${placesHeldBy('$1', '$3')} mine WHERE performance_id = $2) AS holds`,
      [sessionId, performanceId, this.clock.now()],
    );
    return r.rows[0]?.holds === true;
  }

  /** What the cache holds now (for the memory bound's test). */
  stats(): { entries: number; bytes: number; builds: number; revalidations: number; building: number } {
    return {
      entries: this.entries.size,
      bytes: this.bytes,
      builds: this.builds,
      revalidations: this.revalidations,
      building: this.building.size,
    };
  }

  /** The answer's text in pieces: the spec's map a thousand places at a time, the compact one whole. */
  private async pieces(
    source: HallMapSource,
    format: MapFormat,
  ): Promise<{ text: Iterable<string>; parts?: CompactParts }> {
    if (format === 'spec') return { text: hallMapJson(source) };
    const layout = await this.layouts.get(source.hallId);
    const parts = compactParts(source, { hallId: source.hallId, placeIds: layout?.placeIds ?? new Int32Array() });
    return { text: [compactJson(parts)], parts };
  }

  private async sharedMap(performanceId: number, format: MapFormat): Promise<SharedMap | null> {
    const key = keyOf(performanceId, format);
    const cached = this.entries.get(key);
    if (cached) {
      const state = this.stateOf(performanceId, cached);
      if (state !== 'expired') {
        // Served again: the most recently used go last, eviction takes from the front.
        this.entries.delete(key);
        this.entries.set(key, cached);
        if (state === 'stale') this.revalidate(performanceId, format);
        return cached;
      }
    }
    return this.buildOnce(performanceId, format);
  }

  /** The build of the map under way, or a new one: every caller waits for the same one. */
  private buildOnce(performanceId: number, format: MapFormat): Promise<SharedMap | null> {
    const key = keyOf(performanceId, format);
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.build(performanceId, format).finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  /**
   * What a kept map may be served as: 'fresh' (as it is), 'stale' (at once, while it is built
   * again) or 'expired' (not at all: the request waits for a build).
   */
  private stateOf(performanceId: number, map: SharedMap): 'fresh' | 'stale' | 'expired' {
    const age = this.clock.now().getTime() - map.builtAt;
    const cost = map.finishedMono - map.startedMono;
    // A small hall's map (quick to build) is waited for, so that it is exact; one that the clock
    // went back past is not trusted.
    const mayBeStale = age >= 0 && age < this.options.staleMs && map.places >= this.options.staleFromPlaces;
    if (age < 0 || age >= this.options.freshMs) return mayBeStale ? 'stale' : 'expired';
    const changedAt = this.changes.get(performanceId);
    if (changedAt === undefined || changedAt < map.startedMono) return 'fresh';
    // Changed since its build began: built again once it has been served as long as it took to
    // build (the rebuild floor); a slow one is built then even when nobody asks meanwhile.
    const floor = cost * this.options.changedRebuildFactor - (performance.now() - map.finishedMono);
    if (floor > 0) {
      if (mayBeStale) this.revalidateAfter(performanceId, map, floor);
      return 'fresh';
    }
    return mayBeStale ? 'stale' : 'expired';
  }

  /** Builds the map again without anyone waiting for it (a failure leaves the kept one). */
  private revalidate(performanceId: number, format: MapFormat): void {
    if (this.building.has(keyOf(performanceId, format))) return;
    this.revalidations++;
    this.buildOnce(performanceId, format).catch(() => {
      // The kept map is served until it expires; the request that then waits sees the error.
    });
  }

  /** Has the map built again after `delayMs` unless it is replaced, or is no longer kept, by then. */
  private revalidateAfter(performanceId: number, map: SharedMap, delayMs: number): void {
    // A map past staleMs by then is waited for by whoever asks: nothing to schedule.
    if (map.scheduled || delayMs >= this.options.staleMs) return;
    map.scheduled = true;
    setTimeout(() => {
      map.scheduled = false;
      for (const format of ['spec', 'compact'] as const) {
        if (this.entries.get(keyOf(performanceId, format)) !== map) continue;
        if (this.stateOf(performanceId, map) === 'stale') this.revalidate(performanceId, format);
      }
    }, Math.ceil(delayMs)).unref();
  }

  private async build(performanceId: number, format: MapFormat): Promise<SharedMap | null> {
    const key = keyOf(performanceId, format);
    const builtAt = this.clock.now();
    const startedMono = performance.now();
    this.builds++;
    const source = await loadHallMapSource(this.db, performanceId, null, builtAt, { lean: format === 'compact' });
    // An unknown performance is not kept: ids anyone can make up must not fill the cache.
    if (!source) {
      this.forget(key);
      return null;
    }
    const { text, parts } = await this.pieces(source, format);
    const compressed = await compressBoth(text);
    const map: SharedMap = {
      builtAt: builtAt.getTime(),
      startedMono,
      finishedMono: performance.now(),
      places: source.places.length,
      ...compressed,
      ...(parts ? { parts } : {}),
    };
    this.forget(key);
    this.entries.set(key, map);
    this.bytes += sizeOf(map);
    for (const [id, old] of this.entries) {
      if (this.bytes <= this.options.maxBytes && this.entries.size <= this.options.maxEntries) break;
      // The map just built stays even when it alone is over the bound: it is what is being asked for.
      if (old === map) break;
      this.forget(id);
    }
    return map;
  }

  private forget(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(old);
    const performanceId = performanceOfKey(key);
    if (!this.known(performanceId)) this.changes.delete(performanceId);
  }
}

const caches = new WeakMap<object, HallMapCache>();

/** Has the cache hear every change of holds of the database on its change feed; returns the unsubscribe. */
export function hearChanges(cache: HallMapCache, db: Database): () => void {
  return changeFeedOf(db).subscribe((change) => {
    if (change.kind === 'availability') for (const id of change.performances) cache.changed(id);
    else cache.changedAll();
  });
}

/**
 * The app's cache (one per app and so per process), made on first use. It hears every change of
 * holds on the change feed: this process's at once, other processes' within milliseconds.
 */
export function hallMapCacheOf(deps: { db: Database; clock: Clock }): HallMapCache {
  let cache = caches.get(deps);
  if (!cache) {
    const made = new HallMapCache(deps.db, deps.clock, defaultHallMapCacheOptions, hallLayoutCacheOf(deps));
    hearChanges(made, deps.db);
    cache = made;
    caches.set(deps, cache);
  }
  return cache;
}
