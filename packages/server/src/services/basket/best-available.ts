import type { Routine } from '../../db/routines.js';
import { claimable, liveHold } from '../holds/rule.js';

/**
 * Best available (decision 0026): the server picks seats for the buyer and holds them in the same
 * statement. Used by the best-available call (N seats side by side in a price range), by the
 * list view's future tickets (spec 7.3: tickets of a section and price without choosing seats)
 * and by the best-places check (spec 7.1).
 *
 * THE RULE of "best", written once here (basket_best_places):
 *
 * 1. Candidates are the (section, price category) pairs of the performance whose ticket price
 *    (the category's default tariff, what a hold without a chosen tariff costs, else the
 *    category's own price) lies in the asked range: the dearest first (the organiser prices the
 *    better seats higher), then the sections in their hall order (sections.sort: the stalls
 *    before the balcony), then by id. The kept availability numbers (place_counts) rule out at
 *    once the pairs without enough free or held places.
 * 2. Within a candidate, a RUN is `count` seats of one row, of the category, claimable, next to
 *    each other: consecutive in the row's seat order (the seat numbers in natural order: 2 before
 *    10) with no aisle between them (a gap wider than 1.5 times the row's narrowest step between
 *    neighbours, places.x and y, is an aisle). A seat of a group or an exclusive pair is part of a
 *    run only with its whole set inside the run; otherwise it is skipped.
 * 3. Runs are ranked by row (natural order of the row labels: row 1 is nearest the stage), then
 *    by the distance of the run's middle from the row's middle, then from the row's start.
 * 4. When adjacency is preferred but not required (future tickets) and no run exists, the best
 *    `count` single seats (not part of a group or pair) of the first candidate that has enough,
 *    in the same row and centre order.
 */

/** Natural order of a label: its leading number first ('2' before '10'), then its text. */
const natural = (column: string, direction = '') =>
  `substring(${column} from '^[0-9]+')::numeric ${direction} NULLS LAST, ${column} ${direction}`;

/** The price a hold without a chosen tariff costs (basket_tariff with no choice), of category `cat`. */
const HOLD_PRICE = `coalesce((SELECT t.price FROM tariffs t WHERE t.price_category_id = cat.id AND t.is_default
                              ORDER BY t.id LIMIT 1), cat.price)`;

/**
 * The places of section `c.section_id` in the performance, each with its position `k` in its
 * row's seat order, the row's length, its segment of the row (aisles cut a row into segments:
 * squared distances, a gap over 1.5 times the narrowest step is over 2.25 times its square) and,
 * for the seats a pick may take (claimable, of category `c.price_category_id`, not in p_skip), its
 * island of consecutive such seats and its set (key, size). Each place's performance row is read
 * by its key (the LIMIT keeps the planner from scanning the whole performance instead).
 */
const ELIGIBLE_SEATS = `WITH row_seats AS (
      SELECT pp.id, pl.id AS place_id, pl.row_label, pl.group_id, pl.exclusive_pair_place_id AS pair,
             pp.price_category_id = c.price_category_id AND ${claimable('p_now', 'pp')}
               AND NOT pp.id = ANY(p_skip) AS eligible,
             row_number() OVER w AS k,
             (pl.x - lag(pl.x) OVER w) ^ 2 + (pl.y - lag(pl.y) OVER w) ^ 2 AS gap2
        FROM places pl
        CROSS JOIN LATERAL (
          SELECT q.id, q.price_category_id, q.state, q.held_until FROM performance_places q
           WHERE q.performance_id = p_performance AND q.place_id = pl.id LIMIT 1) pp
       WHERE pl.section_id = c.section_id
      WINDOW w AS (PARTITION BY pl.row_label ORDER BY ${natural('pl.number')}, pl.id)
    ), segmented AS (
      SELECT r.*, count(*) FILTER (WHERE r.gap2 > 2.25 * r.step2) OVER (PARTITION BY r.row_label ORDER BY r.k) AS segment
        FROM (SELECT row_seats.*, min(gap2) OVER rw AS step2, count(*) OVER rw AS row_len
                FROM row_seats WINDOW rw AS (PARTITION BY row_label)) r
    ), eligible AS (
      SELECT s.*, s.k - row_number() OVER (PARTITION BY s.row_label, s.segment ORDER BY s.k) AS island,
             CASE WHEN s.group_id > 0 THEN 'g' || s.group_id
                  WHEN s.pair IS NOT NULL THEN 'p' || least(s.place_id, s.pair)
                  ELSE 's' || s.place_id END AS set_key,
             CASE WHEN s.group_id > 0 THEN (
                    SELECT count(*) FROM places g
                      JOIN performance_places gp ON gp.place_id = g.id AND gp.performance_id = p_performance
                     WHERE g.hall_id = v_hall AND g.group_id = s.group_id)
                  WHEN s.pair IS NOT NULL THEN 2
                  ELSE 1 END AS set_size
        FROM segmented s WHERE s.eligible
    )`;

/** The best run of `p_count` seats of the candidate (rule 2 and 3), as ids, or null. */
const BEST_RUN = `${ELIGIBLE_SEATS}, sized AS (
      SELECT e.*, count(*) OVER s AS set_here, min(e.k) OVER s AS set_lo, max(e.k) OVER s AS set_hi
        FROM eligible e WINDOW s AS (PARTITION BY e.row_label, e.segment, e.island, e.set_key)
    ), runs AS (
      SELECT z.row_label, z.row_len, z.k, count(*) OVER r AS n, max(z.k) OVER r AS last_k,
             min(z.set_lo) OVER r AS lo, max(z.set_hi) OVER r AS hi,
             bool_and(z.set_here = z.set_size) OVER r AS whole, array_agg(z.id) OVER r AS ids
        FROM sized z
      WINDOW r AS (PARTITION BY z.row_label, z.segment, z.island ORDER BY z.k
                   ROWS BETWEEN CURRENT ROW AND v_frame FOLLOWING)
    )
    SELECT ids FROM runs WHERE n = p_count AND whole AND lo >= k AND hi <= last_k
     ORDER BY ${natural('row_label')}, abs(k + last_k - 1 - row_len), k
     LIMIT 1`;

/** The best `p_count` single seats of the candidate (rule 4), as ids, or null. */
const BEST_SINGLES = `${ELIGIBLE_SEATS}
    SELECT array_agg(id) FROM (
      SELECT id FROM eligible WHERE set_size = 1
       ORDER BY ${natural('row_label')}, abs(2 * k - 1 - row_len), k
       LIMIT p_count) best
    HAVING count(*) = p_count`;

/**
 * The best places to offer (the rule above): a run of `p_count` adjacent seats (p_adjacent) or
 * `p_count` single seats, in the price range [p_min, p_max] (kopecks, null: open), of one price
 * category or section when given, never the places in p_skip. Null when there are none. Reads
 * only: the caller claims.
 */
const bestPlaces: Routine = {
  name: 'basket_best_places',
  sql: `CREATE FUNCTION basket_best_places(
    p_performance int, p_count int, p_min int, p_max int, p_category int, p_section int, p_skip int[],
    p_now timestamptz, p_adjacent boolean)
  RETURNS int[] LANGUAGE plpgsql STABLE AS $$
  DECLARE
    v_hall int;
    v_frame int := p_count - 1;
    c record;
    found int[];
  BEGIN
    SELECT hall_id INTO v_hall FROM performances WHERE id = p_performance;
    FOR c IN
      SELECT counts.section_id, counts.price_category_id
        FROM place_counts counts
        JOIN sections sec ON sec.id = counts.section_id
        JOIN price_categories cat ON cat.id = counts.price_category_id
       CROSS JOIN LATERAL (SELECT ${HOLD_PRICE} AS price) pr
       WHERE counts.performance_id = p_performance AND counts.free + counts.held >= p_count
         AND (p_section IS NULL OR counts.section_id = p_section)
         AND (p_category IS NULL OR counts.price_category_id = p_category)
         AND pr.price BETWEEN coalesce(p_min, 0) AND coalesce(p_max, 2147483647)
       ORDER BY pr.price DESC, sec.sort, sec.id, counts.price_category_id
    LOOP
      IF p_adjacent THEN
        ${BEST_RUN} INTO found;
      ELSE
        ${BEST_SINGLES} INTO found;
      END IF;
      IF found IS NOT NULL THEN RETURN found; END IF;
    END LOOP;
    RETURN NULL;
  END $$`,
};

/** How many candidates one request tries before it gives up (each failed try skips its lost seats). */
const MAX_ATTEMPTS = 32;

/**
 * Picks and holds `p_count` places (basket_best_places, then basket_take_places), inside the
 * caller's basket lock, in a performance open for the buyer. The claim SKIPS rows another buyer
 * has locked instead of waiting for them: a candidate that cannot be had whole is given up, its
 * lost places are skipped and the next best is tried, so two buyers asking at once for
 * overlapping seats never both get one and never wait for each other. Adjacency is required
 * (p_adjacent_only) or only preferred. Answers the refusal, null when held. `p_unsafe` (the
 * concurrency test's control run only) claims without the guard, waiting for locked rows.
 */
const takeBest: Routine = {
  name: 'basket_take_best',
  sql: `CREATE FUNCTION basket_take_best(
    p_session text, p_performance int, p_limit int, p_hall_places int, p_count int, p_min int, p_max int,
    p_category int, p_section int, p_tariff int, p_adjacent_only boolean, p_client text, p_now timestamptz,
    p_hold_ms int, p_cap_max int, p_cap_percent int, p_unsafe boolean)
  RETURNS text LANGUAGE plpgsql AS $$
  DECLARE
    mine record;
    skip int[] := '{}';
    seats int[];
    took record;
  BEGIN
    mine := hold_basket_summary(p_session, p_performance, p_now);
    IF mine.tickets + p_count > p_limit THEN RETURN 'basketLimit'; END IF;
    FOR attempt IN 1..${MAX_ATTEMPTS} LOOP
      seats := basket_best_places(p_performance, p_count, p_min, p_max, p_category, p_section, skip, p_now, true);
      IF seats IS NULL AND NOT p_adjacent_only THEN
        seats := basket_best_places(p_performance, p_count, p_min, p_max, p_category, p_section, skip, p_now, false);
      END IF;
      IF seats IS NULL THEN
        RETURN CASE WHEN p_adjacent_only THEN 'noAdjacentSeats' ELSE 'noTickets' END;
      END IF;
      took := basket_take_places(p_session, p_performance, p_limit, p_hall_places, seats, seats,
        array_fill(p_tariff, ARRAY[cardinality(seats)]), p_client, p_now, p_hold_ms, p_cap_max, p_cap_percent,
        p_unsafe, NOT p_unsafe);
      IF took.refusal IS DISTINCT FROM 'placeTaken' THEN RETURN took.refusal; END IF;
      skip := skip || coalesce(took.missing, seats);
    END LOOP;
    RETURN 'placeTaken';
  END $$`,
};

/** Best available (the contract's hall.bestAvailable): `p_count` adjacent seats, all or nothing. */
const selectBest: Routine = {
  name: 'basket_select_best',
  sql: `CREATE FUNCTION basket_select_best(
    p_session text, p_performance int, p_count int, p_min int, p_max int, p_section int, p_client text,
    p_now timestamptz, p_hold_ms int, p_cap_max int, p_cap_percent int, p_unsafe boolean)
  RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    perf record;
    refusal text;
  BEGIN
    PERFORM basket_lock(p_session);
    perf := basket_open_performance(p_performance, p_now, p_session);
    IF perf.refusal IS NOT NULL THEN RETURN basket_answer(p_session, p_now, perf.refusal, NULL, NULL); END IF;
    refusal := basket_take_best(p_session, p_performance, perf.basket_limit, perf.hall_places, p_count, p_min, p_max,
      NULL, p_section, NULL, true, p_client, p_now, p_hold_ms, p_cap_max, p_cap_percent, p_unsafe);
    IF refusal IS NOT NULL THEN
      RETURN basket_answer(p_session, p_now, refusal, NULL,
        CASE WHEN refusal = 'noAdjacentSeats' THEN p_count ELSE perf.basket_limit END);
    END IF;
    RETURN basket_answer(p_session, p_now, NULL, ARRAY[p_performance], NULL);
  END $$`,
};

/**
 * Future tickets (spec 7.3, the list view's seated sections): `p_count` tickets of a section at
 * a tariff (its price category, or p_category when the list view sent it), the seats picked for
 * the buyer, adjacent when possible.
 */
const addFuture: Routine = {
  name: 'basket_add_future',
  sql: `CREATE FUNCTION basket_add_future(
    p_session text, p_performance int, p_section int, p_category int, p_tariff int, p_count int, p_client text,
    p_now timestamptz, p_hold_ms int, p_cap_max int, p_cap_percent int)
  RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    perf record;
    v_category int;
    refusal text;
  BEGIN
    PERFORM basket_lock(p_session);
    perf := basket_open_performance(p_performance, p_now, p_session);
    IF perf.refusal IS NOT NULL THEN RETURN basket_answer(p_session, p_now, perf.refusal, NULL, NULL); END IF;
    SELECT cat.id INTO v_category FROM price_categories cat
     WHERE cat.performance_id = p_performance
       AND cat.id = coalesce(p_category, (SELECT price_category_id FROM tariffs WHERE id = p_tariff));
    IF v_category IS NULL OR NOT (basket_tariff(v_category, p_tariff)).ok THEN
      RETURN basket_answer(p_session, p_now, 'unknownTariff', NULL, NULL);
    END IF;
    refusal := basket_take_best(p_session, p_performance, perf.basket_limit, perf.hall_places, p_count, NULL, NULL,
      v_category, p_section, p_tariff, false, p_client, p_now, p_hold_ms, p_cap_max, p_cap_percent, false);
    IF refusal IS NOT NULL THEN RETURN basket_answer(p_session, p_now, refusal, NULL, perf.basket_limit); END IF;
    RETURN basket_answer(p_session, p_now, NULL, ARRAY[p_performance], NULL);
  END $$`,
};

/**
 * Gives back `p_count` of the buyer's future tickets of a section and price (spec 7.3 remove):
 * the places of the section held at that price (the price the list view shows for their category,
 * its lowest tariff, or the price they are held at), the last in seat order first, so what stays
 * stays together. A place of a group or pair goes with its whole set.
 */
const removeFuture: Routine = {
  name: 'basket_remove_future',
  sql: `CREATE FUNCTION basket_remove_future(
    p_session text, p_performance int, p_section int, p_price int, p_count int, p_now timestamptz)
  RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    seat int;
    released int := 0;
  BEGIN
    PERFORM basket_lock(p_session);
    FOR seat IN
      SELECT pp.id FROM performance_places pp
        JOIN places pl ON pl.id = pp.place_id
        JOIN price_categories cat ON cat.id = pp.price_category_id
        LEFT JOIN tariffs held_at ON held_at.id = pp.tariff_id
       WHERE pp.performance_id = p_performance AND pl.section_id = p_section AND pp.hold_session_id = p_session
         AND ${liveHold('p_now', 'pp')}
         AND (coalesce(held_at.price, cat.price) = p_price
              OR coalesce((SELECT min(t.price) FROM tariffs t WHERE t.price_category_id = cat.id), cat.price) = p_price)
       ORDER BY ${natural('pl.row_label', 'DESC')}, ${natural('pl.number', 'DESC')}
    LOOP
      EXIT WHEN released >= p_count;
      released := released + cardinality(hold_release_places(p_session, (SELECT ids FROM basket_place_set(seat))));
    END LOOP;
    IF released = 0 THEN RETURN basket_answer(p_session, p_now, 'removeFailed', NULL, NULL); END IF;
    RETURN basket_answer(p_session, p_now, NULL, ARRAY[p_performance], NULL);
  END $$`,
};

/**
 * The best-places check (spec 7.1, 2.1): the refusal best available would answer this buyer now
 * for one seat (the sale, the phone, the basket's kind), 'noTickets' when no seat is free, null
 * when seats can be offered. Reads only.
 */
const bestCheck: Routine = {
  name: 'basket_best_check',
  sql: `CREATE FUNCTION basket_best_check(p_session text, p_performance int, p_now timestamptz)
  RETURNS text LANGUAGE plpgsql STABLE AS $$
  DECLARE
    refusal text;
  BEGIN
    SELECT o.refusal INTO refusal FROM basket_open_performance(p_performance, p_now, p_session) o;
    IF refusal IS NOT NULL THEN RETURN refusal; END IF;
    IF basket_best_places(p_performance, 1, NULL, NULL, NULL, NULL, '{}', p_now, true) IS NULL THEN
      RETURN 'noTickets';
    END IF;
    RETURN NULL;
  END $$`,
};

export const bestAvailableRoutines: readonly Routine[] = [
  bestPlaces,
  takeBest,
  selectBest,
  addFuture,
  removeFuture,
  bestCheck,
];
