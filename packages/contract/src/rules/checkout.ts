/** Payment and delivery choice, order creation helpers (hall 4.5, 4.7, 4.8). */
import type { DeliveryMethod, PaymentMethod } from '../entities/order.js';

/** Choosing delivery 'self' with cash becomes booking_cash; with card or bonus booking_card. */
export function effectiveDelivery(delivery: DeliveryMethod, payment: PaymentMethod | null | undefined): DeliveryMethod {
  if (delivery !== 'self') return delivery;
  if (payment === 'cash') return 'booking_cash';
  if (payment === 'card' || payment === 'bonus') return 'booking_card';
  return delivery;
}

/** Unchecking cashback restores the previous payment method, or 'card' if there was none. */
export function paymentAfterCashbackOff(lastPm: PaymentMethod | null | undefined): PaymentMethod {
  return lastPm && lastPm !== 'mts_cashback' ? lastPm : 'card';
}

/** karmaStop mode: hasKarmaStop, and the user is neither a guest nor a 'direct' user. */
export function isKarmaStop(p: { hasKarmaStop: boolean; userIsGuest: boolean; userIsDirect: boolean }): boolean {
  return p.hasKarmaStop && !p.userIsGuest && !p.userIsDirect;
}

/** Courier delivery goes through the add-delivery order call; other methods through the create call. */
export function orderCallFor(delivery: DeliveryMethod): 'orderAddDelivery' | 'orderCreate' {
  return delivery === 'courier' || delivery === 'delivery' ? 'orderAddDelivery' : 'orderCreate';
}

/** Session order: the order id is the second-to-last path segment of url ('/payment/bank/123/' → '123'). */
export function orderIdFromUrl(url: string): string | null {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  const segments = path.split('/');
  if (segments.length < 2) return null;
  const id = segments[segments.length - 2];
  return id ? id : null;
}

/** Methods the guest form offers device-wallet buttons for (4.6). */
export const WALLET_METHODS: readonly PaymentMethod[] = ['apple_pay', 'google_pay'];
