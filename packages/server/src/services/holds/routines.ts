import type { Routine } from '../../db/routines.js';
import { claimable, lapsedEntranceHold, liveEntranceHold, liveHold } from './rule.js';

/**
 * The seat hold's statements, kept as functions in the database so that a basket change is one
 * round trip (decision 0015). Each is the only implementation of its step: the basket's own
 * functions (basket/routines.ts) call these, and so do the TypeScript helpers of places.ts and
 * entrance.ts. Their conditions come from rule.ts, with p_now as "now".
 */

/**
 * Holds all of the given places for the session, or none. The wanted rows are locked in id order
 * (two buyers asking for overlapping places never deadlock), and only rows that are claimable
 * (free, or their hold lapsed) are taken: after a lock wait PostgreSQL checks the condition again
 * on the newest row, so a place another buyer has just taken drops out. Fewer rows than asked:
 * nothing is written, `ok` is false and `ids` lists the ones that were to be had.
 *
 * `p_unsafe` drops the condition; only the concurrency test's control run sets it, and that run
 * must then see double holds.
 */
const claimPlaces: Routine = {
  name: 'hold_claim_places',
  sql: `CREATE FUNCTION hold_claim_places(
    p_ids int[], p_session text, p_until timestamptz, p_now timestamptz, p_tariff int, p_client text,
    p_unsafe boolean, OUT ok boolean, OUT ids int[])
  LANGUAGE plpgsql AS $$
  BEGIN
    SELECT coalesce(array_agg(l.id ORDER BY l.id), '{}') INTO ids FROM (
      SELECT id FROM performance_places
       WHERE id = ANY(p_ids) AND (p_unsafe OR ${claimable('p_now')})
       ORDER BY id
         FOR UPDATE) l;
    ok := cardinality(ids) = (SELECT count(DISTINCT x) FROM unnest(p_ids) x);
    IF NOT ok THEN RETURN; END IF;
    UPDATE performance_places
       SET state = 1, hold_session_id = p_session, held_until = p_until, tariff_id = p_tariff, gifts_count = 0,
           order_id = NULL, hold_client = p_client
     WHERE id = ANY(ids);
  END $$`,
};

/** Gives back the session's holds on these places (all of its places when p_ids is null); others' are untouched. */
const releasePlaces: Routine = {
  name: 'hold_release_places',
  sql: `CREATE FUNCTION hold_release_places(p_session text, p_ids int[]) RETURNS int[]
  LANGUAGE plpgsql AS $$
  DECLARE
    released int[];
  BEGIN
    WITH gone AS (
      UPDATE performance_places
         SET state = 0, hold_session_id = NULL, held_until = NULL, tariff_id = NULL, gifts_count = 0, order_id = NULL
       WHERE hold_session_id = p_session AND state = 1 AND (p_ids IS NULL OR id = ANY(p_ids))
      RETURNING id)
    SELECT coalesce(array_agg(id ORDER BY id), '{}') INTO released FROM gone;
    RETURN released;
  END $$`,
};

/**
 * Holds `p_count` more free-seating tickets of a performance section. Lapsed holds of the section
 * go back to its counter first (lazy expiry: nothing has to run on a timer; two claims cannot
 * return the same hold twice, the DELETE takes the row). The counter is decremented only if
 * enough tickets remain, in one conditional statement (and a CHECK constraint behind it).
 * `held` is the session's tickets of the section afterwards; `free` what the counter has left.
 */
const claimEntrance: Routine = {
  name: 'hold_claim_entrance',
  sql: `CREATE FUNCTION hold_claim_entrance(
    p_section int, p_session text, p_count int, p_tariff int, p_until timestamptz, p_now timestamptz, p_client text,
    OUT ok boolean, OUT held int, OUT free int)
  LANGUAGE plpgsql AS $$
  BEGIN
    WITH expired AS (
      DELETE FROM entrance_holds WHERE performance_section_id = p_section AND ${lapsedEntranceHold('p_now')}
      RETURNING ticket_count)
    UPDATE performance_sections SET free_count = free_count + (SELECT coalesce(sum(ticket_count), 0) FROM expired)
     WHERE id = p_section;
    UPDATE performance_sections SET free_count = free_count - p_count
     WHERE id = p_section AND free_count >= p_count
    RETURNING free_count INTO free;
    ok := FOUND;
    IF NOT ok THEN
      SELECT free_count INTO free FROM performance_sections WHERE id = p_section;
      free := coalesce(free, 0);
      RETURN;
    END IF;
    INSERT INTO entrance_holds (performance_section_id, session_id, tariff_id, ticket_count, held_until, hold_client)
    VALUES (p_section, p_session, p_tariff, p_count, p_until, p_client)
    ON CONFLICT (performance_section_id, session_id)
    DO UPDATE SET ticket_count = entrance_holds.ticket_count + EXCLUDED.ticket_count, order_id = NULL,
                  hold_client = EXCLUDED.hold_client
    RETURNING ticket_count INTO held;
  END $$`,
};

/**
 * Gives back up to `p_count` of the session's tickets of a section (all when null), or of every
 * section when `p_section` is null. Returns how many tickets went back to the counters.
 */
const releaseEntrance: Routine = {
  name: 'hold_release_entrance',
  sql: `CREATE FUNCTION hold_release_entrance(p_session text, p_section int, p_count int) RETURNS int
  LANGUAGE plpgsql AS $$
  DECLARE
    h record;
    give int;
    total int := 0;
  BEGIN
    FOR h IN
      SELECT id, performance_section_id, ticket_count FROM entrance_holds
       WHERE session_id = p_session AND (p_section IS NULL OR performance_section_id = p_section)
       ORDER BY performance_section_id
         FOR UPDATE
    LOOP
      give := least(h.ticket_count, coalesce(p_count, h.ticket_count));
      IF give >= h.ticket_count THEN
        DELETE FROM entrance_holds WHERE id = h.id;
      ELSE
        UPDATE entrance_holds SET ticket_count = ticket_count - give WHERE id = h.id;
      END IF;
      UPDATE performance_sections SET free_count = free_count + give WHERE id = h.performance_section_id;
      total := total + give;
    END LOOP;
    RETURN total;
  END $$`,
};

/**
 * How many tickets the session holds now over all performances (places and entrance tickets),
 * and until when its part of the basket for `p_performance` lasts: its earliest live hold there.
 */
const basketHolds: Routine = {
  name: 'hold_basket_summary',
  sql: `CREATE FUNCTION hold_basket_summary(
    p_session text, p_performance int, p_now timestamptz, OUT tickets int, OUT until timestamptz)
  LANGUAGE plpgsql STABLE AS $$
  BEGIN
    SELECT
      (SELECT count(*)::int FROM performance_places WHERE hold_session_id = p_session AND ${liveHold('p_now')})
      + (SELECT coalesce(sum(ticket_count), 0)::int FROM entrance_holds
          WHERE session_id = p_session AND ${liveEntranceHold('p_now')}),
      least(
        (SELECT min(held_until) FROM performance_places
          WHERE hold_session_id = p_session AND performance_id = p_performance AND ${liveHold('p_now')}),
        (SELECT min(h.held_until) FROM entrance_holds h JOIN performance_sections s ON s.id = h.performance_section_id
          WHERE h.session_id = p_session AND s.performance_id = p_performance AND ${liveEntranceHold('p_now', 'h')}))
      INTO tickets, until;
  END $$`,
};

/**
 * All PL/pgSQL: its statements' plans are kept by each connection, while a LANGUAGE sql function
 * called on its own plans its body again in every transaction.
 */
export const holdRoutines: readonly Routine[] = [
  claimPlaces,
  releasePlaces,
  claimEntrance,
  releaseEntrance,
  basketHolds,
];
