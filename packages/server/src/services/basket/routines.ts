import { DEFAULT_MAX_TICKET_COUNT, MAX_TICKET_COUNT_OVERRIDE_LIMIT } from '@partera/contract';
import type { Routine } from '../../db/routines.js';
import { claimable, heldLiveBy, namesAnyHold } from '../holds/rule.js';
import { bestAvailableRoutines } from './best-available.js';
import { bookingRoutines, isBooking } from './booking.js';
import { clientHoldRoutines } from './client-holds.js';
import { basketSummarySql } from './contents.js';
import { PHONE_CHECK_FRESH_MINUTES } from './rules.js';
import { selectBatchRoutines } from './select-batch.js';
import { setRoutines } from './set-routines.js';

/**
 * The basket's changes as database functions (decision 0015): a seat select, a deselect, an
 * entrance-ticket change or emptying the basket is ONE statement, `SELECT basket_...(...)`, run
 * on its own (its own transaction): one round trip, where the same steps as separate statements
 * took thirteen. Each function
 *
 * 1. takes the buyer's basket lock (basket_lock): the changes of one session, and turning its
 *    basket into an order, run one at a time, so two requests cannot both pass the basket limit;
 * 2. checks what the spec asks (the place exists, the sale is open, the basket limit, the hold
 *    cap per client address, the tariff) and refuses before writing anything;
 * 3. claims or releases through the holds module's functions (holds/routines.ts);
 * 4. answers with the basket (basketSummarySql) and, when refused, the refusal's name, which
 *    selection.ts turns into the spec's code and message (rules.ts).
 *
 * Inside a function each statement sees what committed before it started (READ COMMITTED), so
 * the counts read after the lock include every change the lock waited for. One function calls
 * another by assignment (`perf := basket_open_performance(...)`), which PL/pgSQL evaluates as an
 * expression, not as a query with its executor and a materialized function scan
 * (`SELECT * INTO perf FROM ...`): a few microseconds a call, on the path every select takes.
 */

/** Advisory-lock namespace of the basket lock (the second key is the session's hash). */
const BASKET_LOCK_SPACE = 727_001;

const lock: Routine = {
  name: 'basket_lock',
  sql: `CREATE FUNCTION basket_lock(p_session text) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(${BASKET_LOCK_SPACE}, hashtext(p_session));
  END $$`,
};

/**
 * The answer of every basket function: the refusal (null when done), the performances whose holds
 * changed, the basket limit for its message, the basket. A session no hold row names has an
 * empty basket, answered without the basket's query (namesAnyHold): most selects of a sale rush
 * are refused to buyers who hold nothing yet, and that query was half of a refusal's cost.
 * `p_any_hold` is that fact when the caller read it already in this change and wrote nothing since
 * (null: read here).
 */
const answer: Routine = {
  name: 'basket_answer',
  sql: `CREATE FUNCTION basket_answer(
    p_session text, p_now timestamptz, p_refusal text, p_performances int[], p_limit int,
    p_any_hold boolean DEFAULT NULL)
  RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
  DECLARE
    lines jsonb := '[]';
  BEGIN
    -- Two statements, not one CASE: a statement starts every part of its plan, taken or not.
    IF p_any_hold IS NULL THEN p_any_hold := ${namesAnyHold('p_session')}; END IF;
    IF p_any_hold THEN
      lines := coalesce((SELECT jsonb_agg(to_jsonb(r)) FROM (${basketSummarySql('p_session', 'p_now')}) r), '[]');
    END IF;
    RETURN jsonb_build_object('refusal', p_refusal, 'performances', coalesce(p_performances, '{}'), 'limit', p_limit,
      'lines', lines);
  END $$`,
};

/**
 * THE rule of a sale that asks for a checked phone (performances.phone_check), for holds and for
 * orders: 'none' asks nothing; 'account' a signed-in buyer (else loginRequired, 440) with a phone
 * (noPhone, 212) that is confirmed (phoneNotConfirmed, 216); 'session' besides a phone checked by
 * an SMS code in this very session within PHONE_CHECK_FRESH_MINUTES (phoneCheckRequired, 631).
 * Answers the refusal's name, or null.
 */
const phoneRefusal: Routine = {
  name: 'basket_phone_refusal',
  sql: `CREATE FUNCTION basket_phone_refusal(p_session text, p_mode text, p_now timestamptz)
  RETURNS text LANGUAGE plpgsql STABLE AS $$
  DECLARE
    who record;
  BEGIN
    IF p_mode = 'none' THEN RETURN NULL; END IF;
    SELECT u.phone, u.phone_confirmed, s.phone_checked_at INTO who
      FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = p_session AND u.deleted_at IS NULL;
    IF NOT FOUND THEN RETURN 'loginRequired'; END IF;
    IF coalesce(who.phone, '') = '' THEN RETURN 'noPhone'; END IF;
    IF NOT who.phone_confirmed THEN RETURN 'phoneNotConfirmed'; END IF;
    IF p_mode = 'session' AND (who.phone_checked_at IS NULL
        OR who.phone_checked_at <= p_now - interval '${PHONE_CHECK_FRESH_MINUTES} minutes') THEN
      RETURN 'phoneCheckRequired';
    END IF;
    RETURN NULL;
  END $$`,
};

/** The columns of a performance (alias pf) and its hall (h) that the open-sale rule and the basket limit read. */
const PERFORMANCE_FACTS = `pf.starts_at, pf.sale_state, pf.allow_reserve, pf.allow_pay, pf.max_ticket_count,
           pf.phone_check, h.place_count, ${isBooking('pf')} AS booking`;

/**
 * Whether a performance read with PERFORMANCE_FACTS (record `p`) takes no new holds now: not on
 * sale, started already, or neither reservable nor payable.
 */
const saleClosed = (p: string, now: string) =>
  `(${p}.sale_state <> 'on_sale' OR ${p}.starts_at <= ${now} OR NOT (${p}.allow_reserve OR ${p}.allow_pay))`;

/** The basket limit of such a performance (contract effectiveMaxTicketCount). */
const basketLimit = (p: string) =>
  `CASE WHEN ${p}.max_ticket_count BETWEEN 1 AND ${MAX_TICKET_COUNT_OVERRIDE_LIMIT} THEN ${p}.max_ticket_count
        ELSE ${DEFAULT_MAX_TICKET_COUNT} END`;

/**
 * Whether new holds may be made in the performance now (on sale, not started, reservable or
 * payable, the phone checked as its sale asks: basket_phone_refusal, and a ticket of the kind the
 * session's basket holds, booking or not: basket_kind_refusal, booking.ts), its basket limit (contract
 * effectiveMaxTicketCount: the configured maximum when it is 1..${MAX_TICKET_COUNT_OVERRIDE_LIMIT}, else
 * ${DEFAULT_MAX_TICKET_COUNT}) and its hall's size.
 */
const openPerformance: Routine = {
  name: 'basket_open_performance',
  sql: `CREATE FUNCTION basket_open_performance(
    p_performance int, p_now timestamptz, p_session text,
    OUT refusal text, OUT basket_limit int, OUT hall_places int)
  LANGUAGE plpgsql STABLE AS $$
  DECLARE
    p record;
  BEGIN
    SELECT ${PERFORMANCE_FACTS} INTO p FROM performances pf JOIN halls h ON h.id = pf.hall_id WHERE pf.id = p_performance;
    IF NOT FOUND THEN
      refusal := 'notFound';
    ELSIF ${saleClosed('p', 'p_now')} THEN
      refusal := 'saleClosed';
    ELSE
      refusal := coalesce(basket_phone_refusal(p_session, p.phone_check, p_now),
                          basket_kind_refusal(p_session, p.booking, p_now));
    END IF;
    basket_limit := ${basketLimit('p')};
    hall_places := coalesce(p.place_count, 0);
  END $$`,
};

/** Whether a place (a `places` row or record) is sold alone: no group (id > 0), no exclusive pair. */
const soldAlone = (pl: string) => `(coalesce(${pl}.group_id, 0) <= 0 AND ${pl}.exclusive_pair_place_id IS NULL)`;

/**
 * A place and everything sold with it (its group when group id > 0, its exclusive pair), as
 * performance_places ids in id order, with the performance and the asked place's price category.
 * The basket's lines name the same sets with placeSetKeySql (set-key.ts).
 *
 * A place sold alone (most) is its own set, without a second look-up. Otherwise the set's
 * places are found by their ids, the group's through its index: each statement is planned once
 * per connection for any place, so a condition that joins the three kinds with OR would be
 * planned as a scan of the whole hall.
 */
const placeSet: Routine = {
  name: 'basket_place_set',
  sql: `CREATE FUNCTION basket_place_set(
    p_place int, OUT performance int, OUT category int, OUT ids int[])
  LANGUAGE plpgsql STABLE AS $$
  DECLARE
    t record;
  BEGIN
    SELECT pp.performance_id, pp.place_id, pp.price_category_id, pl.group_id, pl.exclusive_pair_place_id, pl.hall_id
      INTO t FROM performance_places pp JOIN places pl ON pl.id = pp.place_id WHERE pp.id = p_place;
    IF NOT FOUND THEN RETURN; END IF;
    performance := t.performance_id;
    category := t.price_category_id;
    IF ${soldAlone('t')} THEN
      ids := ARRAY[p_place];
      RETURN;
    END IF;
    SELECT array_agg(pp.id ORDER BY pp.id) INTO ids FROM performance_places pp
     WHERE pp.performance_id = t.performance_id
       AND pp.place_id = ANY(ARRAY[t.place_id, t.exclusive_pair_place_id] || CASE WHEN t.group_id > 0 THEN ARRAY(
             SELECT pl.id FROM places pl WHERE pl.hall_id = t.hall_id AND pl.group_id > 0 AND pl.group_id = t.group_id)
           ELSE '{}'::int[] END);
  END $$`,
};

/**
 * The tariff a hold is made at: the buyer's choice when it belongs to the price category, the
 * category's default otherwise (null for a category without tariffs). ok is false for a choice
 * that is not the category's.
 */
const tariffOf: Routine = {
  name: 'basket_tariff',
  sql: `CREATE FUNCTION basket_tariff(p_category int, p_chosen int, OUT ok boolean, OUT tariff int)
  LANGUAGE plpgsql STABLE AS $$
  BEGIN
    SELECT t.id INTO tariff FROM tariffs t
     WHERE t.price_category_id = p_category AND (t.id = p_chosen OR (p_chosen IS NULL AND t.is_default))
     ORDER BY t.is_default DESC, t.id LIMIT 1;
    ok := p_chosen IS NULL OR tariff IS NOT NULL;
  END $$`,
};

/**
 * Puts a place, with its group or exclusive pair, into the basket: the open sale
 * (basket_open_performance's rule), then basket_take_places (set-routines.ts), which checks and
 * claims as for every set. The hot path of a sale rush, where most selects are refused, so the
 * first statement reads at once what the steps after it ask of the place, its performance and the
 * session:
 * - the performance's facts, read with the place rather than by a second look-up;
 * - whether any hold row names the session (namesAnyHold): a session no row names holds nothing,
 *   so nothing of the other kind (basket_kind_refusal is not asked) and its basket is empty;
 * - for a place sold alone, whether it is someone else's now, basket_take_places's first check:
 *   answered placeTaken here, before that function reads the place again. The claim checks again
 *   under its row lock, as it does for every select.
 * The refusals come in basket_open_performance's and basket_take_places's order.
 */
const selectPlace: Routine = {
  name: 'basket_select_place',
  sql: `CREATE FUNCTION basket_select_place(
    p_session text, p_place int, p_tariff int, p_client text, p_now timestamptz, p_hold_ms int,
    p_cap_max int, p_cap_percent int, p_unsafe boolean)
  RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    t record;
    refusal text;
    took record;
  BEGIN
    PERFORM basket_lock(p_session);
    SELECT pp.performance_id, ${soldAlone('pl')} AS alone,
           NOT ${claimable('p_now', 'pp')} AND NOT ${heldLiveBy('p_session', 'p_now', 'pp')} AS taken,
           ${namesAnyHold('p_session')} AS any_hold, ${basketLimit('pf')} AS basket_limit, ${PERFORMANCE_FACTS}
      INTO t FROM performance_places pp JOIN places pl ON pl.id = pp.place_id
      JOIN performances pf ON pf.id = pp.performance_id JOIN halls h ON h.id = pf.hall_id
     WHERE pp.id = p_place;
    IF NOT FOUND THEN RETURN basket_answer(p_session, p_now, 'notFound', NULL, NULL); END IF;
    IF ${saleClosed('t', 'p_now')} THEN
      refusal := 'saleClosed';
    ELSE
      refusal := basket_phone_refusal(p_session, t.phone_check, p_now);
      IF refusal IS NULL AND t.any_hold THEN refusal := basket_kind_refusal(p_session, t.booking, p_now); END IF;
    END IF;
    IF refusal IS NOT NULL THEN RETURN basket_answer(p_session, p_now, refusal, NULL, NULL, t.any_hold); END IF;
    IF t.alone AND t.taken AND NOT p_unsafe THEN
      RETURN basket_answer(p_session, p_now, 'placeTaken', NULL, t.basket_limit, t.any_hold);
    END IF;
    took := basket_take_places(p_session, t.performance_id, t.basket_limit, coalesce(t.place_count, 0),
      CASE WHEN t.alone THEN ARRAY[p_place] ELSE (basket_place_set(p_place)).ids END, ARRAY[p_place], ARRAY[p_tariff],
      p_client, p_now, p_hold_ms, p_cap_max, p_cap_percent, p_unsafe, false);
    RETURN basket_set_answer(p_session, p_now, t.performance_id, t.basket_limit, took.refusal, took.held);
  END $$`,
};

/** Takes a place, with its group or exclusive pair, out of the basket. */
const deselectPlace: Routine = {
  name: 'basket_deselect_place',
  sql: `CREATE FUNCTION basket_deselect_place(p_session text, p_place int, p_now timestamptz)
  RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    target record;
  BEGIN
    PERFORM basket_lock(p_session);
    target := basket_place_set(p_place);
    IF target.performance IS NULL THEN RETURN basket_answer(p_session, p_now, 'notFound', NULL, NULL); END IF;
    IF cardinality(hold_release_places(p_session, target.ids)) = 0 THEN
      RETURN basket_answer(p_session, p_now, 'removeFailed', NULL, NULL);
    END IF;
    RETURN basket_answer(p_session, p_now, NULL, ARRAY[target.performance], NULL);
  END $$`,
};

/** Adds free-seating tickets of an entrance section of a performance. */
const addEntrance: Routine = {
  name: 'basket_add_entrance',
  sql: `CREATE FUNCTION basket_add_entrance(
    p_session text, p_performance int, p_section int, p_count int, p_tariff int, p_client text, p_now timestamptz,
    p_hold_ms int, p_cap_max int, p_cap_percent int)
  RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    perf record;
    section record;
    mine record;
    chosen record;
    claim record;
  BEGIN
    PERFORM basket_lock(p_session);
    perf := basket_open_performance(p_performance, p_now, p_session);
    IF perf.refusal IS NOT NULL THEN RETURN basket_answer(p_session, p_now, perf.refusal, NULL, NULL); END IF;
    SELECT id, price_category_id INTO section FROM performance_sections
     WHERE performance_id = p_performance AND section_id = p_section;
    IF NOT FOUND THEN RETURN basket_answer(p_session, p_now, 'notFound', NULL, NULL); END IF;
    mine := hold_basket_summary(p_session, p_performance, p_now);
    IF mine.tickets + p_count > perf.basket_limit THEN
      RETURN basket_answer(p_session, p_now, 'basketLimit', NULL, perf.basket_limit);
    END IF;
    IF NOT basket_client_cap_allows(p_performance, p_client, p_count, perf.basket_limit, perf.hall_places,
                                    p_cap_max, p_cap_percent, p_now) THEN
      RETURN basket_answer(p_session, p_now, 'clientHoldCap', NULL, NULL);
    END IF;
    chosen := basket_tariff(section.price_category_id, p_tariff);
    IF NOT chosen.ok THEN RETURN basket_answer(p_session, p_now, 'unknownTariff', NULL, NULL); END IF;
    claim := hold_claim_entrance(section.id, p_session, p_count, chosen.tariff,
      coalesce(mine.until, p_now + p_hold_ms * interval '1 millisecond'), p_now, p_client);
    IF NOT claim.ok THEN RETURN basket_answer(p_session, p_now, 'noTickets', NULL, NULL); END IF;
    RETURN basket_answer(p_session, p_now, NULL, ARRAY[p_performance], NULL);
  END $$`,
};

/** Removes the session's tickets of an entrance section (`p_count` of them, or all when null). */
const removeEntrance: Routine = {
  name: 'basket_remove_entrance',
  sql: `CREATE FUNCTION basket_remove_entrance(
    p_session text, p_performance int, p_section int, p_count int, p_now timestamptz)
  RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    v_section int;
  BEGIN
    PERFORM basket_lock(p_session);
    SELECT id INTO v_section FROM performance_sections WHERE performance_id = p_performance AND section_id = p_section;
    IF NOT FOUND THEN RETURN basket_answer(p_session, p_now, 'notFound', NULL, NULL); END IF;
    IF hold_release_entrance(p_session, v_section, p_count) = 0 THEN
      RETURN basket_answer(p_session, p_now, 'removeFailed', NULL, NULL);
    END IF;
    RETURN basket_answer(p_session, p_now, NULL, ARRAY[p_performance], NULL);
  END $$`,
};

/** Empties the basket (every performance). */
const clear: Routine = {
  name: 'basket_clear',
  sql: `CREATE FUNCTION basket_clear(p_session text, p_now timestamptz)
  RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    held int[];
  BEGIN
    PERFORM basket_lock(p_session);
    SELECT array_agg(DISTINCT performance_id) INTO held FROM (
      SELECT performance_id FROM performance_places WHERE hold_session_id = p_session AND state = 1
      UNION ALL
      SELECT ps.performance_id FROM entrance_holds h JOIN performance_sections ps ON ps.id = h.performance_section_id
       WHERE h.session_id = p_session) AS mine;
    PERFORM hold_release_places(p_session, NULL);
    PERFORM hold_release_entrance(p_session, NULL, NULL);
    RETURN basket_answer(p_session, p_now, NULL, held, NULL);
  END $$`,
};

/**
 * In dependency order. All are PL/pgSQL: its statements' plans are kept by each connection, while
 * a LANGUAGE sql function called on its own plans its body again in every transaction.
 */
export const basketRoutines: readonly Routine[] = [
  ...clientHoldRoutines,
  lock,
  answer,
  phoneRefusal,
  openPerformance,
  placeSet,
  tariffOf,
  ...setRoutines,
  selectPlace,
  ...selectBatchRoutines,
  deselectPlace,
  addEntrance,
  removeEntrance,
  clear,
  ...bookingRoutines,
  ...bestAvailableRoutines,
];
