/** @jsxRuntime automatic */
import type { ShowPerformance } from '@partera/server';
import { localDateTime } from '../format.js';

const WEEK_HEAD = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];

/**
 * One month of the performance calendar (spec 2.9 'A calendar of performances by month', 9 'Weeks
 * start on Monday'): the month's days in weeks, a day with performances a link to its first row
 * in the list; Saturday and Sunday marked for the weekend-only filter.
 */
export function MonthGrid({
  year,
  month,
  performances,
  timeZone,
}: {
  year: number;
  /** 1–12 */
  month: number;
  performances: ShowPerformance[];
  timeZone: string;
}) {
  const firstOfDay = new Map<number, number>();
  for (const p of performances) {
    const day = localDateTime(p.startsAt, timeZone).day;
    if (!firstOfDay.has(day)) firstOfDay.set(day, p.performanceId);
  }
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  // Monday = 0 … Sunday = 6.
  const lead = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const cells: Array<number | null> = [...Array.from({ length: lead }, () => null)];
  for (let d = 1; d <= days; d++) cells.push(d);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));

  return (
    <table className="month-grid" aria-hidden="true">
      <thead>
        <tr>
          {WEEK_HEAD.map((d, i) => (
            <th key={d} className={i >= 5 ? 'month-grid__weekend' : undefined}>
              {d}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={`${year}-${month}-${week.find((d) => d !== null)}`}>
            {week.map((day, i) => {
              const weekend = i >= 5;
              const id = day === null ? undefined : firstOfDay.get(day);
              const className = [
                'month-grid__day',
                weekend ? 'month-grid__weekend' : '',
                id ? 'month-grid__day--on' : '',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a week's seven cells never reorder
                <td key={i} className={className} data-weekend={weekend ? '1' : undefined}>
                  {day === null ? null : id ? (
                    <a href={`#performance-${id}`} tabIndex={-1}>
                      {day}
                    </a>
                  ) : (
                    day
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
