import { messages } from '@partera/contract';
import type { ServerDeps } from '../../deps.js';
import { selectionMessages } from './rules.js';
import { type BasketDeps, change, holdMs, type SelectionOutcome } from './selection.js';

/**
 * The basket changes that take seats by sets or let the server pick them (decision 0026): each is
 * one statement calling its database function (set-routines.ts, best-available.ts, booking.ts).
 */

/** A place a group request names (spec 7.2 selectGroup / deselectGroup / selectExclusive). */
export interface NamedPlace {
  performancePlaceId: number;
  tariffId?: number | null;
  /** The exclusive form: the place must have an exclusive pair. */
  exclusive?: boolean;
  /** The spec's baseObjId: must be the place's performance. */
  performanceId?: number | null;
}

const namedJson = (places: readonly NamedPlace[]) =>
  JSON.stringify(
    places.map((p) => ({
      id: p.performancePlaceId,
      tariff: p.tariffId ?? null,
      exclusive: p.exclusive === true,
      base: p.performanceId ?? null,
    })),
  );

function capArgs(deps: BasketDeps): [number, number, number] {
  const { max, percent } = deps.config.clientHoldCap;
  return [holdMs(deps), max, percent];
}

/** Holds the named places, each with its group or exclusive pair, all or nothing. */
export function selectPlaces(
  deps: BasketDeps,
  session: { id: string },
  args: { places: readonly NamedPlace[]; client: string },
): Promise<SelectionOutcome> {
  return change(deps, 'basket_select_set($1, $2::jsonb, $3, $4, $5, $6, $7, false)', [
    session.id,
    namedJson(args.places),
    args.client,
    deps.clock.now(),
    ...capArgs(deps),
  ]);
}

/** Releases the named places, each with its group or exclusive pair. */
export function deselectPlaces(
  deps: BasketDeps,
  session: { id: string },
  args: { places: readonly NamedPlace[] },
): Promise<SelectionOutcome> {
  return change(deps, 'basket_deselect_set($1, $2::jsonb, $3)', [session.id, namedJson(args.places), deps.clock.now()]);
}

/**
 * Best available: `count` adjacent seats of one row, in the price range (kopecks, inclusive, open
 * ends when absent) and section when given, held all or nothing.
 */
export function selectBestAvailable(
  deps: BasketDeps,
  session: { id: string },
  args: {
    performanceId: number;
    count: number;
    priceMin?: number | null;
    priceMax?: number | null;
    sectionId?: number | null;
    client: string;
  },
): Promise<SelectionOutcome> {
  return change(deps, 'basket_select_best($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)', [
    session.id,
    args.performanceId,
    args.count,
    args.priceMin ?? null,
    args.priceMax ?? null,
    args.sectionId ?? null,
    args.client,
    deps.clock.now(),
    ...capArgs(deps),
    deps.config.unsafeDisableHoldGuard,
  ]);
}

/** Future tickets: `count` seats of a section at a tariff, picked for the buyer (adjacent when possible). */
export function addFutureTickets(
  deps: BasketDeps,
  session: { id: string },
  args: {
    performanceId: number;
    sectionId: number;
    tariffId: number;
    priceCategoryId?: number | null;
    count: number;
    client: string;
  },
): Promise<SelectionOutcome> {
  return change(deps, 'basket_add_future($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)', [
    session.id,
    args.performanceId,
    args.sectionId,
    args.priceCategoryId ?? null,
    args.tariffId,
    args.count,
    args.client,
    deps.clock.now(),
    ...capArgs(deps),
  ]);
}

/** Gives back `count` of the buyer's future tickets of a section at a price (kopecks). */
export function removeFutureTickets(
  deps: BasketDeps,
  session: { id: string },
  args: { performanceId: number; sectionId: number; price: number; count: number },
): Promise<SelectionOutcome> {
  return change(deps, 'basket_remove_future($1, $2, $3, $4, $5, $6)', [
    session.id,
    args.performanceId,
    args.sectionId,
    args.price,
    args.count,
    deps.clock.now(),
  ]);
}

/** ResetExclude: empties the basket except the bookings (keepBookings) or except the tickets to pay. */
export function resetExclude(
  deps: BasketDeps,
  session: { id: string },
  args: { keepBookings: boolean },
): Promise<SelectionOutcome> {
  return change(deps, 'basket_reset_exclude($1, $2, $3)', [session.id, args.keepBookings, deps.clock.now()]);
}

export type BestPlacesCheck = { available: true } | { available: false; message: string };

/**
 * The best-places check (spec 7.1): whether best available can offer this buyer seats of the
 * performance now, else why, in the words the 'Бронирование лучших мест' modal shows.
 */
export async function checkBestPlaces(
  deps: Pick<ServerDeps, 'db' | 'clock'>,
  session: { id: string },
  performanceId: number | undefined,
): Promise<BestPlacesCheck> {
  if (performanceId === undefined) return { available: false, message: messages.performanceNotFound };
  const r = await deps.db.query<{ refusal: CheckRefusal | null }>('SELECT basket_best_check($1, $2, $3) AS refusal', [
    session.id,
    performanceId,
    deps.clock.now(),
  ]);
  const refusal = r.rows[0]?.refusal ?? null;
  if (refusal === null) return { available: true };
  if (refusal === 'notFound') return { available: false, message: messages.performanceNotFound };
  return { available: false, message: selectionMessages[refusal].message };
}

/** What basket_best_check answers: basket_open_performance's refusals, or no free seat. */
type CheckRefusal =
  | 'notFound'
  | 'saleClosed'
  | 'noTickets'
  | 'loginRequired'
  | 'noPhone'
  | 'phoneNotConfirmed'
  | 'phoneCheckRequired'
  | 'bookingAmongPurchases'
  | 'purchaseAmongBookings';
