/**
 * The availability numbers in stripes (issue 9, decision 0018): holds of one section no longer
 * wait for each other's commit on one counter row.
 *
 * Migration 0006 kept one `place_counts` row per performance, section and price category; every
 * hold of a section updated that row, and its lock lasted until the hold's transaction committed,
 * so a sale's concurrent holds of one section went through one at a time (measured 262–301 holds
 * a second with the counting trigger against 501–594 without).
 *
 * Now each key has up to STRIPES rows (`place_count_stripes`, column `stripe`), and a statement
 * adds its difference to the stripe of the database connection that runs it
 * (`pg_backend_pid() % 16`): two transactions running at the same moment are in two connections,
 * which (their process ids being handed out in turn) mostly land on different rows. Which stripe
 * a difference goes to does not matter for the numbers: `place_counts` is now a view summing the
 * stripes of each key, so every reader (pages, best available, the tests' recount) reads the same
 * columns as before, exact. A stripe's own numbers may go below zero (a place held in one stripe,
 * released in another); only their sum means anything.
 *
 * Keys are still bumped in key order within a statement (one statement uses one stripe), so two
 * statements cannot deadlock over them.
 */
export default `
ALTER TABLE place_counts RENAME TO place_count_stripes;
ALTER TABLE place_count_stripes ADD COLUMN stripe smallint NOT NULL DEFAULT 0;
ALTER TABLE place_count_stripes DROP CONSTRAINT place_counts_pkey;
ALTER TABLE place_count_stripes ADD PRIMARY KEY (performance_id, section_id, price_category_id, stripe);

CREATE VIEW place_counts AS
SELECT performance_id, section_id, price_category_id, sum(free)::int AS free, sum(held)::int AS held,
       sum(sold)::int AS sold
  FROM place_count_stripes
 GROUP BY performance_id, section_id, price_category_id;

-- The stripe this connection's differences go to.
CREATE FUNCTION place_count_stripe() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 16)::smallint
$$;

CREATE OR REPLACE FUNCTION place_counts_bump(p_performance int, p_section int, p_category int, p_free int, p_held int, p_sold int)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO place_count_stripes AS c (performance_id, section_id, price_category_id, stripe, free, held, sold)
  VALUES (p_performance, p_section, p_category, place_count_stripe(), p_free, p_held, p_sold)
  ON CONFLICT (performance_id, section_id, price_category_id, stripe)
  DO UPDATE SET free = c.free + EXCLUDED.free, held = c.held + EXCLUDED.held, sold = c.sold + EXCLUDED.sold;
END $$;
`;
