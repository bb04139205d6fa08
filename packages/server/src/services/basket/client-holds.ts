import type { Routine } from '../../db/routines.js';
import { liveEntranceHold, liveHold } from '../holds/rule.js';

/**
 * The hold cap: how many tickets one client address (limits/client-address.ts) may hold in one
 * performance, over all its sessions. The basket limit binds one session only, and sessions are
 * free: one client with 24 sessions held 184 of a performance's 185 seats in 3.7 s. The cap is
 * max(basket limit, min(`max`, `percent` % of the hall's places)): a stadium 40 by default, a
 * 185-seat hall 18, a small hall never less than one full basket. Many buyers behind one address
 * (a carrier's NAT, an office) share it, so the operator can raise it (config clientHoldCap).
 */
const holdCap: Routine = {
  name: 'basket_client_hold_cap',
  sql: `CREATE FUNCTION basket_client_hold_cap(p_basket_limit int, p_hall_places int, p_max int, p_percent int)
  RETURNS int LANGUAGE sql IMMUTABLE AS $$
    SELECT greatest(p_basket_limit, least(p_max, (p_hall_places * p_percent) / 100))
  $$`,
};

/**
 * Whether the client may hold `p_adding` more tickets of the performance. Runs inside the basket
 * change's transaction; the advisory lock serialises the holds of one client in one performance,
 * so that its sessions cannot all pass the check at once.
 */
const capAllows: Routine = {
  name: 'basket_client_cap_allows',
  sql: `CREATE FUNCTION basket_client_cap_allows(
    p_performance int, p_client text, p_adding int, p_basket_limit int, p_hall_places int, p_max int, p_percent int,
    p_now timestamptz)
  RETURNS boolean LANGUAGE plpgsql AS $$
  DECLARE
    held int;
  BEGIN
    PERFORM pg_advisory_xact_lock(p_performance, hashtext('holds:' || p_client));
    SELECT (SELECT count(*)::int FROM performance_places
             WHERE performance_id = p_performance AND hold_client = p_client AND ${liveHold('p_now')})
         + (SELECT coalesce(sum(h.ticket_count), 0)::int FROM entrance_holds h
              JOIN performance_sections ps ON ps.id = h.performance_section_id
             WHERE ps.performance_id = p_performance AND h.hold_client = p_client AND ${liveEntranceHold('p_now', 'h')})
      INTO held;
    RETURN held + p_adding <= basket_client_hold_cap(p_basket_limit, p_hall_places, p_max, p_percent);
  END $$`,
};

export const clientHoldRoutines: readonly Routine[] = [holdCap, capAllows];
