import type { ServerDeps } from '../deps.js';
import { NotifySecretKey } from '../services/partners/index.js';
import { PartnerPayProvider } from './partner-pay/provider.js';
import { DEFAULT_PROVIDER, PaymentProviders } from './provider.js';
import { type DeliverCallback, SandboxBank } from './sandbox/bank.js';
import { SandboxProvider } from './sandbox/provider.js';
import { sandboxKey } from './sandbox/signature.js';

export interface PaymentSetup {
  providers: PaymentProviders;
  /** The sandbox bank's pages, when the sandbox is enabled. */
  sandboxBank: SandboxBank | undefined;
  /** Opens the partners' notify secrets; derived from the server secret. */
  notifySecrets: NotifySecretKey;
}

/**
 * Which acquirers this server uses. PAYMENT_PROVIDER names the default (the sandbox unless
 * set). The sandbox bank takes test cards only, so a production server enables it only when
 * PAYMENT_SANDBOX=1 says so explicitly: otherwise card payment reports itself unavailable
 * rather than handing out tickets for test money. The partners' own pay flow (mts_pay) is always
 * there and never the default: only orders placed in such a partner's frame reach it.
 */
export function createPaymentSetup(
  deps: ServerDeps,
  opts: { deliverSandboxCallback: DeliverCallback; env?: NodeJS.ProcessEnv },
): PaymentSetup {
  const env = opts.env ?? process.env;
  const defaultName = env.PAYMENT_PROVIDER || DEFAULT_PROVIDER;
  const notifySecrets = NotifySecretKey.fromServerSecret(deps.config.csrfSecret);
  const partnerPay = new PartnerPayProvider({ db: deps.db, clock: deps.clock, notifySecrets });
  const sandboxEnabled = !deps.config.production || env.PAYMENT_SANDBOX === '1';
  if (!sandboxEnabled) {
    return { providers: new PaymentProviders([partnerPay], defaultName), sandboxBank: undefined, notifySecrets };
  }
  const key = sandboxKey(deps.config.csrfSecret);
  const sandbox = new SandboxProvider({ db: deps.db, key });
  const sandboxBank = new SandboxBank({
    db: deps.db,
    clock: deps.clock,
    key,
    publicUrl: deps.config.publicUrl,
    deliver: opts.deliverSandboxCallback,
  });
  return { providers: new PaymentProviders([sandbox, partnerPay], defaultName), sandboxBank, notifySecrets };
}
