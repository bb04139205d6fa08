/**
 * Basket page: hydrates the server-rendered page, then mounts core's Basket and Checkout widgets
 * on one shared store holding the server-rendered basket state; the header count follows it.
 * The widgets bring their own transport (the page's session and CSRF meta tags); their style
 * sheets are already in the page's head.
 */
import { createBasketStore, mountBasket, mountCheckout } from '@partera/core';
import { useEffect, useRef } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { useSnapshot } from 'valtio/react';
import { type BasketData, BasketPage } from '../pages/BasketPage.js';
import { enhancePage } from './lib/enhance.js';
import { pageRoot, readPageData } from './lib/page-data.js';

const data = readPageData<BasketData>();
const store = createBasketStore(data.basket);
// Removing the last ticket leaves the page (spec 4.4), so checkout is there exactly when tickets are.
const withCheckout = data.basket.ticketCount > 0;

function Widgets() {
  const basketMount = useRef<HTMLDivElement>(null);
  const checkoutMount = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const unmount = [
      basketMount.current && mountBasket(basketMount.current, { store, injectStyles: false }),
      checkoutMount.current &&
        mountCheckout(checkoutMount.current, { store, isIframe: data.isIframe, injectStyles: false }),
    ];
    return () => {
      for (const u of unmount) u?.();
    };
  }, []);
  return (
    <div className={withCheckout ? 'basket-layout' : 'basket-layout basket-layout--single'}>
      <div ref={basketMount} />
      {withCheckout ? <div ref={checkoutMount} /> : null}
    </div>
  );
}

function BasketApp() {
  const { state } = useSnapshot(store);
  return <BasketPage data={data} basketCount={state.ticketCount} widgets={<Widgets />} />;
}

hydrateRoot(pageRoot(), <BasketApp />);
enhancePage();
