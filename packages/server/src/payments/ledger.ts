import type { Queryable } from '../db/index.js';
import type { PaymentMethodKind, ProviderPaymentStatus } from './provider.js';

/**
 * The payments table is the shop's ledger of every payment it started, whatever the provider:
 * one row per attempt, its status moved only by settlement (service.ts).
 */
export async function recordPayment(
  q: Queryable,
  payment: {
    id: string;
    orderId: number;
    provider: string;
    amount: number;
    now: Date;
    /** How it is paid; the bank's card page unless said. */
    method?: PaymentMethodKind;
    /** An SBP payment's QR code text. */
    qrPayload?: string;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO payments (id, order_id, provider, status, amount, created_at, updated_at, method, qr_payload)
     VALUES ($1, $2, $3, 'created', $4, $5, $5, $6, $7)`,
    [
      payment.id,
      payment.orderId,
      payment.provider,
      payment.amount,
      payment.now,
      payment.method ?? 'card',
      payment.qrPayload ?? null,
    ],
  );
}

/**
 * A payment's status as the ledger has it, for providers that keep no books of their own (the
 * sandbox bank and partners' pay flows share this database).
 */
export async function ledgerStatus(q: Queryable, provider: string, paymentId: string): Promise<ProviderPaymentStatus> {
  const r = await q.query<{ status: string }>(`SELECT status FROM payments WHERE id = $1 AND provider = $2`, [
    paymentId,
    provider,
  ]);
  const status = r.rows[0]?.status;
  if (status === undefined) return 'unknown';
  if (status === 'created') return 'pending';
  return status as ProviderPaymentStatus;
}
