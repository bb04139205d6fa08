import type { CallDef, CallRequest, CallResponse } from '@partera/contract';
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

/**
 * Registers one call of the contract. The request is validated with the call's schema; a
 * malformed one gets HTTP 400 with an answer in the call's own shape and changes nothing.
 */
export function route<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: Handler<C>,
  opts: RouteOptions = {},
): void {
  const csrf = opts.csrf ?? call.method === 'POST';
  app.route({
    method: call.method,
    url: call.path,
    handler: async (req, reply) => {
      if (csrf && !csrfMatches(req, app.deps.config.csrfSecret)) {
        return reply.code(403).send(call.failure('Сессия устарела, обновите страницу', 403));
      }
      const parsed = call.request.safeParse(mergedInput(req));
      if (!parsed.success) {
        return reply.code(400).send(call.failure(`Неверные параметры запроса: ${describeIssues(parsed.error)}`, 400));
      }
      const answer = await handler(parsed.data as CallRequest<C>, req, reply);
      if (reply.sent) return reply;
      if (call.answer === 'html') reply.type('text/html; charset=utf-8');
      if (call.answer === 'text') reply.type('text/plain; charset=utf-8');
      return answer;
    },
  });
}
