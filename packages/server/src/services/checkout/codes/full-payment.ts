import { findBuyerOrder } from '../../../payments/buyer-order.js';
import { PaymentProviders } from '../../../payments/provider.js';
import { applyPaymentEvent, PAYMENT_MESSAGES, type PaymentDeps } from '../../../payments/service.js';
import { returnUrlsFor } from '../../../payments/urls.js';
import { NotifySecretKey } from '../../partners/index.js';
import { GIFT_CARD_MESSAGES } from './gift-card.js';
import { GIFT_CARD_PROVIDER, GiftCardProvider } from './provider.js';

export type FullPaymentDeps = Pick<PaymentDeps, 'db' | 'clock' | 'config'>;

export type FullPaymentAnswer = { error: 0; url: string } | { error: 1; message: string };

export const FULL_PAYMENT_MESSAGES = {
  notGiftCard: 'Этот заказ не оплачивается подарочной картой целиком',
  placesTaken: 'Места заказа уже заняты другим покупателем. Деньги вернулись на подарочную карту.',
} as const;

const provider = new GiftCardProvider();

/** The id of the payment by which the card pays an order wholly: one per order, so a replay finds it. */
export const giftCardPaymentId = (orderId: number) => `gift-card-${orderId}`;

/**
 * GET /order/GiftCardFullProceed/?order_id (7.5, 4.8): an order placed with payment gift_card and
 * delivery eticket, the card's balance taken for all of it when the order was created, is paid.
 * Only the buyer's own order (their session or the order's token). The payment is recorded once
 * (provider gift_card, the card's amount) and applied through settlement, the path every payment
 * takes (payments/service.ts applyPaymentEvent): the places are sold (a lapsed hold is re-claimed
 * when still free), the tickets issued, the order paid and the tickets e-mailed, once; a second
 * call (a reload, a double click) is a replay and answers the same url. If the places went to
 * someone else meanwhile, the order is cancelled and its trigger gives the card its balance back.
 */
export async function giftCardFullProceed(
  deps: FullPaymentDeps,
  input: { orderId: number; sessionId: string; token?: unknown },
): Promise<FullPaymentAnswer> {
  const order = await findBuyerOrder(deps.db, input);
  if (!order) return { error: 1, message: PAYMENT_MESSAGES.orderNotFound };
  const url = returnUrlsFor(deps.config, order).successUrl;
  if (order.status === 'paid') return { error: 0, url };
  if (order.status !== 'new') return { error: 1, message: PAYMENT_MESSAGES.orderCancelled };
  const paid = await deps.db.query<{ gift_card_amount: number }>(
    `SELECT gift_card_amount FROM orders
      WHERE id = $1 AND payment_method = 'gift_card' AND total = 0 AND gift_card_amount > 0`,
    [order.id],
  );
  const amount = paid.rows[0]?.gift_card_amount;
  if (amount === undefined) return { error: 1, message: FULL_PAYMENT_MESSAGES.notGiftCard };
  const paymentId = giftCardPaymentId(order.id);
  await deps.db.query(
    `INSERT INTO payments (id, order_id, provider, status, amount, created_at, updated_at)
     VALUES ($1, $2, $3, 'created', $4, $5, $5) ON CONFLICT (id) DO NOTHING`,
    [paymentId, order.id, GIFT_CARD_PROVIDER, amount, deps.clock.now()],
  );
  const settlement: PaymentDeps = {
    ...deps,
    providers: new PaymentProviders([provider], GIFT_CARD_PROVIDER),
    notifySecrets: NotifySecretKey.fromServerSecret(deps.config.csrfSecret),
  };
  const outcome = await applyPaymentEvent(settlement, provider, {
    eventId: 'full-payment',
    paymentId,
    kind: 'succeeded',
    payload: { orderId: order.id },
  });
  if (outcome === 'paid') return { error: 0, url };
  // A replay or a payment already final: the order says what happened.
  const now = await findBuyerOrder(deps.db, input);
  if (now?.status === 'paid') return { error: 0, url };
  if (outcome === 'refunded') return { error: 1, message: FULL_PAYMENT_MESSAGES.placesTaken };
  return { error: 1, message: now?.status === 'new' ? GIFT_CARD_MESSAGES.changed : PAYMENT_MESSAGES.orderCancelled };
}
