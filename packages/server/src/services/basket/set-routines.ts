import type { Routine } from '../../db/routines.js';
import { claimable, heldLiveBy } from '../holds/rule.js';

/**
 * Seat sets as database functions (decision 0015, 0026): whatever names the places (one seat, a
 * group of the spec's selectGroup, an exclusive pair, the best available picker), a set is held
 * by basket_take_places, so the basket limit, the client hold cap and the tariffs are checked in
 * one place, and released by hold_release_places.
 *
 * A place's SET is the place with everything sold with it (basket_place_set): its group when the
 * group id is > 0, its exclusive pair. A set is held whole or not at all (spec 4.1).
 */

/**
 * The places of a set that a session asks for, less those it holds already, in id order; those
 * of them that are someone else's now (neither claimable nor the session's); their lowest price
 * category. `ids` names the rows: `id = p_ids[1]` for one place (most selects), `id = ANY(p_ids)`
 * for more. A database function keeps a statement's generic plan only while it is no dearer
 * than a plan made for the call's own values; PostgreSQL rates `id = ANY($1)` for an array of
 * unknown length (on a hall of a few hundred places, a scan of them all), so that form is planned
 * again on every call, which cost most of a refused select. `id = $1[1]` is one row by its key
 * in any plan. `into` is PL/pgSQL's INTO clause ('' for the bare query).
 */
export function wantedPlacesSql(ids: string, session: string, now: string, into = ''): string {
  return `SELECT array_agg(id ORDER BY id), array_agg(id ORDER BY id) FILTER (WHERE NOT ${claimable(now)}),
           min(price_category_id)
      ${into} FROM performance_places
     WHERE ${ids} AND NOT ${heldLiveBy(session, now)}`;
}

/**
 * Holds the places `p_ids` (whole sets already: the caller expanded them) for the session, in a
 * performance that is open for it (the caller asked basket_open_performance, which gave
 * `p_limit` and `p_hall_places`), inside the caller's basket lock. Places the session already
 * holds are left as they are. Answers the refusal (null when done), the places newly held
 * (`held`, null when there were none to take) and, when some places could not be had, which
 * (`missing`).
 *
 * 1. one of them is someone else's now: placeTaken, before any count or lock (in a rush most
 *    requests end here; the claim checks again under its row locks);
 * 2. the basket limit (contract effectiveMaxTicketCount) over every performance: basketLimit;
 * 3. the client hold cap (client-holds.ts): clientHoldCap;
 * 4. the tariffs: a place the buyer named (`p_named[i]`) is held at its tariff (`p_tariffs[i]`,
 *    null: its category's default); a place that came with a named one's set at the tariff a
 *    named place of its price category was given, else its category's default (basket_tariff);
 *    a tariff that is not the category's: unknownTariff;
 * 5. the claim (hold_claim_places, waiting for locked rows, or skipping them when
 *    `p_skip_locked`): placeTaken when a place went meanwhile. A new hold ends with the basket's
 *    earliest hold of this performance: adding a ticket never extends the countdown; a first
 *    ticket starts a fresh one.
 */
const takePlaces: Routine = {
  name: 'basket_take_places',
  sql: `CREATE FUNCTION basket_take_places(
    p_session text, p_performance int, p_limit int, p_hall_places int, p_ids int[], p_named int[], p_tariffs int[],
    p_client text, p_now timestamptz, p_hold_ms int, p_cap_max int, p_cap_percent int, p_unsafe boolean,
    p_skip_locked boolean, OUT refusal text, OUT held int[], OUT missing int[])
  LANGUAGE plpgsql AS $$
  DECLARE
    wanted int[];
    taken int[];
    category int;
    mine record;
    chosen record;
    claim record;
  BEGIN
    IF cardinality(p_ids) = 1 THEN
      ${wantedPlacesSql('id = p_ids[1]', 'p_session', 'p_now', 'INTO wanted, taken, category')};
    ELSE
      ${wantedPlacesSql('id = ANY(p_ids)', 'p_session', 'p_now', 'INTO wanted, taken, category')};
    END IF;
    IF wanted IS NULL THEN RETURN; END IF;
    IF taken IS NOT NULL AND NOT p_unsafe THEN
      refusal := 'placeTaken';
      missing := taken;
      RETURN;
    END IF;
    mine := hold_basket_summary(p_session, p_performance, p_now);
    IF mine.tickets + cardinality(wanted) > p_limit THEN
      refusal := 'basketLimit';
      RETURN;
    END IF;
    IF NOT basket_client_cap_allows(p_performance, p_client, cardinality(wanted), p_limit, p_hall_places,
                                    p_cap_max, p_cap_percent, p_now) THEN
      refusal := 'clientHoldCap';
      RETURN;
    END IF;
    IF wanted = p_named AND cardinality(wanted) = 1 THEN
      -- One place, the one the buyer named (most selects): at the buyer's tariff.
      SELECT wanted AS ids, ARRAY[t.tariff] AS tariffs, t.ok INTO chosen FROM basket_tariff(category, p_tariffs[1]) t;
    ELSE
      SELECT array_agg(pp.id ORDER BY pp.id) AS ids, array_agg(t.tariff ORDER BY pp.id) AS tariffs, bool_and(t.ok) AS ok
        INTO chosen
        FROM performance_places pp,
             LATERAL basket_tariff(pp.price_category_id, CASE
               WHEN pp.id = ANY(p_named) THEN (
                 SELECT n.tariff FROM unnest(p_named, p_tariffs) AS n(id, tariff) WHERE n.id = pp.id LIMIT 1)
               ELSE (
                 SELECT n.tariff FROM unnest(p_named, p_tariffs) AS n(id, tariff)
                   JOIN performance_places q ON q.id = n.id
                  WHERE n.tariff IS NOT NULL AND q.price_category_id = pp.price_category_id
                  ORDER BY n.id LIMIT 1) END) t
       WHERE pp.id = ANY(wanted);
    END IF;
    IF NOT chosen.ok THEN
      refusal := 'unknownTariff';
      RETURN;
    END IF;
    claim := hold_claim_places(chosen.ids, p_session,
      coalesce(mine.until, p_now + p_hold_ms * interval '1 millisecond'), p_now, chosen.tariffs, p_client, p_unsafe,
      p_skip_locked);
    IF NOT claim.ok THEN
      refusal := 'placeTaken';
      SELECT array_agg(x ORDER BY x) INTO missing FROM unnest(chosen.ids) x WHERE NOT x = ANY(claim.ids);
      RETURN;
    END IF;
    held := chosen.ids;
  END $$`,
};

/**
 * The answer of a select after basket_take_places: its refusal (the basket limit for the
 * message), or done; selecting places the buyer holds already changes no performance.
 */
const setAnswer: Routine = {
  name: 'basket_set_answer',
  sql: `CREATE FUNCTION basket_set_answer(
    p_session text, p_now timestamptz, p_performance int, p_limit int, p_refusal text, p_held int[])
  RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
  BEGIN
    IF p_refusal IS NOT NULL THEN RETURN basket_answer(p_session, p_now, p_refusal, NULL, p_limit); END IF;
    RETURN basket_answer(p_session, p_now, NULL, CASE WHEN p_held IS NULL THEN NULL ELSE ARRAY[p_performance] END, NULL);
  END $$`,
};

/**
 * The places a request names, as jsonb `[{id, tariff, exclusive, base}]`: `id` a performance
 * place (the spec's cypher), `tariff` the buyer's tariff or null, `exclusive` true for the
 * exclusive form (the place must have an exclusive pair), `base` the spec's baseObjId or null,
 * which must be the place's PERFORMANCE (the object the exclusive place belongs to, as objId is
 * in selectGifts). Answers the sets' union in id order and their one performance, or the refusal:
 * notFound for an unknown place, places of several performances or a baseObjId that is not the
 * place's performance; notExclusive for an exclusive form naming a place without a pair.
 */
const namedSets: Routine = {
  name: 'basket_named_sets',
  sql: `CREATE FUNCTION basket_named_sets(
    p_places jsonb, OUT refusal text, OUT performance int, OUT ids int[])
  LANGUAGE plpgsql STABLE AS $$
  DECLARE
    named record;
  BEGIN
    SELECT count(*) FILTER (WHERE s.performance IS NULL) AS unknown, count(DISTINCT s.performance) AS performances,
           min(s.performance) AS performance,
           bool_and(n.base IS NULL OR n.base = s.performance) AS bases_match,
           bool_and(NOT coalesce(n.exclusive, false) OR pl.exclusive_pair_place_id IS NOT NULL) AS pairs_exist
      INTO named
      FROM jsonb_to_recordset(p_places) AS n(id int, exclusive boolean, base int)
      CROSS JOIN LATERAL basket_place_set(n.id) s
      LEFT JOIN performance_places pp ON pp.id = n.id
      LEFT JOIN places pl ON pl.id = pp.place_id;
    IF named.unknown > 0 OR named.performances <> 1 OR NOT named.bases_match THEN
      refusal := 'notFound';
      RETURN;
    END IF;
    IF NOT named.pairs_exist THEN
      refusal := 'notExclusive';
      RETURN;
    END IF;
    performance := named.performance;
    SELECT array_agg(DISTINCT x ORDER BY x) INTO ids
      FROM jsonb_to_recordset(p_places) AS n(id int), LATERAL basket_place_set(n.id) s, unnest(s.ids) x;
  END $$`,
};

/**
 * Puts the named places, each with its whole set, into the basket, all or nothing (spec 7.2
 * select, selectGroup, selectExclusive): the buyer's lock, the places (basket_named_sets), the
 * open sale with the phone and booking checks (basket_open_performance), then basket_take_places,
 * waiting for a row another claim has locked so that of two buyers racing for one set exactly
 * one gets it.
 */
const selectSet: Routine = {
  name: 'basket_select_set',
  sql: `CREATE FUNCTION basket_select_set(
    p_session text, p_places jsonb, p_client text, p_now timestamptz, p_hold_ms int, p_cap_max int,
    p_cap_percent int, p_unsafe boolean)
  RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    target record;
    perf record;
    took record;
  BEGIN
    PERFORM basket_lock(p_session);
    target := basket_named_sets(p_places);
    IF target.refusal IS NOT NULL THEN RETURN basket_answer(p_session, p_now, target.refusal, NULL, NULL); END IF;
    perf := basket_open_performance(target.performance, p_now, p_session);
    IF perf.refusal IS NOT NULL THEN RETURN basket_answer(p_session, p_now, perf.refusal, NULL, NULL); END IF;
    took := basket_take_places(p_session, target.performance, perf.basket_limit, perf.hall_places,
      target.ids, ARRAY(SELECT n.id FROM jsonb_to_recordset(p_places) AS n(id int, tariff int) ORDER BY n.id),
      ARRAY(SELECT n.tariff FROM jsonb_to_recordset(p_places) AS n(id int, tariff int) ORDER BY n.id),
      p_client, p_now, p_hold_ms, p_cap_max, p_cap_percent, p_unsafe, false);
    RETURN basket_set_answer(p_session, p_now, target.performance, perf.basket_limit, took.refusal, took.held);
  END $$`,
};

/** Takes the named places, each with its whole set, out of the basket (spec 7.2 deselectGroup). */
const deselectSet: Routine = {
  name: 'basket_deselect_set',
  sql: `CREATE FUNCTION basket_deselect_set(p_session text, p_places jsonb, p_now timestamptz)
  RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    target record;
  BEGIN
    PERFORM basket_lock(p_session);
    target := basket_named_sets(p_places);
    IF target.refusal IS NOT NULL THEN RETURN basket_answer(p_session, p_now, target.refusal, NULL, NULL); END IF;
    IF cardinality(hold_release_places(p_session, target.ids)) = 0 THEN
      RETURN basket_answer(p_session, p_now, 'removeFailed', NULL, NULL);
    END IF;
    RETURN basket_answer(p_session, p_now, NULL, ARRAY[target.performance], NULL);
  END $$`,
};

export const setRoutines: readonly Routine[] = [takePlaces, setAnswer, namedSets, selectSet, deselectSet];
