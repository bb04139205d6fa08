/** @jsxRuntime automatic */
import { formatPrice, kopecksToRoubles, plural, TICKET_FORMS } from '@partera/contract';
import type { HallPage as HallPageInfo } from '@partera/server';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ClientOnly, WidgetPlaceholder } from './ClientOnly.js';
import { type SiteChrome, withSession } from './chrome.js';
import { ageMark, formatClock, formatDayMonth, formatWeekday, priceFrom } from './format.js';
import { Layout } from './Layout.js';

/** The basket as the hall page shows it in its bar (roubles, as on the wire). */
export interface HallBasketSummary {
  ticketCount: number;
  basketPrice: number;
  cannotCreateOrder: boolean;
  cannotCreateOrderCause: string;
}

export interface HallData {
  chrome: SiteChrome;
  hall: HallPageInfo;
  basket: HallBasketSummary;
}

/** The hall widget's 'basket-state' event (core/store/events.ts): prices in kopecks. */
interface BasketStateEvent {
  ticketCount: number;
  basketPrice: number;
  cannotCreateOrder: boolean;
  cannotCreateOrderCause: string;
}

export function HallPage({ data, hallView }: { data: HallData; hallView?: ReactNode }) {
  const { hall, chrome } = data;
  const [basket, setBasket] = useState(data.basket);
  const [causeShown, setCauseShown] = useState(false);
  const stage = useRef<HTMLDivElement>(null);

  // The seat map announces every basket change with a bubbling 'basket-state' event (spec 4.1).
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const onState = (e: Event) => {
      const d = (e as CustomEvent<BasketStateEvent>).detail;
      setBasket({
        ticketCount: d.ticketCount,
        basketPrice: kopecksToRoubles(d.basketPrice),
        cannotCreateOrder: d.cannotCreateOrder,
        cannotCreateOrderCause: d.cannotCreateOrderCause,
      });
      setCauseShown(false);
    };
    el.addEventListener('basket-state', onState);
    return () => el.removeEventListener('basket-state', onState);
  }, []);

  const tz = hall.city.timezone;
  const starts = hall.performance.startsAt;
  const selling = hall.config.allowPay || hall.config.allowReserve;
  const shopcart = withSession('/shopcart/', chrome.urlSession);
  const nextDate = hall.config.nextDateUrl ? withSession(hall.config.nextDateUrl, chrome.urlSession) : null;

  return (
    <Layout chrome={{ ...chrome, basketCount: basket.ticketCount }}>
      <div className="container hall-page">
        <header className="hall-head">
          <p className="hall-head__back">
            <a href={withSession(hall.show.url, chrome.urlSession)}>← Все даты и описание</a>
          </p>
          <h1 className="hall-head__title">
            {hall.show.name}{' '}
            <span
              className="age-badge age-badge--inline"
              title={`Возрастное ограничение ${ageMark(hall.show.ageMark)}`}
            >
              {ageMark(hall.show.ageMark)}
            </span>
          </h1>
          <dl className="hall-facts">
            <div>
              <dt>Когда</dt>
              <dd>
                <time dateTime={starts}>
                  {formatDayMonth(starts, tz)}, {formatWeekday(starts, tz)}, {formatClock(starts, tz)}
                </time>
              </dd>
            </div>
            <div>
              <dt>Где</dt>
              <dd>
                {hall.venue.name}, {hall.hall.name}
                <span className="hall-facts__sub">
                  {hall.venue.address}
                  {hall.venue.metroName ? `, м. ${hall.venue.metroName}` : ''}
                </span>
              </dd>
            </div>
            {hall.performance.minPrice !== null ? (
              <div>
                <dt>Цены</dt>
                <dd>{priceFrom(hall.performance.minPrice)}</dd>
              </div>
            ) : null}
          </dl>
        </header>

        {selling ? null : (
          <p className="notice notice--info" role="status">
            {hall.performance.saleState === 'soon'
              ? 'Скоро в продаже. Билеты на это событие ещё не продаются.'
              : 'Продажа билетов на это событие закрыта.'}
          </p>
        )}

        <div className="hall-stage" ref={stage}>
          <ClientOnly fallback={<WidgetPlaceholder label="Загружаем схему зала…" />}>{hallView}</ClientOnly>
        </div>

        <section
          className={basket.ticketCount > 0 ? 'hall-basket' : 'hall-basket hall-basket--empty'}
          aria-label="Мини-корзина"
          aria-live="polite"
        >
          {basket.ticketCount > 0 ? (
            <>
              <p className="hall-basket__summary">
                <span className="hall-basket__count">
                  В корзине {basket.ticketCount} {plural(basket.ticketCount, TICKET_FORMS)}
                </span>
                <span className="hall-basket__sum">на сумму {formatPrice(basket.basketPrice)}</span>
              </p>
              {basket.cannotCreateOrder ? (
                <button
                  type="button"
                  className="button button--large button--disabled"
                  aria-disabled="true"
                  onClick={() => setCauseShown(true)}
                >
                  Купить
                </button>
              ) : (
                <a className="button button--large" href={shopcart}>
                  Купить
                </a>
              )}
              {causeShown && basket.cannotCreateOrderCause ? (
                <p className="hall-basket__cause" role="alert">
                  {basket.cannotCreateOrderCause}
                </p>
              ) : null}
            </>
          ) : (
            <>
              <p className="hall-basket__hint">
                {hall.config.isOnlySections
                  ? 'Выберите билеты в списке секторов — они появятся в корзине.'
                  : 'Выберите места на схеме зала — они появятся в корзине.'}
              </p>
              {/* Spec 2.1: while the basket is empty, the 'next date' link stands where the buy button would. */}
              {nextDate ? (
                <a className="button button--outline hall-basket__next" href={nextDate}>
                  Следующая дата
                </a>
              ) : null}
            </>
          )}
        </section>
      </div>
    </Layout>
  );
}
