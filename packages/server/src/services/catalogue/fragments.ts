import { claimable, lapsedEntranceHold } from '../holds/rule.js';

/**
 * SQL expressions shared by the catalogue queries. Each takes the performance alias and the
 * number of the query parameter that holds "now" (the injectable clock's time, never SQL now()).
 */

/** Lowest price of a performance in kopecks: the cheapest tariff, or the category price where no tariff exists. */
export const minPriceSql = (perf: string) => `(
  SELECT min(coalesce(t.price, pc.price))::int
    FROM price_categories pc LEFT JOIN tariffs t ON t.price_category_id = pc.id
   WHERE pc.performance_id = ${perf}.id)`;

/**
 * Places a buyer could still take: free seats, seats whose hold has lapsed (expiry is lazy, so a
 * lapsed hold is as good as free), and entrance tickets left, including lapsed entrance holds
 * that the sweeper has not returned to the counter yet.
 */
export const freePlacesSql = (perf: string, nowParam: number) => `(
  (SELECT count(*)::int FROM performance_places pp
    WHERE pp.performance_id = ${perf}.id
      AND ${claimable(`$${nowParam}`, 'pp')})
  + (SELECT coalesce(sum(ps.free_count), 0)::int FROM performance_sections ps
      WHERE ps.performance_id = ${perf}.id)
  + (SELECT coalesce(sum(eh.ticket_count), 0)::int
       FROM entrance_holds eh JOIN performance_sections ps ON ps.id = eh.performance_section_id
      WHERE ps.performance_id = ${perf}.id AND eh.order_id IS NULL AND ${lapsedEntranceHold(`$${nowParam}`, 'eh')}))`;

/** Timestamps come back as Date from both drivers; pages and JSON want ISO strings. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export const posterUrl = (showId: number) => `/media/poster/${showId}.svg`;
export const hallSvgUrl = (hallId: number) => `/media/hall/${hallId}.svg`;
export const showPath = (slug: string) => `/show/${encodeURIComponent(slug)}/`;
export const performancePath = (performanceId: number) => `/performance/${performanceId}/`;

export type SaleState = 'on_sale' | 'soon' | 'closed';
