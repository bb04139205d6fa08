import type { Transaction } from '../../db/index.js';
import { AcquirerError } from '../acquirers/http.js';
import { type BuyerOrder, findBuyerOrder, paymentOrderOf } from '../buyer-order.js';
import { recordPayment } from '../ledger.js';
import type { SbpStart } from '../provider.js';
import { PAYMENT_MESSAGES, type PaymentDeps, refusalOf } from '../service.js';
import { returnUrlsFor } from '../urls.js';
import { type QrDrawing, qrDrawing } from './qr.js';

/** The SBP call's answer: the QR code to scan, the link a phone opens its bank app with. */
export type SbpAnswer =
  | { error: 0; status: 'pending'; payload: string; appUrl: string; qr: QrDrawing }
  | { error: 0; status: 'paid'; redirectUrl: string }
  | { error: 1; message: string };

/** The order methods SBP pays: an SBP order, or a card order whose buyer chose the QR code instead. */
const ACCEPTED = ['sbp', 'card'] as const;

/** SBP is not offered by this deployment's acquirer (nor its sandbox): the checkout offers no SBP. */
export const SBP_UNAVAILABLE = 'Оплата через СБП временно недоступна. Выберите другой способ оплаты.';

interface OpenSbp {
  id: string;
  qr_payload: string | null;
}

/**
 * Pays the buyer's own order by the fast-payment system (POST /payment/sbp/{orderId}/, decision
 * 0036). The order is locked while its payment is registered, so a double click, a reload or a
 * second tab get the one open SBP payment (and its QR code) there is, never a second one
 * (migration 0022 also allows only one). The page then polls /payment/state/ until the bank's
 * notification (or the acquirer, asked by polling) settles it.
 */
export async function startSbpPayment(
  deps: PaymentDeps,
  input: { orderId: number; sessionId: string; token?: string | undefined },
): Promise<SbpAnswer> {
  const found = await findBuyerOrder(deps.db, input);
  if (!found) return { error: 1, message: PAYMENT_MESSAGES.orderNotFound };
  if (found.status === 'paid') {
    return { error: 0, status: 'paid', redirectUrl: returnUrlsFor(deps.config, found).successUrl };
  }
  const refusal = found.partnerPays ? PAYMENT_MESSAGES.unknownPayType : refusalOf(found, ACCEPTED);
  if (refusal) return { error: 1, message: refusal };
  const provider = deps.providers.default;
  if (!provider?.createSbpSession) return { error: 1, message: SBP_UNAVAILABLE };
  const createSbp = provider.createSbpSession.bind(provider);

  try {
    const payload = await deps.db.transaction(async (tx) => {
      const order = await findBuyerOrder(tx, input, { lock: true });
      if (!order || refusalOf(order, ACCEPTED)) return null;
      const open = await openSbpPayment(tx, order.id);
      if (open?.qr_payload) return open.qr_payload;
      // The provider reads its earlier attempts through this transaction (decision 0045).
      const paymentOrder = { ...(await paymentOrderOf(tx, order, deps.config.payments.receipt)), ledger: tx };
      const start: SbpStart = await createSbp(paymentOrder, returnUrlsFor(deps.config, order));
      await recordPayment(tx, {
        id: start.paymentId,
        orderId: order.id,
        provider: provider.name,
        amount: order.total,
        now: deps.clock.now(),
        method: 'sbp',
        qrPayload: start.payload,
      });
      return start.payload;
    });
    if (payload === null) return { error: 1, message: PAYMENT_MESSAGES.orderCancelled };
    return { error: 0, status: 'pending', payload, appUrl: payload, qr: qrDrawing(payload) };
  } catch (err) {
    if (!(err instanceof AcquirerError)) throw err;
    deps.log?.warn({ provider: provider.name, error: err.message }, 'sbp registration failed');
    return { error: 1, message: PAYMENT_MESSAGES.acquirerFailed };
  }
}

async function openSbpPayment(tx: Transaction, orderId: BuyerOrder['id']): Promise<OpenSbp | undefined> {
  const r = await tx.query<OpenSbp>(
    `SELECT id, qr_payload FROM payments
      WHERE order_id = $1 AND method = 'sbp' AND status IN ('created', 'pending')`,
    [orderId],
  );
  return r.rows[0];
}
