import { paymentSession } from '@partera/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { route } from '../http/route.js';
import { createPaymentSetup } from '../payments/registry.js';
import { SANDBOX_CALLBACK_PATH } from '../payments/sandbox/provider.js';
import { registerSandboxBankRoutes } from '../payments/sandbox/routes.js';
import {
  type CallbackOutcome,
  handleProviderCallback,
  type PaymentDeps,
  startPaymentSession,
} from '../payments/service.js';
import { orderTicketsPdf, type TicketPdfResult, ticketPdf } from '../tickets/completion.js';
import { TICKET_CODE } from '../tickets/issue.js';

const CALLBACK_STATUS: Record<CallbackOutcome, number> = {
  'unknown-provider': 404,
  invalid: 403,
  'unknown-payment': 404,
  replayed: 200,
  ignored: 200,
  paid: 200,
  declined: 200,
  refunded: 200,
};

const callbackParams = z.object({ provider: z.string().regex(/^[a-z0-9_-]{1,40}$/) });
const ticketParams = z.object({ code: z.string().regex(TICKET_CODE) });
const orderParams = z.object({ orderId: z.coerce.number().int().positive() });
const tokenQuery = z.object({ token: z.string().max(200).optional() });

function sendPdf(reply: FastifyReply, result: TicketPdfResult) {
  reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
  if (!result.ok) return reply.code(result.status).type('text/plain; charset=utf-8').send(result.message);
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${result.filename}"`)
    .send(result.pdf);
}

/**
 * Payment (hall-basket-checkout.md 2.4, 3.15, 7.6) and e-tickets: the payment session call,
 * provider callbacks, the sandbox bank's pages and the ticket PDFs.
 */
export const paymentRoutes: FastifyPluginAsync = async (app) => {
  const setup = createPaymentSetup(app.deps, {
    // The sandbox bank lives in this process, but it notifies the shop through the HTTP route,
    // exactly as an acquirer would: signature checks and idempotency are exercised for real.
    deliverSandboxCallback: async (notification) =>
      (await app.inject({ method: 'POST', url: SANDBOX_CALLBACK_PATH, payload: notification })).statusCode,
  });
  const deps: PaymentDeps = { ...app.deps, providers: setup.providers };

  route(app, paymentSession, (input, req) =>
    startPaymentSession(deps, { orderId: input.orderId, sessionId: req.session.id, token: input.token }),
  );

  // Server-to-server notifications from acquirers: signed, so no CSRF token (extension).
  app.post('/payment/callback/:provider/', async (req, reply) => {
    const params = callbackParams.safeParse(req.params);
    if (!params.success) return reply.code(404).send({ ok: false, result: 'unknown-provider' });
    const outcome = await handleProviderCallback(deps, params.data.provider, {
      headers: req.headers,
      query: req.query,
      body: req.body,
    });
    if (outcome === 'invalid') req.log.warn({ provider: params.data.provider }, 'payment callback failed verification');
    return reply.code(CALLBACK_STATUS[outcome]).send({ ok: CALLBACK_STATUS[outcome] === 200, result: outcome });
  });

  if (setup.sandboxBank) registerSandboxBankRoutes(app, setup.sandboxBank);

  // E-ticket PDFs for the holder of the order's token (extensions).
  app.get('/order/ticket/:code.pdf', async (req, reply) => {
    const params = ticketParams.safeParse(req.params);
    const query = tokenQuery.safeParse(req.query);
    if (!params.success || !query.success)
      return sendPdf(reply, { ok: false, status: 404, message: 'Билет не найден' });
    return sendPdf(reply, await ticketPdf(app.deps, params.data.code, query.data.token));
  });

  app.get('/order/tickets/:orderId.pdf', async (req, reply) => {
    const params = orderParams.safeParse(req.params);
    const query = tokenQuery.safeParse(req.query);
    if (!params.success || !query.success)
      return sendPdf(reply, { ok: false, status: 404, message: 'Заказ не найден' });
    return sendPdf(reply, await orderTicketsPdf(app.deps, params.data.orderId, query.data.token));
  });
};
