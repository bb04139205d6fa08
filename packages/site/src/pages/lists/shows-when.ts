/**
 * The shows list's date filters (spec 2.12) and the flag of GET /show/jsGetShows/ each sets:
 * every date, today, tomorrow, the week (to Sunday), the month. Shared by the landing's loader,
 * its markup and its client script.
 */
export const SHOWS_WHEN = ['all', 'today', 'tomorrow', 'week', 'month'] as const;
export type ShowsWhen = (typeof SHOWS_WHEN)[number];

export const WHEN_FLAG: Readonly<Record<ShowsWhen, 'ontoday' | 'ontomorrow' | 'onweek' | 'onmonth' | null>> = {
  all: null,
  today: 'ontoday',
  tomorrow: 'ontomorrow',
  week: 'onweek',
  month: 'onmonth',
};

/** Items a row of the landing's widgets holds. */
export const LANDING_IN_ROW = 4;

/** The shows list call's query for a filter (without offset and limit). */
export function showsQuery(city: string, when: ShowsWhen, mnd: string, mxd: string): URLSearchParams {
  const q = new URLSearchParams({ inrow: String(LANDING_IN_ROW), city });
  const flag = WHEN_FLAG[when];
  if (flag) q.set(flag, '1');
  if (mnd) q.set('mnd', mnd);
  if (mxd) q.set('mxd', mxd);
  return q;
}
