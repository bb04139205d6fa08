import { randomUUID } from 'node:crypto';
import { z } from 'zod';
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
import { authenticatePartner, type PartnerAuthDeps } from './authenticate.js';

/** The provider name of the spec's telecom partner flow (the session answer's provider, 4.8). */
export const PARTNER_PAY = 'mts_pay';
export const PARTNER_PAY_CALLBACK_PATH = `/payment/callback/${PARTNER_PAY}/`;
/** Why a ticket paid in a partner's app is not returned from the cabinet. */
export const PARTNER_PAY_REFUND_REFUSED =
  'Билеты, оплаченные в приложении партнёра, возвращаются через его службу поддержки.';

/** One line of text: signed fields never hold a line break (signature.ts). */
const line = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\r\n]*$/);

/**
 * The partner's confirmation, JSON or form: the orderToken it was handed, its own id of this
 * notification, the outcome and the amount it charged (kopecks), and for a decline why, in
 * Russian, for the buyer.
 */
export const partnerCallbackSchema = z.object({
  orderToken: z.uuid(),
  eventId: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/),
  status: z.enum(['succeeded', 'declined']),
  amount: z.union([z.string().regex(/^\d{1,12}$/), z.number().int().min(0).max(999_999_999_999)]).transform(String),
  reason: line(500).optional(),
});
export type PartnerCallback = z.input<typeof partnerCallbackSchema>;

/** The values of a confirmation in the order they are signed. */
export function callbackFields(c: z.output<typeof partnerCallbackSchema>): string[] {
  return [c.orderToken, c.eventId, c.status, c.amount, c.reason ?? ''];
}

/**
 * A partner's own pay flow (the telecom partner of spec 4.8) as a payment provider. The payment
 * id is the orderToken the partner page is handed; the partner takes the money in its app and
 * confirms or declines it to /payment/callback/mts_pay/, signed with its notify secret. From
 * there the payment settles like any other: tickets issued, e-mail queued, refunded if the
 * places were lost.
 */
export class PartnerPayProvider implements PaymentProvider {
  readonly name = PARTNER_PAY;

  constructor(private readonly deps: PartnerAuthDeps) {}

  async createSession(_order: PaymentOrder, _urls: ReturnUrls): Promise<PaymentStart> {
    return { kind: 'partner-app', paymentId: randomUUID() };
  }

  async handleCallback(request: CallbackRequest): Promise<PaymentEvent | null> {
    const parsed = partnerCallbackSchema.safeParse(request.body);
    if (!parsed.success) return null;
    const callback = parsed.data;
    const partner = await authenticatePartner(this.deps, request.headers, {
      method: 'POST',
      path: PARTNER_PAY_CALLBACK_PATH,
      fields: callbackFields(callback),
    });
    if (!partner) return null;
    // A partner settles only the orders placed in its own frame.
    const owner = await this.deps.db.query<{ partner_id: number | null }>(
      `SELECT o.partner_id FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.id = $1 AND p.provider = $2`,
      [callback.orderToken, PARTNER_PAY],
    );
    if (owner.rows[0] && owner.rows[0].partner_id !== partner.id) return null;
    return {
      // Event ids are the partner's own: two partners may well use the same one.
      eventId: `${partner.hash}:${callback.eventId}`,
      paymentId: callback.orderToken,
      kind: callback.status,
      amount: Number(callback.amount),
      ...(callback.reason ? { reason: callback.reason } : {}),
      payload: { ...callback, partner: partner.hash },
    };
  }

  queryStatus(paymentId: string): Promise<ProviderPaymentStatus> {
    return ledgerStatus(this.deps.db, PARTNER_PAY, paymentId);
  }

  async refund(paymentId: string, _amount: number): Promise<{ refundId: string }> {
    // The partner holds the money: the callback's answer (result 'refunded') and the order read
    // (status 'refunded') tell it to return it to the buyer. Nothing to call from here.
    return { refundId: `${PARTNER_PAY}-refund-${paymentId}` };
  }

  async refundPart(): Promise<PartRefundAnswer> {
    // The partner's app took the money and only the partner can send part of it back: this shop
    // has no call for that, so the return is refused rather than recorded without the money.
    return { ok: false, message: PARTNER_PAY_REFUND_REFUSED };
  }
}
