/**
 * Rate limits: how many requests a session and a client address may make of each call that
 * writes or costs.
 *
 * - table.ts           THE table: call id → budgets, and each budget's window and sizes.
 * - client-address.ts  Who a client is: the IPv4 address, or the IPv6 /64.
 * - stores.ts          Where the counters live: Redis when REDIS_URL is set (shared by every
 *                      server process; fails open with a warning when Redis is down), this
 *                      process's memory otherwise (bounded).
 * - this file          The limiter of an app, and the 429 answer.
 *
 * Every call registered with http/route.ts is checked against the table before its handler
 * runs; a call over its limit answers HTTP 429 with Retry-After and its own failure shape. Limits
 * that depend on more than the call (a hall map built for one buyer) are taken by the handler
 * with `limiterOf(app).take(...)`.
 */
import type { CallDef } from '@partera/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import type { ServerDeps } from '../deps.js';
import { redisNamespace } from '../redis.js';
import { clientOf } from './client-address.js';
import { type CounterHit, type CounterStore, MemoryCounterStore, RedisCounterStore } from './stores.js';
import { type Budget, callLimits, type SubjectBudget } from './table.js';

export { clientAddress, clientOf } from './client-address.js';
export { type CounterHit, type CounterStore, MemoryCounterStore, RedisCounterStore } from './stores.js';
export { type Budget, budgets, callLimits, type SubjectBudget, subjectBudgets } from './table.js';

export const TOO_MANY_REQUESTS = 'Слишком много запросов. Подождите немного и попробуйте снова.';

export interface LimitRefusal {
  /** Seconds until the exceeded window ends (the Retry-After header). */
  retryAfterSeconds: number;
}

/** Who is counted: the session (null for a request that brought none) and the client address. */
export interface Requester {
  sessionId: string | null;
  client: string;
}

export function requesterOf(req: FastifyRequest): Requester {
  // A request without a session gets a fresh one: counting it per session would only fill the
  // store with counters of 1. Such requests are still counted per client address.
  return { sessionId: req.session?.isNew === false ? req.session.id : null, client: clientOf(req) };
}

/**
 * One request's counts, planned before they are made: the counters to add one to, each
 * counter's budget, and the refusal their new values mean. The limiter makes the counts itself
 * (take); the admission gate makes them in the same Redis step as its queue's (admission/).
 */
export class LimitPlan {
  readonly hits: CounterHit[] = [];
  /** Requests each counter's budget allows in its window, in the order of `hits`. */
  readonly maxes: number[] = [];
  /** When each counter's window ends (ms). */
  private readonly ends: number[] = [];

  constructor(private readonly now: number) {}

  /** One more counter: `key` in the window that ends at `endsAt`, allowing `max` requests. */
  add(key: string, endsAt: number, max: number): void {
    this.hits.push({ key, ttlMs: endsAt - this.now });
    this.maxes.push(max);
    this.ends.push(endsAt);
  }

  /**
   * THE rule of a budget: a count past its max refuses the request until that window ends
   * (mirrored by the admission gate's Redis script, admission/stores.ts). Null when none is.
   */
  refusal(counts: readonly number[]): LimitRefusal | null {
    let retryAt = 0;
    for (let i = 0; i < counts.length; i++) {
      if (counts[i]! > this.maxes[i]! && this.ends[i]! > retryAt) retryAt = this.ends[i]!;
    }
    return retryAt === 0 ? null : refusalUntil(retryAt, this.now);
  }

  /** Whether the new counts refuse the request (the admission gate's CountedAttempt). */
  refused(counts: readonly number[]): boolean {
    return this.refusal(counts) !== null;
  }
}

/** Counts requests against budgets in fixed windows of the app's clock. */
export class RateLimiter {
  constructor(
    readonly store: CounterStore,
    private readonly clock: Clock,
  ) {}

  /** The counters one request adds to: each budget, per session and per client. */
  plan(budgets: readonly Budget[], who: Requester): LimitPlan {
    const now = this.now();
    const plan = new LimitPlan(now);
    for (const b of budgets) {
      const { window, endsAt } = windowAt(now, b.windowMs);
      if (who.sessionId !== null) plan.add(`${b.name}:s:${who.sessionId}:${window}`, endsAt, b.perSession);
      plan.add(`${b.name}:c:${who.client}:${window}`, endsAt, b.perClient);
    }
    return plan;
  }

  /**
   * Counts one request against each budget, per session and per client, and refuses it when
   * any count is over its limit. Refused requests count too: hammering does not buy a retry.
   */
  async take(budgets: readonly Budget[], who: Requester): Promise<LimitRefusal | null> {
    if (budgets.length === 0) return null;
    const plan = this.plan(budgets, who);
    return plan.refusal(await this.store.increment(plan.hits, this.now()));
  }

  /** Milliseconds of the app's clock: the windows follow it. */
  now(): number {
    return this.clock.now().getTime();
  }
}

/** A refusal that lasts until `endsAtMs`, in whole seconds (at least one). */
function refusalUntil(endsAtMs: number, nowMs: number): LimitRefusal {
  return { retryAfterSeconds: Math.max(1, Math.ceil((endsAtMs - nowMs) / 1000)) };
}

/** The fixed window of `windowMs` that holds `nowMs`: its number and when it ends. */
function windowAt(nowMs: number, windowMs: number): { window: number; endsAt: number } {
  const window = Math.floor(nowMs / windowMs);
  return { window, endsAt: (window + 1) * windowMs };
}

/**
 * Failures counted against one subject (an account's contact, a phone number), whoever sends
 * them: against guessing spread over many addresses. Only failures count (the owner's own
 * sign-ins do not); past the budget the subject refuses every attempt until the window ends.
 */
export class FailureCounter {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly budget: SubjectBudget,
  ) {}

  private key(subject: string, now: number): { key: string; endsAt: number } {
    const { window, endsAt } = windowAt(now, this.budget.windowMs);
    return { key: `${this.budget.name}:x:${subject}:${window}`, endsAt };
  }

  /** A refusal when the subject has spent its failures in this window. */
  async refused(subject: string): Promise<LimitRefusal | null> {
    const now = this.limiter.now();
    const { key, endsAt } = this.key(subject, now);
    const [count] = await this.limiter.store.read([key], now);
    if ((count ?? 0) < this.budget.maxFailures) return null;
    return refusalUntil(endsAt, now);
  }

  async failed(subject: string): Promise<void> {
    const now = this.limiter.now();
    const { key, endsAt } = this.key(subject, now);
    await this.limiter.store.increment([{ key, ttlMs: endsAt - now }], now);
  }
}

const limiters = new WeakMap<ServerDeps, RateLimiter>();

/**
 * The app's limiter, one per app (its counters, its Redis connection), made on first use while
 * the routes are registered and closed with the app.
 */
export function limiterOf(app: FastifyInstance): RateLimiter {
  let limiter = limiters.get(app.deps);
  if (!limiter) {
    const { redisUrl } = app.deps.config;
    const store: CounterStore = redisUrl
      ? new RedisCounterStore(redisUrl, (message) => app.log.warn(message), `${redisNamespace(app.deps.config)}rl:`)
      : new MemoryCounterStore();
    limiter = new RateLimiter(store, app.deps.clock);
    limiters.set(app.deps, limiter);
    app.addHook('onClose', async () => {
      await store.close();
    });
  }
  return limiter;
}

/** HTTP 429 in the call's own failure shape, with the seconds to wait. */
export function sendTooManyRequests(reply: FastifyReply, call: CallDef, refusal: LimitRefusal): FastifyReply {
  reply.code(429).header('retry-after', String(refusal.retryAfterSeconds)).header('cache-control', 'no-store');
  if (call.answer === 'html') reply.type('text/html; charset=utf-8');
  else if (call.answer !== 'json') reply.type('text/plain; charset=utf-8');
  return reply.send(call.failure(TOO_MANY_REQUESTS, 429));
}

/**
 * The check every registered call goes through before its handler: counts the request against
 * the call's budgets in the table and answers 429 when one is spent. True when it answered.
 */
export async function refusedOverLimit(
  limiter: RateLimiter,
  call: CallDef,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const budgets = callLimits[call.id];
  if (!budgets) return false;
  const refusal = await limiter.take(budgets, requesterOf(req));
  if (!refusal) return false;
  sendTooManyRequests(reply, call, refusal);
  return true;
}
