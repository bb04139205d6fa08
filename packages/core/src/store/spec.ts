/**
 * The spec's words, codes, constants and limit rules as the hall widget uses them. Messages,
 * codes, constants, formatting and rules come from @partera/contract (the one place they are
 * spelled); this module only adapts them to the widget's shapes and adds the hall page's
 * button labels of spec 2.1, which the contract does not carry.
 */
import {
  ALERT_AUTO_CLOSE_MS,
  type BasketModel,
  canAddEntranceTicket,
  canAddSeat,
  ErrorCode,
  effectiveMaxTicketCount,
  formatKopecks,
  HALL_ZOOM,
  MAX_PRICE_BADGE_RANGES,
  MOBILE_BREAKPOINT,
  maxZoomForArea,
  messages,
  PREMIUM_BADGE_ID,
  PREMIUM_BADGE_LABEL,
  PRIVILEGED_DEFAULT,
  roublesToKopecks,
  SEAT_BADGES_MAX_PLACES,
  type SeatErrorAction,
  seatErrorAction,
  ticketCount,
  type ValidationResult,
} from '@partera/contract';

export {
  ALERT_AUTO_CLOSE_MS,
  ErrorCode,
  effectiveMaxTicketCount,
  MAX_PRICE_BADGE_RANGES,
  maxZoomForArea,
  PREMIUM_BADGE_ID,
  PREMIUM_BADGE_LABEL,
  PRIVILEGED_DEFAULT,
  SEAT_BADGES_MAX_PLACES,
  type SeatErrorAction,
  seatErrorAction,
};

/** Spec 2.1 labels of the seat tooltip and the tariff choice. */
export const ADD_TO_BASKET = 'Добавить в корзину';
export const REMOVE_FROM_BASKET = 'Удалить из корзины';
export const PRICE_FROM = 'от';
export const CHOOSE_TARIFF = 'Выберите тариф:';

export const ZOOM_MIN = HALL_ZOOM.min;
export const ZOOM_STEP = HALL_ZOOM.sensitivity;
export const PAN_CONTAIN_FROM_SCALE = HALL_ZOOM.panContainFromZoom;
export const PAN_MIN_OVERLAP = HALL_ZOOM.panMinOverlap;
export const MOBILE_BREAKPOINT_PX = MOBILE_BREAKPOINT;

export { messages as MSG };

/** Wire roubles → kopecks (decision 0001). */
export const toKopecks = roublesToKopecks;
/** Kopecks → '2 500 ₽'. */
export const formatPrice = formatKopecks;
/** '1 билет', '3 билета', '5 билетов'. */
export const pluralTickets = ticketCount;

export function placeLabel(p: { section: { name: string }; row: string; place: string }): string {
  return `${p.section.name}, ряд ${p.row}, место ${p.place}`;
}

/** Words of the aria-live announcements (not in the spec). */
export const ANNOUNCE = {
  inBasket: (n: number) => `В корзине ${ticketCount(n)}.`,
  placeAdded: (label: string) => `Добавлено в корзину: ${label}.`,
  placeRemoved: (label: string) => `Удалено из корзины: ${label}.`,
  entranceAdded: (section: string, n: number) => `Добавлено в корзину: ${section}, ${ticketCount(n)}.`,
  entranceRemoved: (section: string, n: number) => `Удалено из корзины: ${section}, ${ticketCount(n)}.`,
};

/** Kopecks → '1 500 руб': the tariff choice shows each tariff's price in 'руб' (2.1). */
export const formatRub = (kopecks: number) => formatKopecks(kopecks, { sign: 'руб' });

export interface LimitCheck {
  ok: boolean;
  message: string;
}

function limitMessage(r: ValidationResult): LimitCheck {
  if (r.validated) return { ok: true, message: '' };
  if (r.cause === 'no_tickets') return { ok: false, message: messages.noTickets };
  return { ok: false, message: messages.basketLimitExceeded(r.limit ?? 0) };
}

export interface BasketCounts {
  /** Places of this performance in the basket. */
  places: number;
  /** Entrance tickets by section id. */
  entrance: Readonly<Record<string, number>>;
}

/** The contract's basket model for the 5.1 rules, with `extra` tickets as if already taken. */
function basketModel(counts: BasketCounts, extra: { sectionId: number; count: number } | null): BasketModel {
  const tickets = new Map<number, number>();
  for (const [id, n] of Object.entries(counts.entrance)) tickets.set(Number(id), n);
  if (extra && extra.count > 0) tickets.set(extra.sectionId, (tickets.get(extra.sectionId) ?? 0) + extra.count);
  return {
    places: Array.from({ length: counts.places }, (_, i) => ({ placeId: -1 - i, giftsCount: 0 })),
    freeSectionsTickets: [...tickets].map(([sectionId, ticketsCount]) => ({ sectionId, ticketsCount, giftsCount: 0 })),
  };
}

export interface Limits {
  maxTicketCount: number;
  ticketInBasketOfOtherPerformances: number;
}

/** Can `adding` seats (a place, or a whole group) go into the basket? (5.1 basket_limit_exceeded) */
export function checkPlaceAdd(counts: BasketCounts, adding: number, limits: Limits): LimitCheck {
  // Each seat after the first must itself pass, so check with the others already counted.
  return limitMessage(canAddSeat(basketModel({ ...counts, places: counts.places + adding - 1 }, null), limits));
}

/**
 * Can `adding` tickets of an entrance section go in? The entrance limit is the default 8 unless
 * the page configures 10 or less; the section's free tickets bound it too (5.1 no_tickets).
 * `freeTickets` counts the tickets left plus those this buyer already holds in the section.
 */
export function checkEntranceAdd(
  counts: BasketCounts,
  section: { sectionId: number; freeTickets: number },
  adding: number,
  limits: Limits,
): LimitCheck {
  const entranceLimits = { ...limits, maxTicketCount: effectiveMaxTicketCount(limits.maxTicketCount) };
  const before = basketModel(counts, adding > 1 ? { sectionId: section.sectionId, count: adding - 1 } : null);
  return limitMessage(canAddEntranceTicket(before, section, entranceLimits));
}
