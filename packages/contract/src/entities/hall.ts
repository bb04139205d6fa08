/** Hall page, hall map and seat entities (hall-basket-checkout.md 3.1–3.5, 3.7–3.9). */
import { z } from 'zod';
import { idDigits, roubles } from '../wire.js';

/**
 * A seat's cypher as requests carry it (spec 3.3: an opaque seat ticket code). This server hands
 * out the performance place id, so a cypher it accepts is that id in digits.
 */
export const cypher = () => idDigits();

/** A tariff variant of a place: the `taxes` map is tariff id → this. */
export const tariffVariant = z.object({ name: z.string(), price: roubles() });

/** 3.3 Place (seat) as the JSON map lists it. Only places a buyer can act on are listed. */
export const mapPlace = z.object({
  /** Hall place id, the same in every performance of the hall; `data-place-id` in the SVG. */
  id: z.number().int(),
  /** 0 free, 1 selected / in this buyer's basket. */
  state: z.union([z.literal(0), z.literal(1)]),
  isPackagePlace: z.boolean(),
  color: z.string(),
  /** Number of tariffs; more than one opens the tariff choice and shows the price as 'от'. */
  countTax: z.number().int(),
  type: z.string(),
  section: z.object({ id: z.number().int(), name: z.string() }),
  row: z.string(),
  place: z.string(),
  price: roubles(),
  /** Tariff id of `price`. */
  tariff: z.number().int(),
  /** Seats sold together when > 0. */
  group: z.number().int(),
  /** Opaque seat ticket code sent to /hallPlace/select/ (string form of the performance place id). */
  cypher: z.string(),
  hasgifts: z.boolean(),
  availableGifts: z.number().int(),
  /** Tariff id → {name, price}. */
  taxes: z.record(z.string(), tariffVariant),
  description: z.string(),
  /** 'default' or another value (a privilege badge). */
  privileged: z.string(),
});
export type MapPlace = z.infer<typeof mapPlace>;

/** Price legend entry: c hex colour, p price in roubles. */
export const legendEntry = z.object({ c: z.string(), p: roubles() });
export type LegendEntry = z.infer<typeof legendEntry>;

/** 3.4 List-view section (also every section of the JSON map, decision 0001). */
export const listSection = z.object({
  sectionName: z.string(),
  /** Free ticket count. */
  placeCount: z.number().int(),
  sectionId: z.number().int(),
  price: roubles(),
  tariffId: z.number().int(),
  /** Price category id. */
  fundId: z.number().int(),
  /** True for entrance (free-seating) sections. */
  seatlessSection: z.boolean(),
});
export type ListSection = z.infer<typeof listSection>;

/** 3.2 Hall map data (the JSON answer of /hallview/map/{performanceId}/?json=1). */
export const hallMapData = z.object({
  places: z.array(mapPlace),
  legend: z.array(legendEntry),
  anyPremiumTicketFound: z.object({ premium: z.enum(['true', 'false']) }),
  cannotCreateOrder: z.boolean(),
  cannotCreateOrderCause: z.string().optional(),
  sections: z.array(listSection),
  /** Extension: set on a failure answer (a code of section 8 or an HTTP status). */
  error: z.number().int().optional(),
  /** Extension: the failure message. */
  message: z.string().optional(),
});
export type HallMapData = z.infer<typeof hallMapData>;

/** 3.4 Entrance (free-seating) section built from the SVG: needs a name and integer freeTickets and price. */
export const entranceSection = z.object({
  freeTickets: z.number().int(),
  name: z.string().min(1),
  price: z.number().int(),
  tariff: z.number().int(),
});
export type EntranceSection = z.infer<typeof entranceSection>;

/** 3.4 Performance model entrance section. */
export const modelEntranceSection = z.object({ name: z.string(), price: z.number() });

/** 3.1 Hall page configuration. hallBasisId, svgUrl, performanceId, maxTicketCount are required (5.3). */
export const hallPageConfig = z.object({
  hallBasisId: z.number().int(),
  svgUrl: z.string().min(1),
  performanceId: z.number().int(),
  showId: z.number().int().optional(),
  hallPlaceImages: z.array(z.object({ place_id: z.number().int(), image: z.string() })).optional(),
  maxTicketCount: z.number().int(),
  maxGiftCountPerTicket: z.number().int().optional(),
  giftPrice: z.number().optional(),
  package: z
    .object({
      isPackage: z.boolean(),
      currentPerformanceNumber: z.number().int(),
      totalPerformances: z.number().int(),
      ticketsInPerformanceCount: z.number().int(),
    })
    .optional(),
  currentPerformanceBasketTicketCount: z.number().int().optional(),
  showAdvantages: z.boolean().optional(),
  isIframe: z.boolean().optional(),
  isGuest: z.boolean().optional(),
  isOnlySections: z.boolean().optional(),
  tickets: z.array(z.object({ sectionId: z.number().int(), objId: z.number().int(), price: z.number() })).optional(),
  performanceInfo: z
    .object({
      show_name: z.string(),
      start_date: z.string(),
      building_name: z.string(),
      show_full_url: z.string(),
    })
    .optional(),
  allowReserve: z.boolean().optional(),
  allowPay: z.boolean().optional(),
  /** Extension: the package id from the URL (?packageId). */
  packageId: z.number().int().optional(),
  /** Extension (package mode): the hall page of the package's previous performance; absent on the first. */
  packagePreviousUrl: z.string().optional(),
  /** Extension (package mode): the hall page of the package's next performance; absent on the last. */
  packageNextUrl: z.string().optional(),
  /** Extension: ticketInBasketOfOtherPerformances (3.5), for the basket limit. */
  ticketInBasketOfOtherPerformances: z.number().int().optional(),
  /**
   * Extension (2.1: an empty basket shows a 'next date' link instead of the buy button): the hall
   * page of the show's next performance on sale after this one, absolute like show_full_url; null
   * when there is none.
   */
  nextDateUrl: z.string().nullable().optional(),
});
export type HallPageConfig = z.infer<typeof hallPageConfig>;

/** 3.1 Older HTML variant parameters. */
export const hallHtmlPageConfig = z.object({
  performance: z.number().int(),
  section: z.number().int().optional(),
  objId: z.number().int(),
  /** Object id for exclusive seats. */
  exObjId: z.number().int().optional(),
  allowReserve: z.boolean(),
  allowPay: z.boolean(),
  isAuth: z.boolean(),
  /** Section id → free ticket count. */
  sections: z.record(z.string(), z.number().int()),
  hallBackground: z.string().optional(),
  maxX: z.number().optional(),
  minY: z.number().optional(),
  displayAsNavigated: z.literal('1').optional(),
});

/** 3.7 A seatless (entrance) ticket line of a selection answer. */
export const entranceTicketLine = z.object({
  id: z.union([z.number().int(), z.string()]),
  sectionName: z.string(),
  price: roubles(),
  fee: z.number().optional(),
  cypher: z.string().optional(),
  isEntrance: z.boolean(),
});

/** 3.7 Selection / basket answer. */
export const selectionAnswer = z.object({
  /** 1 on success, 0 on failure (entrance calls: true/false). */
  result: z.union([z.literal(0), z.literal(1), z.boolean()]),
  /** 0 on success, else a code of section 8.1 (440, 212, 216, 631, 622, 623, 624 …). */
  error: z.number().int().optional(),
  message: z.string().optional(),
  ticketCount: z.number().int().optional(),
  /** The basket: tickets and their gifts. */
  basketPrice: roubles().optional(),
  /** The tickets alone (basketPrice less the gifts). */
  allTicketsPrice: roubles().optional(),
  hasBonus: z.boolean().optional(),
  fee: z.number().optional(),
  /** Place id → ticket hash (cypher). */
  ticketHashList: z.record(z.string(), z.string()).optional(),
  /** Place id → gift ticket ids (one per gift of the seat's ticket). */
  giftIds: z.record(z.string(), z.array(z.union([z.number().int(), z.string()]))).optional(),
  /** The price of one gift of the call's performance. */
  giftPrice: roubles().optional(),
  tickets: z.array(entranceTicketLine).optional(),
  cannotCreateOrder: z.boolean().optional(),
  cannotCreateOrderCause: z.string().optional(),
  areInBasketMoreTicketsLeft: z.boolean().optional(),
  performanceFullUrl: z.string().optional(),
});
export type SelectionAnswer = z.infer<typeof selectionAnswer>;

/** The failure of every selection call: result 0, the code (0 when none), the message. */
export const selectionFailure = (message: string, code?: number): SelectionAnswer => ({
  result: 0,
  error: code ?? 0,
  message,
});

/** 3.8 Entrance add answer, both readings: the counts, or result true plus the basket. */
export const entranceAnswer = selectionAnswer.extend({
  basket: z.union([z.array(entranceTicketLine), z.object({ tickets: z.array(entranceTicketLine) })]).optional(),
});
export type EntranceAnswer = z.infer<typeof entranceAnswer>;

/** 3.9 Seat tooltip data. */
export const seatTooltip = z.object({ description: z.string(), price: z.number(), remove: z.boolean() });

/** 3.9 Price badge. */
export const priceBadge = z.object({
  text: z.string(),
  tabs: z.array(z.object({ colors: z.array(z.string()), colorfix: z.string().optional(), price: z.number() })),
  currency: z.string(),
  disabled: z.boolean().optional(),
  hidden: z.boolean().optional(),
  /** 'premium' is special (labelled 'Привилегии'). */
  id: z.string(),
});

/** 3.5 Performance model (client side). */
export const performanceModel = z.object({
  maxTicketCount: z.number().int().default(8),
  maxGiftCountPerTicket: z.number().int().default(5),
  ticketInBasketOfOtherPerformances: z.number().int().default(0),
  giftPrice: z.number().optional(),
  entranceSections: z.record(z.string(), modelEntranceSection).optional(),
});

/** Validation result of the performance model (3.5, 5.1, 5.2). */
export const validationResult = z.object({
  validated: z.boolean(),
  cause: z.enum(['basket_limit_exceeded', 'no_tickets', 'gift_limit_exceeded']).optional(),
  limit: z.number().int().optional(),
});
