import type { Routine } from '../../db/routines.js';
import { claimable, lapsedEntranceHold, liveEntranceHold, placesHeldBy } from './rule.js';

/**
 * The seat hold's statements, kept as functions in the database so that a basket change is one
 * round trip (decision 0015). Each is the only implementation of its step: the basket's own
 * functions (basket/routines.ts) call these, and so do the TypeScript helpers of places.ts and
 * entrance.ts. Their conditions come from rule.ts, with p_now as "now".
 */

/**
 * Locks the claimable (free or lapsed) rows among p_ids in id order, as `ids`. Waiting: a row
 * another claim has locked is waited for, then checked again on its newest version. Skipping
 * (SKIP LOCKED): such a row is left out at once, as if taken.
 */
const lockClaimable = (wait: 'FOR UPDATE' | 'FOR UPDATE SKIP LOCKED') =>
  `SELECT coalesce(array_agg(l.id ORDER BY l.id), '{}') INTO ids FROM (
      SELECT id FROM performance_places
       WHERE id = ANY(p_ids) AND (p_unsafe OR ${claimable('p_now')})
       ORDER BY id
         ${wait}) l;`;

/** The columns of a place held for p_session until p_until at the given tariff (SQL text). */
const heldSet = (tariff: string) =>
  `state = 1, hold_session_id = p_session, held_until = p_until, tariff_id = ${tariff}, gifts_count = 0,
           order_id = NULL, hold_client = p_client, package_id = NULL`;

/**
 * Holds all of the given places for the session, or none; `p_tariffs[i]` is the tariff of
 * `p_ids[i]` (null: none). The wanted rows are locked in id order (two buyers asking for
 * overlapping places never deadlock), and only rows that are claimable (free, or their hold
 * lapsed) are taken: after a lock wait PostgreSQL checks the condition again on the newest row,
 * so a place another buyer has just taken drops out. Fewer rows than asked: nothing is written,
 * `ok` is false and `ids` lists the ones that were to be had.
 *
 * `p_skip_locked` never waits: a row another transaction has locked counts as taken. The best
 * available picker (basket/best-available.ts) claims so, trying one candidate after another in
 * one transaction: a claim that waited while holding the rows of an earlier candidate could
 * deadlock with another buyer doing the same, one that never waits cannot.
 *
 * `p_unsafe` drops the condition; only the concurrency test's control run sets it, and that run
 * must then see double holds.
 */
const claimPlaces: Routine = {
  name: 'hold_claim_places',
  sql: `CREATE FUNCTION hold_claim_places(
    p_ids int[], p_session text, p_until timestamptz, p_now timestamptz, p_tariffs int[], p_client text,
    p_unsafe boolean, p_skip_locked boolean, OUT ok boolean, OUT ids int[])
  LANGUAGE plpgsql AS $$
  BEGIN
    IF cardinality(p_ids) = 1 AND NOT p_skip_locked THEN
      -- One place (most claims): all or none by itself, so the row is claimed in one statement
      -- that waits for its lock and checks it again on its newest version, as the lock below does.
      UPDATE performance_places SET ${heldSet('p_tariffs[1]')}
       WHERE id = p_ids[1] AND (p_unsafe OR ${claimable('p_now')});
      ok := FOUND;
      ids := CASE WHEN ok THEN p_ids ELSE '{}' END;
      RETURN;
    END IF;
    IF p_skip_locked THEN
      ${lockClaimable('FOR UPDATE SKIP LOCKED')}
    ELSE
      ${lockClaimable('FOR UPDATE')}
    END IF;
    ok := cardinality(ids) = (SELECT count(DISTINCT x) FROM unnest(p_ids) x);
    IF NOT ok THEN RETURN; END IF;
    UPDATE performance_places pp
       SET ${heldSet('w.tariff')}
      FROM (SELECT DISTINCT ON (i) i AS id, t AS tariff FROM unnest(p_ids, coalesce(p_tariffs, '{}')) AS x(i, t)
             ORDER BY i) w
     WHERE pp.id = w.id AND pp.id = ANY(ids);
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
         SET state = 0, hold_session_id = NULL, held_until = NULL, tariff_id = NULL, gifts_count = 0, order_id = NULL,
             package_id = NULL
       WHERE hold_session_id = p_session AND state = 1 AND (p_ids IS NULL OR id = ANY(p_ids))
      RETURNING id)
    SELECT coalesce(array_agg(id ORDER BY id), '{}') INTO released FROM gone;
    RETURN released;
  END $$`,
};

/**
 * Holds `p_count` more free-seating tickets of a performance section. Lapsed holds of the section
 * go back to its counter first, and their gifts to the performance's stock (lazy expiry: nothing
 * has to run on a timer; two claims cannot return the same hold twice, the DELETE takes the row;
 * migration 0017 for the stock). The counter is decremented only if
 * enough tickets remain, in one conditional statement (and a CHECK constraint behind it).
 * `held` is the session's tickets of the section afterwards; `free` what the counter has left.
 */
const claimEntrance: Routine = {
  name: 'hold_claim_entrance',
  sql: `CREATE FUNCTION hold_claim_entrance(
    p_section int, p_session text, p_count int, p_tariff int, p_until timestamptz, p_now timestamptz, p_client text,
    OUT ok boolean, OUT held int, OUT free int)
  LANGUAGE plpgsql AS $$
  DECLARE
    lapsed record;
    performance int;
  BEGIN
    WITH expired AS (
      DELETE FROM entrance_holds WHERE performance_section_id = p_section AND ${lapsedEntranceHold('p_now')}
      RETURNING ticket_count, gifts_count)
    SELECT coalesce(sum(ticket_count), 0)::int AS tickets, coalesce(sum(gifts_count), 0)::int AS gifts INTO lapsed
      FROM expired;
    UPDATE performance_sections SET free_count = free_count + lapsed.tickets WHERE id = p_section
    RETURNING performance_id INTO performance;
    IF lapsed.gifts > 0 THEN PERFORM gift_stock_return(ARRAY[performance], ARRAY[lapsed.gifts]); END IF;
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
 * section when `p_section` is null. Returns how many tickets went back to the counters. Spec 5.2:
 * the gifts of the tickets kept are capped at the tickets times the performance's maximum; the
 * gifts let go of go back to the performance's stock (migration 0017).
 */
const releaseEntrance: Routine = {
  name: 'hold_release_entrance',
  sql: `CREATE FUNCTION hold_release_entrance(p_session text, p_section int, p_count int) RETURNS int
  LANGUAGE plpgsql AS $$
  DECLARE
    h record;
    give int;
    kept int;
    total int := 0;
    gift_performances int[] := '{}';
    gifts_back int[] := '{}';
  BEGIN
    FOR h IN
      SELECT eh.id, eh.performance_section_id, eh.ticket_count, eh.gifts_count, ps.performance_id,
             pf.max_gift_count_per_ticket AS max_gifts
        FROM entrance_holds eh
        JOIN performance_sections ps ON ps.id = eh.performance_section_id
        JOIN performances pf ON pf.id = ps.performance_id
       WHERE eh.session_id = p_session AND (p_section IS NULL OR eh.performance_section_id = p_section)
       ORDER BY eh.performance_section_id
         FOR UPDATE OF eh
    LOOP
      give := least(h.ticket_count, coalesce(p_count, h.ticket_count));
      IF give >= h.ticket_count THEN
        DELETE FROM entrance_holds WHERE id = h.id;
        kept := 0;
      ELSE
        kept := least(h.gifts_count, (h.ticket_count - give) * h.max_gifts);
        UPDATE entrance_holds SET ticket_count = ticket_count - give, gifts_count = kept WHERE id = h.id;
      END IF;
      UPDATE performance_sections SET free_count = free_count + give WHERE id = h.performance_section_id;
      total := total + give;
      gift_performances := gift_performances || h.performance_id;
      gifts_back := gifts_back || (h.gifts_count - kept);
    END LOOP;
    PERFORM gift_stock_return(gift_performances, gifts_back);
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
      (SELECT count(*)::int FROM ${placesHeldBy('p_session', 'p_now')} mine)
      + (SELECT coalesce(sum(ticket_count), 0)::int FROM entrance_holds
          WHERE session_id = p_session AND ${liveEntranceHold('p_now')}),
      least(
        (SELECT min(held_until) FROM ${placesHeldBy('p_session', 'p_now')} mine WHERE performance_id = p_performance),
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
