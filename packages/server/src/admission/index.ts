/**
 * The admission gate at a sale's start: when more buyers ask for a performance's seats than
 * `rate` a second (after a burst), they wait in a fair queue instead of all reaching the
 * database at once, and those admitted keep its speed.
 *
 * - queue.ts   THE rule: tickets in order of arrival, admitted by a token bucket.
 * - stores.ts  Where the queues live: Redis when REDIS_URL is set (one queue for every server
 *              process; lets everyone in, with a warning, while Redis does not answer), this
 *              process's memory otherwise (bounded).
 * - this file  The gate of an app, and the queued answer: HTTP 429 with Retry-After, the
 *              buyer's position in the message and in the X-Queue-Position header.
 *
 * Buyers enter at their first hold attempt (seat select, entrance tickets) or when they open the
 * hall page, whichever comes first; the site shows a waiting page meanwhile (site plugin).
 */
import type { CallDef } from '@partera/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { redisNamespace } from '../redis.js';
import type { AdmissionSettings, Verdict } from './queue.js';
import { MemoryQueueStore, type QueueStore, RedisQueueStore } from './stores.js';

export type { AdmissionSettings, Verdict } from './queue.js';
export { MemoryQueueStore, RedisQueueStore } from './stores.js';

export class AdmissionGate {
  constructor(
    private readonly store: QueueStore,
    readonly settings: AdmissionSettings,
  ) {}

  /** Whether this buyer may hold seats of the performance now; its place in the queue if not. */
  enter(performanceId: number, sessionId: string): Promise<Verdict> {
    if (this.settings.rate <= 0) return Promise.resolve({ admitted: true });
    return this.store.enter(performanceId, sessionId, this.settings);
  }
}

const gates = new WeakMap<object, AdmissionGate>();

/** The app's gate, one per app (its queues or its Redis connection), closed with the app. */
export function admissionGateOf(app: FastifyInstance): AdmissionGate {
  let gate = gates.get(app.deps);
  if (!gate) {
    const { redisUrl, admission } = app.deps.config;
    const store: QueueStore = redisUrl
      ? new RedisQueueStore(redisUrl, (message) => app.log.warn(message), `${redisNamespace(app.deps.config)}gate:`)
      : new MemoryQueueStore(() => app.deps.clock.now().getTime());
    gate = new AdmissionGate(store, admission);
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
