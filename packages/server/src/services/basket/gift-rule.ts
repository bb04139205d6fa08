/**
 * The gift rule as SQL, in a module of its own that imports nothing: the hall map (services/hall)
 * reads it too, and the basket's modules sit in an import cycle with the database setup that
 * installs their functions.
 */

/**
 * THE available gifts of a place (spec 3.3 availableGifts), as SQL over a performance_places row
 * `pp` and its performances row `pf`: what the place's ticket may take now, the least of the
 * performance's maximum, the seat's own offer and (for a performance that keeps a stock) the gifts
 * the ticket already has plus those left. A free place has no gifts (claims and releases reset
 * them), so for it this is the least of the maximum, the offer and the stock.
 */
export function availableGiftsSql(pp = 'pp', pf = 'pf'): string {
  return `least(${pf}.max_gift_count_per_ticket, ${pp}.available_gifts,
    ${pp}.gifts_count + coalesce(${pf}.gifts_left, ${pp}.available_gifts))`;
}

/** Whether a place offers gifts at all (spec 3.3 hasgifts), over the same rows as availableGiftsSql. */
export function hasGiftsSql(pp = 'pp', pf = 'pf'): string {
  return `(${pf}.max_gift_count_per_ticket > 0 AND ${pp}.available_gifts > 0)`;
}
