import {
  bartelloAuth,
  orderTicketsPdf as orderTicketsPdfCall,
  paymentCallback,
  paymentSession,
  paymentState,
  ticketPdf as ticketPdfCall,
} from '@partera/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { route } from '../http/route.js';
import { createPaymentSetup } from '../payments/registry.js';
import { SANDBOX_CALLBACK_PATH } from '../payments/sandbox/provider.js';
import {
  type CallbackOutcome,
  handleProviderCallback,
  type PaymentDeps,
  startPaymentSession,
} from '../payments/service.js';
import { getPaymentState } from '../payments/state.js';
import { sealClearNotifySecrets } from '../services/partners/index.js';
import { orderTicketsPdf, PDF_NOT_FOUND, type TicketPdfResult, ticketPdf } from '../tickets/completion.js';
import { tableBookingAuth, tableBookingKey } from '../tickets/table-booking.js';
import { registerPartnerPayRoutes } from './partner-pay.js';
import { registerSandboxBankPages } from './sandbox-bank.js';
import { registerWalletRoutes } from './wallets.js';

const CALLBACK_STATUS: Record<CallbackOutcome, number> = {
  'unknown-provider': 404,
  invalid: 403,
  'unknown-payment': 404,
  'amount-mismatch': 422,
  replayed: 200,
  ignored: 200,
  paid: 200,
  declined: 200,
  refunded: 200,
};

const providerName = z.string().regex(/^[a-z0-9_-]{1,40}$/);

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
  const deps: PaymentDeps = {
    ...app.deps,
    providers: setup.providers,
    notifySecrets: setup.notifySecrets,
    log: app.log,
  };
  // Migration 0005 moved no secret (SQL has no key): whatever is still in clear, from an older
  // database or the demo seed, is sealed before the first request. findPayingPartner seals a
  // row that turns up in clear later (written by an older process during a rolling upgrade).
  const sealed = await sealClearNotifySecrets(app.deps.db, setup.notifySecrets);
  if (sealed > 0) app.log.info({ sealed }, 'partner notify secrets sealed');

  route(app, paymentSession, (input, req) =>
    startPaymentSession(deps, { orderId: input.orderId, sessionId: req.session.id, token: input.token }),
  );

  route(app, paymentState, async (input, req, reply) => {
    reply.header('cache-control', 'no-store');
    return getPaymentState(deps, { orderId: input.orderId, sessionId: req.session.id, token: input.token });
  });

  registerPartnerPayRoutes(app, deps);
  registerWalletRoutes(app, deps);

  // Server-to-server notifications from acquirers: signed (or read back from the acquirer), so no
  // CSRF token. The provider is read from the path itself: in the merged input a field of the
  // notification could shadow it.
  route(
    app,
    paymentCallback,
    async (_input, req, reply) => {
      const provider = providerName.safeParse((req.params as { provider?: unknown }).provider);
      if (!provider.success) return reply.code(404).send({ ok: false, result: 'unknown-provider' });
      const { outcome, reply: own } = await handleProviderCallback(deps, provider.data, {
        headers: req.headers,
        query: req.query,
        body: req.body,
        ip: req.ip,
      });
      if (outcome === 'invalid' || outcome === 'amount-mismatch') {
        req.log.warn({ provider: provider.data, outcome }, 'payment callback refused');
      }
      // The acquirer's own form of acknowledgement (T-Bank: the text OK), else the shop's JSON.
      if (own) return reply.code(own.status).type(own.contentType).send(own.body);
      return reply.code(CALLBACK_STATUS[outcome]).send({ ok: CALLBACK_STATUS[outcome] === 200, result: outcome });
    },
    { csrf: false },
  );

  if (setup.sandboxBank) registerSandboxBankPages(app, setup.sandboxBank);

  const tableBooking = { db: app.deps.db, clock: app.deps.clock, key: tableBookingKey(app.deps.config.csrfSecret) };
  route(app, bartelloAuth, async (input, req, reply) => {
    reply.header('cache-control', 'no-store');
    return tableBookingAuth(tableBooking, { orderId: input.orderId, sessionId: req.session.id, token: input.token });
  });

  // E-ticket PDFs for the holder of the order's token. Everything else (a malformed request, no
  // such ticket or order, a wrong token) is the same 404, so nothing tells which exist.
  route(app, ticketPdfCall, async (input, _req, reply) =>
    sendPdf(reply, input ? await ticketPdf(app.deps, input.code, input.token) : PDF_NOT_FOUND),
  );

  route(app, orderTicketsPdfCall, async (input, _req, reply) =>
    sendPdf(reply, input ? await orderTicketsPdf(app.deps, input.orderId, input.token) : PDF_NOT_FOUND),
  );
};
