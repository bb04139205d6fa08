import type { Queryable, Transaction } from '../../db/index.js';
import { claimable, liveEntranceHold, liveHold } from './rule.js';

export type ClaimResult = { ok: true; claimed: number[] } | { ok: false; available: number[] };

export interface BasketHoldSummary {
  /** Live held tickets of the session, over all performances (places plus entrance tickets). */
  ticketCount: number;
  /** When this performance's part of the basket runs out: the earliest live hold. */
  heldUntil: Date | null;
}

/** How many tickets the session holds now, and until when its holds on a performance last. */
export async function basketHoldSummary(
  tx: Queryable,
  sessionId: string,
  performanceId: number,
  now: Date,
): Promise<BasketHoldSummary> {
  const r = await tx.query<{ places: number; entrance: number; until: Date | null }>(
    `SELECT
       (SELECT count(*)::int FROM performance_places
         WHERE hold_session_id = $1 AND ${liveHold('$3')}) AS places,
       (SELECT coalesce(sum(ticket_count), 0)::int FROM entrance_holds
         WHERE session_id = $1 AND ${liveEntranceHold('$3')}) AS entrance,
       least(
         (SELECT min(held_until) FROM performance_places
           WHERE hold_session_id = $1 AND performance_id = $2 AND ${liveHold('$3')}),
         (SELECT min(h.held_until) FROM entrance_holds h JOIN performance_sections s ON s.id = h.performance_section_id
           WHERE h.session_id = $1 AND s.performance_id = $2 AND ${liveEntranceHold('$3', 'h')})) AS until`,
    [sessionId, performanceId, now],
  );
  const row = r.rows[0]!;
  return { ticketCount: row.places + row.entrance, heldUntil: row.until ? new Date(row.until) : null };
}

/**
 * When a new hold of this performance should end: with the basket's earliest live hold, so
 * adding a ticket never extends the countdown; a first ticket starts a fresh one.
 */
export function basketExpiry(summary: BasketHoldSummary, now: Date, holdMs: number): Date {
  return summary.heldUntil ?? new Date(now.getTime() + holdMs);
}

/**
 * Holds all of the given performance places for the session, or none.
 *
 * The claim is one statement: rows are locked in id order (so two buyers asking for overlapping
 * seats never deadlock) and only rows that are free, or whose hold has expired, are taken. After a
 * lock wait PostgreSQL re-checks the condition on the newest row version, so a seat another buyer
 * has just taken drops out. When fewer rows come back than were asked for, the savepoint is rolled
 * back: nothing is held and the caller reports the spec's error.
 *
 * `unsafeNoGuard` exists only for the control run of the concurrency test: it drops the
 * condition, and that test must then see double holds.
 */
export async function claimPlaces(
  tx: Transaction,
  args: {
    performancePlaceIds: readonly number[];
    sessionId: string;
    heldUntil: Date;
    now: Date;
    tariffId?: number | null;
    /** The client address the hold is made from (the hold cap counts by it, basket/client-holds.ts). */
    holdClient?: string | null;
    unsafeNoGuard?: boolean;
  },
): Promise<ClaimResult> {
  const ids = [...new Set(args.performancePlaceIds)].sort((a, b) => a - b);
  if (ids.length === 0) return { ok: true, claimed: [] };
  const guard = args.unsafeNoGuard ? '$3::timestamptz IS NOT NULL' : claimable('$3');
  await tx.query('SAVEPOINT claim_places');
  const r = await tx.query<{ id: number }>(
    `WITH wanted AS (
       SELECT id FROM performance_places
        WHERE id = ANY($1::int[]) AND ${guard}
        ORDER BY id
        FOR UPDATE
     )
     UPDATE performance_places p
        SET state = 1, hold_session_id = $2, held_until = $4, tariff_id = $5, gifts_count = 0, order_id = NULL,
            hold_client = $6
       FROM wanted
      WHERE p.id = wanted.id
     RETURNING p.id`,
    [ids, args.sessionId, args.now, args.heldUntil, args.tariffId ?? null, args.holdClient ?? null],
  );
  if (r.rows.length < ids.length) {
    await tx.query('ROLLBACK TO SAVEPOINT claim_places');
    const got = new Set(r.rows.map((row) => row.id));
    return { ok: false, available: ids.filter((id) => got.has(id)) };
  }
  await tx.query('RELEASE SAVEPOINT claim_places');
  return { ok: true, claimed: r.rows.map((row) => row.id) };
}

/** Gives back the session's live holds on these places; places held by others are untouched. */
export async function releasePlaces(
  tx: Queryable,
  sessionId: string,
  performancePlaceIds: readonly number[],
): Promise<number[]> {
  const r = await tx.query<{ id: number }>(
    `UPDATE performance_places
        SET state = 0, hold_session_id = NULL, held_until = NULL, tariff_id = NULL, gifts_count = 0, order_id = NULL
      WHERE id = ANY($1::int[]) AND state = 1 AND hold_session_id = $2
     RETURNING id`,
    [[...performancePlaceIds], sessionId],
  );
  return r.rows.map((row) => row.id);
}

/** Releases every place the session holds (the basket's 'clear' action). */
export async function releaseAllPlaces(tx: Queryable, sessionId: string): Promise<number> {
  const r = await tx.query(
    `UPDATE performance_places
        SET state = 0, hold_session_id = NULL, held_until = NULL, tariff_id = NULL, gifts_count = 0, order_id = NULL
      WHERE state = 1 AND hold_session_id = $1`,
    [sessionId],
  );
  return r.rowCount;
}
