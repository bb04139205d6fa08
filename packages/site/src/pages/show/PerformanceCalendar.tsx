/** @jsxRuntime automatic */
import type { ShowPage as ShowPageData, ShowPerformance } from '@partera/server';
import type { UrlSession } from '../chrome.js';
import { formatMonthYear, localDateTime, monthKey } from '../format.js';
import { MonthGrid } from './MonthGrid.js';
import { PerformanceRow } from './PerformanceRow.js';

interface MonthGroup {
  /** '2030-03' */
  key: string;
  /** 'Март 2030' */
  label: string;
  year: number;
  month: number;
  performances: ShowPerformance[];
}

export function byMonth(performances: ShowPerformance[], timeZone: string): MonthGroup[] {
  const groups: MonthGroup[] = [];
  for (const p of performances) {
    const key = monthKey(p.startsAt, timeZone);
    let group = groups[groups.length - 1];
    if (group?.key !== key) {
      const t = localDateTime(p.startsAt, timeZone);
      group = { key, label: formatMonthYear(p.startsAt, timeZone), year: t.year, month: t.month, performances: [] };
      groups.push(group);
    }
    group.performances.push(p);
  }
  return groups;
}

/**
 * The show's dates (spec 2.9 'A calendar of performances by month, with a weekend-only filter';
 * on mobile the third tab, 'perfs'): the month and weekend filter, then per month its calendar
 * and its rows. The filter is run by the page's script (client/show.ts); without scripts every
 * date is listed.
 */
export function PerformanceCalendar({ page, urlSession }: { page: ShowPageData; urlSession: UrlSession | null }) {
  const timeZone = page.city.timezone;
  const months = byMonth(page.performances, timeZone);
  return (
    <section id="performances" className="show-section show-perfs" aria-labelledby="performances-title">
      <h2 id="performances-title">Даты и билеты</h2>
      {page.performances.length === 0 ? (
        <p className="empty-note">Ближайших показов пока нет.</p>
      ) : (
        <>
          <PerformanceFilter months={months} />
          {months.map((m) => (
            <section key={m.key} className="month-group" data-month={m.key} aria-label={m.label}>
              <h3 className="month-group__title">{m.label}</h3>
              <ul className="performance-list">
                {m.performances.map((p) => (
                  <PerformanceRow
                    key={p.performanceId}
                    performance={p}
                    timeZone={timeZone}
                    showVenue={p.buildingName !== page.venue.name}
                    urlSession={urlSession}
                    showName={page.show.name}
                  />
                ))}
              </ul>
              <MonthGrid year={m.year} month={m.month} performances={m.performances} timeZone={timeZone} />
            </section>
          ))}
        </>
      )}
    </section>
  );
}

/** The month and weekend filter of spec 2.9 ('Все дни', each month, weekends only); hidden until the script runs it. */
function PerformanceFilter({ months }: { months: MonthGroup[] }) {
  const count = months.reduce((n, m) => n + m.performances.length, 0);
  return (
    <div className="performance-filter" data-performance-filter="" data-count={count} hidden>
      <fieldset className="performance-filter__months">
        <legend className="visually-hidden">Месяц</legend>
        <button type="button" className="chip" data-month-choice="" aria-pressed="true">
          Все дни
        </button>
        {months.length > 1
          ? months.map((m) => (
              <button key={m.key} type="button" className="chip" data-month-choice={m.key} aria-pressed="false">
                {m.label}
              </button>
            ))
          : null}
      </fieldset>
      <label className="performance-filter__weekend">
        <input type="checkbox" data-weekend-only="" /> Только выходные
      </label>
    </div>
  );
}
