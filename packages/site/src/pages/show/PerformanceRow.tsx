/** @jsxRuntime automatic */
import type { ShowPerformance } from '@partera/server';
import { type UrlSession, withSession } from '../chrome.js';
import { formatClock, formatDayMonth, formatWeekday, localDateTime, priceFrom } from '../format.js';

/** Saturday and Sunday in the venue's time (the weekend-only filter, spec 2.9). */
export function isWeekend(startsAt: string, timeZone: string): boolean {
  const { weekday } = localDateTime(startsAt, timeZone);
  return weekday === 0 || weekday === 6;
}

/** One date of the show: day, weekday, time, hall, price from, and the buy button or its state. */
export function PerformanceRow({
  performance: p,
  timeZone,
  showVenue,
  urlSession,
  showName,
}: {
  performance: ShowPerformance;
  timeZone: string;
  showVenue: boolean;
  urlSession: UrlSession | null;
  showName: string;
}) {
  const weekend = isWeekend(p.startsAt, timeZone);
  const soldOut = p.saleState === 'on_sale' && p.freePlaces === 0;
  return (
    <li className="performance-row" data-weekend={weekend ? '1' : undefined}>
      <time className="performance-row__date" dateTime={p.startsAt} id={`performance-${p.performanceId}`}>
        <span className="performance-row__day">{formatDayMonth(p.startsAt, timeZone)}</span>
        <span
          className={
            weekend ? 'performance-row__weekday performance-row__weekday--weekend' : 'performance-row__weekday'
          }
        >
          {formatWeekday(p.startsAt, timeZone)}
        </span>
        <span className="performance-row__time">{formatClock(p.startsAt, timeZone)}</span>
      </time>
      <span className="performance-row__place">
        {showVenue ? `${p.buildingName}, ` : ''}
        {p.hallName}
      </span>
      <span className="performance-row__price">
        {p.saleState === 'on_sale' && !soldOut ? priceFrom(p.minPrice) : null}
      </span>
      <span className="performance-row__action">
        {p.saleState === 'soon' ? (
          <span className="soon-badge">Скоро в продаже</span>
        ) : soldOut ? (
          <span className="sold-out">Билетов нет</span>
        ) : (
          <a
            className="button"
            href={withSession(p.performanceUrl, urlSession)}
            aria-label={`Купить билеты: ${showName}, ${formatDayMonth(p.startsAt, timeZone)} в ${formatClock(p.startsAt, timeZone)}`}
          >
            Купить билеты
          </a>
        )}
      </span>
    </li>
  );
}
