import type {
  CallbackRequest,
  PartRefundAnswer,
  PaymentEvent,
  PaymentProvider,
  PaymentStart,
  ProviderPaymentStatus,
} from '../../../payments/provider.js';

export const GIFT_CARD_PROVIDER = 'gift_card';

/**
 * The gift card as the payment provider of an order it pays wholly (7.5 GiftCardFullProceed,
 * decision 0034), so that settlement (payments/service.ts applyPaymentEvent) issues the tickets,
 * marks the order paid and sends them by the one path every payment takes, once per payment.
 * The money is the card's balance, taken when the order was created: there is no acquirer to
 * call. A refund moves no money here: the card gets its share back in the database, inside the
 * transaction that settles it (a whole refund: the cancelled order's trigger, migration 0021;
 * a cabinet return: returnGiftCardShare). No callback is ever trusted: nothing outside the
 * server can tell it that a gift card paid.
 */
export class GiftCardProvider implements PaymentProvider {
  readonly name = GIFT_CARD_PROVIDER;

  async createSession(): Promise<PaymentStart> {
    throw new Error('A gift card pays through GiftCardFullProceed, never through a payment session');
  }

  async handleCallback(_request: CallbackRequest): Promise<PaymentEvent | null> {
    return null;
  }

  async queryStatus(): Promise<ProviderPaymentStatus> {
    // Settled in the request that records it; the ledger's row is the whole truth.
    return 'unknown';
  }

  async refund(paymentId: string): Promise<{ refundId: string }> {
    return { refundId: `gift-card-${paymentId}` };
  }

  async refundPart(_paymentId: string, _amount: number, refundKey: string): Promise<PartRefundAnswer> {
    return { ok: true, refundId: refundKey };
  }
}
