import type { Queryable, Transaction } from '../../db/index.js';

export type ClaimResult = { ok: true; claimed: number[] } | { ok: false; available: number[] };

/**
 * Holds all of the given performance places for the session, or none: one call of the database
 * function hold_claim_places (routines.ts), which locks the rows in id order (waiting for a row
 * another claim holds) and takes only claimable ones, every place at `tariffId`. `unsafeNoGuard`
 * exists only for the control run of the concurrency test.
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
  const r = await tx.query<{ ok: boolean; ids: number[] }>(
    'SELECT ok, ids FROM hold_claim_places($1::int[], $2, $3, $4, $5::int[], $6, $7, false)',
    [
      ids,
      args.sessionId,
      args.heldUntil,
      args.now,
      ids.map(() => args.tariffId ?? null),
      args.holdClient ?? null,
      args.unsafeNoGuard === true,
    ],
  );
  const row = r.rows[0]!;
  return row.ok ? { ok: true, claimed: row.ids } : { ok: false, available: row.ids };
}

/** Gives back the session's holds on these places; places held by others are untouched. */
export async function releasePlaces(
  tx: Queryable,
  sessionId: string,
  performancePlaceIds: readonly number[],
): Promise<number[]> {
  const r = await tx.query<{ ids: number[] }>('SELECT hold_release_places($1, $2::int[]) AS ids', [
    sessionId,
    [...performancePlaceIds],
  ]);
  return r.rows[0]!.ids;
}
