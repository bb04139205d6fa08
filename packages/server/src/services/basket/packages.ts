import { messages } from '@partera/contract';
import type { Queryable } from '../../db/index.js';
import type { Routine } from '../../db/routines.js';
import { liveEntranceHold, liveHold, placesHeldBy } from '../holds/rule.js';
import { type BasketDeps, change, type SelectionOutcome } from './selection.js';

/**
 * Package mode (hall-basket-checkout.md 2.2, 4.3; decision 0027). A package is a fixed list of
 * performances (package_performances, in position order) with tickets_in_performance_count N:
 * the buyer fills N tickets in each of them, in one basket.
 *
 * - A select with packageId takes a place only in a performance of that package, and only while
 *   the buyer holds at most N tickets of that performance with it (packageLimit names N). The
 *   place is then marked with the package (performance_places.package_id; claims reset it).
 * - /packages/deselect/ takes a package ticket out with the buyer's tickets of the same package
 *   in the performances the call lists: a package is sold whole, like a group.
 * - An order is placed only when each package in the basket has exactly N of its tickets in every
 *   one of its performances (packageOrderRefusal, called by orders/create.ts).
 */

/** The package's N for a performance of it (null: the performance is not in the package). */
const packageQuota: Routine = {
  name: 'basket_package_quota',
  sql: `CREATE FUNCTION basket_package_quota(p_package int, p_performance int) RETURNS int
  LANGUAGE plpgsql STABLE AS $$
  BEGIN
    RETURN (SELECT k.tickets_in_performance_count FROM packages k
              JOIN package_performances x ON x.package_id = k.id
             WHERE k.id = p_package AND x.performance_id = p_performance);
  END $$`,
};

/**
 * Puts a place (with its group or exclusive pair) into the basket for a package (the select with
 * packageId, selection.ts selectPlace): the package's rules first, then the ordinary select
 * (basket_select_place: sale, basket limit, hold cap, tariff, claim) inside the same basket lock,
 * then the package mark on what was taken.
 */
const packageSelect: Routine = {
  name: 'basket_select_package_place',
  sql: `CREATE FUNCTION basket_select_package_place(
    p_session text, p_place int, p_tariff int, p_client text, p_now timestamptz, p_hold_ms int, p_cap_max int,
    p_cap_percent int, p_unsafe boolean, p_package int)
  RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    target record;
    quota int;
    adding int;
    held int;
    result jsonb;
  BEGIN
    PERFORM basket_lock(p_session);
    target := basket_place_set(p_place);
    IF target.performance IS NULL THEN RETURN basket_answer(p_session, p_now, 'notFound', NULL, NULL); END IF;
    quota := basket_package_quota(p_package, target.performance);
    IF quota IS NULL THEN RETURN basket_answer(p_session, p_now, 'packageForeign', NULL, NULL); END IF;
    SELECT count(*)::int INTO adding FROM performance_places
     WHERE id = ANY(target.ids) AND NOT coalesce(hold_session_id = p_session AND ${liveHold('p_now')}, false);
    IF adding > 0 THEN
      SELECT (SELECT count(*) FROM ${placesHeldBy('p_session', 'p_now')} mine WHERE performance_id = target.performance)
           + (SELECT coalesce(sum(h.ticket_count), 0) FROM entrance_holds h
                JOIN performance_sections ps ON ps.id = h.performance_section_id
               WHERE h.session_id = p_session AND ps.performance_id = target.performance
                 AND ${liveEntranceHold('p_now', 'h')})
        INTO held;
      IF held + adding > quota THEN RETURN basket_answer(p_session, p_now, 'packageLimit', NULL, quota); END IF;
    END IF;
    result := basket_select_place(p_session, p_place, p_tariff, p_client, p_now, p_hold_ms, p_cap_max, p_cap_percent,
                                  p_unsafe);
    IF result->>'refusal' IS NULL THEN
      UPDATE performance_places SET package_id = p_package
       WHERE id = ANY(target.ids) AND hold_session_id = p_session AND ${liveHold('p_now')}
         AND package_id IS DISTINCT FROM p_package;
    END IF;
    RETURN result;
  END $$`,
};

/**
 * Takes a place (with its group or exclusive pair) out of the basket and, when it was taken for a
 * package, the buyer's tickets of that package in the performances `p_performances` (those of
 * the package; others are ignored). The place's own performance comes first in the answer.
 */
const packageDeselect: Routine = {
  name: 'basket_deselect_package',
  sql: `CREATE FUNCTION basket_deselect_package(p_session text, p_place int, p_performances int[], p_now timestamptz)
  RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    target record;
    pkg int;
    released int[];
    others int[];
  BEGIN
    PERFORM basket_lock(p_session);
    target := basket_place_set(p_place);
    IF target.performance IS NULL THEN RETURN basket_answer(p_session, p_now, 'notFound', NULL, NULL); END IF;
    SELECT package_id INTO pkg FROM performance_places
     WHERE id = p_place AND hold_session_id = p_session AND ${liveHold('p_now')};
    released := hold_release_places(p_session, (
      SELECT array_agg(id ORDER BY id) FROM performance_places
       WHERE id = ANY(target.ids)
          OR (pkg IS NOT NULL AND hold_session_id = p_session AND ${liveHold('p_now')} AND package_id = pkg
              AND performance_id = ANY(p_performances)
              AND performance_id IN (SELECT performance_id FROM package_performances WHERE package_id = pkg))));
    IF cardinality(released) = 0 THEN RETURN basket_answer(p_session, p_now, 'removeFailed', NULL, NULL); END IF;
    SELECT array_agg(DISTINCT performance_id) INTO others FROM performance_places
     WHERE id = ANY(released) AND performance_id <> target.performance;
    RETURN basket_answer(p_session, p_now, NULL, ARRAY[target.performance] || coalesce(others, '{}'), NULL);
  END $$`,
};

/** In dependency order, after the basket's own functions (basket_select_place, …). */
export const packageRoutines: readonly Routine[] = [packageQuota, packageSelect, packageDeselect];

/** /packages/deselect/ (7.4): a ticket out, with its package's tickets in `packagePerformances`. */
export function deselectPackagePlaces(
  deps: BasketDeps,
  session: { id: string },
  args: { performancePlaceId: number; packagePerformances: readonly number[] },
): Promise<SelectionOutcome> {
  return change(deps, 'basket_deselect_package($1, $2, $3::int[], $4)', [
    session.id,
    args.performancePlaceId,
    [...args.packagePerformances],
    deps.clock.now(),
  ]);
}

interface IncompleteRow {
  name: string;
  quota: number;
  performances: number;
}

/**
 * Why the session's basket cannot become an order yet because of a package (null when it can):
 * a package is ordered whole, N of its tickets in every one of its performances (spec 2.2 'the
 * buyer fills ticketsInPerformanceCount tickets for each of totalPerformances performances').
 * Runs inside the order's transaction, under the basket lock.
 */
export async function packageOrderRefusal(
  tx: Queryable,
  sessionId: string,
  now: Date,
): Promise<{ code: number; message: string } | null> {
  const r = await tx.query<IncompleteRow>(
    `SELECT k.name, k.tickets_in_performance_count AS quota, count(*)::int AS performances
       FROM packages k
       JOIN package_performances x ON x.package_id = k.id
       LEFT JOIN LATERAL (
         SELECT count(*)::int AS held FROM ${placesHeldBy('$1', '$2')} pp
          WHERE pp.package_id = k.id AND pp.performance_id = x.performance_id) h ON true
      WHERE k.id IN (SELECT package_id FROM ${placesHeldBy('$1', '$2')} mine WHERE package_id IS NOT NULL)
      GROUP BY k.id, k.name, k.tickets_in_performance_count
     HAVING bool_or(h.held <> k.tickets_in_performance_count)
      ORDER BY k.id LIMIT 1`,
    [sessionId, now],
  );
  const row = r.rows[0];
  return row ? { code: 1, message: messages.packageIncomplete(row.name, row.quota, row.performances) } : null;
}
