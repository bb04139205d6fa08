/** @jsxRuntime automatic */
import type { WishlistShow } from '@partera/server';
import { formatPerformanceDate } from '../../format.js';
import { posterHue } from '../../PosterCard.js';

/**
 * The cabinet's wishlist (site-browsing-account.md 2.15, 4 Bookmark): the bookmarked shows under
 * the requisites, each with its poster, name, next date, the 'Сообщить о начале продаж' switch
 * and a remove button. Removing collapses the show's block and shows a 'removed' alert for 3 s
 * (client/lib/wishlist.ts). On a phone the header's 'Избранное' link leads here (#wishlist).
 */
export function WishlistSection({ shows }: { shows: WishlistShow[] }) {
  return (
    <section className="wishlist" id="wishlist" aria-labelledby="wishlist-title" data-wishlist="">
      <h2 className="wishlist__title" id="wishlist-title" tabIndex={-1}>
        Избранное
      </h2>
      <p className="wishlist__empty" data-wishlist-empty="" hidden={shows.length > 0}>
        В избранном пока пусто. Добавляйте шоу кнопкой «В избранное» на их страницах — и мы сможем сообщить о начале
        продаж.
      </p>
      <ul className="wishlist__list">
        {shows.map((show) => (
          <WishlistItem key={show.showId} show={show} />
        ))}
      </ul>
      <p className="toast" role="alert" data-wishlist-removed="" hidden />
    </section>
  );
}

function WishlistItem({ show }: { show: WishlistShow }) {
  const notifyId = `wishlist-notify-${show.showId}`;
  return (
    <li className="wishlist-item" data-wishlist-item={show.showId} data-show-name={show.name}>
      <span className="wishlist-item__poster" style={posterHue(show.showId)} aria-hidden="true">
        <img src={show.posterUrl} alt="" width={72} height={96} loading="lazy" data-poster="" />
      </span>
      <div className="wishlist-item__info">
        <a className="wishlist-item__name" href={show.url}>
          {show.name}
        </a>
        <p className="wishlist-item__next">
          <NextDate show={show} />
        </p>
        <label className="switch" htmlFor={notifyId}>
          <input
            id={notifyId}
            type="checkbox"
            className="switch__input"
            defaultChecked={show.toNotify}
            data-wishlist-notify=""
          />
          <span className="switch__track" aria-hidden="true" />
          <span>Сообщить о начале продаж</span>
        </label>
      </div>
      <button
        type="button"
        className="button button--outline button--small wishlist-item__remove"
        data-wishlist-remove=""
        aria-label={`Удалить из избранного: ${show.name}`}
      >
        Удалить
      </button>
    </li>
  );
}

function NextDate({ show }: { show: WishlistShow }) {
  const next = show.next;
  if (!next) return <span className="wishlist-item__muted">Новых дат пока нет</span>;
  const when = formatPerformanceDate(next.startsAt, show.timeZone);
  if (next.saleState === 'soon') {
    return (
      <>
        {when}, {show.buildingName} · <span className="soon-badge">Скоро в продаже</span>
      </>
    );
  }
  return (
    <>
      Ближайший показ: <a href={next.url}>{when}</a>, {show.buildingName}
    </>
  );
}
