/** @jsxRuntime automatic */
import { type UrlSession, withSession } from '../chrome.js';

/** One day of the main page's calendar bar: its results page and how it reads. */
export interface CalendarDay {
  /** dd.mm.yyyy, the search filters' date form (spec 2.6: mnd, mxd). */
  date: string;
  day: number;
  weekday: string;
  /** 'марта': the month under the first day and the first of a month. */
  month: string | null;
  weekend: boolean;
}

const dayLink = (date: string) => `/search/performance/?mnd=${date}&mxd=${date}`;

/**
 * The calendar bar on the right of the main page (site-browsing-account.md 2.4): the coming days,
 * each a link to that day's shows; it sticks while the page scrolls (desktop; CSS position
 * sticky, so it needs no script), and is a row above the grid on mobile.
 */
export function CalendarBar({ days, urlSession }: { days: CalendarDay[]; urlSession: UrlSession | null }) {
  if (days.length === 0) return null;
  return (
    <aside className="home-calendar" aria-labelledby="home-calendar-title" data-calendar-bar="">
      <div className="home-calendar__inner">
        <h2 className="home-calendar__title" id="home-calendar-title">
          Календарь
        </h2>
        <ol className="home-calendar__days">
          {days.map((d) => (
            <li
              key={d.date}
              className={d.weekend ? 'home-calendar__day home-calendar__day--weekend' : 'home-calendar__day'}
            >
              {d.month ? <span className="home-calendar__month">{d.month}</span> : null}
              <a
                href={withSession(dayLink(d.date), urlSession)}
                aria-label={`${d.day} ${d.month ?? ''} ${d.weekday}`.replace(/\s+/g, ' ')}
              >
                <span className="home-calendar__weekday">{d.weekday}</span>
                <span className="home-calendar__number">{d.day}</span>
              </a>
            </li>
          ))}
        </ol>
        <a className="home-calendar__all" href={withSession('/search/performance/', urlSession)}>
          Все даты
        </a>
      </div>
    </aside>
  );
}
