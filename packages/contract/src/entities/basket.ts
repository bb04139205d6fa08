/** Basket entities (hall-basket-checkout.md 3.6, 3.10, 3.12, 3.14, 3.18; decision 0001). */
import { z } from 'zod';
import { roubles } from '../wire.js';
import { cashbackAction, deliveryMethod, paymentMethod } from './order.js';

/** 3.6 Basket model (client side): every id and count is an integer. */
export const basketModel = z.object({
  places: z.array(z.object({ placeId: z.number().int(), giftsCount: z.number().int().min(0) })),
  freeSectionsTickets: z.array(
    z.object({
      sectionId: z.number().int(),
      ticketsCount: z.number().int().min(0),
      giftsCount: z.number().int().min(0),
    }),
  ),
});
export type BasketModel = z.infer<typeof basketModel>;

/** 3.10 Cart parameters of the basket page. */
export const cartParams = z.object({
  cannotCreateOrder: z.boolean(),
  cannotCreateOrderCause: z.string().optional(),
  deliveryAlertText: z.string().optional(),
  /** Spelled as on the wire. */
  mtsCashbachAlertText: z.string().optional(),
  hasKarmaStop: z.boolean(),
  userIsGuest: z.boolean(),
  userIsDirect: z.boolean(),
});
export type CartParams = z.infer<typeof cartParams>;

/** A metro station of the courier delivery select (3.12). */
export const metroStation = z.object({ id: z.number().int(), name: z.string() });
export type MetroStation = z.infer<typeof metroStation>;

/** 3.14 Gift card apply answer. */
export const giftCardAnswer = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  cardBalance: roubles().optional(),
  cardBalanceRemainAfterApplying: roubles().optional(),
  basketTotalAfterApplying: roubles().optional(),
  gift_card_number: z.string().optional(),
});
export type GiftCardAnswer = z.infer<typeof giftCardAnswer>;

/** One line of the basket state (decision 0001). */
export const basketStateTicket = z.object({
  kind: z.enum(['place', 'entrance']),
  cypher: z.string().nullable(),
  performanceId: z.number().int(),
  sectionId: z.number().int(),
  showName: z.string(),
  /** ISO date-time. */
  performanceDate: z.string(),
  buildingName: z.string(),
  hallName: z.string(),
  sectionName: z.string(),
  row: z.string().nullable(),
  place: z.string().nullable(),
  count: z.number().int(),
  /** Roubles, per ticket. */
  price: roubles(),
  tariffName: z.string(),
  /** Gifts with the line's tickets (all of an entrance line's tickets together). */
  giftsCount: z.number().int().optional(),
  /** Roubles, per gift. */
  giftPrice: roubles().optional(),
  /** The package the ticket belongs to (package mode): remove it with /packages/deselect/. */
  packageId: z.number().int().optional(),
  /** Seats sold only together (a group, an exclusive pair) share this key; deleting one deletes them all (2.3). */
  setKey: z.string().optional(),
  performanceFullUrl: z.string(),
});
export type BasketStateTicket = z.infer<typeof basketStateTicket>;

/**
 * A way to pay the checkout offers for this basket and buyer (2.3, 4.5). `deliveries` lists the
 * delivery methods possible with it, the default first; `cardTypes` fills the card-type block
 * shown for card and bonus payment (radio ids paycard and bonuspay); `unavailable` is the reason
 * when the method is shown but cannot be chosen now (for example the culture card for a show
 * outside its programme).
 */
export const checkoutPayment = z.object({
  id: paymentMethod,
  title: z.string(),
  hint: z.string().optional(),
  deliveries: z.array(deliveryMethod),
  cardTypes: z.array(z.object({ id: z.string(), title: z.string() })).optional(),
  unavailable: z.string().optional(),
});
export type CheckoutPayment = z.infer<typeof checkoutPayment>;

/** A delivery method (2.3, 3.11, 3.12): its price for the whole order and, for a booking, the deadline to pay. */
export const checkoutDelivery = z.object({
  id: deliveryMethod,
  title: z.string(),
  /** Roubles, added once to the order. */
  price: roubles(),
  hint: z.string().optional(),
  /** ISO date-time: a booking is paid at a box office by then, or it is released. */
  payBy: z.string().optional(),
});
export type CheckoutDelivery = z.infer<typeof checkoutDelivery>;

/**
 * What the checkout offers and what is applied to this basket (extension of the basket state,
 * decision 0032): the payment and delivery methods, the cart parameters of 3.10, the promo code,
 * gift card, bonus points, cashback and culture card as they stand, and the totals the buyer pays.
 * Codes and cards are applied on the server (the apply calls of 7.4), so every page and the order
 * see the same figures.
 */
export const checkoutState = z.object({
  payments: z.array(checkoutPayment),
  deliveries: z.array(checkoutDelivery),
  /** The choice made when the page opens: card and e-ticket when offered (a widget in a partner's frame leaves it unchosen). */
  preselect: z.object({ pm: paymentMethod, dm: deliveryMethod }).nullable(),
  hasKarmaStop: z.boolean(),
  userIsDirect: z.boolean(),
  deliveryAlertText: z.string().optional(),
  /** Spelled as on the wire (3.10). */
  mtsCashbachAlertText: z.string().optional(),
  promo: z.object({ code: z.string(), discount: roubles() }).nullable(),
  giftCard: z
    .object({
      /** Masked for display: the last group only. */
      number: z.string(),
      balance: roubles(),
      /** Roubles of this basket paid by the card. */
      applied: roubles(),
    })
    .nullable(),
  /** A signed-in buyer's bonus points; a bonus payment first needs the phone confirmed (7.7). */
  bonus: z.object({ balance: z.number(), phoneConfirmed: z.boolean() }).nullable(),
  /** The partner's cashback (accumulate or spend), when the basket is under such a partner. */
  cashback: z
    .object({
      percent: z.number(),
      balance: roubles(),
      action: cashbackAction.nullable(),
      alert: z.string().optional(),
    })
    .nullable(),
  /** Culture card (Pushkin card): whether this basket can be paid with it, and why not. */
  pushkinCard: z.object({ eligible: z.boolean(), reason: z.string().optional() }).nullable(),
  totals: z.object({
    tickets: roubles(),
    gifts: roubles(),
    delivery: roubles(),
    discount: roubles(),
    giftCard: roubles(),
    cashback: roubles(),
    toPay: roubles(),
  }),
});
export type CheckoutState = z.infer<typeof checkoutState>;

/** Basket state (extension call GET /shopcart/state/, decision 0001). */
export const basketStateAnswer = z.object({
  tickets: z.array(basketStateTicket),
  ticketCount: z.number().int(),
  basketPrice: roubles(),
  holdSecondsLeft: z.number().nullable(),
  cannotCreateOrder: z.boolean(),
  cannotCreateOrderCause: z.string(),
  userIsGuest: z.boolean(),
  /** The checkout's methods, codes and totals (decision 0032); absent where no checkout is offered. */
  checkout: checkoutState.optional(),
});
export type BasketState = z.infer<typeof basketStateAnswer>;

/** 3.18 A basket ticket for analytics (the gettickets call). */
export const analyticsTicket = z.object({
  ticket: z.object({
    /** Unix seconds. */
    performanceTime: z.number().int(),
    price: roubles(),
    performanceBasisId: z.number().int(),
  }),
  name: z.string(),
  brand: z.string(),
});

/** 3.18 Purchase analytics. */
export const purchaseAnalytics = z.object({
  transaction_id: z.string(),
  value: z.number(),
  items: z.array(z.record(z.string(), z.unknown())),
});
