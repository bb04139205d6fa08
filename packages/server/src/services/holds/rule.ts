/**
 * THE live-hold rule, written once: every query that asks whether a place or an entrance ticket
 * is held, free to claim or lapsed builds its condition here.
 *
 * A hold lives while `held_until > now` and has lapsed from the instant `held_until <= now`: at
 * the instant of expiry the seat is claimable, and it never is both held and claimable, nor
 * neither. Place rows: state 0 free, 1 held (hold_session_id, held_until), 2 sold. Entrance holds
 * are rows of their own, live by the same clock.
 *
 * Each builder takes the SQL text of "now" (a parameter such as '$3') and the table's alias
 * ('' when the query names no alias).
 */

const column = (alias: string, name: string) => (alias ? `${alias}.${name}` : name);

/** A place held by some session, hold not lapsed. */
export function liveHold(now: string, alias = ''): string {
  return `(${column(alias, 'state')} = 1 AND ${column(alias, 'held_until')} > ${now})`;
}

/** A place the given session holds live (false, not null, for a place no session holds). */
export function heldLiveBy(session: string, now: string, alias = ''): string {
  return `coalesce(${column(alias, 'hold_session_id')} = ${session} AND ${liveHold(now, alias)}, false)`;
}

/**
 * The place rows a session holds live, as a FROM item (`FROM ${placesHeldBy('$1', '$2')} pp`).
 * They are found through the session's index, never through the lapse index (held_until): the
 * inner query names only the session, and OFFSET 0 keeps the planner from moving the live-hold
 * condition into it. Without that fence, at a sale's start (the statistics still from before the
 * first hold: no place held) the planner rates the two indexes alike and may pick the lapse one,
 * which reads every buyer's live holds to find one buyer's.
 */
export function placesHeldBy(session: string, now: string): string {
  return `(SELECT * FROM (SELECT * FROM performance_places WHERE hold_session_id = ${session} OFFSET 0) AS of_session
            WHERE ${liveHold(now)})`;
}

/**
 * Whether any place or entrance row names the session (held live, lapsed, or sold through it):
 * false means the session holds nothing, so its basket is empty without reading it. Two probes
 * of the sessions' indexes, a fraction of the basket's own query (most of a sale rush's selects
 * come from sessions that hold nothing yet).
 */
export function namesAnyHold(session: string): string {
  return `(EXISTS (SELECT FROM performance_places WHERE hold_session_id = ${session})
            OR EXISTS (SELECT FROM entrance_holds WHERE session_id = ${session}))`;
}

/** A place held once, its hold lapsed (still marked held until someone claims it or the sweeper runs). */
export function lapsedHold(now: string, alias = ''): string {
  return `(${column(alias, 'state')} = 1 AND ${column(alias, 'held_until')} <= ${now})`;
}

/** A place anyone may claim: free, or its hold lapsed. */
export function claimable(now: string, alias = ''): string {
  return `(${column(alias, 'state')} = 0 OR ${lapsedHold(now, alias)})`;
}

/** An entrance hold that still keeps its tickets. */
export function liveEntranceHold(now: string, alias = ''): string {
  return `${column(alias, 'held_until')} > ${now}`;
}

/** An entrance hold whose tickets go back to the section's counter. */
export function lapsedEntranceHold(now: string, alias = ''): string {
  return `${column(alias, 'held_until')} <= ${now}`;
}
