import { partnerPayOrder, payNotifyMts } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.js';
import { notifyPartnerPay, readPartnerOrder } from '../payments/partner-pay/service.js';
import type { PaymentDeps } from '../payments/service.js';

/**
 * The partners' own pay flow (hall-basket-checkout.md 4.8): the checkout hands an order to the
 * partner (POST /pay/notifymts, the buyer's session and CSRF token), and the partner's back end
 * reads it (GET /partner-pay/orders/{orderToken}/, signed). Its confirmation arrives through the
 * acquirers' callback route as provider mts_pay.
 */
export function registerPartnerPayRoutes(app: FastifyInstance, deps: PaymentDeps): void {
  route(app, payNotifyMts, (input, req) =>
    notifyPartnerPay(deps, { sessionId: req.session.id, url: input.url, params: input.params }),
  );

  route(app, partnerPayOrder, async (input, req, reply) => {
    const { status, answer } = await readPartnerOrder(deps, { headers: req.headers, orderToken: input.orderToken });
    if (status === 403) req.log.warn('partner order read failed verification');
    return reply.code(status).header('cache-control', 'no-store').send(answer);
  });
}
