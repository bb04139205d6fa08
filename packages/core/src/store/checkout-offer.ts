/**
 * What the checkout offers and what the buyer may choose now (hall-basket-checkout.md 2.3, 4.2,
 * 4.5; decision 0032): the server's `checkout` object of the basket state says which payment and
 * delivery methods exist, with their reasons, prices and deadlines, and what is applied; these pure
 * readings add the client-side rules of 4.5 that follow from the buyer's choices. A basket state
 * without `checkout` (a host's own server) offers card and e-ticket as before. Framework-free.
 */
import {
  type BasketState,
  type CheckoutDelivery,
  type CheckoutState as CheckoutOffer,
  type CheckoutPayment,
  CODES_CONFLICTS,
  codesConflict,
  type DeliveryMethod,
  effectiveDelivery,
  isKarmaStop,
  type PaymentMethod,
} from '@partera/contract';

export type { CheckoutDelivery, CheckoutOffer, CheckoutPayment, DeliveryMethod, PaymentMethod };

/** Card and e-ticket, for a basket state without `checkout`. */
export function fallbackOffer(basket: Pick<BasketState, 'basketPrice'>): CheckoutOffer {
  return {
    payments: [{ id: 'card', title: 'Банковской картой', deliveries: ['eticket'] }],
    deliveries: [{ id: 'eticket', title: 'Электронный билет', price: 0 }],
    preselect: { pm: 'card', dm: 'eticket' },
    hasKarmaStop: false,
    userIsDirect: false,
    promo: null,
    giftCard: null,
    bonus: null,
    cashback: null,
    pushkinCard: null,
    totals: {
      tickets: basket.basketPrice,
      gifts: 0,
      delivery: 0,
      discount: 0,
      giftCard: 0,
      cashback: 0,
      toPay: basket.basketPrice,
    },
  };
}

/** The checkout the basket state offers (the fallback when the server sent none). */
export function offerOf(basket: Pick<BasketState, 'basketPrice' | 'checkout'>): CheckoutOffer {
  return basket.checkout ?? fallbackOffer(basket);
}

/** What the buyer has chosen so far (the controller's state; `delivery` as chosen, before 4.5's mapping). */
export interface CheckoutChoice {
  payment: PaymentMethod | null;
  delivery: DeliveryMethod | null;
  /** The card type of the card-type block (card and bonus payment), sent as pc. */
  cardType: string | null;
  /** The cashback checkbox and its choice (accumulate or spend). */
  cashbackAction: 'nakopit_keshbek' | 'spisat_keshbek' | null;
}

/** The client-side rules of 4.5 as they stand for a choice. */
export interface ChoiceRules {
  /** A payment method shown but not choosable now → why (the server's reason or a rule of 4.5). */
  disabled: Partial<Record<PaymentMethod, string>>;
  /** The gift card input is off, and why (cashback spent). */
  giftCardDisabled: string | null;
  /** The promo code input is off, and why (cashback spent). */
  promoDisabled: string | null;
  /** Spending cashback is not allowed, and why (a gift card or promo code is applied): accumulating is forced. */
  cashbackSpendDisabled: string | null;
  /** The card-type block is hidden (a gift card is applied). */
  cardSelectorHidden: boolean;
}

/** Payment methods the buyer picks in the method list (the cashback has its own checkbox). */
export const LISTED = (p: CheckoutPayment) => p.id !== 'mts_cashback';

/** The buyer spends cashback: chosen here, or kept with the basket on the server. */
export function spendsCashback(choice: Pick<CheckoutChoice, 'payment' | 'cashbackAction'>): boolean {
  return choice.payment === 'mts_cashback' && choice.cashbackAction === 'spisat_keshbek';
}

/**
 * 4.5, by the contract's one rule of it (codesConflict, which the server applies at order time):
 * a gift card applied leaves card payment for the rest (and the gift card itself and the cashback),
 * forces accumulating cashback and hides the card selector; spending cashback turns off the gift
 * card, the culture card and the promo code; the culture card pays alone.
 */
export function choiceRules(offer: CheckoutOffer, choice: CheckoutChoice): ChoiceRules {
  const spending = spendsCashback(choice);
  const applied = { giftCard: offer.giftCard !== null, promo: offer.promo !== null, cashbackSpend: spending };
  const disabled: Partial<Record<PaymentMethod, string>> = {};
  for (const p of offer.payments) {
    const reason =
      p.unavailable ??
      (p.id === 'mts_cashback' ? null : codesConflict({ ...applied, cashbackSpend: false }, p.id)) ??
      (spending && (p.id === 'pushkin_card' || p.id === 'gift_card') ? CODES_CONFLICTS.cashbackSpendGiftCard : null);
    if (reason) disabled[p.id] = reason;
  }
  return {
    disabled,
    giftCardDisabled: spending ? CODES_CONFLICTS.cashbackSpendGiftCard : null,
    promoDisabled: spending ? CODES_CONFLICTS.cashbackSpendPromo : null,
    cashbackSpendDisabled: applied.giftCard
      ? CODES_CONFLICTS.giftCardCashbackSpend
      : applied.promo
        ? CODES_CONFLICTS.cashbackSpendPromo
        : null,
    cardSelectorHidden: applied.giftCard,
  };
}

/** The offered payment with this id. */
export function paymentOf(offer: CheckoutOffer, id: PaymentMethod | null): CheckoutPayment | undefined {
  return id === null ? undefined : offer.payments.find((p) => p.id === id);
}

/**
 * The delivery methods the buyer may choose with a payment, in the server's order (the default
 * first). Self-pickup listed for a payment that makes it a booking (4.5) carries the booking's
 * price and deadline to pay.
 */
export function deliveriesFor(offer: CheckoutOffer, payment: PaymentMethod | null): CheckoutDelivery[] {
  const ids = paymentOf(offer, payment)?.deliveries ?? [];
  return offer.deliveries
    .filter((d) => ids.includes(d.id))
    .map((d) => {
      const booking =
        d.id === 'self' ? offer.deliveries.find((b) => b.id === effectiveDelivery('self', payment)) : undefined;
      return booking && booking.id !== 'self' ? { ...d, price: booking.price, payBy: booking.payBy ?? d.payBy } : d;
    });
}

/** The delivery sent with the order: 'self' with cash becomes booking_cash, with card or bonus booking_card (4.5). */
export function orderDelivery(choice: Pick<CheckoutChoice, 'payment' | 'delivery'>): DeliveryMethod | null {
  return choice.delivery === null ? null : effectiveDelivery(choice.delivery, choice.payment);
}

/** The delivery entry of the choice (its price and, for a booking, its deadline). */
export function chosenDelivery(offer: CheckoutOffer, choice: CheckoutChoice): CheckoutDelivery | undefined {
  const sent = orderDelivery(choice);
  return (
    offer.deliveries.find((d) => d.id === sent) ?? offer.deliveries.find((d) => d.id === choice.delivery) ?? undefined
  );
}

/** Courier delivery: the form of 3.12 and the add-delivery call. */
export const isCourier = (delivery: DeliveryMethod | null) => delivery === 'courier' || delivery === 'delivery';

/**
 * A delivery still fits a new payment: kept when the payment offers it, else the payment's default
 * (the first), else none.
 */
export function deliveryAfterPayment(
  offer: CheckoutOffer,
  payment: PaymentMethod,
  current: DeliveryMethod | null,
): DeliveryMethod | null {
  const ids = paymentOf(offer, payment)?.deliveries ?? [];
  if (current !== null && ids.includes(current)) return current;
  return ids[0] ?? null;
}

/** The choice made when the page opens: the server's preselection, none in a partner's frame (2.3). */
export function initialChoice(offer: CheckoutOffer, isIframe: boolean): CheckoutChoice {
  const pre = isIframe ? null : offer.preselect;
  const payment = pre && paymentOf(offer, pre.pm) && !paymentOf(offer, pre.pm)?.unavailable ? pre.pm : null;
  // A cashback action kept with the basket (a reload) keeps the cashback chosen.
  if (offer.cashback?.action && paymentOf(offer, 'mts_cashback')) {
    return {
      payment: 'mts_cashback',
      delivery: paymentOf(offer, 'mts_cashback')?.deliveries[0] ?? null,
      cardType: null,
      cashbackAction: offer.cashback.action,
    };
  }
  return {
    payment,
    delivery: payment ? (pre?.dm ?? null) : null,
    cardType: payment ? (paymentOf(offer, payment)?.cardTypes?.[0]?.id ?? null) : null,
    cashbackAction: offer.cashback?.action ?? null,
  };
}

/** karmaStop mode of 4.5: the flag, and a buyer who is neither a guest nor 'direct'. */
export function karmaStopOn(basket: Pick<BasketState, 'userIsGuest' | 'checkout'>): boolean {
  const offer = basket.checkout;
  return offer
    ? isKarmaStop({
        hasKarmaStop: offer.hasKarmaStop,
        userIsGuest: basket.userIsGuest,
        userIsDirect: offer.userIsDirect,
      })
    : false;
}

/** The card-type block of 2.3 shows for card and bonus payment (radio ids paycard and bonuspay). */
export const CARD_TYPE_BLOCK: Partial<Record<PaymentMethod, 'paycard' | 'bonuspay'>> = {
  card: 'paycard',
  bonus: 'bonuspay',
};
