/**
 * The seam between the shop and an acquirer. The built-in sandbox bank implements it; a real
 * acquirer plugs in behind the same five operations, and nothing else in the server changes.
 */

/** What the provider needs to know about the order being paid. */
export interface PaymentOrder {
  id: number;
  /** The order number shown to the buyer and to the bank. */
  number: string;
  /** Kopecks. */
  amount: number;
  email: string;
  description: string;
}

/** Where the bank sends the buyer back: both absolute, supplied by the server. */
export interface ReturnUrls {
  successUrl: string;
  failUrl: string;
}

/** Card widget configuration (hall-basket-checkout.md 3.16). */
export interface CardWidgetConfig {
  scenarioType: 'pay';
  colorMode: 'light';
  environment: 'TEST' | 'PROD';
  sessionId: string;
  successReturnUrl: string;
  failReturnUrl: string;
  tokenId?: string;
}

/**
 * How the buyer reaches the bank: a hosted page (the spec's url with its fields submitted as
 * hidden form fields by GET or POST into the bank frame), or an embedded card widget; or, with a
 * partner's own pay flow (spec 4.8), nowhere: the partner is handed the payment id as the
 * orderToken and takes the money in its own app.
 */
export type PaymentStart =
  | { kind: 'redirect'; paymentId: string; url: string; method: 'GET' | 'POST'; fields: Record<string, string> }
  | { kind: 'widget'; paymentId: string; widget: CardWidgetConfig }
  | { kind: 'partner-app'; paymentId: string };

/** An incoming provider request, as the HTTP layer received it. */
export interface CallbackRequest {
  headers: Record<string, string | string[] | undefined>;
  query: unknown;
  body: unknown;
}

export type PaymentEventKind = 'succeeded' | 'declined' | 'refunded';

/** A callback whose authenticity the provider has verified. */
export interface PaymentEvent {
  /** The provider's own id of this notification: a replay carries the same id for the same payment. */
  eventId: string;
  paymentId: string;
  kind: PaymentEventKind;
  /** Kopecks, when the provider reports it. */
  amount?: number;
  /** Why a payment was declined, in Russian, for the buyer. */
  reason?: string;
  /** The notification as received, kept in payment_events for audits. */
  payload: Record<string, unknown>;
}

export type ProviderPaymentStatus = 'pending' | 'succeeded' | 'declined' | 'refunded' | 'unknown';

export interface PaymentProvider {
  readonly name: string;
  /** Registers a payment with the acquirer and tells how to send the buyer there. */
  createSession(order: PaymentOrder, urls: ReturnUrls): Promise<PaymentStart>;
  /** Verifies a callback; null when it is not authentic (bad or missing signature, malformed). */
  handleCallback(request: CallbackRequest): Promise<PaymentEvent | null>;
  /** Asks the acquirer what became of a payment (for reconciliation when callbacks are lost). */
  queryStatus(paymentId: string): Promise<ProviderPaymentStatus>;
  /**
   * Returns money to the buyer. Must be idempotent per payment: settlement may call it again
   * when the acquirer retries a callback whose first handling was rolled back.
   */
  refund(paymentId: string, amount: number): Promise<{ refundId: string }>;
  /**
   * Returns part of a succeeded payment on the shop's initiative: tickets the buyer returned from
   * the cabinet (payments/refunds.ts). `refundKey` names this return: asked again with the same
   * key, the acquirer pays it out once. A provider that cannot send money back itself answers
   * ok: false with the reason for the buyer, and the return is refused (never recorded as done).
   */
  refundPart(paymentId: string, amount: number, refundKey: string): Promise<PartRefundAnswer>;
}

/** The acquirer's answer to a part refund. */
export type PartRefundAnswer = { ok: true; refundId: string } | { ok: false; message: string };

export const DEFAULT_PROVIDER = 'sandbox';

/** The providers this server can use, by name; the default one serves new payment sessions. */
export class PaymentProviders {
  private readonly byName = new Map<string, PaymentProvider>();

  constructor(
    providers: readonly PaymentProvider[],
    readonly defaultName: string = DEFAULT_PROVIDER,
  ) {
    for (const p of providers) this.byName.set(p.name, p);
  }

  get(name: string): PaymentProvider | undefined {
    return this.byName.get(name);
  }

  /** undefined when the default provider is not enabled: card payment is then unavailable. */
  get default(): PaymentProvider | undefined {
    return this.byName.get(this.defaultName);
  }
}
