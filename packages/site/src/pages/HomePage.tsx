/** @jsxRuntime automatic */
import type { PerformanceCard } from '@partera/server';
import type { SiteChrome } from './chrome.js';
import { Layout, NO_FEE_PHRASE } from './Layout.js';
import { PosterCard } from './PosterCard.js';

export interface HomeData {
  chrome: SiteChrome;
  cityName: string;
  timeZone: string;
  cards: PerformanceCard[];
  /** 1-based page of the grid; the 'Показать ещё' link asks for the next one. */
  page: number;
  hasMore: boolean;
}

export function HomePage({ data }: { data: HomeData }) {
  const { chrome } = data;
  return (
    <Layout chrome={chrome}>
      <section className="hero">
        <div className="container">
          <h1 className="hero__title">
            Афиша: <span className="hero__city">{data.cityName}</span>
          </h1>
          <p className="hero__lead">Спектакли, концерты и выставки. Выбирайте места на схеме зала. {NO_FEE_PHRASE}.</p>
        </div>
      </section>
      <div className="container">
        <h2 className="section-title">Ближайшие события</h2>
        {data.cards.length === 0 ? (
          <p className="empty-note">
            {data.page > 1 ? 'Больше событий нет.' : 'Скоро здесь появятся новые события — загляните позже.'}
          </p>
        ) : (
          <ul className="poster-grid" data-poster-grid="">
            {data.cards.map((card) => (
              <PosterCard
                key={card.performanceId}
                card={card}
                timeZone={data.timeZone}
                urlSession={chrome.urlSession}
              />
            ))}
          </ul>
        )}
        {data.hasMore ? (
          <p className="more">
            <a className="button button--outline more__button" href={`/?page=${data.page + 1}`} data-more="">
              Показать ещё
            </a>
          </p>
        ) : null}
      </div>
    </Layout>
  );
}
