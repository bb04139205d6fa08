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
import { peekForm } from './early-body.js';
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
export function mergedInput(req: FastifyRequest, body: unknown = req.body): Record<string, unknown> {
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

/** A hold attempt the gate let in before its body was parsed: its call and its checked input (earlyGate). */
const ADMITTED_EARLY = Symbol('partera.admittedEarly');

interface AdmittedEarly {
  [ADMITTED_EARLY]?: { entry: Registered; input: CallRequest<CallDef> };
}

async function answer(entry: Registered, req: FastifyRequest, reply: FastifyReply) {
  const early = (req as AdmittedEarly)[ADMITTED_EARLY];
  // Counted, checked and let in by earlyGate already: straight to the handler.
  if (early?.entry === entry) return handle(entry, early.input, req, reply);
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
  } else if (await answeredByGate(entry, admission, found, req, reply)) {
    return reply;
  }
  if (!parsed) return refuseForged(call, reply);
  if (!parsed.success) return refuseMalformed(call, parsed.error, reply);
  return handle(entry, parsed.data, req, reply);
}

/**
 * THE gate's step for an attempt whose performance is known: counted against the call's rate
 * limits and let into the performance's queue in one step. True when it answered: 429 over a
 * limit, or 429 with the buyer's place in the queue.
 */
async function answeredByGate(
  entry: Registered,
  admission: NonNullable<Registered['admission']>,
  performanceId: number,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const { call } = entry;
  const through = await admission.gate.attempt(
    performanceId,
    req.session.id,
    callLimits[call.id] ?? [],
    requesterOf(req),
  );
  if ('overLimit' in through) sendTooManyRequests(reply, call, through.overLimit);
  else if (!through.admitted) sendQueued(reply, call, through);
  else return false;
  return true;
}

/**
 * The gate as early as the request allows (an onRequest hook of the calls that take places):
 * when the attempt's form has already arrived in full (peekForm), the same checks and the same
 * gate step as answerAttempt run before Fastify parses the body, so that a queued buyer's 429
 * (most answers in a sale's first seconds) skips body parsing, the handler's pipeline and its
 * promise; the answer itself is the route's (sendQueued, through the app's onSend hooks). An
 * admitted attempt goes on with its checked input; anything else (a forged or malformed request,
 * a place this process does not know yet, a body still on its way) goes the route's own way,
 * untouched, and is answered there exactly as before.
 */
async function earlyGate(entries: readonly Registered[], req: FastifyRequest, reply: FastifyReply) {
  const entry = pickEntry(entries, req);
  const admission = entry?.admission;
  if (!entry || !admission || admission.gate.settings.rate <= 0) return;
  const form = peekForm(req.raw);
  if (!form) return;
  if (entry.csrf && !stateChangeAllowed(req, entry.publicOrigin, form)) return;
  const parsed = entry.call.request.safeParse(mergedInput(req, form));
  if (!parsed.success) return;
  const found = admission.performanceOf(parsed.data);
  if (typeof found !== 'number') return;
  if (await answeredByGate(entry, admission, found, req, reply)) return reply;
  (req as AdmittedEarly)[ADMITTED_EARLY] = { entry, input: parsed.data };
}

/** The call of a group that a request names (by its query flag). */
function pickEntry(entries: readonly Registered[], req: FastifyRequest): Registered | undefined {
  // A group of one call without a flag (most): that call, without reading the query.
  if (entries.length === 1 && entries[0]!.call.queryFlag === undefined) return entries[0];
  const chosen = pickCall(
    entries.map((e) => e.call),
    (req.query ?? {}) as Record<string, unknown>,
  );
  return entries.find((e) => e.call === chosen);
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
    // A call that takes places is gated before its body is parsed when it can be (earlyGate).
    // A gated call added later to a group without it is gated by its handler alone.
    ...(entry.admission
      ? { onRequest: (req: FastifyRequest, reply: FastifyReply) => earlyGate(entries, req, reply) }
      : {}),
    handler: async (req, reply) => {
      const target = pickEntry(entries, req);
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
