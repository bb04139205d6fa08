/** @jsxRuntime automatic */
import type { WalletConfig } from '@partera/contract';
import type { SiteChrome } from './chrome.js';
import { price } from './format.js';
import { Layout } from './Layout.js';

export interface BankData {
  chrome: SiteChrome;
  orderId: number;
  orderNumber: string;
  /** Kopecks. */
  total: number;
  /** 'new' can be paid; anything else is said in words. */
  payable: boolean;
  /** The order's token when the page was opened with it (another session: the cabinet's link). */
  token: string | null;
  /** The device wallets' configuration (3.17, type 1: the order page's buttons); null: no wallets here. */
  wallet?: WalletConfig | null;
}

/**
 * /payment/bank/{orderId}/ (hall-basket-checkout.md 2.3, 4.7): on a phone, a signed-in buyer's
 * order is paid on a page of its own. The client entry opens the order's payment session and
 * mounts the bank's card page here.
 */
export function BankPage({ data }: { data: BankData }) {
  return (
    <Layout chrome={data.chrome}>
      <div className="container bank-page">
        <h1 className="bank-page__title">Оплата заказа № {data.orderNumber}</h1>
        <p className="bank-page__total">
          К оплате: <strong>{price(data.total)}</strong>
        </p>
        {data.payable ? (
          <>
            <div data-bank-mount="" data-order-id={data.orderId} data-token={data.token ?? undefined}>
              <p className="bank-page__loading" role="status">
                Открываем страницу банка…
              </p>
            </div>
            <p className="bank-page__error" role="alert" data-bank-error="" hidden />
            <section className="bank-page__other" aria-labelledby="bank-other-title">
              <h2 id="bank-other-title" className="bank-page__subtitle">
                Другие способы оплаты
              </h2>
              {data.wallet ? <div data-wallets="" data-config={JSON.stringify(data.wallet)} /> : null}
              <button type="button" className="button button--outline" data-sbp="">
                Оплатить через СБП по QR-коду
              </button>
            </section>
          </>
        ) : (
          <p className="bank-page__error" role="alert">
            Этот заказ уже нельзя оплатить. Выберите билеты заново.
          </p>
        )}
        <p>
          <a href="/shopcart/">← Вернуться в корзину</a>
        </p>
      </div>
    </Layout>
  );
}
