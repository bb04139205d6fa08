/** @jsxRuntime automatic */
import type { BasketState } from '@partera/contract';
import type { ReactNode } from 'react';
import { ClientOnly, WidgetPlaceholder } from './ClientOnly.js';
import { type SiteChrome, withSession } from './chrome.js';
import { Layout } from './Layout.js';

export interface BasketData {
  chrome: SiteChrome;
  basket: BasketState;
  /** The bank sent the buyer back after a declined or abandoned payment (?payment=failed). */
  paymentFailed: boolean;
  isIframe: boolean;
}

/** Shown when the bank returns the buyer to the basket without a payment (spec 3.16 failReturnUrl). */
export const PAYMENT_FAILED_NOTICE =
  'Оплата не прошла. Деньги не списаны. Билеты ещё в корзине — попробуйте оплатить снова или выберите другую карту.';
/** The same, when the hold ran out while the buyer was at the bank. */
export const PAYMENT_FAILED_HOLD_GONE_NOTICE =
  'Оплата не прошла. Деньги не списаны. Время брони истекло — выберите билеты заново.';

export function BasketPage({
  data,
  widgets,
  basketCount,
}: {
  data: BasketData;
  /** The basket and checkout widgets (browser only). */
  widgets?: ReactNode;
  /** The live ticket count once the widgets change the basket. */
  basketCount?: number;
}) {
  const empty = data.basket.ticketCount === 0;
  return (
    <Layout chrome={{ ...data.chrome, basketCount: basketCount ?? data.chrome.basketCount }}>
      <div className="container basket-page">
        {/* The widgets title their own parts ('Корзина', 'Оформление заказа'). */}
        <h1 className="visually-hidden">Корзина и оформление заказа</h1>
        {data.paymentFailed ? (
          <p className="notice notice--error" role="alert">
            {empty ? PAYMENT_FAILED_HOLD_GONE_NOTICE : PAYMENT_FAILED_NOTICE}
          </p>
        ) : null}
        <ClientOnly
          fallback={
            empty ? (
              <div className="basket-empty">
                <p>В корзине нет билетов.</p>
                <a className="button" href={withSession('/', data.chrome.urlSession)}>
                  Перейти к афише
                </a>
              </div>
            ) : (
              <WidgetPlaceholder label="Загружаем корзину…" />
            )
          }
        >
          {widgets}
        </ClientOnly>
      </div>
    </Layout>
  );
}
