import type { Queryable, Transaction } from '../../db/index.js';
import { lapsedEntranceHold } from './rule.js';

export type EntranceClaimResult = { ok: true; held: number } | { ok: false; freeCount: number };

/**
 * Returns expired entrance holds of one performance section to its counter. Runs inside every
 * entrance claim, which is what makes expiry lazy: nothing has to run on a timer. Concurrent
 * claims cannot return the same hold twice: the DELETE takes the row, a second one finds it gone.
 */
async function returnExpired(tx: Queryable, performanceSectionId: number, now: Date): Promise<void> {
  await tx.query(
    `WITH expired AS (
       DELETE FROM entrance_holds WHERE performance_section_id = $1 AND ${lapsedEntranceHold('$2')}
       RETURNING ticket_count
     )
     UPDATE performance_sections
        SET free_count = free_count + (SELECT coalesce(sum(ticket_count), 0) FROM expired)
      WHERE id = $1`,
    [performanceSectionId, now],
  );
}

/**
 * Holds `count` more free-seating tickets of a section for the session. The counter is
 * decremented only if enough tickets remain, in one conditional statement.
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
  await returnExpired(tx, args.performanceSectionId, args.now);
  const taken = await tx.query<{ free_count: number }>(
    `UPDATE performance_sections SET free_count = free_count - $2
      WHERE id = $1 AND free_count >= $2
     RETURNING free_count`,
    [args.performanceSectionId, args.count],
  );
  if (taken.rows.length === 0) {
    const r = await tx.query<{ free_count: number }>('SELECT free_count FROM performance_sections WHERE id = $1', [
      args.performanceSectionId,
    ]);
    return { ok: false, freeCount: r.rows[0]?.free_count ?? 0 };
  }
  const held = await tx.query<{ ticket_count: number }>(
    `INSERT INTO entrance_holds (performance_section_id, session_id, tariff_id, ticket_count, held_until, hold_client)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (performance_section_id, session_id)
     DO UPDATE SET ticket_count = entrance_holds.ticket_count + EXCLUDED.ticket_count, order_id = NULL,
                   hold_client = EXCLUDED.hold_client
     RETURNING ticket_count`,
    [args.performanceSectionId, args.sessionId, args.tariffId, args.count, args.heldUntil, args.holdClient ?? null],
  );
  return { ok: true, held: held.rows[0]!.ticket_count };
}

/** Gives back up to `count` of the session's held tickets of a section (all when count is undefined). */
export async function releaseEntranceTickets(
  tx: Queryable,
  args: { performanceSectionId: number; sessionId: string; count?: number },
): Promise<number> {
  const hold = await tx.query<{ id: number; ticket_count: number }>(
    `SELECT id, ticket_count FROM entrance_holds WHERE performance_section_id = $1 AND session_id = $2 FOR UPDATE`,
    [args.performanceSectionId, args.sessionId],
  );
  const row = hold.rows[0];
  if (!row) return 0;
  const give = Math.min(row.ticket_count, args.count ?? row.ticket_count);
  if (give >= row.ticket_count) await tx.query('DELETE FROM entrance_holds WHERE id = $1', [row.id]);
  else await tx.query('UPDATE entrance_holds SET ticket_count = ticket_count - $2 WHERE id = $1', [row.id, give]);
  await tx.query('UPDATE performance_sections SET free_count = free_count + $2 WHERE id = $1', [
    args.performanceSectionId,
    give,
  ]);
  return give;
}

/** Releases all of the session's entrance holds (the basket's 'clear' action). */
export async function releaseAllEntranceTickets(tx: Queryable, sessionId: string): Promise<void> {
  const rows = await tx.query<{ performance_section_id: number }>(
    'SELECT performance_section_id FROM entrance_holds WHERE session_id = $1 ORDER BY performance_section_id',
    [sessionId],
  );
  for (const r of rows.rows)
    await releaseEntranceTickets(tx, { performanceSectionId: r.performance_section_id, sessionId });
}
