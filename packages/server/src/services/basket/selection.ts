import { assertTransaction, type Transaction } from '../../db/index.js';
import type { ServerDeps } from '../../deps.js';
import { type BasketSummary, type BasketSummaryRow, basketSummaryOf } from './contents.js';
import { selectionMessages } from './rules.js';
import { type SelectArgs, selectBatcherOf } from './select-batch.js';

/** What the basket's changes need: the database, the clock and the hold settings. */
export type BasketDeps = Pick<ServerDeps, 'db' | 'clock'> & {
  config: Pick<ServerDeps['config'], 'holdMinutes' | 'clientHoldCap' | 'unsafeDisableHoldGuard'>;
};

export type SelectionOutcome =
  /** `changedPerformances`: the performances whose holds changed (none for a no-op). */
  | { ok: true; basket: BasketSummary; changedPerformances: number[] }
  | { ok: false; code: number; message: string; basket: BasketSummary };

/** What a basket function (routines.ts) answers. */
interface RoutineAnswer {
  refusal: Refusal | null;
  performances: number[];
  /** The number the refusal's message names: the basket limit, or the seats best available sought. */
  limit: number | null;
  lines: BasketSummaryRow[];
}

/** The refusals the basket functions name, with the spec's code and message. */
type Refusal =
  | 'notFound'
  | 'saleClosed'
  | 'basketLimit'
  | 'clientHoldCap'
  | 'unknownTariff'
  | 'placeTaken'
  | 'noTickets'
  | 'removeFailed'
  | 'loginRequired'
  | 'noPhone'
  | 'phoneNotConfirmed'
  | 'phoneCheckRequired'
  | 'giftLimit'
  | 'giftsNotOffered'
  | 'giftsSoldOut'
  | 'giftTicketMissing'
  | 'packageForeign'
  | 'packageLimit'
  | 'bookingAmongPurchases'
  | 'purchaseAmongBookings'
  | 'notExclusive'
  | 'noAdjacentSeats';

function refusalOf(answer: RoutineAnswer): { code: number; message: string } {
  switch (answer.refusal) {
    case 'basketLimit':
      return selectionMessages.basketLimit(answer.limit ?? 0);
    case 'giftLimit':
    case 'giftsSoldOut':
    case 'packageLimit':
      return selectionMessages[answer.refusal](answer.limit ?? 0);
    case 'noAdjacentSeats':
      return selectionMessages.noAdjacentSeats(answer.limit ?? 0);
    case null:
      throw new Error('not a refusal');
    default:
      return selectionMessages[answer.refusal];
  }
}

/**
 * Registers nothing and writes nothing: serialises this buyer's basket changes. Every change of
 * the basket, and turning it into an order, runs under this lock (an advisory lock on the
 * session id, held to the end of the transaction).
 */
export async function lockSession(tx: Transaction, sessionId: string): Promise<void> {
  // A lock outside a transaction would end with its own statement and serialise nothing.
  assertTransaction(tx);
  await tx.query('SELECT basket_lock($1)', [sessionId]);
}

/** Runs one basket function: one statement, its own transaction. */
export async function change(deps: BasketDeps, sql: string, params: unknown[]): Promise<SelectionOutcome> {
  const r = await deps.db.query<{ answer: RoutineAnswer }>(`SELECT ${sql} AS answer`, params);
  return outcomeOf(r.rows[0]!.answer);
}

/** What a basket function answered, as the outcome the routes send. */
function outcomeOf(answer: RoutineAnswer): SelectionOutcome {
  const basket = basketSummaryOf(answer.lines);
  if (answer.refusal !== null) return { ok: false, ...refusalOf(answer), basket };
  return { ok: true, basket, changedPerformances: answer.performances };
}

export function holdMs(deps: BasketDeps): number {
  return deps.config.holdMinutes * 60_000;
}

/**
 * Puts a place (with its group or exclusive pair) into the buyer's basket. `client` is the
 * address the request came from (limits/client-address.ts), for the hold cap.
 */
export async function selectPlace(
  deps: BasketDeps,
  session: { id: string },
  args: { performancePlaceId: number; tariffId?: number | null; client: string; packageId?: number },
): Promise<SelectionOutcome> {
  const { max, percent } = deps.config.clientHoldCap;
  const params: SelectArgs = [
    session.id,
    args.performancePlaceId,
    args.tariffId ?? null,
    args.client,
    deps.clock.now(),
    holdMs(deps),
    max,
    percent,
    deps.config.unsafeDisableHoldGuard,
  ];
  // With packageId (package mode) the package's rules come first (packages.ts).
  if (args.packageId !== undefined) {
    return change(deps, 'basket_select_package_place($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
      ...params,
      args.packageId,
    ]);
  }
  // The hot path of a sale's start: with the other selects of this turn, in one statement.
  return outcomeOf(await selectBatcherOf<RoutineAnswer>(deps.db).select(params));
}

/** Takes a place (with its group or exclusive pair) out of the buyer's basket. */
export function deselectPlace(
  deps: BasketDeps,
  session: { id: string },
  args: { performancePlaceId: number },
): Promise<SelectionOutcome> {
  return change(deps, 'basket_deselect_place($1, $2, $3)', [session.id, args.performancePlaceId, deps.clock.now()]);
}

/** Empties the basket; the maps of the performances it held catch up within their freshness. */
export function deselectAll(deps: BasketDeps, session: { id: string }): Promise<SelectionOutcome> {
  return change(deps, 'basket_clear($1, $2)', [session.id, deps.clock.now()]);
}

/** Adds free-seating tickets of an entrance section; `client` as for selectPlace. */
export function addEntranceTickets(
  deps: BasketDeps,
  session: { id: string },
  args: { performanceId: number; sectionId: number; count: number; tariffId?: number | null; client: string },
): Promise<SelectionOutcome> {
  const { max, percent } = deps.config.clientHoldCap;
  return change(deps, 'basket_add_entrance($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
    session.id,
    args.performanceId,
    args.sectionId,
    args.count,
    args.tariffId ?? null,
    args.client,
    deps.clock.now(),
    holdMs(deps),
    max,
    percent,
  ]);
}

/** Removes the session's tickets of an entrance section (all of them, or `count`). */
export function removeEntranceTickets(
  deps: BasketDeps,
  session: { id: string },
  args: { performanceId: number; sectionId: number; count?: number },
): Promise<SelectionOutcome> {
  return change(deps, 'basket_remove_entrance($1, $2, $3, $4, $5)', [
    session.id,
    args.performanceId,
    args.sectionId,
    args.count ?? null,
    deps.clock.now(),
  ]);
}
