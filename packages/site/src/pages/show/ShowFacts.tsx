/** @jsxRuntime automatic */
import type { ShowPage as ShowPageData } from '@partera/server';
import { ageMark, formatDuration, priceFrom } from '../format.js';
import { GenreLink } from '../genre/GenreLink.js';

/** The show's genre, name, venue, duration and organizer, and the lowest price with 'Купить билеты'. */
export function ShowFacts({ page }: { page: ShowPageData }) {
  const { show, venue, genre } = page;
  const onSale = page.performances.filter((p) => p.saleState === 'on_sale' && p.freePlaces > 0);
  const cheapest = onSale.reduce<number | null>(
    (min, p) => (p.minPrice !== null && (min === null || p.minPrice < min) ? p.minPrice : min),
    null,
  );
  const allSoon = page.performances.length > 0 && page.performances.every((p) => p.saleState === 'soon');
  return (
    <>
      <p className="show-hero__genre">
        <GenreLink genre={genre} className="show-hero__genre-link" />
        <span className="age-badge age-badge--inline" title={`Возрастное ограничение ${ageMark(show.ageMark)}`}>
          {ageMark(show.ageMark)}
        </span>
      </p>
      <h1 className="show-hero__title">{show.name}</h1>
      <dl className="facts">
        <div>
          <dt>Площадка</dt>
          <dd>
            {venue.name}
            <span className="facts__sub">
              {venue.address}
              {venue.metroName ? `, м. ${venue.metroName}` : ''}
            </span>
          </dd>
        </div>
        {show.durationMinutes ? (
          <div>
            <dt>Продолжительность</dt>
            <dd>{formatDuration(show.durationMinutes)}</dd>
          </div>
        ) : null}
        {page.organizerName ? (
          <div>
            <dt>Организатор</dt>
            <dd>{page.organizerName}</dd>
          </div>
        ) : null}
      </dl>
      <div className="show-hero__buy">
        {onSale.length > 0 ? (
          <>
            {cheapest !== null ? <p className="show-hero__price">{priceFrom(cheapest)}</p> : null}
            <a className="button button--large" href="#performances">
              Купить билеты
            </a>
          </>
        ) : allSoon ? (
          <p className="soon-badge soon-badge--large">Скоро в продаже</p>
        ) : null}
      </div>
    </>
  );
}
