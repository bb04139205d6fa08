import { luaScript, SharedRedis } from '../redis.js';

/** One counter to bump: its key (window included) and how long it must live. */
export interface CounterHit {
  key: string;
  /** Milliseconds from now until the counter's window ends. */
  ttlMs: number;
}

/**
 * Where the rate-limit counters live. `increment` adds one to every counter it is given, creating
 * a missing one at 1 with the given lifetime, and answers the new values in the same order.
 */
export interface CounterStore {
  increment(hits: readonly CounterHit[], nowMs: number): Promise<number[]>;
  /** The counters' values now (0 for a missing or ended one), without counting. */
  read(keys: readonly string[], nowMs: number): Promise<number[]>;
  close(): Promise<void>;
}

/**
 * Counters in this process's memory (no REDIS_URL): right for one server process. Bounded: past
 * `maxKeys` counters it drops the ended ones, then the oldest; a client whose counter was dropped
 * starts again from zero, which only ever errs towards letting a request through.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; endsAt: number }>();
  private nextSweep = 0;

  constructor(private readonly maxKeys = 100_000) {}

  async increment(hits: readonly CounterHit[], nowMs: number): Promise<number[]> {
    if (nowMs >= this.nextSweep || this.counters.size >= this.maxKeys) this.sweep(nowMs);
    return hits.map(({ key, ttlMs }) => {
      const current = this.counters.get(key);
      if (current && current.endsAt > nowMs) return ++current.count;
      this.counters.delete(key);
      this.counters.set(key, { count: 1, endsAt: nowMs + ttlMs });
      return 1;
    });
  }

  async read(keys: readonly string[], nowMs: number): Promise<number[]> {
    return keys.map((key) => {
      const current = this.counters.get(key);
      return current && current.endsAt > nowMs ? current.count : 0;
    });
  }

  /** How many counters are kept now (for the memory bound's test). */
  get size(): number {
    return this.counters.size;
  }

  private sweep(nowMs: number): void {
    this.nextSweep = nowMs + 60_000;
    for (const [key, c] of this.counters) if (c.endsAt <= nowMs) this.counters.delete(key);
    // Still full of live counters (a flood of addresses): the oldest go, a tenth at a time.
    if (this.counters.size >= this.maxKeys) {
      let drop = this.counters.size - Math.floor(this.maxKeys * 0.9);
      for (const key of this.counters.keys()) {
        if (drop-- <= 0) break;
        this.counters.delete(key);
      }
    }
  }

  async close(): Promise<void> {
    this.counters.clear();
  }
}

/**
 * INCR every key, giving a new one its lifetime: a Lua function, so that the admission gate's
 * script (admission/stores.ts) counts a hold attempt with the same lines in the same step.
 */
export const COUNT_HITS_LUA = `
local function count_hits(keys, ttls)
  local counts = {}
  for i, key in ipairs(keys) do
    local n = redis.call('INCR', key)
    if n == 1 then redis.call('PEXPIRE', key, ttls[i]) end
    counts[i] = n
  end
  return counts
end`;

/** Every counter of a request in one atomic step on the Redis server, one round trip. */
const INCREMENT_SCRIPT = luaScript(`${COUNT_HITS_LUA}
return count_hits(KEYS, ARGV)`);

/** Said when a request passes uncounted because Redis does not answer. */
const failOpen = (err: unknown) =>
  `Rate limits are not enforced while Redis does not answer (${(err as Error).message}); requests pass.`;

/**
 * Counters in Redis (REDIS_URL): shared by every server process, so a client cannot multiply its
 * limits by the number of processes behind the balancer. Redis removes each counter when its
 * window ends.
 *
 * When Redis cannot answer (down, slow, unreachable) the request is let through and a warning is
 * logged (at most once a minute): the limits bound cost, while the database's own guards (no
 * double hold, no double payment, the hold cap) keep holding without them. Requests never wait
 * for a reconnect: commands fail at once while the connection is down.
 */
export class RedisCounterStore implements CounterStore {
  /** The connection, shared with the admission gate's queues (admission/stores.ts). */
  readonly shared: SharedRedis;

  constructor(
    url: string,
    warn: (message: string) => void,
    private readonly prefix = 'partera:rl:',
  ) {
    this.shared = new SharedRedis(url, warn, 'rate limits and the admission gate');
  }

  /** A counter's key as it is kept in Redis. */
  keyOf(key: string): string {
    return this.prefix + key;
  }

  /** Redis ends the windows by itself (PEXPIRE): the time of the request is not needed. */
  async increment(hits: readonly CounterHit[], _nowMs?: number): Promise<number[]> {
    await this.shared.connected;
    try {
      const counts = (await this.shared.runScript(
        INCREMENT_SCRIPT,
        hits.map((h) => this.keyOf(h.key)),
        hits.map((h) => String(Math.max(1, Math.ceil(h.ttlMs)))),
      )) as number[];
      return counts.map(Number);
    } catch (err) {
      this.shared.warnOnce(failOpen(err));
      return hits.map(() => 0);
    }
  }

  async read(keys: readonly string[], _nowMs?: number): Promise<number[]> {
    await this.shared.connected;
    try {
      const values = await this.shared.ask((redis) => redis.mget(...keys.map((k) => this.keyOf(k))));
      return values.map((v) => (v === null ? 0 : Number(v)));
    } catch (err) {
      this.shared.warnOnce(failOpen(err));
      return keys.map(() => 0);
    }
  }

  async close(): Promise<void> {
    this.shared.close();
  }
}
