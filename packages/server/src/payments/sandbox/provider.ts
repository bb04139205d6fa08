import { randomUUID } from 'node:crypto';
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
} from '../provider.js';
import { checksum, checksumMatches } from './signature.js';

export const SANDBOX = 'sandbox';
export const SANDBOX_PAY_PATH = '/sandbox-bank/pay/';
export const SANDBOX_3DS_PATH = '/sandbox-bank/3ds/';
export const SANDBOX_CALLBACK_PATH = '/payment/callback/sandbox/';

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

  constructor(private readonly opts: { db: Queryable; key: Buffer }) {}

  async createSession(_order: PaymentOrder, _urls: ReturnUrls): Promise<PaymentStart> {
    // The bank page reads the amount and the return addresses from the payment's row.
    const paymentId = randomUUID();
    return { kind: 'redirect', paymentId, url: SANDBOX_PAY_PATH, method: 'GET', fields: { mdOrder: paymentId } };
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
