import type { Routine } from '../../db/routines.js';
import { liveEntranceHold, liveHold } from '../holds/rule.js';
import { type BasketDeps, change, type SelectionOutcome } from './selection.js';

/**
 * Gifts with tickets (hall-basket-checkout.md 3.3, 3.5, 5.2, 7.2 selectGifts; decision 0027).
 *
 * A held seat's ticket takes up to the least of the performance's max_gift_count_per_ticket and
 * the seat's own available_gifts; an entrance section's tickets take up to the maximum times
 * their count. A maximum of 0 means no gifts at all. The performance's gifts_left is a stock that
 * buyers compete for: more gifts are taken from it under its row lock, in the same statement that
 * sets them, and every gift a hold lets go of goes back (migration 0017: a trigger for places, the
 * holds module's release and expiry for entrance tickets). A gift costs the performance's
 * gift_price; the basket, the selection answers and the order count them (contents.ts).
 */

/**
 * Sets the gifts of one of the buyer's tickets to `p_count`: a held seat (`p_place`, the hall
 * place id, as the spec's placeId) or the buyer's tickets of an entrance section (`p_section`, the
 * hall's section id), one statement like every basket change. Under the basket lock:
 *
 * 1. the hold's row is locked (giftTicketMissing when the buyer holds no such ticket);
 * 2. the bound: a seat at most the least of the performance's maximum and the seat's own offer,
 *    entrance tickets the maximum times their count (giftLimit naming the per-ticket bound;
 *    giftsNotOffered when the bound is 0);
 * 3. more gifts than the ticket has need the performance open for new holds
 *    (basket_open_performance) and enough stock, read under the stock's row lock, taken after the
 *    hold's as in every claim and release and kept until the change is written (giftsSoldOut
 *    naming what is left);
 * 4. the count is written; the stock follows (a seat's by the trigger gift_stock_update of
 *    migration 0017, entrance tickets' here).
 */
const selectGiftsRoutine: Routine = {
  name: 'basket_select_gifts',
  sql: `CREATE FUNCTION basket_select_gifts(
    p_session text, p_performance int, p_place int, p_section int, p_count int, p_now timestamptz)
  RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    ticket record;
    refusal text;
    lim int;
  BEGIN
    PERFORM basket_lock(p_session);
    IF p_place IS NOT NULL THEN
      SELECT pp.id, pp.gifts_count AS held, least(pf.max_gift_count_per_ticket, pp.available_gifts) AS bound,
             least(pf.max_gift_count_per_ticket, pp.available_gifts) AS per_ticket INTO ticket
        FROM performance_places pp JOIN performances pf ON pf.id = pp.performance_id
       WHERE pp.performance_id = p_performance AND pp.place_id = p_place AND pp.hold_session_id = p_session
         AND ${liveHold('p_now', 'pp')}
         FOR UPDATE OF pp;
    ELSE
      SELECT h.id, h.gifts_count AS held, pf.max_gift_count_per_ticket * h.ticket_count AS bound,
             pf.max_gift_count_per_ticket AS per_ticket INTO ticket
        FROM entrance_holds h
        JOIN performance_sections ps ON ps.id = h.performance_section_id
        JOIN performances pf ON pf.id = ps.performance_id
       WHERE ps.performance_id = p_performance AND ps.section_id = p_section AND h.session_id = p_session
         AND ${liveEntranceHold('p_now', 'h')}
         FOR UPDATE OF h;
    END IF;
    IF NOT FOUND THEN RETURN basket_answer(p_session, p_now, 'giftTicketMissing', NULL, NULL); END IF;
    IF p_count > ticket.bound THEN
      RETURN basket_answer(p_session, p_now, CASE WHEN ticket.bound > 0 THEN 'giftLimit' ELSE 'giftsNotOffered' END,
        NULL, ticket.per_ticket);
    END IF;
    IF p_count = ticket.held THEN RETURN basket_answer(p_session, p_now, NULL, NULL, NULL); END IF;
    IF p_count > ticket.held THEN
      SELECT o.refusal INTO refusal FROM basket_open_performance(p_performance, p_now, p_session) o;
      IF refusal IS NOT NULL THEN RETURN basket_answer(p_session, p_now, refusal, NULL, NULL); END IF;
      SELECT gifts_left INTO lim FROM performances WHERE id = p_performance FOR NO KEY UPDATE;
      IF lim < p_count - ticket.held THEN RETURN basket_answer(p_session, p_now, 'giftsSoldOut', NULL, lim); END IF;
    END IF;
    IF p_place IS NOT NULL THEN
      UPDATE performance_places SET gifts_count = p_count WHERE id = ticket.id;
    ELSE
      UPDATE entrance_holds SET gifts_count = p_count WHERE id = ticket.id;
      PERFORM gift_stock_return(ARRAY[p_performance], ARRAY[ticket.held - p_count]);
    END IF;
    RETURN basket_answer(p_session, p_now, NULL, ARRAY[p_performance], NULL);
  END $$`,
};

/** After the basket's own functions (basket_lock, basket_answer, basket_open_performance). */
export const giftRoutines: readonly Routine[] = [selectGiftsRoutine];

/**
 * Sets how many gifts go with a held seat's ticket (`placeId`, the hall place id) or with the
 * buyer's tickets of an entrance section (`sectionId`, the hall's section id): spec 7.2
 * selectGifts. One statement, like every basket change (decision 0015).
 */
export function selectGifts(
  deps: BasketDeps,
  session: { id: string },
  args: { performanceId: number; count: number } & ({ placeId: number } | { sectionId: number }),
): Promise<SelectionOutcome> {
  return change(deps, 'basket_select_gifts($1, $2, $3, $4, $5, $6)', [
    session.id,
    args.performanceId,
    'placeId' in args ? args.placeId : null,
    'sectionId' in args ? args.sectionId : null,
    args.count,
    deps.clock.now(),
  ]);
}
