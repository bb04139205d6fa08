/**
 * Where a performance takes place, as SQL joins: its hall `h`, the hall's building `b` and the
 * building's city `c` (whose timezone its dates are shown in). A performance's venue is its hall's
 * building, not its show's home building (a touring show plays elsewhere). One definition for
 * every area that shows a performance's place and time (catalogue, accounts, tickets, payments);
 * it imports nothing, so any of them can use it.
 */
export function venueJoins(performance: string): string {
  return `JOIN halls h ON h.id = ${performance}.hall_id
       JOIN buildings b ON b.id = h.building_id
       JOIN cities c ON c.id = b.city_id`;
}
