/** @jsxRuntime automatic */
import type { AccountOrdersPage, WishlistShow } from '@partera/server';
import type { SiteChrome } from '../../chrome.js';
import { Layout } from '../../Layout.js';
import type { DeliveryView } from './DeliveryForm.js';
import { OrdersTab } from './OrdersTab.js';
import { ProfileTab, type ProfileView } from './ProfileTab.js';
import { WishlistSection } from './WishlistSection.js';

/**
 * The cabinet's tabs. 'orders' is a page of its own (/private/orders); every other tab is a panel
 * of /private/ chosen by the URL hash. A tab with a `fragment` is loaded on demand from that call
 * (HTML the server renders) the first time it is shown; `failure` is the message when it cannot be.
 */
export const CABINET_TABS = [
  { name: 'profile', label: 'Профиль' },
  { name: 'orders', label: 'Заказы' },
  {
    name: 'bonus',
    label: 'Бонусы',
    fragment: '/private/LoadBonusPage/',
    failure: 'Не удалось загрузить страницу с информацией о бонусах. Попробуйте позже.',
  },
  { name: 'actions', label: 'Акции' },
  {
    name: 'review',
    label: 'Отзывы',
    fragment: '/private/reviewsPage/',
    failure: 'Не удалось загрузить отзывы. Попробуйте позже.',
  },
  {
    name: 'replace-and-reschedule',
    label: 'Возврат билетов',
    fragment: '/private/replaces/',
    failure: 'Не удалось загрузить билеты для возврата. Попробуйте позже.',
  },
  {
    name: 'mts-cash-back',
    label: 'Кешбэк',
    fragment: '/private/mtscashback/',
    failure: 'Не удалось загрузить страницу с информацией о МТС Cashback. Попробуйте позже.',
  },
] as const;

export type CabinetTabName = (typeof CABINET_TABS)[number]['name'];
/** The pages the server renders: /private/ (every hash tab) and /private/orders. */
export type CabinetTab = 'profile' | 'orders';

/** Where a tab's link goes: the orders page, or a hash of /private/ (#tb_{name}; the client uses #{name} on a phone). */
export function cabinetTabHref(name: CabinetTabName): string {
  return name === 'orders' ? '/private/orders' : `/private/#tb_${name}`;
}

export interface CabinetData {
  chrome: SiteChrome;
  tab: CabinetTab;
  profile: ProfileView;
  /** The orders tab's page of orders (null on /private/). */
  orders: AccountOrdersPage | null;
  /** The bookmarked shows, under the requisites (null on /private/orders). */
  wishlist?: WishlistShow[] | null;
  /** Performance id → show id: the orders' performances the buyer saw and may review. */
  reviewable?: Record<number, number>;
  /** Order id → its courier delivery and the delivery form's metro stations (orders page only). */
  deliveries?: Record<number, DeliveryView>;
}

/** A tab panel of /private/ shown by the client when the hash names it; fragments load into it. */
function HashPanel({ tab }: { tab: (typeof CABINET_TABS)[number] }) {
  const fragment = 'fragment' in tab ? tab : null;
  return (
    <section
      className="cabinet__panel cabinet__panel--wide"
      data-tab-panel={tab.name}
      data-fragment={fragment?.fragment}
      data-fragment-failure={fragment?.failure}
      aria-label={tab.label}
      hidden
    >
      <p className="cabinet__loading" data-panel-loading="">
        Загрузка…
      </p>
    </section>
  );
}

/**
 * The personal account /private/ (site-browsing-account.md 2.15): the tab is chosen by the URL
 * hash, #tb_{name} on a desktop and #{name} on a phone (the client reads both); without a hash the
 * requisites show. 'orders' is a page of its own, /private/orders.
 */
export function CabinetPage({ data }: { data: CabinetData }) {
  const onOrders = data.orders !== null;
  return (
    <Layout chrome={data.chrome}>
      <div className="container cabinet">
        <h1 className="page-title">Личный кабинет</h1>
        <nav className="cabinet__tabs" aria-label="Разделы кабинета">
          {CABINET_TABS.map((t) => (
            <a
              key={t.name}
              className="cabinet__tab"
              href={cabinetTabHref(t.name)}
              data-tab-link={t.name}
              aria-current={t.name === data.tab ? 'page' : undefined}
            >
              {t.label}
            </a>
          ))}
        </nav>
        {data.orders ? (
          <OrdersTab page={data.orders} reviewable={data.reviewable} deliveries={data.deliveries} />
        ) : null}
        {onOrders ? null : (
          <>
            <div data-tab-panel="profile">
              <ProfileTab profile={data.profile} />
              {data.wishlist ? <WishlistSection shows={data.wishlist} /> : null}
            </div>
            {CABINET_TABS.filter((t) => t.name !== 'profile' && t.name !== 'orders').map((t) => (
              <HashPanel key={t.name} tab={t} />
            ))}
          </>
        )}
      </div>
    </Layout>
  );
}
