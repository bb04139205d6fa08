/** Basket entities (hall-basket-checkout.md 3.6, 3.10, 3.12, 3.14, 3.18; decision 0001). */
import { z } from 'zod';
import { roubles } from '../wire.js';

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

/** Basket state (extension call GET /shopcart/state/, decision 0001). */
export const basketStateAnswer = z.object({
  tickets: z.array(basketStateTicket),
  ticketCount: z.number().int(),
  basketPrice: roubles(),
  holdSecondsLeft: z.number().nullable(),
  cannotCreateOrder: z.boolean(),
  cannotCreateOrderCause: z.string(),
  userIsGuest: z.boolean(),
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
