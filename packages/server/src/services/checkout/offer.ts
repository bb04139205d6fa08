/**
 * THE rule of what the checkout offers (hall-basket-checkout.md 2.3, 3.10, 3.11, 4.5; decision
 * 0032): which payment methods this basket and buyer may use, the delivery methods possible with
 * each, their prices and a booking's deadline. Pure: the facts are loaded by facts.ts; the basket
 * state shows this offer and order creation refuses anything outside it.
 */
import { type DeliveryMethod, effectiveDelivery, type PaymentMethod } from '@partera/contract';
import type { AppliedCodes } from './codes/index.js';

/** What the offer depends on. Money in kopecks. */
export interface CheckoutFacts {
  /** One entry per performance of the basket. */
  performances: { id: number; startsAt: Date; allowPay: boolean; allowReserve: boolean }[];
  buyer: {
    userId: number | null;
    userType: 'regular' | 'direct' | null;
    hasKarmaStop: boolean;
    /** Whole points; 1 point pays 1 rouble. */
    bonusBalance: number;
    /** A bonus-payment PIN (7.7 pincheckbonus) was checked in this session lately. */
    bonusPinFresh: boolean;
  };
  /** The partner whose frame the session came through (decision 0009, 0012), or null. */
  framed: { partnerId: number; cashbackPercent: number } | null;
  /** The courier's price in the basket's city; null where there is no courier or no metro. */
  courierPrice: number | null;
  /** The deployment's acquirer takes fast payments (SBP). */
  sbp: boolean;
  applied: AppliedCodes;
  now: Date;
}

export interface OfferedPayment {
  id: PaymentMethod;
  /** The default first. */
  deliveries: DeliveryMethod[];
  unavailable?: string;
}

export interface OfferedDelivery {
  id: DeliveryMethod;
  price: number;
  payBy?: Date;
}

export interface Offer {
  payments: OfferedPayment[];
  deliveries: OfferedDelivery[];
  preselect: { pm: PaymentMethod; dm: DeliveryMethod } | null;
  /** Why courier delivery is not offered though the city has one (3.10 deliveryAlertText). */
  deliveryAlert: string | null;
}

const HOUR = 3_600_000;
/** A booking is paid at a box office within 3 days… */
export const BOOKING_DAYS = 3;
/** …and at the latest 24 hours before the (first) performance. */
export const BOOKING_CLOSES_HOURS = 24;
/** A courier needs the performance at least 3 days ahead. */
export const COURIER_LEAD_HOURS = 72;

export const OFFER_TEXTS = {
  courierTooLate: `Курьерская доставка возможна, если до мероприятия остаётся не меньше ${COURIER_LEAD_HOURS / 24} дней`,
  pushkinNotEligible: 'Оплата Пушкинской картой недоступна для этой корзины',
} as const;

/**
 * When a booking of these performances must be paid at a box office: 3 days from now, but no
 * later than 24 hours before the first of them; null when that moment has already passed (too
 * close to the performance to book).
 */
export function bookingDeadline(performances: CheckoutFacts['performances'], now: Date): Date | null {
  if (performances.length === 0) return null;
  const first = Math.min(...performances.map((p) => p.startsAt.getTime()));
  const by = Math.min(now.getTime() + BOOKING_DAYS * 24 * HOUR, first - BOOKING_CLOSES_HOURS * HOUR);
  return by > now.getTime() ? new Date(by) : null;
}

/** Courier delivery: a city with a courier and metro stations, every performance at least 3 days ahead. */
function courierFits(f: CheckoutFacts): boolean {
  if (f.courierPrice === null) return false;
  const lead = Math.min(...f.performances.map((p) => p.startsAt.getTime())) - f.now.getTime();
  return lead >= COURIER_LEAD_HOURS * HOUR;
}

/**
 * The offer. Online payment needs every performance to sell online (allow_pay); a box-office
 * booking needs every one to take bookings (allow_reserve) and the deadline still ahead. Then:
 * - card: e-ticket, a booking paid now and collected at the box office (booking_card), courier;
 * - cash: only a booking paid at the box office by its deadline (booking_cash);
 * - bonus: a signed-in buyer with points, the deliveries of card (the rest is paid by card);
 * - gift_card: when the applied gift card pays the whole order (e-ticket; 7.5 GiftCardFullProceed);
 * - mts_cashback: only under a partner with cashback (e-ticket);
 * - pushkin_card: e-ticket, shown with the reason while the basket is not eligible (a show outside
 *   the programme, more than one ticket…: codes/pushkin.ts);
 * - apple_pay, google_pay: e-ticket; sbp when the acquirer takes fast payments.
 * Preselected: card and e-ticket when offered (the widget drops it in a partner's frame, 2.3).
 */
export function checkoutOffer(f: CheckoutFacts): Offer {
  const online = f.performances.length > 0 && f.performances.every((p) => p.allowPay);
  const reservable = f.performances.length > 0 && f.performances.every((p) => p.allowReserve);
  const payBy = reservable ? bookingDeadline(f.performances, f.now) : null;
  const courier = online && courierFits(f);
  const deliveries: OfferedDelivery[] = [];
  if (online) deliveries.push({ id: 'eticket', price: 0 });
  if (online && payBy) deliveries.push({ id: 'booking_card', price: 0, payBy });
  if (payBy) deliveries.push({ id: 'booking_cash', price: 0, payBy });
  if (courier) deliveries.push({ id: 'courier', price: f.courierPrice ?? 0 });

  const paidNow: DeliveryMethod[] = deliveries.map((d) => d.id).filter((id) => id !== 'booking_cash');
  const payments: OfferedPayment[] = [];
  if (online) payments.push({ id: 'card', deliveries: paidNow });
  if (payBy) payments.push({ id: 'cash', deliveries: ['booking_cash'] });
  if (online && f.buyer.userId !== null && f.buyer.bonusBalance > 0)
    payments.push({ id: 'bonus', deliveries: paidNow });
  if (online && f.applied.giftCard && f.applied.giftCardPaid > 0 && f.applied.toPay === 0) {
    payments.push({ id: 'gift_card', deliveries: ['eticket'] });
  }
  if (online && (f.framed?.cashbackPercent ?? 0) > 0) payments.push({ id: 'mts_cashback', deliveries: ['eticket'] });
  if (online && f.applied.pushkinCard) {
    const p = f.applied.pushkinCard;
    payments.push({
      id: 'pushkin_card',
      deliveries: ['eticket'],
      ...(p.eligible ? {} : { unavailable: p.reason ?? OFFER_TEXTS.pushkinNotEligible }),
    });
  }
  if (online) {
    payments.push({ id: 'apple_pay', deliveries: ['eticket'] }, { id: 'google_pay', deliveries: ['eticket'] });
    if (f.sbp) payments.push({ id: 'sbp', deliveries: ['eticket'] });
  }
  // Card and e-ticket are preselected whenever offered; the widget leaves them unchosen when it
  // runs in a partner's frame (embedded mode), which only it knows: a partner page's own widgets
  // share the partner's session without a frame.
  const preselect = online ? { pm: 'card' as const, dm: 'eticket' as const } : null;
  const courierLate = online && f.courierPrice !== null && !courier;
  return { payments, deliveries, preselect, deliveryAlert: courierLate ? OFFER_TEXTS.courierTooLate : null };
}

/** Courier delivery has two ids: 'delivery' is the one that shows the address form (3.11). */
export function isCourier(delivery: DeliveryMethod): boolean {
  return delivery === 'courier' || delivery === 'delivery';
}

/**
 * The delivery an order takes for the one the buyer sent: 'self' becomes the booking its payment
 * makes of it (rules/checkout.ts effectiveDelivery, 4.5), 'delivery' is the courier.
 */
export function orderedDelivery(delivery: DeliveryMethod, payment: PaymentMethod): DeliveryMethod {
  if (isCourier(delivery)) return 'courier';
  return effectiveDelivery(delivery, payment);
}

/** The offered delivery this payment and delivery make, or null when the pair is not offered (or not usable now). */
export function offeredChoice(
  offer: Offer,
  payment: PaymentMethod,
  delivery: DeliveryMethod,
): { delivery: OfferedDelivery } | null {
  const pm = offer.payments.find((p) => p.id === payment);
  if (!pm || pm.unavailable) return null;
  const dm = orderedDelivery(delivery, payment);
  if (!pm.deliveries.includes(dm)) return null;
  const found = offer.deliveries.find((d) => d.id === dm);
  return found ? { delivery: found } : null;
}

/**
 * 3.10 userIsDirect: the buyer came to the site directly, not through a partner's frame, or the
 * account is a 'direct' one (users.user_type). karmaStop mode (4.5) applies to the others only.
 */
export function isDirectBuyer(f: Pick<CheckoutFacts, 'framed' | 'buyer'>): boolean {
  return f.framed === null || f.buyer.userType === 'direct';
}
