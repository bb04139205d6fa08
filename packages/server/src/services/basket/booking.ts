import type { Routine } from '../../db/routines.js';
import { liveEntranceHold, placesHeldBy } from '../holds/rule.js';

/**
 * THE booking rule (hall-basket-checkout.md 6, 8.1 codes 623 and 624). A BOOKING is a ticket of a
 * performance that can be reserved but not paid online (allow_reserve and not allow_pay): the
 * buyer pays at the box office. A basket is either booking-only or holds no booking at all,
 * because one order is either a reservation or a purchase. So adding a ticket of the other kind
 * is refused:
 *
 * - a booking to a basket holding tickets to pay: 'bookingAmongPurchases', code 623, resolved by
 *   ResetExclude isBooking=1 (keep the bookings, drop the rest);
 * - a ticket to pay to a basket holding bookings: 'purchaseAmongBookings', code 624, resolved by
 *   ResetExclude isBooking=0 (keep the tickets to pay, drop the bookings).
 *
 * Every add (seat, group, exclusive pair, best available, entrance and list-view tickets) asks
 * basket_kind_refusal through basket_open_performance (routines.ts).
 */

/** Whether the performance (SQL alias) sells bookings only. */
export function isBooking(performance: string): string {
  return `(${performance}.allow_reserve AND NOT ${performance}.allow_pay)`;
}

/**
 * The performances of the session's live holds (places and entrance tickets), with their kind:
 * one row per hold, the SQL text of the session and of "now".
 */
function heldPerformances(session: string, now: string): string {
  return `SELECT pp.performance_id FROM ${placesHeldBy(session, now)} pp
            UNION ALL
            SELECT ps.performance_id FROM entrance_holds eh
              JOIN performance_sections ps ON ps.id = eh.performance_section_id
             WHERE eh.session_id = ${session} AND ${liveEntranceHold(now, 'eh')}`;
}

/**
 * The refusal of adding a ticket of the given kind to the session's basket: null when the basket
 * holds nothing of the other kind.
 */
const kindRefusal: Routine = {
  name: 'basket_kind_refusal',
  sql: `CREATE FUNCTION basket_kind_refusal(p_session text, p_booking boolean, p_now timestamptz)
  RETURNS text LANGUAGE plpgsql STABLE AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM (${heldPerformances('p_session', 'p_now')}) held
                 JOIN performances pf ON pf.id = held.performance_id
                WHERE ${isBooking('pf')} <> p_booking) THEN
      RETURN CASE WHEN p_booking THEN 'bookingAmongPurchases' ELSE 'purchaseAmongBookings' END;
    END IF;
    RETURN NULL;
  END $$`,
};

/**
 * ResetExclude (spec 7.4, 4.4): empties the basket except the bookings (p_keep_bookings) or
 * except the tickets to pay (not p_keep_bookings), places and entrance tickets alike.
 */
const resetExclude: Routine = {
  name: 'basket_reset_exclude',
  sql: `CREATE FUNCTION basket_reset_exclude(p_session text, p_keep_bookings boolean, p_now timestamptz)
  RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    gone int[];
    section int;
  BEGIN
    PERFORM basket_lock(p_session);
    SELECT coalesce(array_agg(DISTINCT pf.id), '{}') INTO gone
      FROM (${heldPerformances('p_session', 'p_now')}) held JOIN performances pf ON pf.id = held.performance_id
     WHERE ${isBooking('pf')} <> p_keep_bookings;
    PERFORM hold_release_places(p_session, (SELECT coalesce(array_agg(id), '{}') FROM performance_places
                                             WHERE hold_session_id = p_session AND state = 1
                                               AND performance_id = ANY(gone)));
    FOR section IN
      SELECT eh.performance_section_id FROM entrance_holds eh
        JOIN performance_sections ps ON ps.id = eh.performance_section_id
       WHERE eh.session_id = p_session AND ps.performance_id = ANY(gone)
       ORDER BY eh.performance_section_id
    LOOP
      PERFORM hold_release_entrance(p_session, section, NULL);
    END LOOP;
    RETURN basket_answer(p_session, p_now, NULL, gone, NULL);
  END $$`,
};

export const bookingRoutines: readonly Routine[] = [kindRefusal, resetExclude];
