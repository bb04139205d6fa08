/**
 * The seat hold: never sell one seat twice.
 *
 * Every rule that keeps a place from being held or sold twice lives in this folder:
 *
 * - rule.ts      THE live-hold rule: held while held_until > now, claimable from the instant
 *                held_until <= now. Every query of the server that asks builds its condition
 *                there (holds, basket, hall map, catalogue counts, sweeper).
 * - places.ts    One row per sellable place per performance (performance_places). A hold is ONE
 *                conditional statement: it takes the wanted rows in a fixed order (by id, FOR
 *                UPDATE) and only those that are free or whose hold has expired, and marks them
 *                held until now + hold time. Fewer rows back than asked means the whole claim is
 *                rolled back and the caller answers with the spec's error. Expiry is lazy: an
 *                expired hold is simply claimable, nothing has to run for it to end.
 * - entrance.ts  Free-seating sections: a counter per performance section, decremented by a
 *                conditional update that cannot go below zero (and a CHECK constraint behind it).
 *                Expired entrance holds are returned to the counter inside the next claim.
 * - sale.ts      Payment turns an order's holds into sales. A late payment re-claims places whose
 *                hold expired if they are still free; otherwise the sale fails and the caller
 *                refunds. The unique index tickets_one_issued_per_place is the last line of
 *                defence: a bug must raise there, not double-sell.
 * - sweeper.ts   Tidies up: releases expired holds so the tables stay small. Correctness never
 *                depends on it running.
 *
 * Time always comes from the injected clock (a parameter here), never from the database's now(),
 * so tests can move time forward.
 */

export {
  claimEntranceTickets,
  type EntranceClaimResult,
  releaseAllEntranceTickets,
  releaseEntranceTickets,
} from './entrance.js';
export {
  type BasketHoldSummary,
  basketExpiry,
  basketHoldSummary,
  type ClaimResult,
  claimPlaces,
  releaseAllPlaces,
  releasePlaces,
} from './places.js';
export { claimable, lapsedEntranceHold, lapsedHold, liveEntranceHold, liveHold } from './rule.js';
export { sellOrderHolds } from './sale.js';
export { sweepExpiredHolds } from './sweeper.js';
