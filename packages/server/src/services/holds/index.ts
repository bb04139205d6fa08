/**
 * The seat hold: never sell one seat twice.
 *
 * Every rule that keeps a place from being held or sold twice lives in this folder:
 *
 * - rule.ts      THE live-hold rule: held while held_until > now, claimable from the instant
 *                held_until <= now. Every query of the server that asks builds its condition
 *                there (holds, basket, hall map, catalogue counts, sweeper).
 * - routines.ts The hold's statements as database functions (decision 0015): the claim of places
 *                (rows locked in id order, waiting for a locked row or, for best available,
 *                skipping it (decision 0026), only free or lapsed ones taken, all or none), their
 *                release, the entrance claim and release, the basket's hold summary. The basket's
 *                own functions (basket/routines.ts) call them, so a seat select is one statement.
 * - places.ts    TypeScript calls of those functions for places (performance_places). Expiry is
 *                lazy: an expired hold is simply claimable, nothing has to run for it to end.
 * - entrance.ts  The same for free-seating sections: a counter per performance section,
 *                decremented by a conditional update that cannot go below zero (and a CHECK
 *                constraint behind it). Expired entrance holds go back to the counter inside
 *                the next claim.
 * - sale.ts      Payment turns an order's holds into sales. A late payment re-claims places whose
 *                hold expired if they are still free; otherwise the sale fails and the caller
 *                refunds. The unique index tickets_one_issued_per_place is the last line of
 *                defence: a bug must raise there, not double-sell. A returned ticket's place (or
 *                entrance ticket) goes back on sale here too (returnSoldTickets).
 * - sweeper.ts   Releases expired holds every few seconds. Claims never depend on it; the
 *                availability numbers pages read (place_counts, kept by triggers) count a lapsed
 *                hold as held until it runs.
 *
 * Time always comes from the injected clock (a parameter here), never from the database's now(),
 * so tests can move time forward.
 */

export {
  claimEntranceTickets,
  type EntranceClaimResult,
  releaseEntranceTickets,
} from './entrance.js';
export { type ClaimResult, claimPlaces, releasePlaces } from './places.js';
export { claimable, lapsedEntranceHold, lapsedHold, liveEntranceHold, liveHold } from './rule.js';
export { returnSoldTickets, sellOrderHolds } from './sale.js';
export { sweepExpiredHolds } from './sweeper.js';
