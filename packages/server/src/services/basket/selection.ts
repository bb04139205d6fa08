import { effectiveMaxTicketCount } from '@partera/contract';
import { assertTransaction, type Queryable, type Transaction } from '../../db/index.js';
import type { ServerDeps } from '../../deps.js';
import {
  basketExpiry,
  basketHoldSummary,
  claimEntranceTickets,
  claimPlaces,
  releaseAllEntranceTickets,
  releaseAllPlaces,
  releaseEntranceTickets,
  releasePlaces,
} from '../holds/index.js';
import { liveHold } from '../holds/rule.js';
import { checkClientHoldCap } from './client-holds.js';
import { type BasketSummary, loadBasketSummary } from './contents.js';
import { SelectionRefusal, selectionMessages } from './rules.js';

/** What the basket's changes need: the database, the clock and the hold settings. */
export type BasketDeps = Pick<ServerDeps, 'db' | 'clock'> & {
  config: Pick<ServerDeps['config'], 'holdMinutes' | 'clientHoldCap' | 'unsafeDisableHoldGuard'>;
};

export type SelectionOutcome =
  /** `changedPerformance`: the performance whose holds changed (none for a no-op or several). */
  | { ok: true; basket: BasketSummary; changedPerformance?: number }
  | { ok: false; code: number; message: string; basket: BasketSummary };

interface TargetRow {
  performance_place_id: number;
  performance_id: number;
  group_id: number;
  exclusive_pair_place_id: number | null;
  hall_id: number;
}

interface PerformanceRow {
  id: number;
  starts_at: Date;
  sale_state: string;
  allow_reserve: boolean;
  allow_pay: boolean;
  max_ticket_count: number;
}

/**
 * Registers the session (so it can be locked) and serialises this buyer's basket changes: every
 * change of the basket, and turning it into an order, runs under this lock.
 */
export async function lockSession(tx: Transaction, sessionId: string, csrfToken: string): Promise<void> {
  // A row lock outside a transaction would end with its own statement and serialise nothing.
  assertTransaction(tx);
  await tx.query('INSERT INTO sessions (id, csrf_token) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [
    sessionId,
    csrfToken,
  ]);
  await tx.query('SELECT id FROM sessions WHERE id = $1 FOR UPDATE', [sessionId]);
}

async function performanceOpenForSale(tx: Queryable, performanceId: number, now: Date): Promise<PerformanceRow> {
  const r = await tx.query<PerformanceRow>(
    'SELECT id, starts_at, sale_state, allow_reserve, allow_pay, max_ticket_count FROM performances WHERE id = $1',
    [performanceId],
  );
  const p = r.rows[0];
  if (!p) throw new SelectionRefusal(selectionMessages.notFound);
  if (p.sale_state !== 'on_sale' || new Date(p.starts_at) <= now || (!p.allow_reserve && !p.allow_pay)) {
    throw new SelectionRefusal(selectionMessages.saleClosed);
  }
  return p;
}

/** A place and everything sold with it: its group (group id > 0) and its exclusive pair. */
async function expandPlace(
  tx: Queryable,
  performancePlaceId: number,
): Promise<{ performanceId: number; ids: number[] }> {
  const r = await tx.query<TargetRow>(
    `SELECT pp.id AS performance_place_id, pp.performance_id, pl.group_id, pl.exclusive_pair_place_id, pl.hall_id
       FROM performance_places pp JOIN places pl ON pl.id = pp.place_id WHERE pp.id = $1`,
    [performancePlaceId],
  );
  const t = r.rows[0];
  if (!t) throw new SelectionRefusal(selectionMessages.notFound);
  const related = await tx.query<{ id: number }>(
    `SELECT pp.id FROM performance_places pp JOIN places pl ON pl.id = pp.place_id
      WHERE pp.performance_id = $1
        AND (pp.id = $2
             OR ($3 > 0 AND pl.hall_id = $4 AND pl.group_id = $3)
             OR pl.id = $5)
      ORDER BY pp.id`,
    [t.performance_id, t.performance_place_id, t.group_id, t.hall_id, t.exclusive_pair_place_id],
  );
  return { performanceId: t.performance_id, ids: related.rows.map((x) => x.id) };
}

async function withBasket(
  deps: BasketDeps,
  session: { id: string; csrfToken: string },
  change: (tx: Transaction, now: Date) => Promise<number | undefined>,
): Promise<SelectionOutcome> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      await lockSession(tx, session.id, session.csrfToken);
      const changed = await change(tx, now);
      const basket = await loadBasketSummary(tx, session.id, now);
      return { ok: true, basket, ...(changed !== undefined ? { changedPerformance: changed } : {}) };
    });
  } catch (err) {
    if (!(err instanceof SelectionRefusal)) throw err;
    const basket = await loadBasketSummary(deps.db, session.id, now);
    return { ok: false, code: err.code, message: err.message, basket };
  }
}

function holdMs(deps: BasketDeps): number {
  return deps.config.holdMinutes * 60_000;
}

/**
 * Puts a place (with its group or exclusive pair) into the buyer's basket. `client` is the
 * address the request came from (limits/client-address.ts), for the hold cap.
 */
export function selectPlace(
  deps: BasketDeps,
  session: { id: string; csrfToken: string },
  args: { performancePlaceId: number; tariffId?: number | null; client: string },
): Promise<SelectionOutcome> {
  return withBasket(deps, session, async (tx, now) => {
    const { performanceId, ids } = await expandPlace(tx, args.performancePlaceId);
    const performance = await performanceOpenForSale(tx, performanceId, now);
    const wanted = await notYetMine(tx, ids, session.id, now);
    if (wanted.length === 0) return;
    const summary = await basketHoldSummary(tx, session.id, performanceId, now);
    const limit = effectiveMaxTicketCount(performance.max_ticket_count);
    if (summary.ticketCount + wanted.length > limit) throw new SelectionRefusal(selectionMessages.basketLimit(limit));
    await checkClientHoldCap(tx, {
      performanceId,
      client: args.client,
      adding: wanted.length,
      basketLimit: limit,
      cap: deps.config.clientHoldCap,
      now,
    });
    const tariffId = await tariffOfPlace(tx, args.performancePlaceId, args.tariffId ?? null);
    const claim = await claimPlaces(tx, {
      performancePlaceIds: wanted,
      sessionId: session.id,
      heldUntil: basketExpiry(summary, now, holdMs(deps)),
      now,
      tariffId,
      holdClient: args.client,
      unsafeNoGuard: deps.config.unsafeDisableHoldGuard,
    });
    if (!claim.ok) throw new SelectionRefusal(selectionMessages.placeTaken);
    return performanceId;
  });
}

/** The places of the list the session does not hold yet (selecting a held place again is a no-op). */
async function notYetMine(tx: Queryable, ids: number[], sessionId: string, now: Date): Promise<number[]> {
  const r = await tx.query<{ id: number }>(
    `SELECT id FROM performance_places
      WHERE id = ANY($1::int[]) AND NOT (${liveHold('$3')} AND hold_session_id = $2)`,
    [ids, sessionId, now],
  );
  return r.rows.map((row) => row.id);
}

/**
 * The tariff a place is held at: the buyer's choice when it belongs to the place's price
 * category, the category's default otherwise (null for a category without tariffs).
 */
async function tariffOfPlace(tx: Queryable, performancePlaceId: number, chosen: number | null): Promise<number | null> {
  const r = await tx.query<{ id: number }>(
    `SELECT t.id FROM tariffs t JOIN performance_places pp ON pp.price_category_id = t.price_category_id
      WHERE pp.id = $1 AND (t.id = $2 OR ($2::int IS NULL AND t.is_default))
      ORDER BY t.is_default DESC, t.id LIMIT 1`,
    [performancePlaceId, chosen],
  );
  if (chosen !== null && !r.rows[0]) throw new SelectionRefusal(selectionMessages.unknownTariff);
  return r.rows[0]?.id ?? null;
}

/** The same for an entrance section of a performance. */
async function tariffOfSection(
  tx: Queryable,
  performanceSectionId: number,
  chosen: number | null,
): Promise<number | null> {
  const r = await tx.query<{ id: number }>(
    `SELECT t.id FROM tariffs t JOIN performance_sections ps ON ps.price_category_id = t.price_category_id
      WHERE ps.id = $1 AND (t.id = $2 OR ($2::int IS NULL AND t.is_default))
      ORDER BY t.is_default DESC, t.id LIMIT 1`,
    [performanceSectionId, chosen],
  );
  if (chosen !== null && !r.rows[0]) throw new SelectionRefusal(selectionMessages.unknownTariff);
  return r.rows[0]?.id ?? null;
}

/** Takes a place (with its group or exclusive pair) out of the buyer's basket. */
export function deselectPlace(
  deps: BasketDeps,
  session: { id: string; csrfToken: string },
  args: { performancePlaceId: number },
): Promise<SelectionOutcome> {
  return withBasket(deps, session, async (tx) => {
    const { performanceId, ids } = await expandPlace(tx, args.performancePlaceId);
    const released = await releasePlaces(tx, session.id, ids);
    if (released.length === 0) throw new SelectionRefusal(selectionMessages.removeFailed);
    return performanceId;
  });
}

/** Empties the basket. */
export function deselectAll(deps: BasketDeps, session: { id: string; csrfToken: string }): Promise<SelectionOutcome> {
  return withBasket(deps, session, async (tx) => {
    await releaseAllPlaces(tx, session.id);
    await releaseAllEntranceTickets(tx, session.id);
    // Of any number of performances: their maps catch up within their freshness.
    return undefined;
  });
}

async function performanceSection(tx: Queryable, performanceId: number, sectionId: number): Promise<number> {
  const r = await tx.query<{ id: number }>(
    'SELECT id FROM performance_sections WHERE performance_id = $1 AND section_id = $2',
    [performanceId, sectionId],
  );
  if (!r.rows[0]) throw new SelectionRefusal(selectionMessages.notFound);
  return r.rows[0].id;
}

/** Adds free-seating tickets of an entrance section; `client` as for selectPlace. */
export function addEntranceTickets(
  deps: BasketDeps,
  session: { id: string; csrfToken: string },
  args: { performanceId: number; sectionId: number; count: number; tariffId?: number | null; client: string },
): Promise<SelectionOutcome> {
  return withBasket(deps, session, async (tx, now) => {
    const performance = await performanceOpenForSale(tx, args.performanceId, now);
    const psId = await performanceSection(tx, args.performanceId, args.sectionId);
    const summary = await basketHoldSummary(tx, session.id, args.performanceId, now);
    const limit = effectiveMaxTicketCount(performance.max_ticket_count);
    if (summary.ticketCount + args.count > limit) throw new SelectionRefusal(selectionMessages.basketLimit(limit));
    await checkClientHoldCap(tx, {
      performanceId: args.performanceId,
      client: args.client,
      adding: args.count,
      basketLimit: limit,
      cap: deps.config.clientHoldCap,
      now,
    });
    const claim = await claimEntranceTickets(tx, {
      performanceSectionId: psId,
      sessionId: session.id,
      count: args.count,
      tariffId: await tariffOfSection(tx, psId, args.tariffId ?? null),
      heldUntil: basketExpiry(summary, now, holdMs(deps)),
      now,
      holdClient: args.client,
    });
    if (!claim.ok) throw new SelectionRefusal(selectionMessages.noTickets);
    return args.performanceId;
  });
}

/** Removes the session's tickets of an entrance section (all of them, or `count`). */
export function removeEntranceTickets(
  deps: BasketDeps,
  session: { id: string; csrfToken: string },
  args: { performanceId: number; sectionId: number; count?: number },
): Promise<SelectionOutcome> {
  return withBasket(deps, session, async (tx) => {
    const psId = await performanceSection(tx, args.performanceId, args.sectionId);
    const given = await releaseEntranceTickets(tx, {
      performanceSectionId: psId,
      sessionId: session.id,
      count: args.count,
    });
    if (given === 0) throw new SelectionRefusal(selectionMessages.removeFailed);
    return args.performanceId;
  });
}
