/**
 * The checkout part of the basket state (GET /shopcart/state/, decision 0032): the offer of
 * offer.ts with its titles, the cart parameters of 3.10, the codes and cards as they stand and
 * the totals, in roubles as on the wire.
 */
import {
  type BasketState,
  type CashbackAction,
  type CheckoutState,
  type DeliveryMethod,
  kopecksToRoubles,
  type PaymentMethod,
} from '@partera/contract';
import type { Queryable } from '../../db/index.js';
import type { ServerDeps } from '../../deps.js';
import { basketState } from '../basket/answers.js';
import { type BasketContents, loadBasket } from '../basket/contents.js';
import { type AppliedCodes, codesForBasket } from './codes/index.js';
import { acquirerTakesSbp, checkoutFactsOf } from './facts.js';
import { type CheckoutFacts, checkoutOffer, isDirectBuyer, type Offer } from './offer.js';

export const PAYMENT_TITLES: Record<PaymentMethod, string> = {
  card: 'Банковской картой',
  cash: 'Наличными в кассе',
  bonus: 'Бонусными баллами',
  gift_card: 'Подарочной картой',
  mts_cashback: 'Кешбэком',
  pushkin_card: 'Пушкинской картой',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  sbp: 'СБП — по QR-коду',
};

export const DELIVERY_TITLES: Record<DeliveryMethod, string> = {
  eticket: 'Электронный билет',
  self: 'Самовывоз из кассы',
  booking_card: 'Самовывоз из кассы: оплата картой сейчас',
  booking_cash: 'Бронь: оплата в кассе',
  courier: 'Курьерская доставка',
  delivery: 'Курьерская доставка',
};

const CARD_TYPES = [{ id: 'bankovskaya_karta', title: 'Банковская карта' }];

function deliveryHint(id: DeliveryMethod): string | undefined {
  if (id === 'booking_cash') return 'Оплатите бронь в кассе до указанного срока, иначе она будет снята';
  if (id === 'booking_card') return 'Билеты выдаются в кассе по номеру заказа';
  if (id === 'courier') return 'Курьер привезёт билеты по указанному адресу';
  return undefined;
}

/** The money of the basket before a payment is chosen, kopecks. */
export function checkoutTotals(
  basket: Pick<BasketContents, 'total' | 'lines'>,
  applied: AppliedCodes,
  delivery: number,
) {
  const gifts = basket.lines.reduce((sum, l) => sum + l.giftsCount * l.giftPrice, 0);
  const due = basket.total + delivery - applied.discount - applied.giftCardPaid - applied.cashbackPaid;
  return {
    tickets: basket.total - gifts,
    gifts,
    delivery,
    discount: applied.discount,
    giftCard: applied.giftCardPaid,
    cashback: applied.cashbackPaid,
    toPay: Math.max(0, due),
  };
}

function roublesOf<T extends Record<string, number>>(kopecks: T): T {
  return Object.fromEntries(Object.entries(kopecks).map(([k, v]) => [k, kopecksToRoubles(v)])) as T;
}

/** The wire's checkout object of an offer. */
export function checkoutStateOf(
  basket: Pick<BasketContents, 'total' | 'lines'>,
  facts: CheckoutFacts,
  offer: Offer,
): CheckoutState {
  const { applied, buyer } = facts;
  const pre = offer.preselect && offer.deliveries.find((d) => d.id === offer.preselect?.dm);
  return {
    payments: offer.payments.map((p) => ({
      id: p.id,
      title: PAYMENT_TITLES[p.id],
      deliveries: p.deliveries,
      ...(p.id === 'card' || p.id === 'bonus' ? { cardTypes: CARD_TYPES } : {}),
      ...(p.id === 'bonus' ? { hint: `Доступно баллов: ${buyer.bonusBalance}` } : {}),
      ...(p.unavailable ? { unavailable: p.unavailable } : {}),
    })),
    deliveries: offer.deliveries.map((d) => {
      const hint = deliveryHint(d.id);
      return {
        id: d.id,
        title: DELIVERY_TITLES[d.id],
        price: kopecksToRoubles(d.price),
        ...(hint ? { hint } : {}),
        ...(d.payBy ? { payBy: d.payBy.toISOString() } : {}),
      };
    }),
    preselect: offer.preselect,
    hasKarmaStop: buyer.hasKarmaStop,
    userIsDirect: isDirectBuyer(facts),
    ...(offer.deliveryAlert ? { deliveryAlertText: offer.deliveryAlert } : {}),
    ...(applied.cashback?.alert ? { mtsCashbachAlertText: applied.cashback.alert } : {}),
    promo: applied.promo ? { code: applied.promo.code, discount: kopecksToRoubles(applied.promo.discount) } : null,
    giftCard: applied.giftCard
      ? {
          number: applied.giftCard.number,
          balance: kopecksToRoubles(applied.giftCard.balance),
          applied: kopecksToRoubles(applied.giftCard.applied),
        }
      : null,
    bonus: buyer.userId === null ? null : { balance: buyer.bonusBalance, phoneConfirmed: buyer.bonusPinFresh },
    cashback: applied.cashback
      ? {
          percent: applied.cashback.percent,
          balance: kopecksToRoubles(applied.cashback.balance),
          action: applied.cashback.action,
          ...(applied.cashback.alert ? { alert: applied.cashback.alert } : {}),
        }
      : null,
    pushkinCard: applied.pushkinCard,
    totals: roublesOf(checkoutTotals(basket, applied, pre?.price ?? 0)),
  };
}

/** The facts, priced codes and offer of a session's basket (order creation asks the same inside its transaction). */
export async function checkoutOfBasket(
  q: Queryable,
  input: {
    sessionId: string;
    basket: BasketContents;
    now: Date;
    sbp: boolean;
    /** The cashback action an order call sent (else the one kept with the basket). */
    cashbackAction?: CashbackAction | null;
  },
): Promise<{ facts: CheckoutFacts; offer: Offer }> {
  const base = await checkoutFactsOf(q, input);
  const applied = await codesForBasket(q, {
    sessionId: input.sessionId,
    userId: base.buyer.userId,
    lines: input.basket.lines,
    subtotal: input.basket.total,
    now: input.now,
    cashbackAction: input.cashbackAction ?? null,
  });
  const facts = { ...base, applied };
  return { facts, offer: checkoutOffer(facts) };
}

export type BasketStateDeps = Pick<ServerDeps, 'db' | 'clock' | 'config'>;

/**
 * The basket state of decision 0001 with its checkout (absent while the basket is empty): the
 * state call answers it, and a page that renders the checkout (the site's basket page) may too.
 */
export async function basketStateWithCheckout(deps: BasketStateDeps, sessionId: string): Promise<BasketState> {
  const now = deps.clock.now();
  const basket = await loadBasket(deps.db, sessionId, now);
  if (basket.ticketCount === 0) {
    const guest = await deps.db.query('SELECT 1 FROM sessions WHERE id = $1 AND user_id IS NOT NULL', [sessionId]);
    return basketState(basket, now, guest.rows.length === 0);
  }
  const { facts, offer } = await checkoutOfBasket(deps.db, {
    sessionId,
    basket,
    now,
    sbp: acquirerTakesSbp(deps.config),
  });
  return basketState(basket, now, facts.buyer.userId === null, checkoutStateOf(basket, facts, offer));
}
