/**
 * Availability kept as numbers (issue 9, decision 0015).
 *
 * `place_counts` holds, per performance, section and price category, how many places are free
 * (state 0), held (state 1) and sold (state 2). Statement triggers on performance_places keep it
 * equal to a recount of the places: every statement that inserts places, changes their state or
 * category, or deletes them adds its difference in the same transaction, whoever runs it (a hold,
 * a release, a sale, the expiry sweeper, an operator's SQL). Pages read these few rows instead of
 * counting the places of each performance.
 *
 * - A held place counts as held until it is released, sold or swept: expiry is lazy for claims
 *   (rule.ts), and the sweeper runs every few seconds, so a page shows a lapsed hold as free a
 *   few seconds late. Claims never read these numbers.
 * - The difference is applied one key at a time in key order: two statements that touch the same
 *   keys lock their rows in the same order and cannot deadlock.
 * - Nothing is announced from here: a NOTIFY takes a database-wide lock at commit and would line
 *   up every hold behind it. The server process that made a change announces it after its
 *   transaction, a few changes at a time (services/catalogue/changes.ts).
 *
 * Also: an index for the sweeper's lapsed holds, and one for the group of a place.
 */
export default `
CREATE TABLE place_counts (
  performance_id integer NOT NULL REFERENCES performances(id),
  section_id integer NOT NULL REFERENCES sections(id),
  price_category_id integer NOT NULL REFERENCES price_categories(id),
  free integer NOT NULL DEFAULT 0,
  held integer NOT NULL DEFAULT 0,
  sold integer NOT NULL DEFAULT 0,
  PRIMARY KEY (performance_id, section_id, price_category_id)
);

-- Adds one key's difference. Callers go through their keys in key order (see above).
CREATE FUNCTION place_counts_bump(p_performance int, p_section int, p_category int, p_free int, p_held int, p_sold int)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO place_counts AS c (performance_id, section_id, price_category_id, free, held, sold)
  VALUES (p_performance, p_section, p_category, p_free, p_held, p_sold)
  ON CONFLICT (performance_id, section_id, price_category_id)
  DO UPDATE SET free = c.free + EXCLUDED.free, held = c.held + EXCLUDED.held, sold = c.sold + EXCLUDED.sold;
END $$;

CREATE FUNCTION place_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  FOR d IN
    SELECT n.performance_id, pl.section_id, n.price_category_id, count(*) FILTER (WHERE n.state = 0)::int AS free,
           count(*) FILTER (WHERE n.state = 1)::int AS held, count(*) FILTER (WHERE n.state = 2)::int AS sold
      FROM new_rows n JOIN places pl ON pl.id = n.place_id
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  LOOP
    PERFORM place_counts_bump(d.performance_id, d.section_id, d.price_category_id, d.free, d.held, d.sold);
  END LOOP;
  RETURN NULL;
END $$;

-- The difference of an update: +1 for each changed row's new key and state, -1 for its old ones.
CREATE FUNCTION place_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  FOR d IN
    WITH moved AS (
      SELECT n.performance_id AS new_performance, n.place_id AS new_place, n.price_category_id AS new_category,
             n.state AS new_state, o.performance_id AS old_performance, o.place_id AS old_place,
             o.price_category_id AS old_category, o.state AS old_state
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE n.state <> o.state OR n.price_category_id <> o.price_category_id OR n.place_id <> o.place_id
          OR n.performance_id <> o.performance_id
    ), diff AS (
      SELECT new_performance AS performance_id, new_place AS place_id, new_category AS price_category_id,
             new_state AS state, 1 AS sign FROM moved
      UNION ALL
      SELECT old_performance, old_place, old_category, old_state, -1 FROM moved
    )
    SELECT x.performance_id, pl.section_id, x.price_category_id,
           sum(x.sign * (x.state = 0)::int)::int AS free, sum(x.sign * (x.state = 1)::int)::int AS held,
           sum(x.sign * (x.state = 2)::int)::int AS sold
      FROM diff x JOIN places pl ON pl.id = x.place_id
     GROUP BY 1, 2, 3
    HAVING (sum(x.sign * (x.state = 0)::int), sum(x.sign * (x.state = 1)::int), sum(x.sign * (x.state = 2)::int))
           <> (0, 0, 0)
     ORDER BY 1, 2, 3
  LOOP
    PERFORM place_counts_bump(d.performance_id, d.section_id, d.price_category_id, d.free, d.held, d.sold);
  END LOOP;
  RETURN NULL;
END $$;

CREATE FUNCTION place_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  FOR d IN
    SELECT o.performance_id, pl.section_id, o.price_category_id, -count(*) FILTER (WHERE o.state = 0)::int AS free,
           -count(*) FILTER (WHERE o.state = 1)::int AS held, -count(*) FILTER (WHERE o.state = 2)::int AS sold
      FROM old_rows o JOIN places pl ON pl.id = o.place_id
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  LOOP
    PERFORM place_counts_bump(d.performance_id, d.section_id, d.price_category_id, d.free, d.held, d.sold);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER place_counts_insert AFTER INSERT ON performance_places
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION place_counts_on_insert();
CREATE TRIGGER place_counts_update AFTER UPDATE ON performance_places
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION place_counts_on_update();
CREATE TRIGGER place_counts_delete AFTER DELETE ON performance_places
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION place_counts_on_delete();

INSERT INTO place_counts (performance_id, section_id, price_category_id, free, held, sold)
SELECT pp.performance_id, pl.section_id, pp.price_category_id,
       count(*) FILTER (WHERE pp.state = 0), count(*) FILTER (WHERE pp.state = 1), count(*) FILTER (WHERE pp.state = 2)
  FROM performance_places pp JOIN places pl ON pl.id = pp.place_id
 GROUP BY 1, 2, 3;

CREATE INDEX performance_places_lapse ON performance_places(held_until) WHERE state = 1;
CREATE INDEX places_group ON places(hall_id, group_id) WHERE group_id > 0;
`;
