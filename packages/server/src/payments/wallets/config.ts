import type { WalletConfig } from '@partera/contract';
import type { ServerConfig } from '../../config.js';
import { SANDBOX } from '../sandbox/provider.js';

/** The sandbox bank's gateway names: the wallet's TEST environment hands out test tokens for it. */
export const SANDBOX_WALLET_GATEWAY = { gateway: 'partera-sandbox', gatewayMerchantId: 'partera' } as const;

/**
 * The browser wallet's gateway of each acquirer that charges its tokens (decision 0045): the
 * gateway name its documentation gives Google Pay, and the shop's id at that acquirer.
 */
function acquirerGateway(payments: ServerConfig['payments']): { gateway: string; gatewayMerchantId: string } | null {
  switch (payments.provider) {
    case 'tbank':
      return payments.tbank ? { gateway: 'tinkoff', gatewayMerchantId: payments.tbank.terminalKey } : null;
    case 'sber':
      return payments.sber
        ? {
            gateway: 'sberbank',
            gatewayMerchantId: payments.sber.merchant ?? payments.sber.userName.replace(/-api$/, ''),
          }
        : null;
    default:
      return null;
  }
}

/**
 * The wallet configuration of an order's own page (3.17 type 1), or null where this deployment
 * takes no wallet payments: the sandbox bank (the wallet's TEST environment, decision 0036), or
 * T-Bank or Sber as the default acquirer with the shop's Google Pay merchant id
 * (GOOGLE_PAY_MERCHANT_ID) set (PRODUCTION, decision 0045).
 */
export function walletConfigOf(
  config: Pick<ServerConfig, 'payments'>,
  order: { id: number; total: number },
  opts: { isAndroidApp?: boolean } = {},
): WalletConfig | null {
  const page = {
    merchantName: 'Partera',
    type: 1 as const,
    isAndroidApp: opts.isAndroidApp ?? false,
    orderTotal: order.total / 100,
    orderId: String(order.id),
  };
  const acquirer = acquirerGateway(config.payments);
  if (acquirer && config.payments.googlePayMerchantId) {
    return { ...acquirer, merchantId: config.payments.googlePayMerchantId, environment: 'PRODUCTION', ...page };
  }
  if (config.payments.provider !== SANDBOX || !config.payments.sandbox) return null;
  return { ...SANDBOX_WALLET_GATEWAY, merchantId: 'partera-sandbox', environment: 'TEST', ...page };
}
