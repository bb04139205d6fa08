/**
 * Gifts per ticket and package mode (issue 11, decision 0027).
 *
 * Gifts (hall-basket-checkout.md 3.3, 3.5, 5.2):
 * - `performance_places.available_gifts`: how many gifts this seat's ticket may come with (0: the
 *   seat offers none; its hasgifts is false). A seat's ticket carries at most the least of this
 *   and the performance's max_gift_count_per_ticket.
 * - `performances.gifts_left`: the performance's gifts not held or sold yet, a stock buyers
 *   compete for; NULL when the performance keeps no count (only the per-ticket limits apply).
 *   It never goes below zero (CHECK).
 * - The stock follows the gifts the holds carry. For places, a statement trigger on
 *   performance_places gives back (or takes) every change of gifts_count, whoever makes it: a
 *   release, a claim of a lapsed hold (it resets the gifts), the expiry sweeper, a returned
 *   ticket, an operator's SQL. The sale keeps a sold place's gifts_count, so sold gifts stay
 *   taken. Entrance holds are deleted both when they end and when they are sold, so their gifts
 *   go back explicitly where a hold ends (holds/routines.ts, holds/sweeper.ts), never in the sale.
 * - gift_stock_return applies differences one performance at a time in id order, like
 *   place_counts_bump (0006): two statements touching the same performances lock their rows in
 *   the same order and cannot deadlock.
 *
 * Packages (2.2, 4.3): `performance_places.package_id` names the package a held or sold place was
 * taken for (a select with packageId); claims reset it, so a place claimed again is no package's.
 */
export default `
ALTER TABLE performance_places ADD COLUMN available_gifts integer NOT NULL DEFAULT 0;
ALTER TABLE performance_places ADD COLUMN package_id integer REFERENCES packages(id);
ALTER TABLE performances ADD COLUMN gifts_left integer CHECK (gifts_left >= 0);

-- Adds each performance's gifts back to its stock (a negative number takes them), in performance
-- id order; performances without a stock (NULL) are left alone. Returns the gifts moved back.
CREATE FUNCTION gift_stock_return(p_performances int[], p_gifts int[]) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  d record;
  total int := 0;
BEGIN
  FOR d IN
    SELECT x.performance_id, sum(x.gifts)::int AS gifts
      FROM unnest(p_performances, p_gifts) AS x(performance_id, gifts)
     GROUP BY 1 HAVING sum(x.gifts) <> 0 ORDER BY 1
  LOOP
    UPDATE performances SET gifts_left = gifts_left + d.gifts WHERE id = d.performance_id AND gifts_left IS NOT NULL;
    total := total + d.gifts;
  END LOOP;
  RETURN total;
END $$;

CREATE FUNCTION gift_stock_on_place_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM gift_stock_return(array_agg(o.performance_id), array_agg(o.gifts_count - n.gifts_count))
     FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.gifts_count <> n.gifts_count;
  RETURN NULL;
END $$;

CREATE TRIGGER gift_stock_update AFTER UPDATE ON performance_places
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gift_stock_on_place_update();
`;
