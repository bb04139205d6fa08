import type { ServerConfig } from '../../config.js';
import type { Transaction } from '../../db/index.js';
import { liveEntranceHold, liveHold } from '../holds/rule.js';
import { SelectionRefusal, selectionMessages } from './rules.js';

/**
 * The hold cap: how many tickets one client address (limits/client-address.ts) may hold in one
 * performance, over all its sessions. The basket limit binds one session only, and sessions are
 * free: one client with 24 sessions held 184 of a performance's 185 seats in 3.7 s. The cap is
 * max(basket limit, min(`max`, `percent` % of the hall's places)): a stadium 40 by default, a
 * 185-seat hall 18, a small hall never less than one full basket. Many buyers behind one address
 * (a carrier's NAT, an office) share it, so the operator can raise it (config clientHoldCap).
 */
export function clientHoldCap(
  cap: ServerConfig['clientHoldCap'],
  performance: { basketLimit: number; hallPlaces: number },
): number {
  return Math.max(performance.basketLimit, Math.min(cap.max, Math.floor((performance.hallPlaces * cap.percent) / 100)));
}

/**
 * Refuses a hold of `adding` more tickets of the performance when the client's live holds would
 * pass the cap. Runs inside the basket transaction; the advisory lock serialises the holds of
 * one client in one performance, so that its sessions cannot all pass the check at once.
 */
export async function checkClientHoldCap(
  tx: Transaction,
  args: {
    performanceId: number;
    client: string;
    adding: number;
    basketLimit: number;
    cap: ServerConfig['clientHoldCap'];
    now: Date;
  },
): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [args.performanceId, `holds:${args.client}`]);
  const r = await tx.query<{ held: number; hall_places: number }>(
    `SELECT
       (SELECT count(*)::int FROM performance_places
         WHERE performance_id = $1 AND hold_client = $2 AND ${liveHold('$3')})
       + (SELECT coalesce(sum(h.ticket_count), 0)::int FROM entrance_holds h
            JOIN performance_sections ps ON ps.id = h.performance_section_id
           WHERE ps.performance_id = $1 AND h.hold_client = $2 AND ${liveEntranceHold('$3', 'h')}) AS held,
       (SELECT h.place_count FROM performances p JOIN halls h ON h.id = p.hall_id WHERE p.id = $1) AS hall_places`,
    [args.performanceId, args.client, args.now],
  );
  const row = r.rows[0]!;
  const cap = clientHoldCap(args.cap, { basketLimit: args.basketLimit, hallPlaces: row.hall_places ?? 0 });
  if (row.held + args.adding > cap) throw new SelectionRefusal(selectionMessages.clientHoldCap);
}
