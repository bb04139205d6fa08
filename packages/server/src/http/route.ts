import { type CallDef, type CallRequest, type CallResponse, pickCall, routeKey } from '@partera/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { csrfMatches } from './session.js';

export interface RouteOptions {
  /** State-changing browser posts carry the CSRF token; provider callbacks are signed instead. */
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

interface Registered {
  call: CallDef;
  handler: Handler<CallDef>;
  csrf: boolean;
}

/** Calls registered per app (keyed by its deps), grouped by method and path. */
const registries = new WeakMap<object, Map<string, Registered[]>>();

async function answer(entry: Registered, req: FastifyRequest, reply: FastifyReply) {
  const { call } = entry;
  if (entry.csrf && !csrfMatches(req)) {
    return reply.code(403).send(call.failure('Сессия устарела, обновите страницу', 403));
  }
  const parsed = call.request.safeParse(mergedInput(req));
  if (!parsed.success) {
    return reply.code(400).send(call.failure(`Неверные параметры запроса: ${describeIssues(parsed.error)}`, 400));
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
  const entry: Registered = { call, handler: handler as Handler<CallDef>, csrf: opts.csrf ?? call.method === 'POST' };
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
  });
}
