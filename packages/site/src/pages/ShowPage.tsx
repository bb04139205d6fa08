/** @jsxRuntime automatic */
import type { ShowPage as ShowPageData, ShowPerformance } from '@partera/server';
import { type SiteChrome, type UrlSession, withSession } from './chrome.js';
import {
  ageMark,
  formatClock,
  formatDayMonth,
  formatDuration,
  formatMonthYear,
  formatWeekday,
  localDateTime,
  monthKey,
  priceFrom,
} from './format.js';
import { Layout } from './Layout.js';
import { posterHue } from './PosterCard.js';
import { ShowActions, type ShowViewer } from './show/ShowActions.js';

export interface ShowData {
  chrome: SiteChrome;
  page: ShowPageData;
  /** This visitor's bookmark and vote (the wishlist's show actions); absent: a guest who has not voted. */
  viewer?: ShowViewer;
}

export function ShowPage({ data }: { data: ShowData }) {
  const { chrome, page } = data;
  const { show, venue, genre } = page;
  const timeZone = page.city.timezone;
  const onSale = page.performances.filter((p) => p.saleState === 'on_sale' && p.freePlaces > 0);
  const cheapest = onSale.reduce<number | null>(
    (min, p) => (p.minPrice !== null && (min === null || p.minPrice < min) ? p.minPrice : min),
    null,
  );
  const allSoon = page.performances.length > 0 && page.performances.every((p) => p.saleState === 'soon');
  const months = byMonth(page.performances, timeZone);
  const paragraphs = show.description.split(/\n{2,}|\r\n\r\n/).filter((p) => p.trim() !== '');

  return (
    <Layout chrome={chrome}>
      <article className="container show-page" data-show-id={show.id}>
        <nav className="breadcrumbs" aria-label="Навигация">
          <ol>
            <li>
              <a href={withSession('/', chrome.urlSession)}>Афиша</a>
            </li>
            {genre.parentName ? <li>{genre.parentName}</li> : null}
            <li>{genre.name}</li>
          </ol>
        </nav>
        <header className="show-hero">
          <div className="show-hero__poster" style={posterHue(show.id)}>
            <span className="poster-fallback" aria-hidden="true">
              {show.name}
            </span>
            <img src={show.posterUrl} alt={`Афиша: ${show.name}`} width={360} height={480} data-poster="" />
          </div>
          <div className="show-hero__info">
            <p className="show-hero__genre">
              <span>{genre.name}</span>
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
            <ShowActions
              show={show}
              viewer={data.viewer}
              askable={onSale.length === 0 || page.performances.some((p) => p.saleState === 'soon')}
            />
          </div>
        </header>

        <section id="performances" className="show-section" aria-labelledby="performances-title">
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
                        showVenue={p.buildingName !== venue.name}
                        urlSession={chrome.urlSession}
                        showName={show.name}
                      />
                    ))}
                  </ul>
                </section>
              ))}
            </>
          )}
        </section>

        {paragraphs.length > 0 ? (
          <section className="show-section" aria-labelledby="about-title">
            <h2 id="about-title">Описание</h2>
            <div className="show-more" data-show-more="">
              <div className="show-more__content">
                {paragraphs.map((text, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text never reorder
                  <p key={i}>{text}</p>
                ))}
              </div>
            </div>
          </section>
        ) : null}

        {page.persons.length > 0 ? (
          <section className="show-section" aria-labelledby="cast-title">
            <h2 id="cast-title">Участники</h2>
            <ul className="cast-list">
              {page.persons.map((person) => (
                <li key={person.id} className="cast-list__item">
                  <span className="cast-list__avatar" aria-hidden="true">
                    {initials(person.name)}
                  </span>
                  <span className="cast-list__name">{person.name}</span>
                  {person.role ? <span className="cast-list__role">{person.role}</span> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </Layout>
  );
}

function PerformanceRow({
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
  const local = localDateTime(p.startsAt, timeZone);
  const weekend = local.weekday === 0 || local.weekday === 6;
  const from = priceFrom(p.minPrice);
  const soldOut = p.saleState === 'on_sale' && p.freePlaces === 0;
  return (
    <li className="performance-row" data-weekend={weekend ? '1' : undefined}>
      <time className="performance-row__date" dateTime={p.startsAt}>
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
      <span className="performance-row__price">{p.saleState === 'on_sale' && !soldOut ? from : null}</span>
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

interface MonthGroup {
  /** '2030-03' */
  key: string;
  /** 'Март 2030' */
  label: string;
  performances: ShowPerformance[];
}

function byMonth(performances: ShowPerformance[], timeZone: string): MonthGroup[] {
  const groups: MonthGroup[] = [];
  for (const p of performances) {
    const key = monthKey(p.startsAt, timeZone);
    let group = groups[groups.length - 1];
    if (group?.key !== key) {
      group = { key, label: formatMonthYear(p.startsAt, timeZone), performances: [] };
      groups.push(group);
    }
    group.performances.push(p);
  }
  return groups;
}

/**
 * The month and weekend filter of spec 2.9 ('Все дни', each month, weekends only). Hidden until
 * the page's script runs it (src/client/show.ts); without scripts every date is listed.
 */
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

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}
