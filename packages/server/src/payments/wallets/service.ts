import { messages, walletTokenError } from '@partera/contract';
import { AcquirerError } from '../acquirers/http.js';
import { findBuyerOrder, paymentOrderOf } from '../buyer-order.js';
import { recordPayment } from '../ledger.js';
import type { PaymentProvider, WalletKind, WalletOutcome } from '../provider.js';
import { applyPaymentEvent, PAYMENT_MESSAGES, type PaymentDeps, refusalOf } from '../service.js';
import { PAYMENT_STATE_MESSAGES } from '../state.js';
import { returnUrlsFor } from '../urls.js';
import { merchantValidationUrl } from './merchant.js';

/**
 * The answer of the wallet proceed calls (spec 7.6): error 1 with the message the page shows
 * after 'Ошибка оплаты. ' (8.5); the url to follow; or, for the browser wallet, the 3-D Secure
 * step (data.data: acsUrl, orderId, paReq, termUrl) the page posts into the payment frame.
 */
export type WalletAnswer =
  | { error: 0; url: string }
  | { error: 0; data: { data: { acsUrl: string; orderId: string; paReq: string; termUrl: string } } }
  | { error: 1; message: string };

/** The order methods a wallet pays: its own, or a card order (the order page's wallet button, 3.17 type 1). */
const ACCEPTED: Record<WalletKind, readonly string[]> = {
  google_pay: ['google_pay', 'card'],
  apple_pay: ['apple_pay', 'card'],
};

/**
 * Pays the buyer's own order with a device wallet's token (POST /pay/googlepayproceed/,
 * /pay/applepayproceed/). The order must be theirs (the session it was placed in, or its
 * token), still unpaid, paid by card or this wallet; the amount is the order's, never the
 * browser's; the acquirer's answer is applied through the one settlement (applyPaymentEvent):
 * its amount must be the payment's, and a late payment re-claims its places or goes back. The
 * token goes to the acquirer only: it is neither logged nor stored.
 */
export async function proceedWithWallet(
  deps: PaymentDeps,
  input: { orderId: number; sessionId: string; orderToken?: string | undefined; wallet: WalletKind; token: string },
): Promise<WalletAnswer> {
  const order = await findBuyerOrder(deps.db, {
    orderId: input.orderId,
    sessionId: input.sessionId,
    token: input.orderToken,
  });
  if (!order) return { error: 1, message: PAYMENT_MESSAGES.orderNotFound };
  const urls = returnUrlsFor(deps.config, order);
  if (order.status === 'paid') return { error: 0, url: urls.successUrl };
  const refusal = order.partnerPays ? PAYMENT_MESSAGES.unknownPayType : refusalOf(order, ACCEPTED[input.wallet]);
  if (refusal) return { error: 1, message: refusal };
  const empty = walletTokenError(input.token);
  if (empty) return { error: 1, message: empty };
  const provider = deps.providers.default;
  if (!provider?.payWithWallet) return { error: 1, message: PAYMENT_MESSAGES.unavailable };

  let outcome: WalletOutcome;
  try {
    const paymentOrder = await paymentOrderOf(deps.db, order, deps.config.payments.receipt);
    outcome = await provider.payWithWallet(paymentOrder, { wallet: input.wallet, token: input.token }, urls);
  } catch (err) {
    if (!(err instanceof AcquirerError)) throw err;
    deps.log?.warn({ provider: provider.name, wallet: input.wallet, error: err.message }, 'wallet payment failed');
    return { error: 1, message: PAYMENT_MESSAGES.acquirerFailed };
  }
  await recordPayment(deps.db, {
    id: outcome.paymentId,
    orderId: order.id,
    provider: provider.name,
    amount: order.total,
    now: deps.clock.now(),
    method: input.wallet,
  });
  return settleWalletOutcome(deps, provider, outcome, urls.successUrl);
}

async function settleWalletOutcome(
  deps: PaymentDeps,
  provider: PaymentProvider,
  outcome: WalletOutcome,
  successUrl: string,
): Promise<WalletAnswer> {
  switch (outcome.kind) {
    case '3ds':
      return {
        error: 0,
        data: {
          data: { acsUrl: outcome.acsUrl, orderId: outcome.md, paReq: outcome.paReq, termUrl: outcome.termUrl },
        },
      };
    case 'declined':
      await applyPaymentEvent(deps, provider, {
        eventId: 'wallet:declined',
        paymentId: outcome.paymentId,
        kind: 'declined',
        reason: outcome.reason,
        payload: { answer: 'declined' },
      });
      return { error: 1, message: outcome.reason };
    case 'succeeded': {
      const applied = await applyPaymentEvent(deps, provider, {
        eventId: 'wallet:succeeded',
        paymentId: outcome.paymentId,
        kind: 'succeeded',
        amount: outcome.amount,
        payload: { answer: 'succeeded', amount: outcome.amount },
      });
      if (applied === 'paid') return { error: 0, url: successUrl };
      if (applied === 'refunded') return { error: 1, message: PAYMENT_STATE_MESSAGES.refunded };
      // The acquirer reported another amount: nothing was issued; its notification or polling decides.
      return { error: 1, message: PAYMENT_MESSAGES.acquirerFailed };
    }
  }
}

/**
 * The phone-maker wallet's merchant session (GET /pay/applepaysession/?url=): only for one of
 * the wallet's own validation hosts (merchant.ts: anything else would be a server-side request
 * forgery), through the default provider's validation. Failures answer the spec's message (8.5).
 */
export async function walletMerchantSession(
  deps: PaymentDeps,
  input: { url: string },
): Promise<Record<string, unknown>> {
  const url = merchantValidationUrl(input.url);
  const provider = deps.providers.default;
  if (!url || !provider?.validateWalletMerchant) return { error: 1, message: messages.applePayError };
  try {
    return await provider.validateWalletMerchant(url, new URL(deps.config.publicUrl).hostname);
  } catch (err) {
    if (!(err instanceof AcquirerError)) throw err;
    return { error: 1, message: messages.applePayError };
  }
}

/** Which wallets the default provider takes, for the checkout's availability rules (4.10). */
export function walletsOffered(deps: Pick<PaymentDeps, 'providers'>): { wallets: boolean; applePay: boolean } {
  const provider = deps.providers.default;
  return { wallets: Boolean(provider?.payWithWallet), applePay: Boolean(provider?.validateWalletMerchant) };
}
