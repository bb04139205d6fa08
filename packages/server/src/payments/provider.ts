/**
 * The seam between the shop and an acquirer. The built-in sandbox bank implements it; a real
 * acquirer plugs in behind the same five operations, and nothing else in the server changes.
 */

import type { AcquirerCheckoutWidget } from '@partera/contract';
import type { SettlementMethod, VatCode } from '../config.js';
import type { Queryable } from '../db/index.js';

/** One line of a 54-ФЗ receipt (receipt.ts builds them); every amount in kopecks. */
export interface ReceiptItem {
  /** What was sold, at most 128 characters. */
  name: string;
  quantity: number;
  /** One unit's price: quantity × price = amount, exactly. */
  price: number;
  amount: number;
  vat: VatCode;
  /** Payment subject: a ticket is a service, a gift (a programme, flowers) a commodity. */
  subject: 'service' | 'commodity';
  method: SettlementMethod;
}

/** The receipt data an acquirer's online cash register is sent: lines adding up to the amount, and the buyer's e-mail. */
export interface Receipt {
  email: string;
  items: ReceiptItem[];
}

/** What the provider needs to know about the order being paid. */
export interface PaymentOrder {
  id: number;
  /** The order number shown to the buyer and to the bank. */
  number: string;
  /** Kopecks. */
  amount: number;
  email: string;
  description: string;
  /** The order's tickets and gifts as receipt lines adding up to `amount`. */
  receipt: Receipt;
  /**
   * Where a provider reads the shop's ledger while registering (its earlier attempts, decision
   * 0045): the caller's transaction when the caller holds one; the provider's own handle otherwise.
   */
  ledger?: Queryable;
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
  | {
      kind: 'redirect';
      paymentId: string;
      url: string;
      method: 'GET' | 'POST';
      fields: Record<string, string>;
    }
  | { kind: 'widget'; paymentId: string; widget: CardWidgetConfig | AcquirerCheckoutWidget }
  | { kind: 'partner-app'; paymentId: string };

/** An incoming provider request, as the HTTP layer received it. */
export interface CallbackRequest {
  headers: Record<string, string | string[] | undefined>;
  query: unknown;
  body: unknown;
  /** The client address (TRUST_PROXY decides whether X-Forwarded-For names it). */
  ip?: string | undefined;
}

/**
 * What a verified event does: a payment succeeded, was declined, was refunded whole; 'noted' is
 * recorded and changes nothing (an acquirer's intermediate status, a part refund the shop made
 * itself): acknowledged so the acquirer stops sending it.
 */
export type PaymentEventKind = 'succeeded' | 'declined' | 'refunded' | 'noted';

export type CallbackOutcome =
  /** The provider is not registered. */
  | 'unknown-provider'
  /** The signature or the shape did not verify: nothing changed. */
  | 'invalid'
  /** The event names a payment this shop never created. */
  | 'unknown-payment'
  /** A success for another amount than the payment's: nothing recorded, nothing changed. */
  | 'amount-mismatch'
  /** This event was applied to this payment before: nothing changed. */
  | 'replayed'
  /** Recorded, but the payment had already reached a final state (or the event changes nothing). */
  | 'ignored'
  | 'paid'
  | 'declined'
  | 'refunded';

/** An HTTP answer to a callback in the form its acquirer expects (T-Bank: the text OK). */
export interface CallbackReply {
  status: number;
  contentType: string;
  body: string;
}

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

/** How a payment is made (migration 0022): the bank's card page, a device wallet's token, or SBP by QR code. */
export type PaymentMethodKind = 'card' | 'google_pay' | 'apple_pay' | 'sbp';
export type WalletKind = 'google_pay' | 'apple_pay';

/**
 * A payment by the fast-payment system (SBP): what its QR code says, the acquirer's link, which a
 * phone's camera opens in the buyer's bank app and which a phone's browser opens directly.
 */
export interface SbpStart {
  paymentId: string;
  payload: string;
}

/**
 * The acquirer's answer to a device wallet's token (spec 4.10): the payment went through or was
 * declined at once, or the card's bank asks for 3-D Secure: the buyer's browser posts MD, PaReq
 * and TermUrl to acsUrl in the payment frame.
 */
export type WalletOutcome =
  | { kind: 'succeeded'; paymentId: string; amount: number }
  | { kind: 'declined'; paymentId: string; reason: string }
  | { kind: '3ds'; paymentId: string; acsUrl: string; md: string; paReq: string; termUrl: string };

/** The token a wallet gave the buyer's browser: passed on as it came, never logged or stored. */
export interface WalletToken {
  wallet: WalletKind;
  token: string;
}

export type ProviderPaymentStatus = 'pending' | 'succeeded' | 'declined' | 'refunded' | 'unknown';

export interface PaymentProvider {
  readonly name: string;
  /**
   * The acquirer's payment page refuses to be framed (its answers forbid it, or its terms):
   * the checkout opens it in the top window instead of the bank frame (decision 0036).
   */
  readonly topWindow?: boolean;
  /** Registers a payment with the acquirer and tells how to send the buyer there. */
  createSession(order: PaymentOrder, urls: ReturnUrls): Promise<PaymentStart>;
  /** Verifies a callback; null when it is not authentic (bad or missing signature, malformed). */
  handleCallback(request: CallbackRequest): Promise<PaymentEvent | null>;
  /**
   * The answer the acquirer expects for this outcome of its callback; without this method (or
   * when it answers undefined) the shop's JSON answer with its own HTTP status.
   */
  acknowledge?(outcome: CallbackOutcome): CallbackReply | undefined;
  /** Asks the acquirer what became of a payment (for reconciliation when callbacks are lost). */
  queryStatus(paymentId: string): Promise<ProviderPaymentStatus>;
  /**
   * Returns the whole payment to the buyer (its places were lost, or the order was paid twice),
   * with the receipt of that refund when receipts are sent. Must be idempotent per payment:
   * settlement may call it again when the acquirer retries a callback whose first handling was
   * rolled back. It runs inside settlement's transaction, so it never uses the database itself.
   */
  refund(paymentId: string, amount: number, receipt?: Receipt): Promise<{ refundId: string }>;
  /**
   * Returns part of a succeeded payment on the shop's initiative: tickets the buyer returned from
   * the cabinet (payments/refunds.ts). `refundKey` names this return: asked again with the same
   * key, the acquirer pays it out once. A provider that cannot send money back itself answers
   * ok: false with the reason for the buyer, and the return is refused (never recorded as done).
   * Runs outside any transaction: a provider may read the returned tickets for the receipt.
   */
  refundPart(paymentId: string, amount: number, refundKey: string): Promise<PartRefundAnswer>;
  /**
   * Registers an SBP payment (decision 0036); absent when the acquirer (or this integration of
   * it) takes no SBP payments: the checkout then does not offer SBP.
   */
  createSbpSession?(order: PaymentOrder, urls: ReturnUrls): Promise<SbpStart>;
  /** Charges a device wallet's token (spec 4.10); absent when the acquirer takes no wallet tokens. */
  payWithWallet?(order: PaymentOrder, token: WalletToken, urls: ReturnUrls): Promise<WalletOutcome>;
  /**
   * The phone-maker wallet's merchant validation (spec 4.10): the merchant session for this
   * validation URL, already checked to be one of the wallet's own hosts (wallets/merchant.ts).
   */
  validateWalletMerchant?(validationUrl: URL, domain: string): Promise<Record<string, unknown>>;
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
