/**
 * The admission gate at a sale's start: when more buyers ask for a performance's seats than
 * `rate` a second (after a burst), they wait in a fair queue instead of all reaching the
 * database at once, and those admitted keep its speed.
 *
 * - queue.ts   THE rule: tickets in order of arrival, admitted by a token bucket.
 * - stores.ts  Where the queues live: Redis when REDIS_URL is set (one queue for every server
 *              process; while Redis does not answer, each process's own queue, with a
 *              warning), this process's memory otherwise (bounded).
 * - this file  The gate of an app, and the queued answer: HTTP 429 with Retry-After, the
 *              buyer's position in the message and in the X-Queue-Position header.
 *
 * Buyers enter at their first hold attempt (seat select, entrance tickets) or when they open the
 * hall page, whichever comes first; the site shows a waiting page meanwhile (site plugin). A hold
 * attempt is gated by http/route.ts (the call's `admission` option) as soon as it is known to be
 * allowed and well formed, and counted against its rate limits in the same step: a queued
 * buyer's answer costs one Redis round trip and nothing of the database (decision 0018), and,
 * when its form arrived with the request's head, nothing of Fastify's body pipeline either;
 * the attempts of one turn of the event loop share one script call (decision 0050).
 */
import type { CallDef } from '@partera/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  type Budget,
  type LimitRefusal,
  limiterOf,
  MemoryCounterStore,
  type RateLimiter,
  RedisCounterStore,
  type Requester,
} from '../limits/index.js';
import { redisNamespace } from '../redis.js';
import type { AdmissionSettings, Verdict } from './queue.js';
import { MemoryQueueStore, type QueueStore, RedisQueueStore } from './stores.js';

export type { AdmissionSettings, Verdict } from './queue.js';
export { type CountedAttempt, MemoryQueueStore, type QueueStore, RedisQueueStore } from './stores.js';

/** A hold attempt's way through the gate: admitted, queued (with its place), or over a rate limit. */
export type Admission = Verdict | { admitted: false; overLimit: LimitRefusal };

export class AdmissionGate {
  constructor(
    private readonly store: QueueStore,
    readonly settings: AdmissionSettings,
    private readonly limiter: RateLimiter,
  ) {}

  /** Whether this buyer may hold seats of the performance now; its place in the queue if not (the hall page). */
  async enter(performanceId: number, sessionId: string): Promise<Verdict> {
    if (this.settings.rate <= 0) return { admitted: true };
    return (await this.store.enter(performanceId, sessionId, this.settings)).verdict ?? { admitted: true };
  }

  /**
   * A hold attempt (a seat select, entrance tickets): counted against the call's rate limits
   * and, unless one refuses it, let into the performance's queue, both in one step of the store
   * (one Redis round trip). A refused attempt does not enter the queue: a script's flood of
   * sessions from one address cannot take places in it ahead of real buyers.
   */
  async attempt(
    performanceId: number,
    sessionId: string,
    budgets: readonly Budget[],
    who: Requester,
  ): Promise<Admission> {
    if (this.settings.rate <= 0) {
      const overLimit = await this.limiter.take(budgets, who);
      return overLimit ? { admitted: false, overLimit } : { admitted: true };
    }
    const plan = this.limiter.plan(budgets, who);
    const { counts, verdict } = await this.store.enter(performanceId, sessionId, this.settings, plan);
    const overLimit = plan.refusal(counts);
    if (overLimit) return { admitted: false, overLimit };
    return verdict ?? { admitted: true };
  }
}

const gates = new WeakMap<object, AdmissionGate>();

/**
 * The app's gate, one per app, closed with the app. Its queues live where the app's rate-limit
 * counters do (limiterOf): in Redis on the same connection, or in this process's memory.
 */
export function admissionGateOf(app: FastifyInstance): AdmissionGate {
  let gate = gates.get(app.deps);
  if (!gate) {
    const limiter = limiterOf(app);
    const counters = limiter.store;
    const store: QueueStore =
      counters instanceof RedisCounterStore
        ? new RedisQueueStore(
            counters,
            `${redisNamespace(app.deps.config)}gate:`,
            new MemoryQueueStore(() => app.deps.clock.now().getTime(), new MemoryCounterStore()),
          )
        : new MemoryQueueStore(() => app.deps.clock.now().getTime(), counters);
    gate = new AdmissionGate(store, app.deps.config.admission, limiter);
    gates.set(app.deps, gate);
    app.addHook('onClose', async () => {
      await store.close();
    });
  }
  return gate;
}

/** What a queued buyer reads: its place and when the seats open for it. */
export function queueMessage(verdict: Extract<Verdict, { admitted: false }>): string {
  return (
    'Сейчас билеты на это мероприятие выбирают очень многие, и мы пускаем покупателей по очереди. ' +
    `Ваше место в очереди: ${verdict.position}. Выбор мест откроется для вас примерно через ` +
    `${verdict.retryAfterSeconds} с.`
  );
}

/** HTTP 429 in the call's own failure shape, with Retry-After and the queue position. */
export function sendQueued(reply: FastifyReply, call: CallDef, verdict: Extract<Verdict, { admitted: false }>) {
  return reply
    .code(429)
    .header('retry-after', String(verdict.retryAfterSeconds))
    .header('x-queue-position', String(verdict.position))
    .header('cache-control', 'no-store')
    .send(call.failure(queueMessage(verdict), 429));
}
