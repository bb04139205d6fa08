import type { Queryable, Transaction } from '../../db/index.js';

export type EntranceClaimResult = { ok: true; held: number } | { ok: false; freeCount: number };

/**
 * Holds `count` more free-seating tickets of a section for the session: one call of the database
 * function hold_claim_entrance (routines.ts), which first returns the section's lapsed holds to
 * its counter and then decrements the counter only if enough tickets remain.
 */
export async function claimEntranceTickets(
  tx: Transaction,
  args: {
    performanceSectionId: number;
    sessionId: string;
    count: number;
    tariffId: number | null;
    heldUntil: Date;
    now: Date;
    /** The client address the hold is made from (the hold cap counts by it, basket/client-holds.ts). */
    holdClient?: string | null;
  },
): Promise<EntranceClaimResult> {
  const r = await tx.query<{ ok: boolean; held: number | null; free: number }>(
    'SELECT ok, held, free FROM hold_claim_entrance($1, $2, $3, $4, $5, $6, $7)',
    [
      args.performanceSectionId,
      args.sessionId,
      args.count,
      args.tariffId,
      args.heldUntil,
      args.now,
      args.holdClient ?? null,
    ],
  );
  const row = r.rows[0]!;
  return row.ok ? { ok: true, held: row.held! } : { ok: false, freeCount: row.free };
}

/** Gives back up to `count` of the session's held tickets of a section (all when count is undefined). */
export async function releaseEntranceTickets(
  tx: Queryable,
  args: { performanceSectionId: number; sessionId: string; count?: number },
): Promise<number> {
  const r = await tx.query<{ given: number }>('SELECT hold_release_entrance($1, $2, $3) AS given', [
    args.sessionId,
    args.performanceSectionId,
    args.count ?? null,
  ]);
  return r.rows[0]!.given;
}
