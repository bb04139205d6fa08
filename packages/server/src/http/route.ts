import { type CallDef, type CallRequest, type CallResponse, pickCall, routeKey } from '@partera/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AdmissionGate, admissionGateOf, sendQueued } from '../admission/index.js';
import {
  callLimits,
  limiterOf,
  type RateLimiter,
  refusedOverLimit,
  requesterOf,
  sendTooManyRequests,
} from '../limits/index.js';
import { answerError } from './errors.js';
import { stateChangeAllowed } from './origin.js';

export interface RouteOptions<C extends CallDef = CallDef> {
  /**
   * The call changes state, so it needs the session's CSRF token and an allowed Origin. Default:
   * every POST and every GET the contract marks `changesState`; provider callbacks are signed
   * instead and say `false`.
   */
  csrf?: boolean;
  /**
   * The call takes places: the performance whose admission gate it passes (decision 0018),
   * undefined when there is none (an unknown place: the handler answers that), or the look-up
   * that finds it in the database: the route counts the attempt against its limits before it.
   */
  admission?: (input: CallRequest<C>) => number | undefined | (() => Promise<number | undefined>);
}

export type Handler<C extends CallDef> = (
  input: CallRequest<C>,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<CallResponse<C> | string | Buffer | undefined> | CallResponse<C> | string | Buffer | undefined;

/** Everything the browser sent, merged: path params, query, then body (body wins). */
export function mergedInput(req: FastifyRequest): Record<string, unknown> {
  const body = req.body;
  return {
    ...(req.query as Record<string, unknown>),
    ...(req.params as Record<string, unknown>),
    ...(body && typeof body === 'object' && !Buffer.isBuffer(body) ? (body as Record<string, unknown>) : {}),
  };
}

export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'запрос'}: ${i.message}`).join('; ');
}

/**
 * A refused request's message: a rule the contract words for the buyer itself (a custom check,
 * 'Неверное значение параметра ticketIds') is said as it is; anything else is described field by
 * field after 'Неверные параметры запроса'.
 */
export function badRequestMessage(error: z.ZodError): string {
  if (error.issues.length > 0 && error.issues.every((i) => i.code === 'custom')) {
    return [...new Set(error.issues.map((i) => i.message))].join('; ');
  }
  return `Неверные параметры запроса: ${describeIssues(error)}`;
}

interface Registered {
  call: CallDef;
  handler: Handler<CallDef>;
  csrf: boolean;
  /** The site's configured public origin, one of the origins allowed to change state. */
  publicOrigin: string;
  /** Counts the call against its rate limits (limits/table.ts). */
  limiter: RateLimiter;
  /** For a call that takes places: its performance, and the app's gate. */
  admission: { performanceOf: NonNullable<RouteOptions['admission']>; gate: AdmissionGate } | null;
}

/** Calls registered per app (keyed by its deps), grouped by method and path. */
const registries = new WeakMap<object, Map<string, Registered[]>>();

/** The ids of the contract's calls this app answers (the contract's SERVED list is checked against it). */
export function servedCallIds(app: FastifyInstance): string[] {
  const registry = registries.get(app.deps);
  if (!registry) return [];
  return [...registry.values()].flatMap((group) => group.map((e) => e.call.id)).sort();
}

async function answer(entry: Registered, req: FastifyRequest, reply: FastifyReply) {
  if (entry.admission) return answerAttempt(entry, entry.admission, req, reply);
  const { call } = entry;
  // Before anything else: a flood of malformed or forged requests is spent against the limits too.
  if (await refusedOverLimit(entry.limiter, call, req, reply)) return reply;
  if (entry.csrf && !stateChangeAllowed(req, entry.publicOrigin)) return refuseForged(call, reply);
  const parsed = call.request.safeParse(mergedInput(req));
  if (!parsed.success) return refuseMalformed(call, parsed.error, reply);
  return handle(entry, parsed.data, req, reply);
}

/**
 * A hold attempt (a call with `admission`). The checks that read nothing and write nothing come
 * first (the CSRF token and Origin, the request's form), then one step counts it against its
 * rate limits and, within them, lets it into the performance's queue (admission/): a queued
 * buyer is answered after one Redis round trip, without the database. When its performance is
 * not known to this process yet, the count comes first and the queue after the look-up. The
 * answers are those of every other call, in the same order: over a limit 429 whatever else is
 * wrong, then 403, 400.
 */
async function answerAttempt(
  entry: Registered,
  admission: NonNullable<Registered['admission']>,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const { call } = entry;
  const allowed = !entry.csrf || stateChangeAllowed(req, entry.publicOrigin);
  const parsed = allowed ? call.request.safeParse(mergedInput(req)) : null;
  const found = parsed?.success ? admission.performanceOf(parsed.data) : undefined;
  if (typeof found === 'function') {
    // The performance is not known here yet and costs a database look-up: the attempt is
    // counted first, so that a flood of made-up places is refused by its limits, not looked up.
    if (await refusedOverLimit(entry.limiter, call, req, reply)) return reply;
    const performanceId = await found();
    if (performanceId !== undefined) {
      const verdict = await admission.gate.enter(performanceId, req.session.id);
      if (!verdict.admitted) return sendQueued(reply, call, verdict);
    }
  } else if (found === undefined) {
    // Forged, malformed, or no such place: counted like any call, never queued.
    if (await refusedOverLimit(entry.limiter, call, req, reply)) return reply;
  } else {
    const through = await admission.gate.attempt(found, req.session.id, callLimits[call.id] ?? [], requesterOf(req));
    if ('overLimit' in through) return sendTooManyRequests(reply, call, through.overLimit);
    if (!through.admitted) return sendQueued(reply, call, through);
  }
  if (!parsed) return refuseForged(call, reply);
  if (!parsed.success) return refuseMalformed(call, parsed.error, reply);
  return handle(entry, parsed.data, req, reply);
}

function refuseForged(call: CallDef, reply: FastifyReply) {
  return reply.code(403).send(call.failure('Сессия устарела, обновите страницу', 403));
}

function refuseMalformed(call: CallDef, error: z.ZodError, reply: FastifyReply) {
  return reply.code(400).send(call.failure(badRequestMessage(error), 400));
}

async function handle(entry: Registered, input: CallRequest<CallDef>, req: FastifyRequest, reply: FastifyReply) {
  const { call } = entry;
  const result = await entry.handler(input, req, reply);
  if (reply.sent) return reply;
  if (call.answer === 'html') reply.type('text/html; charset=utf-8');
  if (call.answer === 'text') reply.type('text/plain; charset=utf-8');
  return result;
}

/**
 * Registers one call of the contract. The request is validated with the call's schema; a
 * malformed one gets HTTP 400 with an answer in the call's own shape and changes nothing.
 * Calls sharing a method and path (the spec's `?json=1`, `?list` variants) share one route and
 * are told apart by their query flag.
 */
export function route<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: Handler<C>,
  opts: RouteOptions<C> = {},
): void {
  let registry = registries.get(app.deps);
  if (!registry) {
    registry = new Map();
    registries.set(app.deps, registry);
  }
  const key = routeKey(call);
  const entry: Registered = {
    call,
    handler: handler as Handler<CallDef>,
    csrf: opts.csrf ?? (call.method === 'POST' || call.changesState === true),
    publicOrigin: new URL(app.deps.config.publicUrl).origin,
    limiter: limiterOf(app),
    admission: opts.admission
      ? {
          performanceOf: opts.admission as NonNullable<RouteOptions['admission']>,
          gate: admissionGateOf(app),
        }
      : null,
  };
  const group = registry.get(key);
  if (group) {
    group.push(entry);
    group.sort((a, b) => Number(!a.call.queryFlag) - Number(!b.call.queryFlag));
    return;
  }
  const entries: Registered[] = [entry];
  registry.set(key, entries);
  app.route({
    method: call.method,
    url: call.path,
    handler: async (req, reply) => {
      const query = (req.query ?? {}) as Record<string, unknown>;
      const chosen = pickCall(
        entries.map((e) => e.call),
        query,
      );
      const target = entries.find((e) => e.call === chosen);
      if (!target) return reply.code(404).send({ error: 404, message: 'Не найдено' });
      return answer(target, req, reply);
    },
    // A body Fastify could not read (4xx) or an error no handler expected (500): still the
    // call's own answer shape, never the error's text.
    errorHandler: (error, req, reply) => {
      const call = pickCall(
        entries.map((e) => e.call),
        (req.query ?? {}) as Record<string, unknown>,
      );
      return answerError(error, req, reply, (message, status) => {
        if (!call) return { error: status, message };
        if (call.answer !== 'json') reply.type(`text/${call.answer === 'html' ? 'html' : 'plain'}; charset=utf-8`);
        return call.failure(message, status);
      });
    },
  });
}
