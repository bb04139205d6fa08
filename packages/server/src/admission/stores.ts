import {
  COUNT_HITS_LUA,
  type CounterHit,
  type CounterStore,
  MemoryCounterStore,
  type RedisCounterStore,
} from '../limits/stores.js';
import { luaScript } from '../redis.js';
import { type AdmissionSettings, emptyQueue, enter, type QueueState, type Verdict } from './queue.js';

/**
 * The rate-limit counters a hold attempt adds to on its way into the queue (limits/ plans them),
 * with each counter's budget and the rule that reads the new counts.
 */
export interface CountedAttempt {
  hits: readonly CounterHit[];
  maxes: readonly number[];
  /** Whether the new counts refuse the attempt (limits/ RateLimiter's rule). */
  refused(counts: readonly number[]): boolean;
}

/** A buyer's attempt through the gate: its rate-limit counts, and the verdict unless they refused it. */
export interface Entry {
  counts: number[];
  /** Null when a rate limit refused the attempt: it was not let into the queue. */
  verdict: Verdict | null;
}

/**
 * Where the queues live: this process's memory, or Redis shared by every server process. A store
 * keeps its queues next to the rate-limit counters of the same app (the limiter's store), so that
 * an attempt is counted and queued in one step: one Redis round trip for both.
 */
export interface QueueStore {
  /**
   * Counts the attempt against its rate limits, then, unless a count went past its budget, lets
   * the buyer into the performance's queue. Without `counted` (the hall page) only the latter.
   */
  enter(
    performanceId: number,
    sessionId: string,
    settings: AdmissionSettings,
    counted?: CountedAttempt,
  ): Promise<Entry>;
  close(): Promise<void>;
}

/** A queue is forgotten after this long without a buyer asking. */
export const QUEUE_IDLE_MS = 30 * 60_000;

const NOT_COUNTED: CountedAttempt = { hits: [], maxes: [], refused: () => false };

/**
 * Queues in memory (no REDIS_URL): right for one server process. Bounded: a performance's queue
 * is dropped after QUEUE_IDLE_MS without a request, and past `maxTickets` sessions in all the
 * oldest queue goes first.
 */
export class MemoryQueueStore implements QueueStore {
  private readonly queues = new Map<number, { state: QueueState; tickets: Map<string, number>; seen: number }>();
  private tickets = 0;

  /** `counters`: the limiter's counters in this process (limits/), counted before the queue. */
  constructor(
    private readonly now: () => number,
    private readonly counters: CounterStore,
    private readonly maxTickets = 1_000_000,
  ) {}

  async enter(
    performanceId: number,
    sessionId: string,
    settings: AdmissionSettings,
    counted: CountedAttempt = NOT_COUNTED,
  ): Promise<Entry> {
    const now = this.now();
    const counts = counted.hits.length > 0 ? await this.counters.increment(counted.hits, now) : [];
    if (counted.refused(counts)) return { counts, verdict: null };
    let queue = this.queues.get(performanceId);
    if (!queue || now - queue.seen > QUEUE_IDLE_MS) {
      if (queue) this.drop(performanceId);
      queue = { state: emptyQueue(now, settings), tickets: new Map(), seen: now };
      this.queues.set(performanceId, queue);
    }
    queue.seen = now;
    const known = queue.tickets.get(sessionId) ?? null;
    const { ticket, verdict } = enter(queue.state, known, now, settings);
    if (known === null) {
      queue.tickets.set(sessionId, ticket);
      this.tickets++;
      for (const [id] of this.queues) {
        if (this.tickets <= this.maxTickets || id === performanceId) break;
        this.drop(id);
      }
    }
    return { counts, verdict };
  }

  private drop(performanceId: number): void {
    this.tickets -= this.queues.get(performanceId)?.tickets.size ?? 0;
    this.queues.delete(performanceId);
  }

  async close(): Promise<void> {
    this.queues.clear();
  }
}

/**
 * queue.ts's `enter`, line for line, as a Lua function run on the Redis server. The time is
 * Redis's own, so that every server process drains the queue by the same clock.
 */
const ENTER_QUEUE_LUA = `
local function enter_queue(state_key, tickets_key, session, rate, burst, idle)
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  local s = redis.call('HMGET', state_key, 'issued', 'admitted', 'tokens', 'updatedAt')
  local issued = tonumber(s[1]) or 0
  local admitted = tonumber(s[2]) or 0
  local tokens = tonumber(s[3]) or burst
  local updatedAt = tonumber(s[4]) or now
  local ticket = tonumber(redis.call('HGET', tickets_key, session))
  if not ticket then
    issued = issued + 1
    ticket = issued
    redis.call('HSET', tickets_key, session, ticket)
  end
  local elapsed = math.max(0, now - updatedAt)
  tokens = math.min(burst, tokens + elapsed * rate / 1000)
  local admit = math.min(math.floor(tokens), issued - admitted)
  admitted = admitted + admit
  tokens = tokens - admit
  redis.call('HSET', state_key, 'issued', issued, 'admitted', admitted, 'tokens', tostring(tokens), 'updatedAt', now)
  redis.call('PEXPIRE', state_key, idle)
  redis.call('PEXPIRE', tickets_key, idle)
  if ticket <= admitted then return {1, 0, 0} end
  local position = ticket - admitted
  return {0, position, math.max(1, math.ceil((position - tokens) / rate))}
end`;

/**
 * One attempt, atomically: its rate-limit counters (limits/stores.ts's count_hits), then, unless
 * a count is past its budget (the limiter's rule: a count above the max refuses), the queue.
 *
 * KEYS: the queue's state, its tickets, then the counters. ARGV: the session, rate, burst and
 * idle time, then each counter's lifetime and budget. Answers {admitted (1, 0, or -1 when a
 * limit refused), position, retry after, the counts…}.
 */
const ENTER_SCRIPT = luaScript(`${COUNT_HITS_LUA}
${ENTER_QUEUE_LUA}
local keys, ttls, maxes = {}, {}, {}
for i = 3, #KEYS do
  keys[i - 2] = KEYS[i]
  ttls[i - 2] = ARGV[2 * i - 1]
  maxes[i - 2] = tonumber(ARGV[2 * i])
end
local counts = count_hits(keys, ttls)
for i, n in ipairs(counts) do
  if n > maxes[i] then return {-1, 0, 0, unpack(counts)} end
end
local v = enter_queue(KEYS[1], KEYS[2], ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]))
return {v[1], v[2], v[3], unpack(counts)}`);

/**
 * Queues in Redis (REDIS_URL): one queue per performance for every server process, so a buyer's
 * place does not depend on which process answers. They use the rate limits' connection and
 * count an attempt's limits in the same script.
 *
 * When Redis cannot answer (down, or a command timed out in an overloaded rush), the attempt goes
 * to `fallback`, this process's own queues and counters (MemoryQueueStore), with a warning at
 * most once a minute: the gate keeps admitting buyers at its rate instead of letting everyone
 * through at the moment the database is busiest. Each process then drains its own queue at the
 * full rate (with n processes, up to n times the rate in all), and a buyer keeps its place only
 * within the process that answers it, until Redis answers again.
 */
export class RedisQueueStore implements QueueStore {
  constructor(
    private readonly counters: RedisCounterStore,
    private readonly prefix = 'partera:gate:',
    private readonly fallback: QueueStore = new MemoryQueueStore(() => Date.now(), new MemoryCounterStore()),
  ) {}

  async enter(
    performanceId: number,
    sessionId: string,
    settings: AdmissionSettings,
    counted: CountedAttempt = NOT_COUNTED,
  ): Promise<Entry> {
    const { shared } = this.counters;
    await shared.connected;
    try {
      const key = `${this.prefix}${performanceId}`;
      const answer = (await shared.runScript(
        ENTER_SCRIPT,
        [key, `${key}:t`, ...counted.hits.map((h) => this.counters.keyOf(h.key))],
        [
          sessionId,
          String(settings.rate),
          String(settings.burst),
          String(QUEUE_IDLE_MS),
          ...counted.hits.flatMap((h, i) => [String(Math.max(1, Math.ceil(h.ttlMs))), String(counted.maxes[i])]),
        ],
      )) as number[];
      const [admitted, position, retryAfterSeconds] = answer.map(Number) as [number, number, number];
      const counts = answer.slice(3).map(Number);
      if (admitted === -1) return { counts, verdict: null };
      return {
        counts,
        verdict: admitted === 1 ? { admitted: true } : { admitted: false, position, retryAfterSeconds },
      };
    } catch (err) {
      shared.warnOnce(
        `The admission gate queues and counts hold attempts in each process while Redis does not answer (${(err as Error).message}).`,
      );
      return this.fallback.enter(performanceId, sessionId, settings, counted);
    }
  }

  /** The connection is the rate limits' and closes with them. */
  async close(): Promise<void> {
    await this.fallback.close();
  }
}
