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
 * Attempts in the order they came, each atomically (the whole batch is one script): its
 * rate-limit counters (limits/stores.ts's count_hits), then, unless a count is past its budget
 * (the limiter's rule: a count above the max refuses), the queue.
 *
 * ARGV[1]: how many attempts. Then per attempt, KEYS: the queue's state, its tickets, then its
 * counters; ARGV: the session, rate, burst, idle time and the number of counters, then each
 * counter's lifetime and budget. Answers, per attempt in turn: admitted (1, 0, or -1 when a
 * limit refused), position, retry after, the number of counts, the counts.
 */
const ENTER_SCRIPT = luaScript(`${COUNT_HITS_LUA}
${ENTER_QUEUE_LUA}
local out = {}
local k, a = 1, 2
for _ = 1, tonumber(ARGV[1]) do
  local n = tonumber(ARGV[a + 4])
  local keys, ttls, maxes = {}, {}, {}
  for i = 1, n do
    keys[i] = KEYS[k + 1 + i]
    ttls[i] = ARGV[a + 3 + 2 * i]
    maxes[i] = tonumber(ARGV[a + 4 + 2 * i])
  end
  local counts = count_hits(keys, ttls)
  local v = nil
  for i = 1, n do
    if counts[i] > maxes[i] then v = {-1, 0, 0} end
  end
  if not v then
    v = enter_queue(KEYS[k], KEYS[k + 1], ARGV[a], tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3]))
  end
  out[#out + 1] = v[1]
  out[#out + 1] = v[2]
  out[#out + 1] = v[3]
  out[#out + 1] = n
  for i = 1, n do out[#out + 1] = counts[i] end
  k = k + 2 + n
  a = a + 5 + 2 * n
end
return out`);

/** At most this many attempts share one script call (a few milliseconds of Redis's time at most). */
const MAX_BATCH = 200;

/**
 * How long the gate waits for Redis before it queues in the process (longer than the rate
 * limits' deadline): the process's own queue starts with a fresh burst and knows nothing of the
 * buyers queued in Redis, so a buyer answered by it may get in ahead of hundreds who came
 * earlier. In a rush a slower answer in the shared queue is the fairer one; only a Redis that is
 * down or stuck should send the gate to its fallback.
 */
export const GATE_DEADLINE_MS = 2_000;

interface Waiting {
  performanceId: number;
  sessionId: string;
  settings: AdmissionSettings;
  counted: CountedAttempt;
  resolve(entry: Entry): void;
  reject(err: unknown): void;
}

/**
 * Queues in Redis (REDIS_URL): one queue per performance for every server process, so a buyer's
 * place does not depend on which process answers. They use the rate limits' connection and
 * count an attempt's limits in the same script.
 *
 * The attempts a process receives in one turn of its event loop go to Redis as one script call,
 * in the order they came: in a sale's first seconds hundreds of buyers arrive at once, and each
 * command of its own cost the process its client's bookkeeping (a command, a promise, a timer,
 * the encoding and decoding), most of a queued buyer's cost after HTTP. One buyer alone is one
 * call as before.
 *
 * When Redis cannot answer (down, or no answer within GATE_DEADLINE_MS), the attempt goes to
 * `fallback`, this process's own queues and counters (MemoryQueueStore), with a warning at most
 * once a minute: the gate keeps admitting buyers at its rate instead of letting everyone through
 * at the moment the database is busiest. Each process then drains its own queue at the full rate
 * (with n processes, up to n times the rate in all), and a buyer keeps its place only within the
 * process that answers it, until Redis answers again. A process too busy to read Redis's answer
 * in time does not count as Redis not answering (redis.ts `answered`).
 */
export class RedisQueueStore implements QueueStore {
  private waiting: Waiting[] = [];

  constructor(
    private readonly counters: RedisCounterStore,
    private readonly prefix = 'partera:gate:',
    private readonly fallback: QueueStore = new MemoryQueueStore(() => Date.now(), new MemoryCounterStore()),
  ) {}

  enter(
    performanceId: number,
    sessionId: string,
    settings: AdmissionSettings,
    counted: CountedAttempt = NOT_COUNTED,
  ): Promise<Entry> {
    return new Promise((resolve, reject) => {
      // The first of a turn sends the batch once this turn's other requests have joined it.
      if (this.waiting.length === 0) setImmediate(() => this.send());
      this.waiting.push({ performanceId, sessionId, settings, counted, resolve, reject });
    });
  }

  private send(): void {
    const batch = this.waiting;
    this.waiting = [];
    for (let i = 0; i < batch.length; i += MAX_BATCH) {
      const part = batch.slice(i, i + MAX_BATCH);
      this.run(part).catch((err) => {
        for (const w of part) w.reject(err);
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    const { shared } = this.counters;
    await shared.connected;
    const keys: string[] = [];
    const args: string[] = [String(batch.length)];
    for (const { performanceId, sessionId, settings, counted } of batch) {
      const key = `${this.prefix}${performanceId}`;
      keys.push(key, `${key}:t`);
      args.push(
        sessionId,
        String(settings.rate),
        String(settings.burst),
        String(QUEUE_IDLE_MS),
        String(counted.hits.length),
      );
      counted.hits.forEach((h, i) => {
        keys.push(this.counters.keyOf(h.key));
        args.push(String(Math.max(1, Math.ceil(h.ttlMs))), String(counted.maxes[i]));
      });
    }
    let answer: number[];
    try {
      answer = ((await shared.runScript(ENTER_SCRIPT, keys, args, GATE_DEADLINE_MS)) as unknown[]).map(Number);
    } catch (err) {
      shared.warnOnce(
        `The admission gate queues and counts hold attempts in each process while Redis does not answer (${(err as Error).message}).`,
      );
      for (const w of batch) {
        this.fallback.enter(w.performanceId, w.sessionId, w.settings, w.counted).then(w.resolve, w.reject);
      }
      return;
    }
    // The admitted go on at once, the queued a moment later (the next turn's check phase): in a
    // rush one answer in ten admits, and its hold reaches the database before this process
    // writes the other nine's queue positions, instead of behind them.
    const queued: Array<() => void> = [];
    let at = 0;
    for (const w of batch) {
      const [admitted, position, retryAfterSeconds, n] = answer.slice(at, at + 4) as [number, number, number, number];
      const counts = answer.slice(at + 4, at + 4 + n);
      at += 4 + n;
      if (admitted === 0) {
        queued.push(() => w.resolve({ counts, verdict: { admitted: false, position, retryAfterSeconds } }));
      } else {
        w.resolve({ counts, verdict: admitted === 1 ? { admitted: true } : null });
      }
    }
    if (queued.length > 0) {
      setImmediate(() => {
        for (const answerQueued of queued) answerQueued();
      });
    }
  }

  /** The connection is the rate limits' and closes with them. */
  async close(): Promise<void> {
    await this.fallback.close();
  }
}
