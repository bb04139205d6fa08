import type { WalletConfig } from '@partera/contract';
import type { ServerConfig } from '../../config.js';
import { SANDBOX } from '../sandbox/provider.js';

/** The sandbox bank's gateway names: the wallet's TEST environment hands out test tokens for it. */
export const SANDBOX_WALLET_GATEWAY = { gateway: 'partera-sandbox', gatewayMerchantId: 'partera' } as const;

/**
 * The wallet configuration of an order's own page (3.17 type 1), or null where this deployment
 * takes no wallet payments: only the sandbox bank's integration charges wallet tokens today
 * (decision 0036), and it is always the wallet's TEST environment.
 */
export function walletConfigOf(
  config: Pick<ServerConfig, 'payments'>,
  order: { id: number; total: number },
  opts: { isAndroidApp?: boolean } = {},
): WalletConfig | null {
  if (config.payments.provider !== SANDBOX || !config.payments.sandbox) return null;
  return {
    ...SANDBOX_WALLET_GATEWAY,
    merchantId: 'partera-sandbox',
    merchantName: 'Partera',
    environment: 'TEST',
    type: 1,
    isAndroidApp: opts.isAndroidApp ?? false,
    orderTotal: order.total / 100,
    orderId: String(order.id),
  };
}
