/** @jsxRuntime automatic */
import { plural } from '@partera/contract';
import type { PerformanceCard } from '@partera/server';
import type { CSSProperties } from 'react';
import { type UrlSession, withSession } from './chrome.js';
import { ageMark, formatClock, formatDayMonth, formatWeekdayShort, priceFrom } from './format.js';

const DATE_FORMS = ['дата', 'даты', 'дат'] as const;

/** Each show its own colour behind the poster, seen while it loads or if it cannot be loaded. */
export function posterHue(showId: number): CSSProperties {
  return { '--poster-hue': String((showId * 47) % 360) } as CSSProperties;
}

/** A show's nearest performance as a poster card of the home grid. */
export function PosterCard({
  card,
  timeZone,
  urlSession,
}: {
  card: PerformanceCard;
  timeZone: string;
  urlSession: UrlSession | null;
}) {
  const from = priceFrom(card.minPrice);
  return (
    <li className="poster-card">
      <a className="poster-card__link" href={withSession(card.showUrl, urlSession)}>
        <span className="poster-card__image" style={posterHue(card.showId)}>
          <span className="poster-fallback" aria-hidden="true">
            {card.showName}
          </span>
          <img src={card.posterUrl} alt="" width={300} height={400} loading="lazy" decoding="async" data-poster="" />
          <span className="age-badge" title={`Возрастное ограничение ${ageMark(card.ageMark)}`}>
            {ageMark(card.ageMark)}
          </span>
        </span>
        <span className="poster-card__body">
          <time className="poster-card__date" dateTime={card.startsAt}>
            {formatDayMonth(card.startsAt, timeZone)}, {formatWeekdayShort(card.startsAt, timeZone)},{' '}
            {formatClock(card.startsAt, timeZone)}
          </time>
          {card.moreDates > 0 ? (
            <span className="poster-card__more">{`и ещё ${card.moreDates} ${plural(card.moreDates, DATE_FORMS)}`}</span>
          ) : null}
          <span className="poster-card__title">{card.showName}</span>
          <span className="poster-card__meta">
            {card.genreName} · {card.buildingName}
          </span>
        </span>
      </a>
      <div className="poster-card__foot">
        {card.saleState === 'soon' ? (
          <span className="soon-badge">Скоро в продаже</span>
        ) : (
          <>
            <span className="poster-card__price">{from ?? ''}</span>
            <a
              className="button button--small"
              href={withSession(card.performanceUrl, urlSession)}
              aria-label={`Купить билеты: ${card.showName}, ${formatDayMonth(card.startsAt, timeZone)}`}
            >
              Купить
            </a>
          </>
        )}
      </div>
    </li>
  );
}
