/** @jsxRuntime automatic */
import type { FoundPeople, FoundShow, FoundVenue } from '@partera/server';
import { withSession } from '../chrome.js';
import { formatClock, formatDayMonth, formatWeekdayShort, priceFrom } from '../format.js';
import { posterHue } from '../PosterCard.js';
import type { SearchPageData } from './SearchPage.js';

/** The results of a page: shows with their next date, venues, persons or organizers with their shows. */
export function SearchResultList({ data }: { data: SearchPageData }) {
  const items = data.result.items;
  if (items.length === 0) return <p className="empty-note">Попробуйте изменить запрос или фильтры.</p>;
  const session = data.chrome.urlSession;
  return (
    <ul className="search-results" data-search-results="">
      {data.kind === 'performance'
        ? (items as FoundShow[]).map((s) => (
            <li key={s.showId} className="search-result search-result--show">
              <a
                className="search-result__poster"
                href={withSession(s.showUrl, session)}
                style={posterHue(s.showId)}
                tabIndex={-1}
              >
                <img src={s.posterUrl} alt="" width={90} height={120} loading="lazy" data-poster="" />
              </a>
              <div className="search-result__body">
                <span className="search-result__genre">{s.genreName}</span>
                <a className="search-result__name" href={withSession(s.showUrl, session)}>
                  {s.name}
                </a>
                <span className="search-result__meta">
                  <time dateTime={s.startsAt}>
                    {formatDayMonth(s.startsAt, s.timezone)}, {formatWeekdayShort(s.startsAt, s.timezone)},{' '}
                    {formatClock(s.startsAt, s.timezone)}
                  </time>{' '}
                  · {s.buildingName}
                </span>
              </div>
              <div className="search-result__buy">
                <span className="search-result__price">{priceFrom(s.minPrice) ?? ''}</span>
                <a className="button button--small" href={withSession(s.performanceUrl, session)}>
                  Купить
                </a>
              </div>
            </li>
          ))
        : data.kind === 'place'
          ? (items as FoundVenue[]).map((v) => (
              <li key={v.id} className="search-result search-result--venue">
                <div className="search-result__body">
                  {v.type === 'organizer' ? <span className="search-result__label">Организатор</span> : null}
                  <a className="search-result__name" href={`/search/performance/?text=&bid=${v.id}`}>
                    {v.name}
                  </a>
                  <span className="search-result__meta">
                    {[v.address, v.metroName && `м. ${v.metroName}`].filter(Boolean).join(' · ')}
                  </span>
                  <span className="search-result__meta">{`Событий: ${v.showCount}`}</span>
                </div>
              </li>
            ))
          : (items as FoundPeople[]).map((p) => (
              <li key={p.id} className="search-result search-result--people">
                <div className="search-result__body">
                  <a className="search-result__name" href={withSession(p.url, session)} data-people-link="">
                    {p.name}
                  </a>
                  <ul className="search-result__shows">
                    {p.shows.map((s) => (
                      <li key={s.url}>
                        <a href={withSession(s.url, session)}>{s.name}</a>
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
    </ul>
  );
}
