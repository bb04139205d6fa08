import {
  Basket,
  type BasketStore,
  basketCss,
  Checkout,
  checkoutCss,
  fetchHallConfig,
  HallView,
  type HallViewProps,
  type Http,
  injectCss,
  injectSeatMapCss,
  loadBasketStore,
  refreshBasket,
  uiCss,
} from '@partera/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatStart } from './format.js';
import { hostNavigation } from './site.js';

interface Loaded {
  config: HallViewProps['config'];
  store: BasketStore;
}

/** The widgets' style sheets, added to the page once (every class starts with pt-). */
function injectWidgetStyles(doc: Document): void {
  injectSeatMapCss(doc);
  injectCss('ui', uiCss, doc);
  injectCss('basket', basketCss, doc);
  injectCss('checkout', checkoutCss, doc);
}

/**
 * One performance: the seat map, then the basket and the checkout sharing one basket store. The
 * seat map reports each change as a bubbling 'basket-state' event; the basket is re-read then.
 */
export function Tickets({ http, performanceId }: { http: Http; performanceId: number }) {
  const [loaded, setLoaded] = useState<Loaded | 'failed' | null>(null);
  const hall = useRef<HTMLDivElement>(null);

  useEffect(() => {
    injectWidgetStyles(document);
    let live = true;
    Promise.all([fetchHallConfig(http, performanceId), loadBasketStore(http)]).then(
      ([config, store]) => {
        if (live) setLoaded({ config, store });
      },
      () => {
        if (live) setLoaded('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [http, performanceId]);

  const store = loaded && loaded !== 'failed' ? loaded.store : null;
  const navigation = useMemo(() => (store ? hostNavigation(http, store) : undefined), [http, store]);

  useEffect(() => {
    const element = hall.current;
    if (!element || !store) return;
    const onChange = () => void refreshBasket(store, http).catch(() => {});
    element.addEventListener('basket-state', onChange);
    return () => element.removeEventListener('basket-state', onChange);
  }, [http, store]);

  if (loaded === null) return <p role="status">Загрузка схемы зала…</p>;
  if (loaded === 'failed') {
    return (
      <p role="alert" className="host-error">
        Не удалось загрузить этот сеанс. <a href="?">Выбрать другое событие</a>
      </p>
    );
  }
  const info = loaded.config.performanceInfo;
  return (
    <>
      <p className="host-back">
        <a href="?">← Все события</a>
      </p>
      <h1>{info?.show_name ?? 'Выбор мест'}</h1>
      {info ? (
        <p className="host-when">
          {formatStart(info.start_date)}, {info.building_name}
        </p>
      ) : null}
      <div className="host-layout">
        <section className="host-hall" aria-label="Схема зала" ref={hall}>
          <HallView config={loaded.config} http={http} />
        </section>
        <aside className="host-basket">
          <Basket http={http} store={loaded.store} navigation={navigation} />
          <Checkout http={http} store={loaded.store} navigation={navigation} />
        </aside>
      </div>
    </>
  );
}
