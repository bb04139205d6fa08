import type { ServerDeps } from '../deps.js';
import { GiftCardProvider } from '../services/checkout/codes/provider.js';
import { NotifySecretKey } from '../services/partners/index.js';
import { PartnerPayProvider } from './partner-pay/provider.js';
import { type PaymentProvider, PaymentProviders } from './provider.js';
import { type DeliverCallback, SandboxBank } from './sandbox/bank.js';
import { SandboxProvider } from './sandbox/provider.js';
import { sandboxKey } from './sandbox/signature.js';
import { SberProvider } from './sber/provider.js';
import { TBANK, TBankProvider } from './tbank/provider.js';
import { absoluteUrl, callbackPath } from './urls.js';
import { YooKassaProvider } from './yookassa/provider.js';

export interface PaymentSetup {
  providers: PaymentProviders;
  /** The sandbox bank's pages, when the sandbox is enabled. */
  sandboxBank: SandboxBank | undefined;
  /** Opens the partners' notify secrets; derived from the server secret. */
  notifySecrets: NotifySecretKey;
}

/**
 * Which acquirers this server uses (config.ts reads them: decision 0030). PAYMENT_PROVIDER names
 * the default, the one new card payments go to (the sandbox unless set). Every acquirer whose
 * credentials are set is registered, default or not: payments it took before a switch still get
 * their notifications, polling and refunds. The sandbox bank takes test cards only, so a
 * production server enables it only when PAYMENT_SANDBOX=1 says so explicitly: otherwise card
 * payment through it reports itself unavailable rather than handing out tickets for test money.
 * The partners' own pay flow (mts_pay) is always there and never the default: only orders placed
 * in such a partner's frame reach it.
 */
export function createPaymentSetup(deps: ServerDeps, opts: { deliverSandboxCallback: DeliverCallback }): PaymentSetup {
  const { db, clock, config } = deps;
  const settings = config.payments;
  const notifySecrets = NotifySecretKey.fromServerSecret(config.csrfSecret);
  const providers: PaymentProvider[] = [new PartnerPayProvider({ db, clock, notifySecrets }), new GiftCardProvider()];
  const receipt = settings.receipt;
  if (settings.yookassa) providers.push(new YooKassaProvider({ db, clock, settings: settings.yookassa, receipt }));
  if (settings.tbank) {
    const notificationUrl = absoluteUrl(config, callbackPath(TBANK));
    providers.push(new TBankProvider({ db, settings: settings.tbank, receipt, notificationUrl }));
  }
  if (settings.sber) providers.push(new SberProvider({ db, clock, settings: settings.sber, receipt }));
  let sandboxBank: SandboxBank | undefined;
  if (settings.sandbox) {
    const key = sandboxKey(config.csrfSecret);
    const site = { publicUrl: config.publicUrl, langPrefix: config.langPrefix };
    providers.push(new SandboxProvider({ db, key, ...site }));
    sandboxBank = new SandboxBank({ db, clock, key, ...site, deliver: opts.deliverSandboxCallback });
  }
  return { providers: new PaymentProviders(providers, settings.provider), sandboxBank, notifySecrets };
}
