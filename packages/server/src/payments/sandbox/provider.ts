import { createHmac, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../../db/index.js';
import { ledgerStatus } from '../ledger.js';
import type {
  CallbackRequest,
  PartRefundAnswer,
  PaymentEvent,
  PaymentOrder,
  PaymentProvider,
  PaymentStart,
  ProviderPaymentStatus,
  ReturnUrls,
  SbpStart,
  WalletOutcome,
  WalletToken,
} from '../provider.js';
import { absoluteUrl, type SiteAddress } from '../urls.js';
import { DECLINE_REASON } from './cards.js';
import { checksum, checksumMatches, stepToken } from './signature.js';
import { sandboxWalletBehaviour } from './wallet.js';

export const SANDBOX = 'sandbox';
export const SANDBOX_PAY_PATH = '/sandbox-bank/pay/';
export const SANDBOX_3DS_PATH = '/sandbox-bank/3ds/';
export const SANDBOX_CALLBACK_PATH = '/payment/callback/sandbox/';
/** The sandbox bank's 3-D Secure page for a wallet payment (the ACS of spec 4.10). */
export const SANDBOX_ACS_PATH = '/sandbox-bank/acs/';
/** The sandbox bank's app for an SBP payment: what its QR code and the phone's link open. */
export const SANDBOX_SBP_PATH = '/sandbox-bank/sbp/';
/** The merchant the sandbox validates for the phone-maker wallet. */
export const SANDBOX_MERCHANT_ID = 'merchant.partera.sandbox';
/** The reason the sandbox gives a wallet token it cannot read. */
export const BAD_WALLET_TOKEN = 'Платёжный токен не распознан';

/** The notification the sandbox bank posts to the shop (server to server), signed with `checksum`. */
export const sandboxCallbackSchema = z.object({
  eventId: z.string().min(1).max(100),
  mdOrder: z.string().min(1).max(100),
  orderNumber: z.string().max(40),
  operation: z.enum(['deposited', 'declined', 'refunded']),
  status: z.enum(['0', '1']),
  amount: z.string().regex(/^\d{1,12}$/),
  reason: z.string().max(500).optional(),
  checksum: z.string().regex(/^[0-9a-f]{64}$/),
});

export type SandboxCallback = z.infer<typeof sandboxCallbackSchema>;

const KIND = { deposited: 'succeeded', declined: 'declined', refunded: 'refunded' } as const;

/** Builds a signed notification. */
export function signCallback(key: Buffer, fields: Omit<SandboxCallback, 'checksum'>): SandboxCallback {
  const plain = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return { ...fields, checksum: checksum(key, plain) };
}

/**
 * The built-in sandbox acquirer. Its bank pages are served by this same server (bank.ts); it
 * shares the shop's database, so the payments row is its ledger and it keeps no state of its own.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = SANDBOX;

  constructor(private readonly opts: { db: Queryable; key: Buffer } & SiteAddress) {}

  async createSession(_order: PaymentOrder, _urls: ReturnUrls): Promise<PaymentStart> {
    // The bank page reads the amount and the return addresses from the payment's row.
    const paymentId = randomUUID();
    return { kind: 'redirect', paymentId, url: SANDBOX_PAY_PATH, method: 'GET', fields: { mdOrder: paymentId } };
  }

  /** The QR code opens the sandbox bank's app page for the payment, as an acquirer's SBP link opens the buyer's bank. */
  async createSbpSession(_order: PaymentOrder, _urls: ReturnUrls): Promise<SbpStart> {
    const paymentId = randomUUID();
    const page = new URL(absoluteUrl(this.opts, SANDBOX_SBP_PATH));
    page.searchParams.set('mdOrder', paymentId);
    return { paymentId, payload: page.toString() };
  }

  /**
   * A wallet token is charged at once (wallet.ts decides the test card); a card that needs
   * 3-D Secure is sent to the bank's ACS page with the payment as MD and the bank's step token
   * as PaReq; the ACS returns the buyer to the order's pages itself (TermUrl is for the record).
   */
  async payWithWallet(order: PaymentOrder, token: WalletToken, urls: ReturnUrls): Promise<WalletOutcome> {
    const paymentId = randomUUID();
    switch (sandboxWalletBehaviour(token)) {
      case null:
        return { kind: 'declined', paymentId, reason: BAD_WALLET_TOKEN };
      case 'decline':
        return { kind: 'declined', paymentId, reason: DECLINE_REASON };
      case '3ds':
        return {
          kind: '3ds',
          paymentId,
          acsUrl: absoluteUrl(this.opts, SANDBOX_ACS_PATH),
          md: paymentId,
          paReq: stepToken(this.opts.key, '3ds', paymentId),
          termUrl: urls.successUrl,
        };
      case 'success':
        return { kind: 'succeeded', paymentId, amount: order.amount };
    }
  }

  /**
   * The sandbox plays the wallet's validation server: it answers a merchant session of its own,
   * signed with the sandbox key, without any request (the URL was checked to be the wallet's).
   */
  async validateWalletMerchant(validationUrl: URL, domain: string): Promise<Record<string, unknown>> {
    const epochTimestamp = Date.now();
    const session = {
      epochTimestamp,
      expiresAt: epochTimestamp + 5 * 60_000,
      merchantSessionIdentifier: randomUUID(),
      nonce: randomUUID().slice(0, 8),
      merchantIdentifier: SANDBOX_MERCHANT_ID,
      domainName: domain,
      displayName: 'Partera',
      validationHost: validationUrl.host,
    };
    const signature = createHmac('sha256', this.opts.key).update(JSON.stringify(session)).digest('base64');
    return { ...session, signature };
  }

  async handleCallback(request: CallbackRequest): Promise<PaymentEvent | null> {
    const parsed = sandboxCallbackSchema.safeParse(request.body);
    if (!parsed.success) return null;
    const { checksum: sent, ...fields } = parsed.data;
    const plain = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    if (!checksumMatches(this.opts.key, plain, sent)) return null;
    return {
      eventId: fields.eventId,
      paymentId: fields.mdOrder,
      kind: KIND[fields.operation],
      amount: Number(fields.amount),
      ...(fields.reason ? { reason: fields.reason } : {}),
      payload: { ...fields },
    };
  }

  queryStatus(paymentId: string): Promise<ProviderPaymentStatus> {
    return ledgerStatus(this.opts.db, SANDBOX, paymentId);
  }

  async refund(paymentId: string, _amount: number): Promise<{ refundId: string }> {
    // Test money: the refund always goes through, and asking twice gives the same refund.
    return { refundId: `sandbox-refund-${paymentId}` };
  }

  async refundPart(paymentId: string, _amount: number, refundKey: string): Promise<PartRefundAnswer> {
    // Test money: every return goes through, and the same key gives the same refund.
    return { ok: true, refundId: `sandbox-refund-${paymentId}-${refundKey}` };
  }
}
