import { luaScript, SharedRedis } from '../redis.js';
import { type AdmissionSettings, emptyQueue, enter, type QueueState, type Verdict } from './queue.js';

/** Where the queues live: this process's memory, or Redis shared by every server process. */
export interface QueueStore {
  enter(performanceId: number, sessionId: string, settings: AdmissionSettings): Promise<Verdict>;
  close(): Promise<void>;
}

/** A queue is forgotten after this long without a buyer asking. */
export const QUEUE_IDLE_MS = 30 * 60_000;

/**
 * Queues in memory (no REDIS_URL): right for one server process. Bounded: a performance's queue
 * is dropped after QUEUE_IDLE_MS without a request, and past `maxTickets` sessions in all the
 * oldest queue goes first.
 */
export class MemoryQueueStore implements QueueStore {
  private readonly queues = new Map<number, { state: QueueState; tickets: Map<string, number>; seen: number }>();
  private tickets = 0;

  constructor(
    private readonly now: () => number,
    private readonly maxTickets = 1_000_000,
  ) {}

  async enter(performanceId: number, sessionId: string, settings: AdmissionSettings): Promise<Verdict> {
    const now = this.now();
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
    return verdict;
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
 * queue.ts's `enter`, line for line, as one atomic step on the Redis server. The time is Redis's
 * own, so that every server process drains the queue by the same clock.
 */
const ENTER_SCRIPT = luaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local session = ARGV[3]
local idle = tonumber(ARGV[4])
local s = redis.call('HMGET', KEYS[1], 'issued', 'admitted', 'tokens', 'updatedAt')
local issued = tonumber(s[1]) or 0
local admitted = tonumber(s[2]) or 0
local tokens = tonumber(s[3]) or burst
local updatedAt = tonumber(s[4]) or now
local ticket = tonumber(redis.call('HGET', KEYS[2], session))
if not ticket then
  issued = issued + 1
  ticket = issued
  redis.call('HSET', KEYS[2], session, ticket)
end
local elapsed = math.max(0, now - updatedAt)
tokens = math.min(burst, tokens + elapsed * rate / 1000)
local admit = math.min(math.floor(tokens), issued - admitted)
admitted = admitted + admit
tokens = tokens - admit
redis.call('HSET', KEYS[1], 'issued', issued, 'admitted', admitted, 'tokens', tostring(tokens), 'updatedAt', now)
redis.call('PEXPIRE', KEYS[1], idle)
redis.call('PEXPIRE', KEYS[2], idle)
if ticket <= admitted then return {1, 0, 0} end
local position = ticket - admitted
return {0, position, math.max(1, math.ceil((position - tokens) / rate))}`);

/**
 * Queues in Redis (REDIS_URL): one queue per performance for every server process, so a buyer's
 * place does not depend on which process answers. When Redis cannot answer, buyers are let
 * through (logged at most once a minute): the gate protects the speed of a rush, while the
 * database's own guards keep every hold right without it.
 */
export class RedisQueueStore implements QueueStore {
  private readonly shared: SharedRedis;

  constructor(
    url: string,
    warn: (message: string) => void,
    private readonly prefix = 'partera:gate:',
  ) {
    this.shared = new SharedRedis(url, warn, 'the admission gate');
  }

  async enter(performanceId: number, sessionId: string, settings: AdmissionSettings): Promise<Verdict> {
    await this.shared.connected;
    try {
      const key = `${this.prefix}${performanceId}`;
      const [admitted, position, retryAfterSeconds] = (await this.shared.runScript(
        ENTER_SCRIPT,
        [key, `${key}:t`],
        [String(settings.rate), String(settings.burst), sessionId, String(QUEUE_IDLE_MS)],
      )) as [number, number, number];
      return admitted === 1
        ? { admitted: true }
        : { admitted: false, position: Number(position), retryAfterSeconds: Number(retryAfterSeconds) };
    } catch (err) {
      this.shared.warnOnce(
        `The admission gate lets everyone in while Redis does not answer (${(err as Error).message}).`,
      );
      return { admitted: true };
    }
  }

  async close(): Promise<void> {
    this.shared.close();
  }
}
