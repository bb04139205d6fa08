import { applePayProceed, applePaySession, googlePayProceed, paymentSbp } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.js';
import { startSbpPayment } from '../payments/sbp/service.js';
import type { PaymentDeps } from '../payments/service.js';
import { proceedWithWallet, walletMerchantSession } from '../payments/wallets/service.js';

/**
 * Device wallets (hall-basket-checkout.md 4.10, 7.6) and the fast-payment system (SBP, decision
 * 0036): the buyer's page sends what the wallet or the bank gave it; the payment services check
 * the order, charge it through the default provider and settle it once.
 */
export function registerWalletRoutes(app: FastifyInstance, deps: PaymentDeps): void {
  route(app, googlePayProceed, (input, req) =>
    proceedWithWallet(deps, {
      orderId: input.orderId,
      sessionId: req.session.id,
      orderToken: input.orderToken,
      wallet: 'google_pay',
      token: input.token,
    }),
  );

  route(app, applePayProceed, (input, req) =>
    proceedWithWallet(deps, {
      orderId: input.orderId,
      sessionId: req.session.id,
      orderToken: input.orderToken,
      wallet: 'apple_pay',
      token: JSON.stringify(input.token),
    }),
  );

  route(app, applePaySession, async (input, _req, reply) => {
    reply.header('cache-control', 'no-store');
    return walletMerchantSession(deps, { url: input.url });
  });

  route(app, paymentSbp, (input, req) =>
    startSbpPayment(deps, { orderId: input.orderId, sessionId: req.session.id, token: input.token }),
  );
}
