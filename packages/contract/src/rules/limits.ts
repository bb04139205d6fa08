/** Ticket limits (hall 5.1, 3.5). */
import {
  DEFAULT_MAX_TICKET_COUNT,
  DEFAULT_TICKETS_OF_OTHER_PERFORMANCES,
  ENTRANCE_COUNTER_MIN,
  MAX_TICKET_COUNT_OVERRIDE_LIMIT,
} from '../constants.js';
import type { BasketModel } from '../entities/basket.js';

export type LimitCause = 'basket_limit_exceeded' | 'no_tickets' | 'gift_limit_exceeded';

/** The performance model's validation result (3.5). */
export interface ValidationResult {
  validated: boolean;
  cause?: LimitCause;
  limit?: number;
}

export const VALID: ValidationResult = Object.freeze({ validated: true });

export interface TicketLimits {
  /** Tickets per order (default 8). */
  maxTicketCount?: number;
  /** Tickets of this buyer already held for other performances (default 0). */
  ticketInBasketOfOtherPerformances?: number;
}

/**
 * The tickets-per-order limit: the default 8, overridden by a configured value only if it
 * is 10 or less (and at least 1).
 */
export function effectiveMaxTicketCount(configured?: number | null): number {
  if (configured === undefined || configured === null || !Number.isInteger(configured)) return DEFAULT_MAX_TICKET_COUNT;
  return configured >= 1 && configured <= MAX_TICKET_COUNT_OVERRIDE_LIMIT ? configured : DEFAULT_MAX_TICKET_COUNT;
}

/** Places plus entrance tickets of a basket model. */
export function basketTicketCount(basket: BasketModel): number {
  return basket.places.length + basket.freeSectionsTickets.reduce((sum, s) => sum + s.ticketsCount, 0);
}

function basketLimit(basket: BasketModel, limits: TicketLimits): ValidationResult {
  const max = limits.maxTicketCount ?? DEFAULT_MAX_TICKET_COUNT;
  const others = limits.ticketInBasketOfOtherPerformances ?? DEFAULT_TICKETS_OF_OTHER_PERFORMANCES;
  if (basketTicketCount(basket) >= max - others)
    return { validated: false, cause: 'basket_limit_exceeded', limit: max };
  return VALID;
}

/**
 * Adding a seat fails when the basket's places plus entrance tickets are ≥ maxTicketCount
 * minus ticketInBasketOfOtherPerformances: basket_limit_exceeded with the limit.
 */
export function canAddSeat(basket: BasketModel, limits: TicketLimits = {}): ValidationResult {
  return basketLimit(basket, limits);
}

/**
 * Adding an entrance ticket fails with no_tickets when the tickets taken in the section are
 * ≥ its freeTickets; the basket limit also applies.
 */
export function canAddEntranceTicket(
  basket: BasketModel,
  section: { sectionId: number; freeTickets: number },
  limits: TicketLimits = {},
): ValidationResult {
  const taken = basket.freeSectionsTickets.find((s) => s.sectionId === section.sectionId)?.ticketsCount ?? 0;
  if (taken >= section.freeTickets) return { validated: false, cause: 'no_tickets' };
  return basketLimit(basket, limits);
}

/**
 * The entrance counter's next value: never below 1; an increase stops at the counter limit
 * (default 8, a configured value ≤ 10 overrides it: basket_limit_exceeded) and at the free
 * tickets (no_tickets).
 */
export function stepEntranceCounter(
  current: number,
  delta: number,
  opts: { configuredMax?: number | null; freeTickets?: number } = {},
): { count: number } & ValidationResult {
  const limit = effectiveMaxTicketCount(opts.configuredMax);
  const wanted = current + delta;
  if (wanted < ENTRANCE_COUNTER_MIN) return { count: ENTRANCE_COUNTER_MIN, validated: true };
  if (delta > 0 && opts.freeTickets !== undefined && wanted > opts.freeTickets) {
    return { count: Math.max(ENTRANCE_COUNTER_MIN, current), validated: false, cause: 'no_tickets' };
  }
  if (wanted > limit) return { count: limit, validated: false, cause: 'basket_limit_exceeded', limit };
  return { count: wanted, validated: true };
}
