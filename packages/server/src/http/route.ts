import { type CallDef, type CallRequest, type CallResponse, pickCall, routeKey } from '@partera/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { limiterOf, type RateLimiter, refusedOverLimit } from '../limits/index.js';
import { answerError } from './errors.js';
import { stateChangeAllowed } from './origin.js';

export interface RouteOptions {
  /**
   * The call changes state, so it needs the session's CSRF token and an allowed Origin. Default:
   * every POST and every GET the contract marks `changesState`; provider callbacks are signed
   * instead and say `false`.
   */
  csrf?: boolean;
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
  const { call } = entry;
  // Before anything else: a flood of malformed or forged requests is spent against the limits too.
  if (await refusedOverLimit(entry.limiter, call, req, reply)) return reply;
  if (entry.csrf && !stateChangeAllowed(req, entry.publicOrigin)) {
    return reply.code(403).send(call.failure('Сессия устарела, обновите страницу', 403));
  }
  const parsed = call.request.safeParse(mergedInput(req));
  if (!parsed.success) {
    return reply.code(400).send(call.failure(badRequestMessage(parsed.error), 400));
  }
  const result = await entry.handler(parsed.data, req, reply);
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
  opts: RouteOptions = {},
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
