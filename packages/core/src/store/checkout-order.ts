/**
 * Which order call a checkout makes, with which fields (hall-basket-checkout.md 3.11–3.13, 4.7,
 * 7.5): courier delivery goes through the add-delivery call (rules/checkout.ts orderCallFor), a
 * guest's other orders through the anonymous order, a signed-in buyer's through the session order.
 * What the answer's url is: the payment session to open, the full gift-card payment call, or a page.
 */
import { orderCallFor, paymentSession } from '@partera/contract';
import type { Http } from '../api/http.js';
import { type AnonymousOrderAnswer, placeAnonymousOrder, placeSessionOrder } from '../api/orders.js';
import { isGiftCardFullUrl, placeDeliveryOrder } from './checkout-calls.js';
import type { DeliveryMethod, PaymentMethod } from './checkout-offer.js';
import type { GuestFields } from './guest-form.js';

export interface OrderInput {
  payment: PaymentMethod;
  /** As sent: after 4.5's mapping of self-pickup to a booking. */
  delivery: DeliveryMethod;
  /** The card type (pc); null for the culture card (3.13). */
  paymentCard: string | null;
  cashback: 'nakopit_keshbek' | 'spisat_keshbek' | null;
  cookies: string;
  /** A guest's details; null for a signed-in buyer. */
  guest: { fields: GuestFields; asked: readonly string[]; fingerprint?: string } | null;
  /** delivery[...] of the courier form. */
  courier: Record<string, string> | null;
}

/** The guest's fields as the anonymous order and the add-delivery call take them (3.13). */
function guestWire(guest: NonNullable<OrderInput['guest']>): Record<string, string | undefined> {
  const { fields, asked } = guest;
  const has = (field: string) => asked.includes(field);
  return {
    email: fields.email.trim(),
    name: fields.name.trim(),
    surname: fields.surname.trim(),
    patronymic: has('patronymic') ? fields.patronymic.trim() : undefined,
    phone: has('phone') ? fields.phone.trim() : undefined,
    pushkinCardInfo: has('birthDate') ? JSON.stringify({ birthDate: fields.birthDate }) : undefined,
  };
}

/** Places the order through the call its delivery and buyer call for. */
export async function placeCheckoutOrder(http: Http, input: OrderInput): Promise<AnonymousOrderAnswer> {
  const cashback = input.cashback ?? undefined;
  if (orderCallFor(input.delivery) === 'orderAddDelivery') {
    return placeDeliveryOrder(http, {
      payment: input.payment,
      delivery: input.delivery,
      payment_card: input.paymentCard ?? '',
      ...(input.courier ?? {}),
      ...(input.guest ? guestWire(input.guest) : {}),
      cashback,
      cookies: input.cookies,
    });
  }
  if (input.guest) {
    const { email, name, surname, patronymic, phone, pushkinCardInfo } = guestWire(input.guest);
    return placeAnonymousOrder(http, {
      email: email ?? '',
      name: name ?? '',
      surname: surname ?? '',
      pc: input.paymentCard,
      payment: input.payment,
      token: '',
      cookies: input.cookies,
      fingerprint: input.guest.fingerprint,
      delivery: input.delivery,
      patronymic,
      phone,
      pushkinCardInfo,
      cashback,
    });
  }
  return placeSessionOrder(http, {
    pm: input.payment,
    dm: input.delivery,
    pc: input.paymentCard,
    cookies: input.cookies,
    cashback,
  });
}

const SESSION_PATH = new RegExp(`^${paymentSession.path.replace(':orderId', '[^/]+')}$`);

/** What an order answer's url leads to. */
export function orderUrlKind(url: string): 'session' | 'giftCardFull' | 'page' {
  if (isGiftCardFullUrl(url)) return 'giftCardFull';
  return SESSION_PATH.test(new URL(url, 'http://localhost').pathname) ? 'session' : 'page';
}

/** The order id of a full gift-card payment url (?order_id=…). */
export function giftCardOrderId(url: string): string {
  return new URL(url, 'http://localhost').searchParams.get('order_id') ?? '';
}
